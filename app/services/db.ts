import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";

export function createDb(client: Client) {
  return drizzle(client, { schema });
}

export type Db = ReturnType<typeof createDb>;

/**
 * Counts the database round trips one request makes (at most one per public page: docs/architecture.md).
 * Each execute/batch/migrate/transaction call on the libSQL client is one round trip.
 */
export class RoundTripCounter {
  count = 0;
  wrap(client: Client): Client {
    const counted = new Set(["execute", "batch", "executeMultiple", "migrate", "transaction"]);
    return new Proxy(client, {
      get: (target, prop, receiver) => {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && counted.has(prop)) {
          return (...args: unknown[]) => {
            this.count += 1;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  }
}

const ROUND_TRIP_METHODS = new Set(["execute", "batch", "executeMultiple", "migrate"]);

/**
 * A client that waits `ms` before each round trip, as a database far away does (Turso seen from South
 * America: ~150 ms). Only the benchmark uses it (DB_RTT_MS on a local run), to show which pages pay for
 * more than one trip. Interactive transactions pay once to open, once per statement and once to finish.
 */
export function withRoundTripDelay(client: Client, ms: number): Client {
  if (!(ms > 0)) return client;
  const pause = () => new Promise((resolve) => setTimeout(resolve, ms));
  const delayed = <T extends object>(target: T, methods: Set<string>): T =>
    new Proxy(target, {
      get: (object, prop, receiver) => {
        const value = Reflect.get(object, prop, receiver);
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && methods.has(prop)) {
          return async (...args: unknown[]) => {
            await pause();
            const result = await value.apply(object, args);
            return prop === "transaction"
              ? delayed(result, new Set(["execute", "batch", "executeMultiple", "commit", "rollback"]))
              : result;
          };
        }
        return value.bind(object);
      },
    });
  return delayed(client, new Set([...ROUND_TRIP_METHODS, "transaction"]));
}

/** Whether a write failed on a UNIQUE constraint (of `column`, like "stores.url", when given). */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const message =
    String((error as { message?: unknown })?.message ?? "") +
    String((error as { cause?: { message?: unknown } })?.cause?.message ?? "");
  return message.includes("UNIQUE constraint failed") && (!column || message.includes(column));
}
