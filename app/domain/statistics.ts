/**
 * The 'Estadísticas' page's arithmetic (docs/decisions/0051-visit-statistics.md): the periods it shows, their days in
 * the store's calendar, and the rates it derives from the daily counts.
 */

export const PERIODS = {
  hoy: "Hoy",
  "7": "7 días",
  "30": "30 días",
  "12m": "12 meses",
} as const;
type PeriodKey = keyof typeof PERIODS | "rango";

/** A range the merchant chose may span two years at most: the page's cost grows with its days. */
export const MAX_RANGE_DAYS = 731;

export interface Period {
  key: PeriodKey;
  /** First and last day shown, 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
  /** The same number of days just before. */
  previous: { from: string; to: string };
  /** The chart's bars: one per day, or one per month for long periods. */
  unit: "day" | "month";
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/** Days from `from` to `to`, both included. */
function daysIn(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

function validDay(value: string | null): string | null {
  return value && DAY.test(value) && dayOf(dayNumber(value)) === value ? value : null;
}

function withPrevious(key: PeriodKey, from: string, to: string, unit: Period["unit"]): Period {
  const days = daysIn(from, to);
  return { key, from, to, previous: { from: addDays(from, -days), to: addDays(from, -1) }, unit };
}

/**
 * The period a request asks for (`?periodo=hoy|7|30|12m`, or `?desde=…&hasta=…`), ending today at the latest; 30 days
 * when it asks for nothing it can have.
 */
export function parsePeriod(query: URLSearchParams, today: string): Period {
  const from = validDay(query.get("desde"));
  const to = validDay(query.get("hasta"));
  if (from && to && from <= to && from <= today) {
    const end = to > today ? today : to;
    const start = daysIn(from, end) > MAX_RANGE_DAYS ? addDays(end, -(MAX_RANGE_DAYS - 1)) : from;
    return withPrevious("rango", start, end, daysIn(start, end) > 62 ? "month" : "day");
  }
  switch (query.get("periodo")) {
    case "hoy":
      return withPrevious("hoy", today, today, "day");
    case "7":
      return withPrevious("7", addDays(today, -6), today, "day");
    case "12m": {
      const first = `${addMonths(today.slice(0, 7), -11)}-01`;
      return withPrevious("12m", first, today, "month");
    }
    default:
      return withPrevious("30", addDays(today, -29), today, "day");
  }
}

function addMonths(month: string, months: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** The chart's bars of a period: each day ('YYYY-MM-DD') or each month ('YYYY-MM'), oldest first. */
export function periodBuckets(period: Pick<Period, "from" | "to" | "unit">): string[] {
  const buckets: string[] = [];
  if (period.unit === "month") {
    for (let month = period.from.slice(0, 7); month <= period.to.slice(0, 7); month = addMonths(month, 1)) buckets.push(month);
    return buckets;
  }
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) buckets.push(day);
  return buckets;
}

/** A stretch of days ('YYYY-MM-DD') or months ('YYYY-MM'), both ends included. */
export interface Span {
  from: string;
  to: string;
}

/**
 * How a period's products viewed and sold are read (docs/decisions/0053-order-statistics-rollups.md): its whole months
 * from the monthly rows, its other days from the daily ones. The last day's month counts whole when the period ends
 * today (every period but a chosen range): nothing is counted later.
 */
export function monthsAndDays(period: Pick<Period, "key" | "from" | "to">): { months: Span | null; days: Span[] } {
  const lastMonth = period.to.slice(0, 7);
  const firstFull = period.from.endsWith("-01") ? period.from.slice(0, 7) : addMonths(period.from.slice(0, 7), 1);
  const endsMonth = addDays(period.to, 1).endsWith("-01") || period.key !== "rango";
  const lastFull = endsMonth ? lastMonth : addMonths(lastMonth, -1);
  if (firstFull > lastFull) return { months: null, days: [{ from: period.from, to: period.to }] };
  const days: Span[] = [];
  const monthsStart = `${firstFull}-01`;
  if (period.from < monthsStart) days.push({ from: period.from, to: addDays(monthsStart, -1) });
  const afterMonths = `${addMonths(lastFull, 1)}-01`;
  if (afterMonths <= period.to) days.push({ from: afterMonths, to: period.to });
  return { months: { from: firstFull, to: lastFull }, days };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's clock is ahead of UTC at an instant, in ms (negative in the Americas). */
export function zoneOffsetMs(at: number, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return local - Math.floor(at / 1000) * 1000;
}

/** The store's calendar day of an instant, 'YYYY-MM-DD'. */
export function localDay(at: number, timeZone: string): string {
  return dayOf(Math.floor((at + zoneOffsetMs(at, timeZone)) / DAY_MS));
}

/** The first instant of a calendar day in the zone (its offset taken at that instant). */
export function dayStartMs(day: string, timeZone: string): number {
  const utc = dayNumber(day) * DAY_MS;
  const guess = utc - zoneOffsetMs(utc, timeZone);
  return utc - zoneOffsetMs(guess, timeZone);
}

/** A rate as a share (0…1), or null when there is nothing to divide by. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The change from the period before, as a share (+0.25 is 25 % more); null when the period before had none. */
export function change(current: number, previous: number): number | null {
  return previous > 0 ? (current - previous) / previous : null;
}

/** The totals a period shows, from its daily counts and its orders. */
export interface PeriodTotals {
  visits: number;
  visitors: number;
  orders: number;
  revenue: number;
}

export function derivedRates(t: PeriodTotals): { conversion: number | null; averageTicket: number | null } {
  return { conversion: ratio(t.orders, t.visitors), averageTicket: t.orders > 0 ? Math.round(t.revenue / t.orders) : null };
}
