import { expect, it } from "vitest";
import { migrateDatabase } from "../../server/migrate";
import { databaseBefore } from "../support/migrations";

/**
 * The migration that adds drafts rebuilds the sales table (the delivery CHECK changes): a database from before keeps
 * every sale, its lines and its customer, none of them a draft, and only a draft may wait for its address.
 */
it("a database from before drafts keeps its sales, lines and customers", async () => {
  const client = await databaseBefore("0014");
  await client.batch([
    "insert into users (id, name, lastname, email, password_hash, created_at) values ('u1', 'Ana', 'Ruiz', 'a@correo.test', 'x', 1)",
    "insert into stores (id, owner_id, name, url, category, created_at, updated_at) values ('1234567890', 'u1', 'Tienda', 'tienda', 6, 1, 1)",
    "insert into customers (id, store_id, name, phone, created_at, updated_at) values (7, '1234567890', 'Luis', '573001112233', 1, 1)",
    `insert into sales (id, store_id, total, subtotal, discount, delivery_fee, currency, buyer_name, delivery, address, created_at, customer_id)
       values ('1000000001', '1234567890', 9000, 10000, 1000, 0, 'COP', 'Luis', 'delivery', 'Calle 1', 1, 7)`,
    "insert into sale_lines (sale_id, position, name, unit_price, quantity) values ('1000000001', 0, 'Café', 5000, 2)",
  ]);

  await migrateDatabase(client, "migrations");
  const saved = await client.execute("select id, total, address, customer_id, draft from sales");
  expect(saved.rows.map((r) => [r.id, r.total, r.address, r.customer_id, r.draft])).toEqual([
    ["1000000001", 9000, "Calle 1", 7, 0],
  ]);
  const lines = await client.execute("select sale_id, name, quantity from sale_lines");
  expect(lines.rows.map((r) => [r.sale_id, r.name, r.quantity])).toEqual([["1000000001", "Café", 2]]);
  const insert = (id: string, draft: number) =>
    client.execute({
      sql: `insert into sales (id, store_id, total, subtotal, currency, buyer_name, delivery, created_at, draft)
              values (?, '1234567890', 5000, 5000, 'COP', 'Eva', 'delivery', 3, ?)`,
      args: [id, draft],
    });
  await expect(insert("1000000002", 1)).resolves.toBeDefined();
  await expect(insert("1000000003", 0)).rejects.toThrow(/sales_address_for_delivery/);
  // A deleted customer still leaves their orders without one.
  await client.execute("delete from customers where id = 7");
  expect((await client.execute("select customer_id from sales where id = '1000000001'")).rows[0]?.customer_id).toBeNull();
  expect((await client.execute("pragma foreign_key_check")).rows).toEqual([]);
  client.close();
});
