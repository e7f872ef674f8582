// Guessing a store's discount codes, on the built Node server from distinct loopback addresses: failed
// entries are throttled per address and per store, and a shopper's few typos never cost them the code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_GUESS_LIMITS } from "~/discounts/code-guessing.server";
import { shownAmounts } from "../support/shown-amounts";
import { CookieJar, FORM, form, type RunningServer, send, startServer } from "./server";

let server: RunningServer;
let product: { id: string; price: number };
let pickupPoint: string;

beforeAll(async () => {
  server = await startServer();
  const db = server.db();
  const [row] = (
    await db.execute(
      "select products.id, products.price, stores.id as store_id from products join stores on stores.id = products.store_id where url = 'demo' and stock > 0 limit 1",
    )
  ).rows;
  product = { id: String(row?.id), price: Number(row?.price) };
  const [point] = (await db.execute({ sql: "select id from pickup_points where store_id = ?", args: [String(row?.store_id)] }))
    .rows;
  pickupPoint = String(point?.id ?? "");
  await db.execute({
    sql: "insert into discount_codes (store_id, code, code_key, kind, value, created_at) values (?, 'Verano25', 'VERANO25', 'percent', 25, ?)",
    args: [String(row?.store_id), Date.now()],
  });
}, 90_000);
afterAll(() => server?.stop());

/** A shopper on `from` with the product in the cart. */
async function shopper(from: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const added = jar.take(
    await send(server, "/site/demo/Cart", {
      from,
      headers: FORM,
      body: form({ intent: "add", productId: product.id, quantity: "1" }),
    }),
  );
  expect(added.status).toBe(303);
  return jar;
}

const enter = (jar: CookieJar, from: string, code: string) =>
  send(server, "/site/demo/Cart", { from, headers: { ...FORM, Cookie: jar.header }, body: form({ intent: "code", code }) }).then(
    (reply) => jar.take(reply),
  );

