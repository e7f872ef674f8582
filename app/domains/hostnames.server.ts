/**
 * 'Dominio propio' (docs/decisions/0061-custom-domains.md): the one writer of store_hostnames. A hostname is registered
 * with the provider first and kept only when it took it; it is asked about again on the page and by the minute upkeep,
 * less often while nothing changes; removing it removes it at the provider first. Its active hostname is copied to
 * stores.custom_host by the table's triggers, so the public pages find the store by it in their one batch.
 */
import { and, asc, eq, isNotNull, lte, ne } from "drizzle-orm";
import {
  HOSTNAME_GIVE_UP_DAYS,
  HOSTNAME_REFUSALS,
  type HostnameFailure,
  type HostnameRefusal,
  hostnameRefusal,
  hostnameStateOf,
  nextCheckMinutes,
  normalizeHostname,
  type ProviderHostname,
} from "~/domain/hostnames";
import type { MessageDescriptor } from "~/domain/messages";
import { HostnameProviderUnavailable, HostnameRefused, StandInCustomHostnames } from "~/services/custom-hostnames";
import { type Db, isUniqueViolation } from "~/services/db";
import type { Services } from "~/services/services";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { storeHostnames } from "../../db/schema";

export type HostnameRow = typeof storeHostnames.$inferSelect;

/**
 * A refusal the page shows in the field (`hostname`) or above the form: `text` is its message in the catalog, said in
 * the merchant's variant by the page's action; `message` its neutral words.
 */
export class HostnameError extends Error {
  override name = "HostnameError";
  readonly text: MessageDescriptor;
  constructor(
    refusal: HostnameRefusal,
    readonly field: "hostname" | "form" = "form",
    readonly status = 400,
  ) {
    const text = HOSTNAME_REFUSALS[refusal];
    super(text.defaultMessage);
    this.text = text;
  }
}

const MINUTE = 60_000;
/** How many hostnames one upkeep run asks about at most (each is one call to the provider). */
const CHECKS_PER_RUN = 25;

export const hostnameQuery = (db: Db, storeId: IdRef) =>
  db.select().from(storeHostnames).where(eq(storeHostnames.storeId, storeId)).limit(1);

export async function findHostname(db: Db, storeId: string): Promise<HostnameRow | null> {
  const [row] = await hostnameQuery(db, storeId);
  return row ?? null;
}

type HostnameServices = Pick<Services, "db" | "clock" | "config" | "customHostnames" | "log" | "edgeCache">;

function provider(services: Pick<Services, "customHostnames">) {
  if (!services.customHostnames) throw new HostnameError("notInstalled", "form", 503);
  return services.customHostnames;
}

/** The columns an answer of the provider sets; `checks` is the back-off's step after it. */
function answerColumns(answer: ProviderHostname, now: Date, checks: number) {
  const { state, failure } = hostnameStateOf(answer);
  const settled = state === "active" || state === "failed";
  return {
    state,
    failure,
    providerStatus: answer.status,
    sslStatus: answer.sslStatus,
    txtName: answer.ownership?.name ?? null,
    txtValue: answer.ownership?.value ?? null,
    checkedAt: now,
    checks,
    nextCheckAt: settled ? null : new Date(now.getTime() + nextCheckMinutes(checks) * MINUTE),
  };
}

/**
 * Adds the hostname the merchant typed: refused when it is not one, is the platform's or a well-known one, or another
 * store has it; then registered with the provider, whose refusal or silence changes nothing.
 */
export async function addHostname(
  services: HostnameServices,
  actor: Actor,
  storeId: string,
  typed: string,
): Promise<HostnameRow> {
  const hostname = normalizeHostname(typed);
  if (!hostname) throw new HostnameError("invalid", "hostname");
  const problem = hostnameRefusal(hostname, {
    appHost: new URL(services.config.APP_ORIGIN).hostname,
    storesDomain: services.config.STORES_DOMAIN,
    production: services.config.VITRINA_ENV === "production",
  });
  if (problem) throw new HostnameError(problem, "hostname");
  const hostnames = provider(services);
  const { db } = services;
  const [own, other] = await db.batch([
    db.select({ hostname: storeHostnames.hostname }).from(storeHostnames).where(eq(storeHostnames.storeId, storeId)).limit(1),
    db
      .select({ storeId: storeHostnames.storeId })
      .from(storeHostnames)
      .where(and(eq(storeHostnames.hostname, hostname), ne(storeHostnames.storeId, storeId)))
      .limit(1),
  ]);
  if (own[0]) throw new HostnameError("already");
  if (other[0]) throw new HostnameError("taken", "hostname", 409);
  let answer: ProviderHostname;
  try {
    answer = await hostnames.create(hostname);
  } catch (error) {
    if (error instanceof HostnameRefused) throw new HostnameError(error.reason, "hostname", error.reason === "taken" ? 409 : 400);
    if (error instanceof HostnameProviderUnavailable) {
      services.log.warn("hostnames.create_failed", { storeId, error: error.message });
      throw new HostnameError("unavailable", "form", 503);
    }
    throw error;
  }
  const now = services.clock.now();
  try {
    const [[row]] = await db.batch([
      db
        .insert(storeHostnames)
        .values({ storeId, hostname, providerId: answer.id, createdAt: now, ...answerColumns(answer, now, 0) })
        .returning(),
      activityStatement(
        db,
        storeId,
        actor,
        { kind: "domain", subject: hostname, summary: { says: "domainAdded", values: { hostname } }, after: hostname },
        now,
        IF_CHANGED,
      ),
    ]);
    if (!row) throw new Error("hostname insert returned nothing");
    return row;
  } catch (error) {
    // Another store (or a second click) took it between the read and the write: the provider's copy goes too.
    await hostnames.remove(answer.id).catch((e: unknown) => services.log.error("hostnames.orphan", e, { id: answer.id }));
    if (isUniqueViolation(error)) throw new HostnameError("taken", "hostname", 409);
    throw error;
  }
}

