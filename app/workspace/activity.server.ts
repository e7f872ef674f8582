/**
 * The store_activity table's one writer and reader ('Actividad', docs/decisions/0065-activity-log.md). Every write
 * function of a workspace change takes the acting user and puts its entry in the batch of the change itself, so an
 * entry never exists for a change that did not happen and no change happens without its entry, at no extra round trip.
 * An entry's values may be SQL read in that batch (a product's price before the edit, a product's name), and it may be
 * conditioned on the statement just before it having changed a row (`IF_CHANGED`). What an entry says is kept as a
 * sentence of app/domain/activity-entries.ts and its values, and said when read, in the reader's words.
 */
import { and, desc, eq, gte, lt, SQL, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { RouterContextProvider } from "react-router";
import {
  ACTIVITY_CSV_LIMIT,
  ACTIVITY_PAGE_SIZE,
  type ActivityKind,
  type ActivityQuery,
  type ActivityRow,
  type Actor,
  activityCutoff,
  actorLabel,
} from "~/domain/activity";
import { type ActivitySummary, activitySummaryText, sentenceId } from "~/domain/activity-entries";
import type { Translate } from "~/domain/messages";
import { addDays, dayStartMs } from "~/domain/statistics";
import type { Db } from "~/services/db";
import { storeActivity } from "../../db/schema";
import { merchantContext } from "./context.server";
import type { IdRef } from "./page-reads.server";

export type { Actor } from "~/domain/activity";

/** What an entry says: a sentence of app/domain/activity-entries.ts, its values plain or read in the change's batch. */
export type EntrySummary = ActivitySummary<SQL>;

/** The acting user of a workspace request: the signed-in user (a staff member acts as themselves). */
export function actingUser(context: Readonly<RouterContextProvider>): Actor {
  const user = context.get(merchantContext);
  return { userId: user.id, label: actorLabel(user) };
}

type Value = string | number | null | SQL;

export interface ActivityEntry {
  kind: ActivityKind;
  /** What was changed: a product's id, a sale's code, a section's title. */
  subject?: string | SQL | null;
  /** What happened: a sentence and its values ('Creó el producto “{name}”'). Never a buyer's data, a password or a token. */
  summary: EntrySummary;
  before?: Value;
  after?: Value;
}

/** The entry is written only when the statement just before it in the batch changed a row. */
export const IF_CHANGED = sql`changes() > 0`;

/**
 * The statement that records `entry`, for the batch of the change: written when `when` holds (read in the same
 * batch, so after the statements before it), always without it.
 */
export function activityStatement(
  db: Db,
  storeId: string,
  /** The acting user; for one who has just joined, a label read in the batch (their account's name and email). */
  actor: Actor | { userId: string; label: SQL },
  entry: ActivityEntry,
  now: Date,
  when?: SQL,
) {
  return db.run(sql`insert into store_activity
      (store_id, at, actor_user_id, actor_label, kind, subject, summary, summary_id, summary_values, before, after)
    select ${storeId}, ${now.getTime()}, ${actor.userId}, ${actor.label}, ${entry.kind}, ${entry.subject ?? null},
      '', ${sentenceId(entry.summary.says)}, ${valuesJson(entry.summary.values)}, ${entry.before ?? null}, ${entry.after ?? null}
    where ${when ?? sql`1`}`);
}

/** A sentence's values as a JSON object, built in the batch (a value may be SQL read there); none kept as null. */
function valuesJson(values: Record<string, unknown>): SQL | null {
  const pairs = Object.entries(values).map(([key, value]) =>
    value instanceof SQL
      ? sql`${key}, ${value}`
      : Array.isArray(value)
        ? sql`${key}, json(${JSON.stringify(value)})`
        : sql`${key}, ${value}`,
  );
  return pairs.length ? sql`json_object(${sql.join(pairs, sql`, `)})` : null;
}

/**
 * Records a change that is not one batch (a call to a provider between its reads and writes, or a change another
 * module writes and hands over): one round trip of its own, after the change happened.
 */
export async function recordActivity(db: Db, storeId: string, actor: Actor, entry: ActivityEntry, now: Date): Promise<void> {
  await activityStatement(db, storeId, actor, entry, now);
}

const rowColumns = {
  id: storeActivity.id,
  at: storeActivity.at,
  actorUserId: storeActivity.actorUserId,
  actorLabel: storeActivity.actorLabel,
  kind: storeActivity.kind,
  subject: storeActivity.subject,
  summary: storeActivity.summary,
  summaryId: storeActivity.summaryId,
  summaryValues: storeActivity.summaryValues,
  before: storeActivity.before,
  after: storeActivity.after,
};

/** The filters as conditions; each combination walks one of the table's indexes in (store, [actor], [kind], at) order. */
function filtered(storeId: IdRef, query: ActivityQuery, timeZone: string): SQL | undefined {
  const b = query.before;
  return and(
    eq(storeActivity.storeId, storeId),
    query.actor ? eq(storeActivity.actorUserId, query.actor) : undefined,
    query.kind ? eq(storeActivity.kind, query.kind) : undefined,
    query.from ? gte(storeActivity.at, new Date(dayStartMs(query.from, timeZone))) : undefined,
    query.to ? lt(storeActivity.at, new Date(dayStartMs(addDays(query.to, 1), timeZone))) : undefined,
    // A row value: the index walks from the cursor on, however deep the page.
    b ? sql`(${storeActivity.at}, ${storeActivity.id}) < (${b.at}, ${b.id})` : undefined,
  );
}

const entriesQuery = (db: Db, storeId: IdRef, query: ActivityQuery, timeZone: string, limit: number) =>
  db
    .select(rowColumns)
    .from(storeActivity)
    .where(filtered(storeId, query, timeZone))
    .orderBy(desc(storeActivity.at), desc(storeActivity.id))
    .limit(limit);

/** People listed in the filter at most (the store's team is far smaller). */
const PEOPLE_LIMIT = 50;

/**
 * Everyone who has entries in the store, with the name they had in their latest one, by hopping the (store, actor)
 * index from one person to the next: a step per person, however many entries each has.
 */
const peopleQuery = (db: Db, storeId: IdRef) =>
  db.all<{ userId: string; label: string }>(sql`
    with recursive people(user_id, n) as (
      select (select min(actor_user_id) from ${storeActivity} where store_id = ${storeId}), 1
      union all
      select (select min(actor_user_id) from ${storeActivity} where store_id = ${storeId} and actor_user_id > people.user_id), n + 1
      from people where people.user_id is not null and n < ${PEOPLE_LIMIT}
    )
    select user_id as userId,
      (select actor_label from ${storeActivity} where store_id = ${storeId} and actor_user_id = people.user_id
        order by at desc limit 1) as label
    from people where user_id is not null`);

export interface ActivityPage {
  entries: ActivityRow[];
  /** The cursor of the next page ('Ver más'), when there is one. */
  next: { at: number; id: number } | null;
  people: Array<{ userId: string; label: string }>;
}

type StoredRow = Omit<ActivityRow, "summary"> & { summary: string; summaryId: string | null; summaryValues: string | null };

/** An entry as read: its sentence said in the reader's words. */
const readEntry = ({ summaryId, summaryValues, ...row }: StoredRow, t: Translate): ActivityRow => ({
  ...row,
  summary: activitySummaryText({ summary: row.summary, summaryId, summaryValues }, t),
});

/** The statements of a page of the store's entries (newest first) and of the people of the filter. */
export const activityPageQueries = (db: Db, storeId: IdRef, query: ActivityQuery, timeZone: string) =>
  [entriesQuery(db, storeId, query, timeZone, ACTIVITY_PAGE_SIZE + 1), peopleQuery(db, storeId)] as const;

/** The page from its statements' answers, each entry said in the reader's words (`t`, the merchant's). */
export function activityPageOf(
  [rows, people]: BatchResponse<ReturnType<typeof activityPageQueries>>,
  t: Translate,
): ActivityPage {
  const entries = rows.slice(0, ACTIVITY_PAGE_SIZE).map((row) => readEntry(row, t));
  const last = entries.at(-1);
  return {
    entries,
    next: rows.length > ACTIVITY_PAGE_SIZE && last ? { at: last.at.getTime(), id: last.id } : null,
    people: people.sort((a, b) => a.label.localeCompare(b.label, "es")),
  };
}

/**
 * A page of the store's entries, newest first, each said in the reader's words (`t`, the merchant's), with the people
 * of the filter: one round trip.
 */
export async function activityPage(
  db: Db,
  storeId: string,
  query: ActivityQuery,
  timeZone: string,
  t: Translate,
): Promise<ActivityPage> {
  return activityPageOf(await db.batch(activityPageQueries(db, storeId, query, timeZone)), t);
}

/**
 * The CSV's statement: the entries the filters select, newest first, up to ACTIVITY_CSV_LIMIT; none with `limit` 0
 * (filters the CSV refuses, read before they are checked).
 */
export const activityExportQuery = (
  db: Db,
  storeId: IdRef,
  query: ActivityQuery,
  timeZone: string,
  limit: number = ACTIVITY_CSV_LIMIT,
) => entriesQuery(db, storeId, { ...query, before: null }, timeZone, limit);

/** The CSV's entries from its statement's answer, in the reader's words. */
export const activityExportOf = (
  rows: BatchResponse<readonly [ReturnType<typeof activityExportQuery>]>[0],
  t: Translate,
): ActivityRow[] => rows.map((row) => readEntry(row, t));

/** Entries deleted per statement and per upkeep run: a long backlog goes over several minutes. */
const PURGE_BATCH = 500;
const PURGE_MAX_PER_RUN = 5_000;

/** Deletes entries older than 12 months, in bounded batches (oldest first, by the time index). Answers how many. */
export async function purgeOldActivity(db: Db, now: Date): Promise<number> {
  const cutoff = activityCutoff(now).getTime();
  let purged = 0;
  while (purged < PURGE_MAX_PER_RUN) {
    const result = await db.run(sql`delete from store_activity where id in
      (select id from ${storeActivity} where at < ${cutoff} order by at limit ${PURGE_BATCH})`);
    purged += result.rowsAffected;
    if (result.rowsAffected < PURGE_BATCH) break;
  }
  return purged;
}