describe("discount codes cannot be guessed", () => {
  it(`${CODE_GUESS_LIMITS.perAddress.max} wrong codes stop that address (429, in Spanish, with when to try again); others are unaffected`, async () => {
    const jar = await shopper("127.0.0.21");
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) answers.push((await enter(jar, "127.0.0.21", `PRUEBA${i}`)).status);
    expect(answers.slice(0, CODE_GUESS_LIMITS.perAddress.max)).toEqual(Array(CODE_GUESS_LIMITS.perAddress.max).fill(422));
    expect(new Set(answers.slice(CODE_GUESS_LIMITS.perAddress.max))).toEqual(new Set([429]));
    // Blocked, even the right code is not looked at: the answer tells nothing.
    const right = await enter(jar, "127.0.0.21", "verano25");
    expect(right.status).toBe(429);
    expect(right.body).toMatch(/Demasiados códigos incorrectos: vuelve a intentarlo en \d+ minutos?/);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);

    // The checkout and a cookie set by hand meet the same wall.
    const checkout = await send(server, "/site/demo/Checkout", {
      from: "127.0.0.21",
      headers: { ...FORM, Cookie: jar.header },
      body: form({
        idempotencyKey: `pedido-${crypto.randomUUID()}`,
        buyerName: "Ana",
        delivery: "pickup",
        pickupPoint,
        buyerPhone: "3001234567",
        line: `${product.id}:1`,
        discountCode: "VERANO25",
        ...shownAmounts({ subtotal: product.price }),
      }),
    });
    expect(checkout.status).toBe(429);
    const cart = await send(server, "/site/demo/Cart", {
      from: "127.0.0.21",
      headers: { Cookie: `${jar.header}; codigo=VERANO25` },
    });
    expect(cart.body).toContain("Demasiados códigos incorrectos");
    expect(cart.body).not.toContain("Descuento (Verano25)");

    // Another shopper behind another address applies the code at once.
    const other = await shopper("127.0.0.22");
    expect((await enter(other, "127.0.0.22", "verano25")).status).toBe(303);
  }, 60_000);

  it("a shopper's few typos, then the right code: applied", async () => {
    const jar = await shopper("127.0.0.23");
    for (const typo of ["VERAN025", "VERANO52", "VERNO25"]) expect((await enter(jar, "127.0.0.23", typo)).status).toBe(422);
    const applied = await enter(jar, "127.0.0.23", " Verano25 ");
    expect(applied.status).toBe(303);
    const cart = await send(server, "/site/demo/Cart", { from: "127.0.0.23", headers: { Cookie: jar.header } });
    expect(cart.body).toContain("Descuento (Verano25)");
  });

  it("codes guessed from many addresses stop at the store's limit; the block lifts with the window", async () => {
    const { perAddress, perStore } = CODE_GUESS_LIMITS;
    // The wrong codes of the tests above count for the store already.
    const [counted] = (await server.db().execute("select count from attempt_counters where key like 'codigo:tienda:%'")).rows;
    let failures = Number(counted?.count ?? 0);
    expect(failures).toBeGreaterThan(0);
    for (let host = 40; failures < perStore.max; host++) {
      const from = `127.0.0.${host}`;
      const jar = await shopper(from);
      for (let i = 0; i < perAddress.max - 1 && failures < perStore.max; i++, failures++) {
        expect((await enter(jar, from, `OTRO${host}X${i}`)).status).toBe(422);
      }
    }
    const late = await shopper("127.0.0.250");
    const blocked = await enter(late, "127.0.0.250", "VERANO25");
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain("Demasiados códigos incorrectos");
    // Other stores' codes are not affected, nor are orders without a code.
    const order = await send(server, "/site/demo/Checkout", { from: "127.0.0.250", headers: { Cookie: late.header } });
    expect(order.status).toBe(200);
    // The window passes: the store's codes answer again.
    await server.db().execute({
      sql: "update attempt_counters set window_started_at = window_started_at - ? where key like 'codigo:%'",
      args: [perStore.windowMs],
    });
    expect((await enter(late, "127.0.0.250", "VERANO25")).status).toBe(303);
  }, 120_000);

  it("codes arriving by link (?codigo=) meet the same wall: counted, then not looked at, for the cart's 'Aplicar' too", async () => {
    const from = "127.0.0.252";
    for (let i = 0; i < CODE_GUESS_LIMITS.perAddress.max; i++) {
      const link = await send(server, `/site/demo/Store?codigo=ENLACE${i}&ref=instagram`, { from });
      expect(link.status).toBe(303);
      expect(link.headers.location).toBe("/site/demo/Store?ref=instagram");
      expect(link.cookies.some((c) => c.startsWith("codigo="))).toBe(false);
    }
    const jar = new CookieJar();
    const right = jar.take(await send(server, "/site/demo/?codigo=verano25", { from }));
    expect(right.status).toBe(303);
    expect(right.cookies.some((c) => c.startsWith("codigo="))).toBe(false);
    const landing = jar.take(await send(server, "/site/demo/", { from, headers: { Cookie: jar.header } }));
    expect(landing.status).toBe(200);
    expect(landing.body).toMatch(/Demasiados códigos incorrectos: vuelve a intentarlo en \d+ minutos?/);
    expect(landing.headers["cache-control"]).toBe("private, no-store");
    expect((await enter(await shopper(from), from, "VERANO25")).status).toBe(429);

    // Another shopper's link applies it: the cart says so, and keeps it.
    const other = new CookieJar();
    const link = other.take(await send(server, "/site/demo/Cart?codigo=verano25", { from: "127.0.0.253" }));
    expect(link.headers.location).toBe("/site/demo/Cart");
    const cart = await send(server, "/site/demo/Cart", { from: "127.0.0.253", headers: { Cookie: other.header } });
    expect(cart.body).toContain("Código Verano25 aplicado: 25 % de descuento");
    expect(other.header).toContain("codigo=VERANO25");
  }, 60_000);
});
