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

/** Whether a write failed on a UNIQUE constraint (of `column`, like "stores.url", when given). */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const message =
    String((error as { message?: unknown })?.message ?? "") +
    String((error as { cause?: { message?: unknown } })?.cause?.message ?? "");
  return message.includes("UNIQUE constraint failed") && (!column || message.includes(column));
}
