import { expect, it } from "vitest";
import { UNPAID_ORDER_LIMITS } from "~/domain/limits";
import { migrateDatabase } from "../../server/migrate";
import { databaseBefore } from "../support/migrations";

const DAY = 86_400_000;

/**
 * The migration that gives every way to pay a hold: pending orders that held their units until the merchant acted (paid
 * as arranged, in cash, or a transfer whose receipt stopped its hold) hold them a day from the migration, a receipt
 * counts as the one extension, and the triggers refuse a browser's order past the limit (their numbers are the domain's).
 */
it("endless holds of a database from before get a day; the limits' triggers hold the domain's numbers", async () => {
  const client = await databaseBefore("0022");
  await client.batch([
    "insert into users (id, name, lastname, email, password_hash, created_at) values ('u1', 'Ana', 'Ruiz', 'a@correo.test', 'x', 1)",
    "insert into stores (id, owner_id, name, url, category, created_at, updated_at) values ('1234567890', 'u1', 'Tienda', 'tienda', 6, 1, 1)",
    ...[
      // id, state, payment method, payment status, stock state, reserved until, receipt at, draft
      ["1000000001", "Pendiente", "cash", "none", "held", null, null, 0],
      ["1000000002", "Pendiente", "transfer", "pending", "held", null, 5, 0],
      ["1000000003", "Pendiente", "online", "pending", "held", 7, null, 0],
      ["1000000004", "Pendiente", "online", "approved", "held", null, null, 0],
      ["1000000005", "Confirmada", "on_delivery", "none", "taken", null, null, 0],
      ["1000000006", "Pendiente", "on_delivery", "none", "held", 9, null, 1],
    ].map(
      ([id, state, method, status, stock, until, receipt, draft]) =>
        `insert into sales (id, store_id, state, total, subtotal, currency, buyer_name, delivery, payment_method, payment_status, stock_state, reserved_until, receipt_at, draft, created_at)
           values ('${id}', '1234567890', '${state}', 100, 100, 'COP', 'Luis', 'pickup', '${method}', '${status}', '${stock}', ${until}, ${receipt}, ${draft}, 1)`,
    ),
  ]);

  const before = Date.now();
  await migrateDatabase(client, "migrations");
  const after = Date.now();
  const rows = (await client.execute("select id, reserved_until, hold_extended_at from sales order by id")).rows;
  const until = (id: string) => rows.find((r) => r.id === id)?.reserved_until as number | null;
  for (const id of ["1000000001", "1000000002"]) {
    expect(until(id)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + DAY);
    expect(until(id)).toBeLessThanOrEqual(after + DAY);
  }
  // An online hold keeps its time, a paid order and a closed one hold nothing to end, a draft keeps its own.
  expect([until("1000000003"), until("1000000004"), until("1000000005"), until("1000000006")]).toEqual([7, null, null, 9]);
  expect(rows.find((r) => r.id === "1000000002")?.hold_extended_at).toBe(5);

  const place = (id: string, cookie: string, address: string) =>
    client.execute({
      sql: `insert into sales (id, store_id, total, subtotal, currency, buyer_name, delivery, client_address_key, client_cookie_key, created_at)
              values (?, '1234567890', 100, 100, 'COP', 'Eva', 'pickup', ?, ?, 10)`,
      args: [id, address, cookie],
    });
  for (let i = 0; i < UNPAID_ORDER_LIMITS.perBrowser; i++) await place(`200000000${i}`, "navegador", `address-${i}`);
  await expect(place("2000000009", "navegador", "otra")).rejects.toThrow(/sales_unpaid_per_client/);
  for (let i = 0; i < UNPAID_ORDER_LIMITS.perAddress; i++) await place(`30000000${10 + i}`, `navegador-${i}`, "address");
  await expect(place("3000000099", "otro", "address")).rejects.toThrow(/sales_unpaid_per_client/);
  for (let i = UNPAID_ORDER_LIMITS.perBrowser + UNPAID_ORDER_LIMITS.perAddress; i < UNPAID_ORDER_LIMITS.perStorePerHour; i++)
    await place(`40000000${10 + i}`, `otro-${i}`, `otra-${i}`);
  await expect(place("4000000099", "uno-mas", "una-mas")).rejects.toThrow(/sales_unpaid_per_store/);
  client.close();
});
