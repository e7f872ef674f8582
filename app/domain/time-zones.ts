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

let zones: string[] | undefined;
export function timeZoneOptions(): string[] {
  zones ??= Intl.supportedValuesOf("timeZone");
  return zones;
}
