import { desc } from "drizzle-orm";
import type { Clock } from "~/services/clock";
import type { RecordConversion } from "~/services/conversions";
import type { Db } from "~/services/db";
import { sandboxConversions } from "../../db/schema";

/**
 * The conversions stand-in's record of the events it took in place of Meta and Google Analytics: each event once per
 * platform, as the platforms deduplicate by event id (a retry of an event already taken adds nothing).
 */
export function sandboxConversionRecords(db: Db, clock: Clock): RecordConversion {
  return async (received) => {
    await db
      .insert(sandboxConversions)
      .values({ ...received, receivedAt: clock.now() })
      .onConflictDoNothing();
  };
}

/** The newest events the stand-in received, for its page in local runs. */
export function latestSandboxConversions(db: Db, limit = 50) {
  return db.select().from(sandboxConversions).orderBy(desc(sandboxConversions.id)).limit(limit);
}
