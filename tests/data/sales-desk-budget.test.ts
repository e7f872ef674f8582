import { sql } from "drizzle-orm";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALES_MAX_SHOWN } from "~/domain/sales";
import { loader as saleDetailLoader } from "~/sales/routes/sale-detail";
import { loader as salesCsvLoader } from "~/sales/routes/sales-csv";
import { loader as salesListLoader } from "~/sales/routes/sales-list";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";
import { type Recorded, recording, replayedSteps } from "../support/vm-steps";
import { type RouteModule, workspaceRequest } from "../support/workspace-request";

/**
 * The sales desk's work must not grow with the store (decision 0054). A store with 200,000 sales (made in SQL, in a
 * few seconds, through the same triggers as a real sale) and its desk run for real, the list, its views and filters,
 * the search by code and the search box: every read statement each page sends is replayed on a second connection and
 * SQLite's own count of virtual-machine steps for it (the sqlite_stmt table) is held to a budget that does not depend
 * on the store's size. A plan that walks the store's sales to filter them (1,000,000 steps here) fails; an index that
 * answers the statement takes a few hundred.
 */

const SALES = 200_000;
/** What any statement of the desk may cost, whatever the store's size. */
const STEP_BUDGET = 20_000;
/**
 * What each row a statement returns may add to it (a whole sale takes about 50 steps): the largest page ('Cargar
 * más' up to SALES_MAX_SHOWN) returns that many sales, a number bounded by the page, never by the store.
 */
const STEPS_PER_ROW = 60;

/**
 * The store's history, generated in one statement: a sale every 2.5 minutes up to the test clock's now (about a
 * year), most confirmed or cancelled, one in fifty pending, a mix of ways to pay, deliveries and payment states,
 * and a few paid online without stock (pending, and older ones already refunded and cancelled).
 */
const historySql = (storeId: string, now: Date, count: number, firstId: number) => sql`
  with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
  insert into sales (id, store_id, state, total, subtotal, currency, buyer_name, delivery, address, payment_method,
    payment_status, stock_state, created_at, closed_at)
  select
    cast(cast(${firstId} as integer) + i as text), ${storeId},
    case when i % 1000 = 7 then 'Cancelada' when i % 50 = 0 then 'Pendiente' when i % 10 = 3 then 'Cancelada' else 'Confirmada' end,
    1000 + i % 5000, 1000 + i % 5000, 'ARS', 'Cliente ' || i,
    case i % 3 when 0 then 'pickup' when 1 then 'delivery' else 'arrange' end,
    case i % 3 when 1 then 'Calle ' || i end,
    case i % 4 when 0 then 'on_delivery' when 1 then 'transfer' when 2 then 'cash' else 'online' end,
    case when i % 4 in (0, 2) then 'none' when i % 1000 = 7 then 'refunded' when i % 37 = 1 then 'pending'
      when i % 97 = 5 then 'rejected' else 'approved' end,
    case when i % 1000 = 7 then 'short' when i % 50 = 0 then 'held' when i % 10 = 3 then 'released' else 'taken' end,
    ${now.getTime()} - (${count} - i) * 150000,
    case when i % 50 = 0 then null else ${now.getTime()} - (${count} - i) * 150000 + 3600000 end
  from n`;

