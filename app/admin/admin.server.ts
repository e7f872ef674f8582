import { and, asc, eq, gt } from "drizzle-orm";
import { addressKey, clearLimit, hitLimit, LIMITS } from "~/auth/rate-limit.server";
import { sessionStatements } from "~/auth/sessions.server";
import { constantTimeEqual } from "~/domain/constant-time";
import { sha256Hex } from "~/domain/ids";
import { appCookie } from "~/http/cookies.server";
import { publicStoreUrl } from "~/services/config";
import type { Services } from "~/services/services";
import { sessions, stores } from "../../db/schema";

/** The hidden admin page /SSS: ADMIN_SECRET compared in constant time, 5 failures per 15 min per address, a short admin session. */
export const NOT_AUTHORIZED = "No autorizado";
const ADMIN_SESSION_MS = 30 * 60_000;

const adminCookie = (config: Services["config"]) =>
  appCookie(config, "vitrina_admin", { maxAge: ADMIN_SESSION_MS / 1000, sameSite: "strict" });

/** Both sides hashed first, so the comparison always walks 32 bytes whatever was typed. */
export async function secretMatches(typed: string, secret: string | undefined): Promise<boolean> {
  if (!secret) return false;
  const [a, b] = await Promise.all([sha256Hex(typed), sha256Hex(secret)]);
  return constantTimeEqual(a, b);
}

/** Checks the typed secret; on success returns the Set-Cookie of a new 30-minute admin session. */
export async function adminLogin(services: Services, typed: string, ip: string): Promise<{ cookie: string } | { error: string }> {
  const now = services.clock.now();
  const key = `admin:${addressKey(ip)}`;
  // Counted before the check so concurrent guesses count exactly; a success clears the count.
  const { blocked } = await hitLimit(services.db, key, LIMITS.adminFailuresPerAddress, now);
  if (blocked || !(await secretMatches(typed, services.config.ADMIN_SECRET))) return { error: NOT_AUTHORIZED };
  await clearLimit(services.db, key);
  const { id, statements } = await sessionStatements(services.db, {
    userId: null,
    kind: "admin",
    now,
    lifetimeMs: ADMIN_SESSION_MS,
  });
  await services.db.batch(statements);
  return { cookie: await adminCookie(services.config).serialize(id) };
}

export async function isAdmin(services: Services, request: Request): Promise<boolean> {
  if (!services.config.ADMIN_SECRET) return false;
  const id = await adminCookie(services.config).parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || id.length < 32 || id.length > 64) return false;
  const [row] = await services.db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(
      and(eq(sessions.idHash, await sha256Hex(id)), eq(sessions.kind, "admin"), gt(sessions.expiresAt, services.clock.now())),
    )
    .limit(1);
  return row !== undefined;
}

/** Every store's public URL, one per store, oldest first. */
export async function allStoreUrls(services: Services): Promise<string[]> {
  const rows = await services.db.select({ url: stores.url }).from(stores).orderBy(asc(stores.createdAt));
  return rows.map((r) => publicStoreUrl(services.config, r.url));
}
