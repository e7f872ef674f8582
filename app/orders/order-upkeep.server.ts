// The orders' timed work, run by the platform's upkeep every minute (app/upkeep.server.ts) and by the test clock
// when it moves: reservations of unpaid orders whose hold ran out (online or not) are given back, and
// orders placed before reservations existed are reserved while stock allows. Every step is a conditioned write,
// so two runs at once (two runtimes, a timer and the test clock) change each order once.
import type { Clock } from "~/services/clock";
import type { Db } from "~/services/db";
import { releaseLapsedHolds, reserveWaitingOrders } from "./order-records.server";

/** Release batches one run takes at most; a longer backlog is finished by the next runs. */
const MAX_RELEASE_BATCHES = 10;

export interface UpkeepResult {
  /** Unpaid orders whose hold lapsed and whose units went back to the store. */
  released: number;
  /** Orders placed before reservations that were looked at (reserved, or marked short). */
  reserved: number;
}

export async function runOrderUpkeep(services: { db: Db; clock: Clock }): Promise<UpkeepResult> {
  let released = 0;
  for (let batch = 0; batch < MAX_RELEASE_BATCHES; batch++) {
    const lapsed = await releaseLapsedHolds(services.db, services.clock.now());
    released += lapsed.length;
    if (lapsed.length === 0) break;
  }
  const reserved = await reserveWaitingOrders(services.db);
  return { released, reserved };
}
