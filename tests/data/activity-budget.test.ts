import { sql } from "drizzle-orm";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as activityLoader } from "~/activity/routes/activity";
import { loader as activityCsvLoader } from "~/activity/routes/activity-csv";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";
import { type Recorded, recording, replayedSteps } from "../support/vm-steps";
import { type RouteModule, workspaceRequest } from "../support/workspace-request";

/**
 * 'Actividad' must read what its page shows, never the store's whole record (decision 0065), as the sales desk's budget
 * holds it (decision 0054): a store with 100,000 entries (a year of a busy team's changes, made in SQL), the page run
 * for real with each filter and deep in its pages, and every read it sends replayed on a second connection, where
 * SQLite counts its virtual-machine steps. A filter that walks the store's entries to find its own fails.
 */

const ENTRIES = 100_000;
const STEP_BUDGET = 20_000;
/** What each returned row may add (a page is 51 rows; the CSV up to 20,000, bounded by the file, never the store). */
const STEPS_PER_ROW = 60;

/**
 * A year of entries up to now, one every 5 minutes: five people (one of them, 'rare', made one change in a thousand),
 * every kind in turn, one in a thousand a sale's confirmation.
 */
const historySql = (storeId: string, now: Date, count: number) => sql`
  with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
  insert into store_activity (store_id, at, actor_user_id, actor_label, kind, subject, summary, before, after)
  select ${storeId}, ${now.getTime()} - (${count} - i) * 300000,
    case when i % 1000 = 1 then 'rare' else 'person-' || (i % 4) end,
    case when i % 1000 = 1 then 'Rara Vez (rara@equipo.test)' else 'Persona ' || (i % 4) end,
    case when i % 1000 = 2 then 'sale' else 'stock' end,
    cast(1000000 + i % 5000 as text), 'Cambió el stock', cast(i % 50 as text), cast(i % 40 as text)
  from n`;

describe("'Actividad' reads stay bounded with 100,000 entries in the store", () => {
  const log: Recorded[] = [];
  let page = "setup";
  const s = createTestServices({ wrapClient: recording(log, () => page) });
  let m: Awaited<ReturnType<typeof signedInMerchant>>;
  let replay: Database.Database;

  beforeAll(async () => {
    m = await signedInMerchant(s, "standard", { timeZone: "America/Argentina/Buenos_Aires" });
    const other = await signedInMerchant(s, "standard");
    await s.db.run(historySql(m.store.id, s.clock.now(), ENTRIES));
    await s.db.run(historySql(other.store.id, s.clock.now(), 2_000));
    replay = new Database(s.dbPath, { readonly: true });
  }, 60_000);

  afterAll(() => replay?.close());

  async function open(name: string, module: RouteModule, path: string) {
    page = name;
    try {
      return await workspaceRequest(s, {
        module,
        cookie: m.cookie,
        method: "GET",
        path: `/Store/${m.store.id}${path}`,
        params: { storeId: m.store.id },
      });
    } finally {
      page = "setup";
    }
  }

  function overBudget(name: string) {
    const reads = log.filter((r) => r.page === name && /^\s*(select|with)\b/i.test(r.sql) && r.sql.includes("store_activity"));
    expect(reads.length).toBeGreaterThan(0);
    return reads
      .map((read, n) => replayedSteps(replay, read, `${name} ${n}`))
      .filter((r) => !(r.steps <= STEP_BUDGET + STEPS_PER_ROW * r.rows));
  }

  // Deep in the pages: the cursor of an entry about 90,000 back (the index walks from it, not from the newest).
  const deep = () => `${s.clock.now().getTime() - 90_000 * 300_000}-1`;
  const pages: [string, RouteModule, () => string][] = [
    ["the newest page", { loader: activityLoader }, () => "/actividad"],
    ["a page deep in the year", { loader: activityLoader }, () => `/actividad?antes=${deep()}`],
    ["one person", { loader: activityLoader }, () => "/actividad?persona=person-1"],
    ["a person with few changes", { loader: activityLoader }, () => "/actividad?persona=rare"],
    ["a rare kind", { loader: activityLoader }, () => "/actividad?tipo=sale"],
    ["a kind nobody's changes have", { loader: activityLoader }, () => "/actividad?tipo=look"],
    ["a person and a kind", { loader: activityLoader }, () => "/actividad?persona=person-2&tipo=sale"],
    ["a day long ago", { loader: activityLoader }, () => "/actividad?desde=2025-06-01&hasta=2025-06-01"],
    ["a kind in a month", { loader: activityLoader }, () => "/actividad?tipo=sale&desde=2025-09-01&hasta=2025-09-30"],
    ["the CSV of a kind", { loader: activityCsvLoader }, () => "/actividad.csv?tipo=sale"],
    ["the whole CSV", { loader: activityCsvLoader }, () => "/actividad.csv"],
  ];

  it.each(pages)("%s stays within the budget", async (name, module, path) => {
    const answer = await open(name, module, path());
    expect(answer.status).toBe(200);
    expect(overBudget(name)).toEqual([]);
  });
});
