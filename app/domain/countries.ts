import type { NumberStyle } from "./money";

/**
 * The countries a store can be in (where its WhatsApp numbers are read: a number typed as people write it there,
 * without the country code). Latin America, Spain and the United States.
 */
const STORE_COUNTRIES = [
  ...["AR", "BO", "BR", "CL", "CO", "CR", "CU", "DO", "EC", "SV", "GT", "HN", "MX", "NI", "PA", "PY", "PE", "PR"],
  ...["UY", "VE", "ES", "US"],
] as const;

export type StoreCountry = (typeof STORE_COUNTRIES)[number];

/** The platform's home: a store whose browser gave no known zone. */
const DEFAULT_COUNTRY: StoreCountry = "CO";

export const isStoreCountry = (value: string): value is StoreCountry => (STORE_COUNTRIES as readonly string[]).includes(value);

/** Zones whose country is not told by a rule below. */
const ZONE_COUNTRY: Record<string, StoreCountry> = {
  "America/Buenos_Aires": "AR",
  "America/La_Paz": "BO",
  "America/Santiago": "CL",
  "America/Punta_Arenas": "CL",
  "Pacific/Easter": "CL",
  "America/Bogota": "CO",
  "America/Costa_Rica": "CR",
  "America/Havana": "CU",
  "America/Santo_Domingo": "DO",
  "America/Guayaquil": "EC",
  "Pacific/Galapagos": "EC",
  "America/El_Salvador": "SV",
  "America/Guatemala": "GT",
  "America/Tegucigalpa": "HN",
  "America/Managua": "NI",
  "America/Panama": "PA",
  "America/Asuncion": "PY",
  "America/Lima": "PE",
  "America/Puerto_Rico": "PR",
  "America/Montevideo": "UY",
  "America/Caracas": "VE",
  "Europe/Madrid": "ES",
  "Atlantic/Canary": "ES",
};

const BRAZIL = ["Sao_Paulo", "Manaus", "Bahia", "Fortaleza", "Recife", "Belem", "Cuiaba", "Campo_Grande", "Porto_Velho"]
  .concat(["Boa_Vista", "Rio_Branco", "Maceio", "Araguaina", "Santarem", "Noronha", "Eirunepe"])
  .map((city) => `America/${city}`);
const MEXICO = ["Mexico_City", "Cancun", "Merida", "Monterrey", "Matamoros", "Chihuahua", "Ciudad_Juarez", "Ojinaga"]
  .concat(["Mazatlan", "Bahia_Banderas", "Hermosillo", "Tijuana"])
  .map((city) => `America/${city}`);
const UNITED_STATES = ["New_York", "Chicago", "Denver", "Los_Angeles", "Phoenix", "Anchorage", "Detroit", "Boise"]
  .concat(["Indiana/Indianapolis", "Kentucky/Louisville", "Adak", "Juneau", "Sitka", "Nome", "Menominee"])
  .map((city) => `America/${city}`);

/** The country a time zone is in ('America/Argentina/Cordoba' → AR), or null for a zone of no store country (UTC…). */
function knownCountryOfTimeZone(zone: string | null | undefined): StoreCountry | null {
  if (!zone) return null;
  if (zone.startsWith("America/Argentina/")) return "AR";
  if (BRAZIL.includes(zone)) return "BR";
  if (MEXICO.includes(zone)) return "MX";
  if (UNITED_STATES.includes(zone) || zone === "Pacific/Honolulu") return "US";
  return Object.hasOwn(ZONE_COUNTRY, zone) ? (ZONE_COUNTRY[zone] ?? null) : null;
}

/** The country of a browser's time zone ('America/Argentina/Cordoba' → AR), or the platform's default. */
export function countryOfTimeZone(zone: string | null | undefined): StoreCountry {
  return knownCountryOfTimeZone(zone) ?? DEFAULT_COUNTRY;
}

/**
 * The money each country's shops price in. Ecuador, El Salvador, Panama and Puerto Rico use the US dollar; so do
 * most shops in Cuba and Venezuela, whose own currencies are rarely used for prices.
 */
const COUNTRY_CURRENCY: Record<StoreCountry, string> = {
  AR: "ARS",
  BO: "BOB",
  BR: "BRL",
  CL: "CLP",
  CO: "COP",
  CR: "CRC",
  CU: "USD",
  DO: "DOP",
  EC: "USD",
  SV: "USD",
  GT: "GTQ",
  HN: "HNL",
  MX: "MXN",
  NI: "NIO",
  PA: "USD",
  PY: "PYG",
  PE: "PEN",
  PR: "USD",
  UY: "UYU",
  VE: "USD",
  ES: "EUR",
  US: "USD",
};

/**
 * A new store's country and currency from the browser's time zone: the zone's country and its money; a zone that
 * names no store country (a computer set to UTC) gives the platform's default country and US dollars.
 */
export function newStoreLocale(zone: string | null | undefined): { country: StoreCountry; currency: string } {
  const known = knownCountryOfTimeZone(zone);
  return known ? { country: known, currency: COUNTRY_CURRENCY[known] } : { country: DEFAULT_COUNTRY, currency: "USD" };
}

/** A store's country: its own, or for a store from before countries (not yet set by the upkeep), its zone's. */
export const storeCountry = (store: { country: string; timeZone: string }): StoreCountry =>
  isStoreCountry(store.country) ? store.country : countryOfTimeZone(store.timeZone);

/**
 * How the store's country writes the amounts its merchant types: Argentina groups thousands with '.' and starts
 * decimals with ',' ('9.000,50'); every other country keeps the reading that takes either separator.
 */
export const numberStyleOf = (country: StoreCountry): NumberStyle => (country === "AR" ? "comma-decimal" : "either");

let names: Intl.DisplayNames | undefined;

/** 'Argentina', 'México', 'España'… */
export function countryName(country: StoreCountry): string {
  names ??= new Intl.DisplayNames("es", { type: "region" });
  return names.of(country) ?? country;
}

/** The picker's options, by Spanish name. */
export const countryOptions = () =>
  STORE_COUNTRIES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, "es"));
