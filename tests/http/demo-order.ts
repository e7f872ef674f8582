import { expect } from "vitest";
import { shownAmounts } from "../support/shown-amounts";
import { CookieJar, FORM, form, type Reply, type RunningServer, send } from "./server";

/** An order placed in the demo store as a shopper places it (cart, then checkout); its code, token and the checkout's answer. */
export async function placeDemoOrder(
  server: RunningServer,
  fields: Record<string, string> = {},
): Promise<{ code: string; token: string; checkout: Reply }> {
  const db = server.db();
  const [product] = (
    await db.execute(
      "select products.id, products.price from products join stores on stores.id = products.store_id where url = 'demo' and stock > 0 limit 1",
    )
  ).rows;
  const [point] = (
    await db.execute(
      "select pickup_points.id from pickup_points join stores on stores.id = pickup_points.store_id where url = 'demo'",
    )
  ).rows;
  const cart = new CookieJar();
  cart.take(
    await send(server, "/site/demo/Cart", {
      headers: FORM,
      body: form({ intent: "add", productId: String(product?.id), quantity: "1" }),
    }),
  );
  const key = `pedido-${crypto.randomUUID()}`;
  const checkout = await send(server, "/site/demo/Checkout", {
    headers: { ...FORM, Cookie: cart.header },
    body: form({
      idempotencyKey: key,
      buyerName: "Ana Compradora",
      delivery: "pickup",
      pickupPoint: String(point?.id ?? ""),
      buyerPhone: "3001234567",
      line: `${product?.id}:1`,
      ...shownAmounts({ subtotal: Number(product?.price) }),
      ...fields,
    }),
  });
  expect(checkout.status).toBe(303);
  const [sale] = (
    await db.execute({
      sql: "select sales.id, access_token from idempotency_keys join sales on sales.id = idempotency_keys.sale_id where key = ?",
      args: [key],
    })
  ).rows;
  return { code: String(sale?.id), token: String(sale?.access_token), checkout };
}
