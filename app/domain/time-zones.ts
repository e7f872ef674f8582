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
