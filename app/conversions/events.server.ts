// Ad conversions on their way (docs/decisions/0052-ad-conversions-from-the-server.md): an event is delivered to each
// platform the store set up after the answer has left; a platform that does not take it gets it again from the
// conversion_queue (the one writer of that table), retried by the upkeep with the same event id until it does or the
// tries run out. Nothing here may hold or fail a shopper's request.
import { and, asc, eq, lte } from "drizzle-orm";
import { type ConversionEvent, type ConversionPlatform, ga4Body, ga4ClientId, metaEvent } from "~/domain/conversions";
import { type ConversionDelivery, ConversionRejectedError } from "~/services/conversions";
import type { Services } from "~/services/services";
import { conversionQueue } from "../../db/schema";
import {
  type ConversionSettingsRow,
  type ConversionTargets,
  conversionTargets,
  findConversionSettings,
  sendsConversions,
} from "./settings.server";

/** Tries per event and platform, the first one included: the last waits about 4 hours after the first. */
export const MAX_CONVERSION_TRIES = 9;
/** Queued events one upkeep run tries at most. */
const RETRIES_PER_RUN = 50;

/** Minutes to wait after the `attempts`-th failed try: 1, 2, 4… */
const retryWaitMinutes = (attempts: number) => 2 ** Math.max(0, attempts - 1);
const after = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

type Sending = Pick<Services, "db" | "clock" | "config" | "conversions" | "log">;

/** The platforms' bodies of one event (no secret in them: they are what the queue keeps). */
async function bodiesOf(event: ConversionEvent, targets: ConversionTargets) {
  const bodies: Array<{ platform: ConversionPlatform; body: unknown }> = [];
  if (targets.meta) bodies.push({ platform: "meta", body: { data: [metaEvent(event)] } });
  if (targets.ga4) bodies.push({ platform: "ga4", body: ga4Body(event, await ga4ClientId(event.client)) });
  return bodies;
}

function deliveryOf(
  platform: ConversionPlatform,
  targets: ConversionTargets,
  event: { eventId: string; eventName: string; body: unknown },
): ConversionDelivery | null {
  if (platform === "meta" && targets.meta) return { platform, ...targets.meta, ...event };
  if (platform === "ga4" && targets.ga4) return { platform, ...targets.ga4, ...event };
  return null;
}

/** Delivers one event to every platform the store set up; what a platform did not take is queued. */
async function deliverConversion(services: Sending, settings: ConversionSettingsRow, event: ConversionEvent) {
  const targets = await conversionTargets(services, settings);
  for (const { platform, body } of await bodiesOf(event, targets)) {
    const delivery = deliveryOf(platform, targets, { eventId: event.id, eventName: event.name, body });
    if (!delivery) continue;
    try {
      await services.conversions.deliver(delivery);
    } catch (error) {
      if (error instanceof ConversionRejectedError) {
        services.log.warn("conversion.rejected", {
          storeId: settings.storeId,
          platform,
          event: event.name,
          reason: reason(error),
        });
        continue;
      }
      const now = services.clock.now();
      await services.db
        .insert(conversionQueue)
        .values({
          eventId: event.id,
          platform,
          storeId: settings.storeId,
          eventName: event.name,
          body,
          attempts: 1,
          nextAt: after(now, retryWaitMinutes(1)),
          lastError: reason(error),
          createdAt: now,
        })
        .onConflictDoNothing();
      services.log.warn("conversion.queued", { storeId: settings.storeId, platform, event: event.name });
    }
  }
}

/**
 * A shopper's action worth an ad conversion: when the store sends conversions (`settings`, read in the page's own
 * batch), delivered after the answer leaves. Never throws, never waits.
 */
export function trackConversion(
  services: Sending & Pick<Services, "afterResponse">,
  settings: ConversionSettingsRow | undefined,
  event: ConversionEvent,
): void {
  if (!sendsConversions(settings)) return;
  services.afterResponse(sendConversion(services, settings, event));
}

/** Delivers one event of a store that sends conversions, work already after the answer (the product views). Never throws. */
export function sendConversion(services: Sending, settings: ConversionSettingsRow, event: ConversionEvent): Promise<void> {
  return deliverConversion(services, settings, event).catch((error: unknown) =>
    services.log.error("conversion.failed", error, { storeId: settings.storeId, event: event.name }),
  );
}

/** The upkeep's part: tries the queued events whose wait is over; answers how many a platform took. */
export async function retryConversions(services: Sending): Promise<number> {
  const now = services.clock.now();
  const due = await services.db
    .select()
    .from(conversionQueue)
    .where(lte(conversionQueue.nextAt, now))
    .orderBy(asc(conversionQueue.nextAt))
    .limit(RETRIES_PER_RUN);
  let delivered = 0;
  const settingsOf = new Map<string, Promise<ConversionSettingsRow | undefined>>();
  for (const queued of due) {
    const attempts = queued.attempts + 1;
    const row = and(eq(conversionQueue.eventId, queued.eventId), eq(conversionQueue.platform, queued.platform));
    // Claimed by moving its next try on: of two runs at once, one sends it.
    const claimed = await services.db
      .update(conversionQueue)
      .set({ attempts, nextAt: after(now, retryWaitMinutes(attempts)) })
      .where(and(row, eq(conversionQueue.attempts, queued.attempts)))
      .returning({ eventId: conversionQueue.eventId });
    if (claimed.length === 0) continue;
    const log = { storeId: queued.storeId, platform: queued.platform, event: queued.eventName, attempts };
    if (!settingsOf.has(queued.storeId)) settingsOf.set(queued.storeId, findConversionSettings(services.db, queued.storeId));
    const settings = await settingsOf.get(queued.storeId);
    const targets = sendsConversions(settings) ? await conversionTargets(services, settings) : {};
    const delivery = deliveryOf(queued.platform, targets, queued);
    let outcome: "delivered" | "dropped" | "failed" = "dropped";
    let failure: unknown;
    if (delivery) {
      try {
        await services.conversions.deliver(delivery);
        outcome = "delivered";
      } catch (error) {
        failure = error;
        outcome = error instanceof ConversionRejectedError ? "dropped" : "failed";
      }
    }
    if (outcome === "failed" && attempts < MAX_CONVERSION_TRIES) {
      await services.db
        .update(conversionQueue)
        .set({ lastError: reason(failure) })
        .where(row);
      services.log.warn("conversion.retry_failed", log);
      continue;
    }
    await services.db.delete(conversionQueue).where(row);
    if (outcome === "delivered") delivered++;
    // The store stopped sending there, the platform refused the event, or its tries ran out.
    else services.log.warn("conversion.given_up", { ...log, reason: failure ? reason(failure) : "no longer set up" });
  }
  return delivered;
}
