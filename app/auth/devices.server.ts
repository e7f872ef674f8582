import { and, eq, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "~/domain/ids";
import { KNOWN_DEVICE_MAX_FAILURES } from "~/domain/login-throttle";
import type { Services } from "~/services/services";
import { knownDevices } from "../../db/schema";
import { knownDeviceCookie } from "./cookies.server";

/** The hash of this browser's known-device token, or null when it carries none. */
export async function deviceTokenHash(services: Services, request: Request): Promise<string | null> {
  const token = await knownDeviceCookie(services.config).parse(request.headers.get("Cookie"));
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token) ? sha256Hex(token) : null;
}

/** Reads the known device with this hash (batchable; no rows when there is none). */
export function knownDeviceQuery(services: Services, tokenHash: string | null) {
  return services.db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(eq(knownDevices.tokenHash, tokenHash ?? ""))
    .limit(1);
}

/**
 * After a success: keeps this browser as a known device of `userId` (a fresh token when it was
 * not one yet, its failures cleared when it was). Returns statements to batch and the cookie to send.
 */
export async function rememberDevice(services: Services, userId: string, known: string | null) {
  const { db } = services;
  if (known) {
    return {
      statements: [db.update(knownDevices).set({ failures: 0 }).where(eq(knownDevices.tokenHash, known))],
      cookie: null,
    };
  }
  const token = randomToken();
  return {
    statements: [db.insert(knownDevices).values({ tokenHash: await sha256Hex(token), userId, createdAt: services.clock.now() })],
    cookie: await knownDeviceCookie(services.config).serialize(token),
  };
}

/** A failed try from a known device counts against it; past the limit it is forgotten. */
export async function countDeviceFailure(services: Services, tokenHash: string) {
  const { db } = services;
  await db.batch([
    db
      .update(knownDevices)
      .set({ failures: sql`${knownDevices.failures} + 1` })
      .where(eq(knownDevices.tokenHash, tokenHash)),
    db
      .delete(knownDevices)
      .where(and(eq(knownDevices.tokenHash, tokenHash), sql`${knownDevices.failures} >= ${KNOWN_DEVICE_MAX_FAILURES}`)),
  ]);
}
