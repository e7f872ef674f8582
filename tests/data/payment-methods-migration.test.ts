import { expect, it } from "vitest";
import { migrateDatabase } from "../../server/migrate";
import { databaseBefore } from "../support/migrations";

/**
 * The migration that adds the payment adjustment rebuilds the sales table (its CHECKs change): a database from
 * before keeps every sale and every line, each sale with no adjustment, and the new rules hold from then on.
 */
it("a database from before manual payment methods keeps its sales and their lines", async () => {
  const client = await databaseBefore("0012");
  await client.batch([
    "insert into users (id, name, lastname, email, password_hash, created_at) values ('u1', 'Ana', 'Ruiz', 'a@correo.test', 'x', 1)",
    "insert into stores (id, owner_id, name, url, category, created_at, updated_at) values ('1234567890', 'u1', 'Tienda', 'tienda', 6, 1, 1)",
    `insert into sales (id, store_id, total, subtotal, discount, delivery_fee, currency, buyer_name, delivery, created_at, payment_method, payment_status)
       values ('1000000001', '1234567890', 9000, 10000, 1000, 0, 'COP', 'Luis', 'pickup', 1, 'on_delivery', 'none'),
              ('1000000002', '1234567890', 5000, 5000, 0, 0, 'COP', 'Eva', 'pickup', 2, 'online', 'approved')`,
    `insert into sale_lines (sale_id, position, name, unit_price, quantity)
       values ('1000000001', 0, 'Café', 5000, 2), ('1000000002', 0, 'Té', 5000, 1)`,
  ]);

  await migrateDatabase(client, "migrations");
  const saved = await client.execute("select id, total, payment_adjustment from sales order by id");
  expect(saved.rows.map((r) => [r.id, r.total, r.payment_adjustment])).toEqual([
    ["1000000001", 9000, 0],
    ["1000000002", 5000, 0],
  ]);
  const lines = await client.execute("select sale_id, name, quantity from sale_lines order by sale_id");
  expect(lines.rows.map((r) => [r.sale_id, r.name, r.quantity])).toEqual([
    ["1000000001", "Café", 2],
    ["1000000002", "Té", 1],
  ]);
  // The rebuilt table keeps its rules: the total adds the adjustment up, a cash sale has no payment state.
  const insert = (total: number, adjustment: number, method: string, status: string) =>
    client.execute({
      sql: `insert into sales (id, store_id, total, subtotal, discount, payment_adjustment, delivery_fee, currency, buyer_name, delivery, created_at, payment_method, payment_status)
              values (?, '1234567890', ?, 10000, 0, ?, 0, 'COP', 'Eva', 'pickup', 3, ?, ?)`,
      args: [String(2000000000 + Math.floor(Math.random() * 1e6)), total, adjustment, method, status],
    });
  await expect(insert(9000, -1000, "transfer", "none")).resolves.toBeDefined();
  await expect(insert(10000, -1000, "transfer", "none")).rejects.toThrow(/sales_total_adds_up/);
  await expect(insert(9000, -1000, "transfer", "pending")).resolves.toBeDefined();
  await expect(insert(9000, -1000, "transfer", "refunded")).rejects.toThrow(/sales_payment_status_for_method/);
  await expect(insert(10500, 500, "cash", "pending")).rejects.toThrow(/sales_payment_status_for_method/);
  await expect(insert(10000, 0, "online", "none")).rejects.toThrow(/sales_payment_status_for_method/);
  const fk = await client.execute("pragma foreign_key_check");
  expect(fk.rows).toEqual([]);
  client.close();
});
