import { expect, it } from "vitest";
import { migrateDatabase } from "../../server/migrate";
import { databaseBefore } from "../support/migrations";

/**
 * The order statistics' rollups (decision 0053) of a database from before: each sale's day in its store's zone at the
 * zone's standard offset (UTC for a zone of no store country), then the counted orders and lines summed per day, source
 * and product; the triggers made after count what comes next.
 */
it("a database from before gets each sale's day and the rollups of the orders it counts", async () => {
  const client = await databaseBefore("0029");
  const store = (id: string, url: string, zone: string) =>
    `insert into stores (id, owner_id, name, url, category, time_zone, created_at, updated_at) values ('${id}', 'u1', 'Tienda', '${url}', 6, '${zone}', 1, 1)`;
  const at = (iso: string) => Date.parse(iso);
  const sale = (id: string, storeId: string, iso: string, total: number, extra = "") => {
    const [columns, values] = extra ? extra.split("|") : ["", ""];
    return `insert into sales (id, store_id, total, subtotal, currency, buyer_name, delivery, created_at${columns}) values ('${id}', '${storeId}', ${total}, ${total}, 'COP', 'Luis', 'pickup', ${at(iso)}${values})`;
  };
  const line = (saleId: string, position: number, productId: string | null, name: string, quantity: number, price: number) =>
    `insert into sale_lines (sale_id, position, product_id, name, unit_price, quantity) values ('${saleId}', ${position}, ${productId ? `'${productId}'` : "null"}, '${name}', ${price}, ${quantity})`;
  await client.batch([
    "insert into users (id, name, lastname, email, password_hash, created_at) values ('u1', 'Ana', 'Ruiz', 'a@correo.test', 'x', 1)",
    store("1000000001", "bogota", "America/Bogota"),
    store("1000000002", "cordoba", "America/Argentina/Cordoba"),
    store("1000000003", "tokio", "Asia/Tokyo"),
    `insert into products (id, store_id, name, search_text, price, stock, created_at) values ('2000001', '1000000001', 'Pan', 'pan', 1000, 50, 1)`,
    // 04:30 UTC is still the 9th in Bogotá (−5), 02:30 UTC in Córdoba (−3); Tokyo's zone is no store country's: UTC.
    sale(
      "3000000001",
      "1000000001",
      "2026-03-10T04:30:00Z",
      3000,
      ", source, payment_status, payment_method|, 'instagram', 'approved', 'online'",
    ),
    line("3000000001", 0, "2000001", "Pan", 3, 1000),
    sale("3000000002", "1000000001", "2026-03-10T15:00:00Z", 2500, ", state|, 'Confirmada'"),
    line("3000000002", 0, "2000001", "Pan", 1, 1000),
    line("3000000002", 1, null, "Torta, Grande", 1, 1500),
    sale("3000000003", "1000000001", "2026-03-10T16:00:00Z", 1000, ", state|, 'Cancelada'"),
    line("3000000003", 0, "2000001", "Pan", 1, 1000),
    sale("3000000004", "1000000001", "2026-03-10T17:00:00Z", 1000, ", draft|, 1"),
    line("3000000004", 0, "2000001", "Pan", 1, 1000),
    sale("3000000005", "1000000002", "2026-03-10T02:30:00Z", 700),
    sale("3000000006", "1000000003", "2026-03-10T20:30:00Z", 900),
  ]);
  await migrateDatabase(client, "migrations");
  const rows = async (sql: string) => (await client.execute(sql)).rows.map((r) => Object.values(r));
  expect(await rows("select id, day from sales order by id")).toEqual([
    ["3000000001", "2026-03-09"],
    ["3000000002", "2026-03-10"],
    ["3000000003", "2026-03-10"],
    ["3000000004", "2026-03-10"],
    ["3000000005", "2026-03-09"],
    ["3000000006", "2026-03-10"],
  ]);
  expect(
    await rows("select store_id, day, source, orders, revenue, paid from store_orders_daily order by store_id, day"),
  ).toEqual([
    ["1000000001", "2026-03-09", "instagram", 1, 3000, 1],
    ["1000000001", "2026-03-10", "", 1, 2500, 1],
    ["1000000002", "2026-03-09", "", 1, 700, 0],
    ["1000000003", "2026-03-10", "", 1, 900, 0],
  ]);
  expect(
    await rows("select day, product_id, units, revenue, name from store_product_sales_daily order by day, product_id"),
  ).toEqual([
    ["2026-03-09", "2000001", 3, 3000, "Pan"],
    ["2026-03-10", "", 1, 1500, "Torta, Grande"],
    ["2026-03-10", "2000001", 1, 1000, "Pan"],
  ]);
  expect(await rows("select month, product_id, units, revenue from store_product_sales_monthly order by product_id")).toEqual([
    ["2026-03", "", 1, 1500],
    ["2026-03", "2000001", 4, 4000],
  ]);

  // From now on the triggers count: the draft confirmed, the instagram order cancelled.
  await client.batch([
    "update sales set draft = 0 where id = '3000000004'",
    "update sales set state = 'Cancelada' where id = '3000000001'",
  ]);
  expect(
    await rows("select day, source, orders, revenue, paid from store_orders_daily where store_id = '1000000001' order by day"),
  ).toEqual([
    ["2026-03-09", "instagram", 0, 0, 0],
    ["2026-03-10", "", 2, 3500, 1],
  ]);
  expect(await rows("select month, product_id, units, revenue from store_product_sales_monthly order by product_id")).toEqual([
    ["2026-03", "", 1, 1500],
    ["2026-03", "2000001", 2, 2000],
  ]);
  client.close();
});