describe("the sales desk's budget of SQLite steps, with 200,000 sales in the store", () => {
  const log: Recorded[] = [];
  let page = "setup";
  const s = createTestServices({ wrapClient: recording(log, () => page) });
  let m: Awaited<ReturnType<typeof signedInMerchant>>;
  let replay: Database.Database;
  const paidWithoutStock = ["3000199950", "3000199100"];

  beforeAll(async () => {
    m = await signedInMerchant(s, "standard", { timeZone: "America/Argentina/Buenos_Aires" });
    const other = await signedInMerchant(s, "standard");
    const now = s.clock.now();
    await s.db.run(historySql(m.store.id, now, SALES, 3_000_000_000));
    await s.db.run(historySql(other.store.id, now, 2_000, 4_000_000_000));
    // Two recent orders paid online without stock, waiting for a refund: the desk lists them above the rest.
    await s.db.run(sql`update sales set state = 'Pendiente', stock_state = 'short', payment_status = 'approved',
      payment_method = 'online', closed_at = null where id in (${sql.join(paidWithoutStock, sql`, `)})`);
    replay = new Database(s.dbPath, { readonly: true });
  }, 60_000);

  afterAll(() => replay?.close());

  async function open(name: string, module: RouteModule, path: string, params: Record<string, string> = {}) {
    page = name;
    try {
      return await workspaceRequest(s, {
        module,
        cookie: m.cookie,
        method: "GET",
        path: `/Store/${m.store.id}${path}`,
        params: { storeId: m.store.id, ...params },
      });
    } finally {
      page = "setup";
    }
  }

  /** Each read statement of the page, with the rows it returned and its VM steps, replayed on the second connection. */
  function steps(name: string) {
    const reads = log.filter((r) => r.page === name && /^\s*(select|with)\b/i.test(r.sql));
    expect(reads.length).toBeGreaterThan(0);
    return reads.map((read, n) => replayedSteps(replay, read, `${name} ${n}`));
  }

  const overBudget = (name: string) => steps(name).filter((r) => !(r.steps <= STEP_BUDGET + STEPS_PER_ROW * r.rows));

  const code = "3000199990";
  const pages: [string, RouteModule, string, Record<string, string>?][] = [
    ["Últimas 20", { loader: salesListLoader }, "/sales"],
    ["Hoy", { loader: salesListLoader }, "/sales?view=today"],
    ["Cargar más", { loader: salesListLoader }, "/sales?limit=40"],
    ["Cargar más, to the last page", { loader: salesListLoader }, `/sales?limit=${SALES_MAX_SHOWN}`],
    ["Entrega and Pago filters", { loader: salesListLoader }, "/sales?delivery=pickup&payment=rejected"],
    ["Hoy, filtered", { loader: salesListLoader }, "/sales?view=today&payment=cash"],
    ["search by code", { loader: salesListLoader }, `/sales?code=${code}`],
    ["search by an unknown code", { loader: salesListLoader }, "/sales?code=1234567890"],
    ["search by a code, filtered", { loader: salesListLoader }, `/sales?code=${code}&delivery=arrange`],
    ["search box, a buyer's name", { loader: salesListLoader }, "/sales?q=Cliente%20199990"],
    ["search box, a word no sale has", { loader: salesListLoader }, "/sales?q=zzzzz"],
    ["search box, a phone", { loader: salesListLoader }, "/sales?q=11%204444%205678"],
    ["a sale opened", { loader: saleDetailLoader }, `/sales/${code}`, { saleId: code }],
    ["Exportar CSV", { loader: salesCsvLoader }, "/sales.csv"],
  ];

  it.each(pages)("%s stays within the budget", async (name, module, path, params) => {
    const answer = await open(name, module, path, params);
    expect(answer.status).toBe(200);
    expect(overBudget(name)).toEqual([]);
  });

  // A word in every sale ('Cliente' here) read every match before keeping the newest 20: 13,007,006 steps at 200,000
  // sales. The search now reads at most SEARCH_MATCHES_READ + 1 matches, and the page says when there were more.
  it("the search box with a word every sale has stays within the budget, and says it shows only some", async () => {
    const answer = await open("search box, a word every sale has", { loader: salesListLoader }, "/sales?q=Cliente");
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ tooManyMatches: true });
    expect((answer.data as { rows: unknown[] }).rows).toHaveLength(20);
    expect(overBudget("search box, a word every sale has")).toEqual([]);
  });

  it("lists the paid orders without stock first, from the store's 200,000 sales", async () => {
    const answer = await open("paid without stock", { loader: salesListLoader }, "/sales");
    const { unfilled } = answer.data as { unfilled: { id: string }[] };
    expect(unfilled.map((sale) => sale.id)).toEqual([...paidWithoutStock].reverse());
    expect(overBudget("paid without stock")).toEqual([]);
    const statement = log.find((r) => r.page === "paid without stock" && r.sql.includes(`"stock_state" = ?`));
    const plan = replay.prepare(`EXPLAIN QUERY PLAN ${statement?.sql}`).all(statement?.args as never) as { detail: string }[];
    expect(plan.map((step) => step.detail)).toEqual(["SEARCH sales USING INDEX sales_paid_without_stock_idx (store_id=?)"]);
  });
});
