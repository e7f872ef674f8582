import { expect, it } from "vitest";
import { migrateDatabase } from "../../server/migrate";
import { databaseBefore } from "../support/migrations";

/**
 * The statistics' tables (decision 0051): a visitor's key counts once a day in the source of their first visit (the
 * trigger), a key already there counts nothing, the counts stay when the keys are deleted, and sales keep a source.
 */
it("a database from before gets the daily counts, the visitor trigger and the sales' source", async () => {
  const client = await databaseBefore("0023");
  await client.batch([
    "insert into users (id, name, lastname, email, password_hash, created_at) values ('u1', 'Ana', 'Ruiz', 'a@correo.test', 'x', 1)",
    "insert into stores (id, owner_id, name, url, category, created_at, updated_at) values ('1234567890', 'u1', 'Tienda', 'tienda', 6, 1, 1)",
    `insert into sales (id, store_id, total, subtotal, currency, buyer_name, delivery, created_at)
       values ('1000000001', '1234567890', 100, 100, 'COP', 'Luis', 'pickup', 1)`,
  ]);
  await migrateDatabase(client, "migrations");
  expect((await client.execute("select source from sales")).rows[0]?.source).toBeNull();

  const visitor = (key: string, source: string, day = "2026-11-28") =>
    `insert or ignore into store_visitors_daily (store_id, day, visitor_key, source) values ('1234567890', '${day}', '${key}', '${source}')`;
  await client.batch([
    "insert into store_visits_daily (store_id, day, source, visits) values ('1234567890', '2026-11-28', 'instagram', 3)",
    visitor("a", "instagram"),
    visitor("a", "instagram"),
    visitor("a", "google"),
    visitor("b", "google"),
    visitor("a", "instagram", "2026-11-29"),
  ]);
  await client.execute("delete from store_visitors_daily");
  const rows = (await client.execute("select day, source, visits, visitors from store_visits_daily order by day, source")).rows;
  expect(rows.map((r) => [r.day, r.source, r.visits, r.visitors])).toEqual([
    ["2026-11-28", "google", 0, 1],
    ["2026-11-28", "instagram", 3, 1],
    ["2026-11-29", "instagram", 0, 1],
  ]);
  client.close();
});
