/** IANA time zones as the platform's Intl knows them (the store's 'Hoy', dates on receipts). */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone if valid, else null (a browser may send anything). */
export function validTimeZone(zone: string | null | undefined): string | null {
  return zone && isValidTimeZone(zone) ? zone : null;
}

/** Latin-American zones outside "America/": Galápagos, Easter Island; and Spain's, for merchants there. */
const OTHER_OFFERED_ZONES = ["Pacific/Galapagos", "Pacific/Easter", "Atlantic/Canary", "Europe/Madrid"];

let zones: string[] | undefined;

/**
 * The zones the store picker offers: the Americas' and a few more where Vitrina's merchants are (about 150
 * instead of every one of the ~420 IANA zones, which made the store page's HTML twice as heavy). Any valid
 * zone is still accepted and kept: a store already set elsewhere sees its zone offered first.
 */
export function timeZoneOptions(current?: string): string[] {
  zones ??= Intl.supportedValuesOf("timeZone").filter((z) => z.startsWith("America/") || OTHER_OFFERED_ZONES.includes(z));
  return current && !zones.includes(current) && isValidTimeZone(current) ? [current, ...zones] : zones;
}

/** Cities whose Spanish name is not their IANA name with spaces (the Spanish exemplar cities of Unicode's data). */
// cspell:disable
const SPANISH_CITIES: Record<string, string> = {
  Araguaina: "Araguaína",
  Asuncion: "Asunción",
  Bahia: "Bahía",
  Bahia_Banderas: "Bahía de Banderas",
  Belem: "Belém",
  Bogota: "Bogotá",
  Canary: "Canarias",
  Cancun: "Cancún",
  Cayman: "Caimán",
  Ciudad_Juarez: "Ciudad Juárez",
  Cordoba: "Córdoba",
  Cuiaba: "Cuiabá",
  Curacao: "Curazao",
  Easter: "Isla de Pascua",
  Galapagos: "Galápagos",
  Godthab: "Nuuk",
  Guadeloupe: "Guadalupe",
  Havana: "La Habana",
  Lower_Princes: "Lower Prince’s Quarter",
  Maceio: "Maceió",
  Martinique: "Martinica",
  Mazatlan: "Mazatlán",
  Merida: "Mérida",
  Mexico_City: "Ciudad de México",
  New_York: "Nueva York",
  Panama: "Panamá",
  "Port-au-Prince": "Puerto Príncipe",
  Port_of_Spain: "Puerto España",
  Santarem: "Santarém",
  Sao_Paulo: "São Paulo",
  St_Barthelemy: "San Bartolomé",
  St_Johns: "San Juan de Terranova",
  St_Kitts: "San Cristóbal",
  St_Lucia: "Santa Lucía",
  St_Thomas: "St. Thomas",
  St_Vincent: "San Vicente",
  Tucuman: "Tucumán",
};
// cspell:enable

/** The region a three-part id names before its city ('America/Argentina/Salta'), in Spanish. */
const SPANISH_REGIONS: Record<string, string> = {
  Argentina: "Argentina",
  Indiana: "Indiana",
  Kentucky: "Kentucky",
  North_Dakota: "Dakota del Norte",
};

/** 'Buenos Aires', 'Ciudad de México', 'Salta, Argentina': a zone's city as a Spanish speaker reads it. */
function timeZoneCity(zone: string): string {
  const parts = zone.split("/");
  const city = parts.at(-1) ?? zone;
  const name = SPANISH_CITIES[city] ?? city.replaceAll("_", " ");
  const region = parts.length > 2 ? parts.at(-2) : undefined;
  return region ? `${name}, ${SPANISH_REGIONS[region] ?? region.replaceAll("_", " ")}` : name;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** A zone's offset from UTC at `now`, in minutes (−180 for Buenos Aires). */
export function timeZoneOffset(zone: string, now: Date): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(now).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === "-" ? -minutes : minutes;
}

/** 'GMT−3', 'GMT−3:30', 'GMT+1', 'GMT' (with the minus sign, as the offsets are printed). */
function offsetText(minutes: number): string {
  if (minutes === 0) return "GMT";
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `GMT${minutes < 0 ? "\u2212" : "+"}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

/** 'Buenos Aires (GMT−3)': a zone as the picker shows it, its offset at `now`. */
export const timeZoneLabel = (zone: string, now: Date): string =>
  `${timeZoneCity(zone)} (${offsetText(timeZoneOffset(zone, now))})`;

/**
 * The picker's options: each zone by its city in Spanish and its offset now ('Buenos Aires (GMT−3)'), from the
 * westernmost offset to the easternmost and by name within one; the value stays the IANA id. A store's own zone
 * outside the list comes first, as `timeZoneOptions` gives it.
 */
export function timeZoneChoices(now: Date, current?: string): Array<{ value: string; label: string }> {
  const all = timeZoneOptions(current);
  const own = all[0] !== undefined && current === all[0] && !(zones ?? []).includes(current) ? all[0] : null;
  const listed = (own ? all.slice(1) : all).map((zone) => ({
    value: zone,
    label: timeZoneLabel(zone, now),
    offset: timeZoneOffset(zone, now),
    city: timeZoneCity(zone),
  }));
  listed.sort((a, b) => a.offset - b.offset || a.city.localeCompare(b.city, "es") || a.value.localeCompare(b.value));
  const choices = listed.map(({ value, label }) => ({ value, label }));
  return own ? [{ value: own, label: timeZoneLabel(own, now) }, ...choices] : choices;
}
