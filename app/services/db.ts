import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";

export function createDb(client: Client) {
  return drizzle(client, { schema });
}

export type Db = ReturnType<typeof createDb>;

/** The client calls that each cost one round trip to the database. */
const ROUND_TRIP_METHODS = new Set(["execute", "batch", "executeMultiple", "migrate", "transaction"]);
/** Within an interactive transaction, each statement and its end are round trips too. */
const TRANSACTION_ROUND_TRIPS = new Set(["execute", "batch", "executeMultiple", "commit", "rollback"]);

/**
 * The client, with `before` called ahead of each round trip (given the method and its arguments):
 * the one place that knows which calls reach the database, for counting, delaying or recording them.
 */
export function beforeEachRoundTrip(client: Client, before: (method: string, args: unknown[]) => void | Promise<void>): Client {
  const around = <T extends object>(target: T, methods: Set<string>): T =>
    new Proxy(target, {
      get: (object, prop, receiver) => {
        const value = Reflect.get(object, prop, receiver);
        if (typeof value !== "function") return value;
        if (typeof prop !== "string" || !methods.has(prop)) return value.bind(object);
        return async (...args: unknown[]) => {
          await before(prop, args);
          const result = await value.apply(object, args);
          return prop === "transaction" ? around(result, TRANSACTION_ROUND_TRIPS) : result;
        };
      },
    });
  return around(client, ROUND_TRIP_METHODS);
}

/** Counts the database round trips one request makes (at most one per public page: docs/architecture.md). */
export class RoundTripCounter {
  count = 0;
  wrap(client: Client): Client {
    return beforeEachRoundTrip(client, () => {
      this.count += 1;
    });
  }
}

/**
 * A client that waits `ms` before each round trip, as a database far away does (Turso seen from South
 * America: ~150 ms). Only the benchmark uses it (DB_RTT_MS on a local run), to show which pages pay for
 * more than one trip.
 */
export function withRoundTripDelay(client: Client, ms: number): Client {
  if (!(ms > 0)) return client;
  return beforeEachRoundTrip(client, () => new Promise((resolve) => setTimeout(resolve, ms)));
}

/** A failed statement's text: drizzle wraps the driver's error, whose message names the constraint that failed. */
function failureText(error: unknown): string {
  return `${(error as { message?: unknown })?.message ?? ""} ${(error as { cause?: { message?: unknown } })?.cause?.message ?? ""}`;
}

/** Whether a write failed on a UNIQUE constraint (of `column`, like "stores.url", when given). */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const text = failureText(error);
  return text.includes("UNIQUE constraint failed") && (!column || text.includes(column));
}

/** Whether a write failed on the NOT NULL constraint of `column` (like "products.created_at"). */
export function isNotNullViolation(error: unknown, column: string): boolean {
  return failureText(error).includes(`NOT NULL constraint failed: ${column}`);
}

/** Whether a write failed on one of the named CHECK constraints (like "products_stock_non_negative"). */
export function isCheckViolation(error: unknown, ...names: string[]): boolean {
  const text = failureText(error);
  return text.includes("CHECK constraint failed") && names.some((name) => text.includes(name));
}

/** Whether a write was refused by one of the named rules a trigger raises (like "products_reserved_within_stock"). */
export function isRuleViolation(error: unknown, ...names: string[]): boolean {
  const text = failureText(error);
  return names.some((name) => text.includes(name));
}