/**
 * Asks the provider how the hostname is going and keeps the answer; nothing changes when it does not answer (the next
 * ask backs off). Given up after HOSTNAME_GIVE_UP_DAYS waiting. Becoming active or leaving it purges the store's cached
 * pages: their addresses change.
 */
export async function checkHostname(services: HostnameServices, row: HostnameRow): Promise<HostnameRow> {
  const hostnames = provider(services);
  const now = services.clock.now();
  let answer: ProviderHostname | null;
  try {
    answer = await hostnames.get(row.providerId);
  } catch (error) {
    if (!(error instanceof HostnameProviderUnavailable)) throw error;
    services.log.warn("hostnames.check_failed", { storeId: row.storeId, error: error.message });
    const checks = row.checks + 1;
    const nextCheckAt = new Date(now.getTime() + nextCheckMinutes(checks) * MINUTE);
    await services.db
      .update(storeHostnames)
      .set({ checks, nextCheckAt })
      .where(and(eq(storeHostnames.storeId, row.storeId), eq(storeHostnames.providerId, row.providerId)));
    throw new HostnameError("unavailable", "form", 503);
  }
  let columns: Partial<HostnameRow>;
  if (!answer) {
    columns = { state: "failed", failure: "missing", checkedAt: now, nextCheckAt: null };
  } else {
    const next = answerColumns(answer, now, 0);
    const changed = next.state !== row.state || next.sslStatus !== row.sslStatus || next.providerStatus !== row.providerStatus;
    columns = changed ? next : answerColumns(answer, now, row.checks + 1);
    const waiting = next.state === "pending" || next.state === "verifying";
    if (waiting && now.getTime() - row.createdAt.getTime() > HOSTNAME_GIVE_UP_DAYS * 24 * 60 * MINUTE) {
      columns = { ...columns, state: "failed", failure: "expired" satisfies HostnameFailure, nextCheckAt: null };
    }
  }
  const [saved] = await services.db
    .update(storeHostnames)
    .set(columns)
    .where(and(eq(storeHostnames.storeId, row.storeId), eq(storeHostnames.providerId, row.providerId)))
    .returning();
  if ((columns.state === "active") !== (row.state === "active")) await purge(services, row.storeId);
  return saved ?? row;
}

async function purge(services: HostnameServices, storeId: string) {
  try {
    await services.edgeCache.purgeStore(storeId);
  } catch (error) {
    services.log.error("hostnames.purge_failed", error, { storeId });
  }
}

/**
 * Removes the store's hostname: at the provider first (a provider that does not answer changes nothing), then here; the
 * store answers on its subdomain again.
 */
export async function removeHostname(services: HostnameServices, actor: Actor, storeId: string): Promise<boolean> {
  const row = await findHostname(services.db, storeId);
  if (!row) return false;
  try {
    await provider(services).remove(row.providerId);
  } catch (error) {
    if (!(error instanceof HostnameProviderUnavailable)) throw error;
    services.log.warn("hostnames.remove_failed", { storeId, error: error.message });
    throw new HostnameError("unavailable", "form", 503);
  }
  const { db } = services;
  await db.batch([
    db.delete(storeHostnames).where(and(eq(storeHostnames.storeId, storeId), eq(storeHostnames.providerId, row.providerId))),
    activityStatement(
      db,
      storeId,
      actor,
      {
        kind: "domain",
        subject: row.hostname,
        summary: { says: "domainRemoved", values: { hostname: row.hostname } },
        before: row.hostname,
      },
      services.clock.now(),
      IF_CHANGED,
    ),
  ]);
  return true;
}

/** The minute upkeep: the hostnames whose next ask is due, oldest due first; one that fails waits its back-off. */
export async function checkDueHostnames(services: HostnameServices): Promise<number> {
  if (!services.customHostnames) return 0;
  const due = await services.db
    .select()
    .from(storeHostnames)
    .where(and(isNotNull(storeHostnames.nextCheckAt), lte(storeHostnames.nextCheckAt, services.clock.now())))
    .orderBy(asc(storeHostnames.nextCheckAt))
    .limit(CHECKS_PER_RUN);
  let checked = 0;
  for (const row of due) {
    try {
      await checkHostname(services, row);
      checked++;
    } catch (error) {
      if (!(error instanceof HostnameError)) services.log.error("hostnames.check_failed", error, { storeId: row.storeId });
    }
  }
  return checked;
}

/** Local runs: the stand-in's hostname moves one step on (or straight to active), then is asked about as usual. */
export async function simulateDnsReady(services: HostnameServices, storeId: string, ready = false): Promise<HostnameRow | null> {
  const row = await findHostname(services.db, storeId);
  const standIn = services.customHostnames;
  if (!row || !(standIn instanceof StandInCustomHostnames) || !services.config.devTools) return null;
  standIn.advance(row.providerId, ready);
  return checkHostname(services, row);
}
