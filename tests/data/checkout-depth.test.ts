import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { methodOff } from "~/domain/payment-methods";
import { completeLinking, startLinking } from "~/online-payments/store-accounts.server";
import { orderPageUrl } from "~/orders/order-links";
import { runOrderUpkeep } from "~/orders/order-upkeep.server";
import { RECEIPT_MAX_BYTES, RECEIPT_MESSAGES } from "~/orders/receipts";
import { changeSale, reviewTransferReceipt } from "~/orders/sale-changes.server";
import { savePaymentMethod } from "~/payment-methods/payment-methods.server";
import { createProduct, insertProduct } from "~/products/products.server";
import { listVariants } from "~/products/variants.server";
import type { Services } from "~/services/services";
import { action as checkoutAction, loader as checkoutLoader } from "~/site/routes/checkout";
import { action as orderAction, loader as orderLoader } from "~/site/routes/order-page";
import { planLimits } from "~/workspace/plan-limits.server";
import { deliveryZones, discountCodes, pickupPoints, sales, stores } from "../../db/schema";
import { checkoutForm } from "../support/checkout";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { anotherProcess } from "./sales-fixtures";

const es = translatorFor("es");

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
type Reply = Response & { data?: { errors?: Record<string, string> } & Record<string, unknown>; init?: ResponseInit | null };

async function settle(promise: Promise<unknown>): Promise<Reply> {
  try {
    return (await promise) as Reply;
  } catch (thrown) {
    return thrown as Reply;
  }
}
const statusOf = (r: Reply) => r.init?.status ?? r.status ?? 200;
const locationOf = (r: Reply) => new Headers(r.init?.headers ?? r.headers).get("Location") ?? r.headers?.get?.("Location") ?? "";

/** A store in CLP (no decimals) with a 20.000 product, two zones and a pickup point. */
async function shop(s: S) {
  const url = `zonas-${crypto.randomUUID().slice(0, 8)}`;
  const m = await merchantWithStore(s, "standard", { name: "Zonas", url, currency: "CLP", saleNumber: "573001112233" });
  const product = await insertProduct(s.db, { storeId: m.store.id, name: "Mochila", price: 20_000, stock: 100 }, s.clock.now());
  const [centro, norte] = await s.db
    .insert(deliveryZones)
    .values([
      { storeId: m.store.id, position: 0, name: "Centro", fee: 3_000, minOrder: null, freeFrom: null },
      { storeId: m.store.id, position: 1, name: "Norte", fee: 7_000, minOrder: 30_000, freeFrom: 100_000 },
    ])
    .returning();
  const [point] = await s.db
    .insert(pickupPoints)
    .values({ storeId: m.store.id, position: 0, name: "Local", address: "Calle 5", hours: "9 a 18 h" })
    .returning();
  if (!centro || !norte || !point) throw new Error("fixtures");
  return { ...m, url, product, centro, norte, point };
}

async function addCode(s: S, storeId: string, fields: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await s.db
    .insert(discountCodes)
    .values({
      storeId,
      code: "Bienvenida",
      codeKey: "BIENVENIDA",
      kind: "percent",
      value: 10,
      createdAt: s.clock.now(),
      ...fields,
    })
    .returning();
  if (!row) throw new Error("code");
  return row;
}

/** The checkout form as a browser sends it, with the amounts its page showed (tests/support/checkout.ts). */
const order = (fields: Record<string, string>, lines: string[]) => checkoutForm(lines, fields);

const post = (s: Services, url: string, form: URLSearchParams) =>
  settle(checkoutAction(siteArgs(s, url, "/Checkout", { method: "POST", body: form }) as never));

const orderPage = (s: Services, url: string, code: string, query: string, init: { method?: string; body?: BodyInit } = {}) =>
  settle(
    (init.method === "POST" ? orderAction : orderLoader)(
      siteArgs(s, url, `/Order/${code}${query}`, { ...init, params: { code } }) as never,
    ),
  );

describe("checkout with delivery zones and discount codes", () => {
  it("charges the chosen zone's fee on the subtotal after the code, and saves every amount on the sale", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await addCode(s, m.store.id);
    // 2 × 20.000 = 40.000; 10 % off = 4.000; Norte charges 7.000 below 100.000: 43.000.
    const form = order(
      {
        delivery: "delivery",
        zone: String(m.norte.id),
        address: "Calle 1",
        discountCode: "bienvenida",
        buyerEmail: "Lucia@Correo.test",
        shownSubtotal: "40000",
        shownDiscount: "4000",
        [`fee-${m.norte.id}`]: "7000",
      },
      [`${m.product.id}:2`],
    );
    const placed = await post(s, m.url, form);
    expect(statusOf(placed)).toBe(303);
    const text = new URL(locationOf(placed)).searchParams.get("text") ?? "";
    expect(text).toContain(
      "Subtotal: 40.000\u00a0CLP\nDescuento (Bienvenida): −4.000\u00a0CLP\nEnvío (Norte): 7.000\u00a0CLP\nTotal: 43.000\u00a0CLP",
    );
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    expect(sale).toMatchObject({
      subtotal: 40_000,
      discount: 4_000,
      discountCode: "Bienvenida",
      deliveryFee: 7_000,
      total: 43_000,
      delivery: "delivery",
      deliveryZone: "Norte",
      address: "Calle 1",
      buyerEmail: "lucia@correo.test",
      paymentMethod: "on_delivery",
      paymentStatus: "none",
    });
    // The order page's link (and its secret) stays out of the WhatsApp address.
    expect(text).not.toContain(sale?.accessToken ?? "-");
    expect(text).not.toContain(orderPageUrl(s.config, m.url, sale?.id ?? "", sale?.accessToken ?? ""));
    expect(sale?.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [code] = await s.db.select().from(discountCodes).where(eq(discountCodes.storeId, m.store.id));
    expect(code?.uses).toBe(1);
    // The same form again: the same sale, the code counted once.
    expect(statusOf(await post(s, m.url, form))).toBe(303);
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(1);
    expect((await s.db.select().from(discountCodes).where(eq(discountCodes.storeId, m.store.id)))[0]?.uses).toBe(1);
  });

  it("refuses an unknown zone, a missing address, another store's zone, a pickup point not chosen, with 4xx and nothing saved", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const other = await shop(s);
    const line = [`${m.product.id}:1`];
    const shown = { shownSubtotal: "20000", shownDiscount: "0" };
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ delivery: "delivery", address: "Calle 1", zone: "999999" }, "zone", "Elige tu zona de envío"],
      [{ delivery: "delivery", address: "Calle 1", zone: String(other.centro.id) }, "zone", "Elige tu zona de envío"],
      [{ delivery: "delivery", zone: String(m.centro.id) }, "address", "Escribe la dirección de entrega"],
      [{ delivery: "pickup" }, "pickupPoint", "Elige dónde retirar tu pedido"],
      [{ delivery: "pickup", pickupPoint: String(other.point.id) }, "pickupPoint", "Elige dónde retirar tu pedido"],
      // 'A coordinar' is off in a new store.
      [{ delivery: "arrange" }, "delivery", "Elige cómo quieres recibir tu pedido"],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await post(s, m.url, order({ ...shown, ...fields }, line));
      expect(statusOf(refused)).toBe(400);
      expect(refused.data?.errors?.[field]).toBe(message);
    }
    // Below the zone's minimum (Norte: 30.000).
    const below = await post(
      s,
      m.url,
      order(
        { ...shown, delivery: "delivery", address: "Calle 1", zone: String(m.norte.id), [`fee-${m.norte.id}`]: "7000" },
        line,
      ),
    );
    expect(statusOf(below)).toBe(409);
    expect(below.data?.errors?.zone).toMatch(/^Esta zona recibe pedidos desde 30\.000/);
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(0);
  });

  it("tells what changed when the fee, the price or the code changed since the buyer saw them, and charges nothing", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const line = [`${m.product.id}:1`];
    const delivery = { delivery: "delivery", address: "Calle 1", zone: String(m.centro.id) };
    // Shown: the fee 3.000; now 5.000.
    await s.db.update(deliveryZones).set({ fee: 5_000 }).where(eq(deliveryZones.id, m.centro.id));
    const feeChanged = await post(
      s,
      m.url,
      order({ ...delivery, shownSubtotal: "20000", shownDiscount: "0", [`fee-${m.centro.id}`]: "3000" }, line),
    );
    expect(statusOf(feeChanged)).toBe(409);
    expect(feeChanged.data?.errors?.form).toBe(
      "Tu pedido cambió desde que lo viste (el envío: ahora 5.000\u00a0CLP, antes 3.000\u00a0CLP; el total: ahora 25.000\u00a0CLP, antes 23.000\u00a0CLP). Revisa el total y vuelve a enviarlo.",
    );
    // A forged lower subtotal is a change too, never a price.
    const tampered = await post(
      s,
      m.url,
      order({ ...delivery, shownSubtotal: "1", shownDiscount: "0", [`fee-${m.centro.id}`]: "5000" }, line),
    );
    expect(statusOf(tampered)).toBe(409);
    expect(tampered.data?.errors?.form).toContain("los productos: ahora 20.000\u00a0CLP, antes 1\u00a0CLP");
    // A code that ran out since the cart: its own message.
    await addCode(s, m.store.id, { maxUses: 1, uses: 1 });
    const exhausted = await post(
      s,
      m.url,
      order(
        {
          ...delivery,
          discountCode: "BIENVENIDA",
          shownSubtotal: "20000",
          shownDiscount: "2000",
          [`fee-${m.centro.id}`]: "5000",
        },
        line,
      ),
    );
    expect(statusOf(exhausted)).toBe(409);
    expect(exhausted.data?.errors?.form).toBe("Este código de descuento ya se agotó");
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(0);
  });

  it("20 simultaneous checkouts with a 5-use code: exactly 5 sales carry it, the others are refused and save nothing", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const m = await shop(s);
    await addCode(s, m.store.id, { maxUses: 5 });
    const clients = await Promise.all(Array.from({ length: 20 }, () => anotherProcess(s)));
    const replies = await Promise.all(
      clients.map((c, i) =>
        post(
          c,
          m.url,
          order(
            {
              buyerName: `C${i}`,
              pickupPoint: String(m.point.id),
              discountCode: "bienvenida",
              shownSubtotal: "20000",
              shownDiscount: "2000",
            },
            [`${m.product.id}:1`],
          ),
        ),
      ),
    );
    expect(replies.filter((r) => statusOf(r) === 303)).toHaveLength(5);
    for (const refused of replies.filter((r) => statusOf(r) !== 303)) {
      expect(statusOf(refused)).toBe(409);
      expect(refused.data?.errors?.form).toBe("Este código de descuento ya se agotó");
    }
    const saved = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    expect(saved).toHaveLength(5);
    expect(saved.every((sale) => sale.discountCode === "Bienvenida" && sale.discount === 2_000 && sale.total === 18_000)).toBe(
      true,
    );
    const [code] = await s.db.select().from(discountCodes).where(eq(discountCodes.storeId, m.store.id));
    expect(code?.uses).toBe(5);
  });
});

describe("the buyer's order page and online payment", () => {
  async function placedOrder(s: S, m: Awaited<ReturnType<typeof shop>>, extra: Record<string, string> = {}) {
    const reply = await post(
      s,
      m.url,
      order({ pickupPoint: String(m.point.id), shownSubtotal: "20000", shownDiscount: "0", ...extra }, [`${m.product.id}:1`]),
    );
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    if (!sale) throw new Error(`no sale (${statusOf(reply)})`);
    return { reply, sale };
  }
  it("opens only with the sale's token, within its store", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const other = await shop(s);
    const { sale } = await placedOrder(s, m);
    const shown = await orderPage(s, m.url, sale.id, `?t=${sale.accessToken}`);
    expect(statusOf(shown)).toBe(200);
    expect(shown.data).toMatchObject({
      code: sale.id,
      state: "Pendiente",
      total: "20.000\u00a0CLP",
      delivery: "Retiro en tienda — Local — Calle 5 (9 a 18 h)",
      paymentStatus: "none",
      canPay: false,
    });
    expect(new Headers(shown.init?.headers).get("Referrer-Policy")).toBe("no-referrer");
    for (const [url, query] of [
      [m.url, ""],
      [m.url, "?t=wrong-token-wrong-token-wrong-tok"],
      [m.url, `?t=${sale.accessToken.slice(0, -1)}`],
      [other.url, `?t=${sale.accessToken}`],
    ] as const) {
      expect(statusOf(await orderPage(s, url, sale.id, query))).toBe(404);
    }
  });

  it("an online order goes to the store's payment and counts only what the provider confirms; a rejection offers 'Pagar ahora'", async () => {
    const s = createTestServices();
    const m = await shop(s);
    // Not linked: paying online is refused.
    const unlinked = await post(
      s,
      m.url,
      order({ pickupPoint: String(m.point.id), shownSubtotal: "20000", shownDiscount: "0", payment: "online" }, [
        `${m.product.id}:1`,
      ]),
    );
    expect(statusOf(unlinked)).toBe(409);
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(0);

    const { url, nonce } = await startLinking(s, m.store.id, m.id);
    const state = new URL(url).searchParams.get("state") ?? "";
    await completeLinking(s, TEST_ACTOR, m.id, state, `SBX-777000111-${crypto.randomUUID().replaceAll("-", "")}`, nonce);
    const { reply, sale } = await placedOrder(s, m, { payment: "online" });
    expect(statusOf(reply)).toBe(303);
    const pay = new URL(locationOf(reply));
    expect(pay.pathname).toMatch(/^\/_sandbox\/store-checkout\/\d+$/);
    expect(sale).toMatchObject({ paymentMethod: "online", paymentStatus: "pending", total: 20_000 });

    // A return URL claiming approval without a real payment changes nothing.
    const forged = await orderPage(s, m.url, sale.id, `?t=${sale.accessToken}&payment_id=999999&status=approved`);
    expect(statusOf(forged)).toBe(303);
    const [still] = await s.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(still?.paymentStatus).toBe("pending");
    const pending = await orderPage(s, m.url, sale.id, `?t=${sale.accessToken}`);
    expect(pending.data).toMatchObject({ paymentStatus: "pending", canPay: true });

    // 'Pagar ahora' starts a new checkout for the sale's own total.
    const again = await orderPage(s, m.url, sale.id, `?t=${sale.accessToken}`, { method: "POST" });
    expect(statusOf(again)).toBe(303);
    expect(new URL(locationOf(again)).pathname).toMatch(/^\/_sandbox\/store-checkout\/\d+$/);
    // Another store's page cannot start it.
    await s.db.update(stores).set({ active: true }).where(eq(stores.id, m.store.id));
    expect(statusOf(await orderPage(s, (await shop(s)).url, sale.id, `?t=${sale.accessToken}`, { method: "POST" }))).toBe(404);
  });
});

describe("transfer and cash, with their discount or surcharge", () => {
  const transfer = {
    ...methodOff("transfer"),
    enabled: true,
    adjustPercent: -10,
    keyLabel: "Alias",
    keyValue: "zonas.tienda.mp",
    instructions: "Titular: Marta Tendera\nBanco Sur",
  };
  const cash = { ...methodOff("cash"), enabled: true, adjustPercent: 5 };

  it("takes the transfer's 10 % off the products after the code, charges the zone on the code's amount, and holds the units 48 hours", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await addCode(s, m.store.id);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, transfer, s.clock.now());
    // 2 × 20.000 = 40.000; code 10 % = 4.000; transfer 10 % of 36.000 = 3.600; Norte 7.000 (36.000 is below its
    // free amount and above its minimum): 39.400.
    const form = order(
      {
        delivery: "delivery",
        zone: String(m.norte.id),
        address: "Calle 1",
        discountCode: "BIENVENIDA",
        payment: "transfer",
        shownSubtotal: "40000",
        shownDiscount: "4000",
        shownAdjustment: "-3600",
        [`fee-${m.norte.id}`]: "7000",
        // Whatever else the form says is not read.
        adjustPercent: "-90",
        paymentAdjustment: "-39000",
      },
      [`${m.product.id}:2`],
    );
    const placed = await post(s, m.url, form);
    expect(statusOf(placed)).toBe(303);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    expect(sale).toMatchObject({
      subtotal: 40_000,
      discount: 4_000,
      paymentAdjustment: -3_600,
      deliveryFee: 7_000,
      total: 39_400,
      paymentMethod: "transfer",
      paymentStatus: "none",
      stockState: "held",
      reservedUntil: new Date(s.clock.now().getTime() + 48 * 3_600_000),
    });
    // The buyer goes to the order page, which has the key to copy, the instructions and the amount to transfer.
    expect(locationOf(placed)).toBe(`/site/${m.url}/Order/${sale?.id}?t=${sale?.accessToken}`);
    const page = await orderPage(s, m.url, sale?.id ?? "", `?t=${sale?.accessToken}`);
    expect(page.data).toMatchObject({
      payment: "Por transferencia o depósito",
      transfer: {
        amount: formatMoney(39_400, "CLP", null),
        keyLabel: "Alias",
        keyValue: "zonas.tienda.mp",
        instructions: transfer.instructions,
      },
      total: formatMoney(39_400, "CLP", null),
    });
    expect(page.data?.rows).toContainEqual({
      label: "Descuento por transferencia",
      value: `−${formatMoney(3_600, "CLP", null)}`,
    });
    // The merchant's email has every amount and the way to pay.
    const mail = s.outbox.sent.find((sent) => sent.to === `${m.id}@correo.test`)?.text ?? "";
    expect(mail).toContain(
      "Descuento (Bienvenida): −4.000\u00a0CLP\nDescuento por transferencia: −3.600\u00a0CLP\nEnvío (Norte): 7.000\u00a0CLP\nTotal: 39.400\u00a0CLP",
    );
    expect(mail).toContain("Pago: transferencia o depósito");

    // No transfer in 48 hours: the units go back, and the page says so instead of showing where to transfer.
    s.testClock.current = new Date(s.testClock.current.getTime() + 48 * 3_600_000 + 60_000);
    expect((await runOrderUpkeep(s)).released).toBe(1);
    const lapsed = await orderPage(s, m.url, sale?.id ?? "", `?t=${sale?.accessToken}`);
    expect(lapsed.data).toMatchObject({ transfer: null });
    expect(String(lapsed.data?.stateText)).toMatch(/^El tiempo para transferir terminó/);
  });

  /** A transfer order of one Mochila in a store that takes transfers; its code and token. */
  async function transferOrder(s: S) {
    const m = await shop(s);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, transfer, s.clock.now());
    const form = order(
      {
        pickupPoint: String(m.point.id),
        payment: "transfer",
        shownSubtotal: "20000",
        shownDiscount: "0",
        shownAdjustment: "-2000",
        buyerEmail: "lu@correo.test",
      },
      [`${m.product.id}:1`],
    );
    expect(statusOf(await post(s, m.url, form))).toBe(303);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    if (!sale) throw new Error("sale");
    return { m, sale };
  }
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n");
  const sendReceipt = (s: S, url: string, sale: { id: string; accessToken: string }, file: File) => {
    const body = new FormData();
    body.set("intent", "receipt");
    body.set("receipt", file);
    return orderPage(s, url, sale.id, `?t=${sale.accessToken}`, { method: "POST", body });
  };
  const receipts = (s: S, storeId: string) => s.files.list(`stores/${storeId}/private/receipts/`);

  it("takes the buyer's receipt privately, holds the units while the store reviews it, and keeps one file per order", async () => {
    const s = createTestServices();
    const { m, sale } = await transferOrder(s);
    const sent = await sendReceipt(s, m.url, sale, new File([PNG], "comprobante.png", { type: "image/png" }));
    expect(statusOf(sent)).toBe(303);
    expect(locationOf(sent)).toMatch(/&aviso=comprobante#comprobante$/);
    const [saved] = await s.db.select().from(sales).where(eq(sales.id, sale.id));
    // The first receipt extends the transfer's 48 hours once, by a day, for the store to check it.
    const extendedUntil = new Date(s.clock.now().getTime() + (48 + 24) * 3_600_000);
    expect(saved).toMatchObject({ paymentStatus: "pending", reservedUntil: extendedUntil, receiptAt: s.clock.now() });
    expect(saved?.receiptKey).toMatch(new RegExp(`^stores/${m.store.id}/private/receipts/${sale.id}-[0-9a-f]{32}\\.png$`));
    expect(await receipts(s, m.store.id)).toEqual([saved?.receiptKey]);
    // While it is reviewed, the extended hold runs to its end, not past it (tests/data/unpaid-orders.test.ts).
    s.testClock.current = new Date(extendedUntil.getTime() - 60_000);
    expect((await runOrderUpkeep(s)).released).toBe(0);
    // A second receipt while the first is reviewed is not kept.
    const again = await sendReceipt(s, m.url, sale, new File([PDF], "otro.pdf", { type: "application/pdf" }));
    expect(locationOf(again)).toMatch(/&aviso=sin-comprobante#comprobante$/);
    expect(await receipts(s, m.store.id)).toEqual([saved?.receiptKey]);

    // Refused: the buyer is emailed, sends another one, which replaces the first.
    const store = { id: m.store.id, name: "Zonas", url: m.url };
    expect(await reviewTransferReceipt(s, TEST_ACTOR, store, sale.id, "rejected")).toBe(true);
    expect(await reviewTransferReceipt(s, TEST_ACTOR, store, sale.id, "rejected")).toBe(false);
    expect(s.outbox.sent.at(-1)).toMatchObject({
      to: "lu@correo.test",
      subject: `Zonas no pudo verificar tu transferencia del pedido ${sale.id}`,
    });
    const [refused] = await s.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(refused).toMatchObject({
      paymentStatus: "rejected",
      reservedUntil: new Date(s.clock.now().getTime() + 48 * 3_600_000),
    });
    expect(statusOf(await sendReceipt(s, m.url, sale, new File([PDF], "bien.pdf")))).toBe(303);
    const [second] = await s.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(second?.receiptKey).toMatch(/\.pdf$/);
    expect(await receipts(s, m.store.id)).toEqual([second?.receiptKey]);

    // Verified: paid, the buyer told; the merchant may still cancel it (and gives the money back by hand).
    expect(await reviewTransferReceipt(s, TEST_ACTOR, store, sale.id, "verified")).toBe(true);
    expect(s.outbox.sent.at(-1)?.subject).toBe(`Zonas recibió tu transferencia del pedido ${sale.id}`);
    const page = await orderPage(s, m.url, sale.id, `?t=${sale.accessToken}`);
    expect(page.data).toMatchObject({ transfer: null, receiptState: "Pago verificado por la tienda." });
    expect((await changeSale(s, TEST_ACTOR, store, sale.id, "cancel")).ok).toBe(true);
  });

  it("refuses a receipt that is not a photo or a PDF by its bytes, an empty one and one over 6 MB, storing nothing", async () => {
    const s = createTestServices();
    const { m, sale } = await transferOrder(s);
    const cases: Array<[File, number, string]> = [
      [
        new File(["<html><script>alert(1)</script>"], "comprobante.pdf", { type: "application/pdf" }),
        415,
        es(RECEIPT_MESSAGES.format),
      ],
      [new File([new Uint8Array([0x49, 0x49, 0x2a, 0])], "foto.tiff", { type: "image/tiff" }), 415, es(RECEIPT_MESSAGES.format)],
      [new File([], "vacio.png", { type: "image/png" }), 400, es(RECEIPT_MESSAGES.choose)],
      [
        new File([PNG, new Uint8Array(RECEIPT_MAX_BYTES)], "grande.png", { type: "image/png" }),
        413,
        es(RECEIPT_MESSAGES.tooLarge),
      ],
    ];
    for (const [file, status, message] of cases) {
      const refused = await sendReceipt(s, m.url, sale, file);
      expect([statusOf(refused), refused.data?.receiptError]).toEqual([status, message]);
    }
    expect(await receipts(s, m.store.id)).toEqual([]);
    const [unchanged] = await s.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(unchanged).toMatchObject({ paymentStatus: "none", receiptKey: null });
  });

  it("adds the cash surcharge, and the WhatsApp message says it", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, cash, s.clock.now());
    const placed = await post(
      s,
      m.url,
      order(
        { pickupPoint: String(m.point.id), payment: "cash", shownSubtotal: "20000", shownDiscount: "0", shownAdjustment: "1000" },
        [`${m.product.id}:1`],
      ),
    );
    expect(statusOf(placed)).toBe(303);
    const text = new URL(locationOf(placed)).searchParams.get("text") ?? "";
    expect(text).toContain("Subtotal: 20.000\u00a0CLP\nRecargo por pago en efectivo: 1.000\u00a0CLP\nTotal: 21.000\u00a0CLP");
    expect(text).toContain("Pago: efectivo");
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    // Cash holds its units for the store's hours (a day when never set), then the upkeep gives them back.
    const held = new Date(s.clock.now().getTime() + 24 * 3_600_000);
    expect(sale).toMatchObject({ paymentMethod: "cash", paymentAdjustment: 1_000, total: 21_000, reservedUntil: held });
  });

  it("tells a surcharge raised between the page and the submit, and charges nothing", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, cash, s.clock.now());
    // The page showed cash at +5 % (1.000 on 20.000); the merchant raises it to +30 % before the buyer sends.
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, { ...cash, adjustPercent: 30 }, s.clock.now());
    const fields = { pickupPoint: String(m.point.id), payment: "cash", shownSubtotal: "20000", shownAdjustment: "1000" };
    const refused = await post(s, m.url, order(fields, [`${m.product.id}:1`]));
    expect(statusOf(refused)).toBe(409);
    expect(refused.data?.errors?.form).toBe(
      "Tu pedido cambió desde que lo viste (el descuento o recargo de la forma de pago: ahora 6.000\u00a0CLP, antes 1.000\u00a0CLP; el total: ahora 26.000\u00a0CLP, antes 21.000\u00a0CLP). Revisa el total y vuelve a enviarlo.",
    );
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(0);
    // A form that says it showed that combination's total but carries no adjustment is a change too.
    const { shownAdjustment: _, ...without } = Object.fromEntries(order(fields, []));
    const bare = new URLSearchParams({ ...without, shownTotal: "21000" });
    bare.append("line", `${m.product.id}:1`);
    expect(statusOf(await post(s, m.url, bare))).toBe(409);
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(0);
  });

  it("shows the exact total of every combination of way to pay, zone, code and option price before saving, and saves it", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await addCode(s, m.store.id);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, transfer, s.clock.now());
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, cash, s.clock.now());
    const plan = await planLimits(s.db, "standard");
    const size = [{ name: "Caja", values: ["x6", "x12"] }];
    const drafts = [
      { values: ["x6", ""], price: null, sku: "ALF-6", stock: 50, enabled: true },
      { values: ["x12", ""], price: 16_500, sku: "ALF-12", stock: 50, enabled: true },
    ];
    const boxed = {
      name: "Alfajores",
      price: 9_000,
      compareAtPrice: null,
      stock: 0,
      description: "",
      category: 0,
      published: true,
    };
    const image = { key: `stores/${m.store.id}/products/p/a.webp`, width: 400, height: 400, filename: "a.jpg" };
    const alfajores = await createProduct(s.db, TEST_ACTOR, m.store.id, plan, "3000001", boxed, image, s.clock.now(), {
      options: size,
      drafts,
    });
    const [x6, x12] = await listVariants(s.db, m.store.id, alfajores.id);
    const carts = [`${alfajores.id}-${x6?.id}:2|${m.product.id}:1`, `${alfajores.id}-${x12?.id}:1|${alfajores.id}-${x6?.id}:1`];
    let checked = 0;
    const seen = new Set<string>();
    for (const cart of carts) {
      for (const code of ["", "BIENVENIDA"]) {
        const cookie = `carrito=${cart}${code ? `; codigo=${code}` : ""}`;
        const page = await settle(checkoutLoader(siteArgs(s, m.url, "/Checkout", { cookie }) as never));
        const view = page.data as unknown as {
          shown: { subtotal: number; discount: number };
          quotes: Record<string, { adjustment: number; fee: number; total: number; totalText: string }>;
        };
        for (const payment of ["transfer", "cash"]) {
          for (const zone of [null, m.centro, m.norte]) {
            const key = `${payment}|${zone?.id ?? ""}`;
            const quote = view.quotes[key];
            if (!quote) continue;
            const fields: Record<string, string> = {
              payment,
              ...(code ? { discountCode: code } : {}),
              ...(zone
                ? { delivery: "delivery", address: "Calle 1", zone: String(zone.id), [`fee-${zone.id}`]: String(quote.fee) }
                : { pickupPoint: String(m.point.id) }),
              shownSubtotal: String(view.shown.subtotal),
              shownDiscount: String(view.shown.discount),
              shownAdjustment: String(quote.adjustment),
              shownTotal: String(quote.total),
              shownFor: key,
            };
            const form = order(fields, cart.split("|"));
            const placed = await post(s, m.url, form);
            expect(statusOf(placed), `${key} ${JSON.stringify(placed.data)}`).toBe(303);
            const saved = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
            const sale = saved.find((row) => !seen.has(row.id));
            seen.add(sale?.id ?? "");
            expect(sale?.total, `${cart} ${code} ${key}`).toBe(quote.total);
            expect(formatMoney(sale?.total ?? 0, "CLP", null)).toBe(quote.totalText);
            checked += 1;
          }
        }
      }
    }
    // 2 carts × 2 codes × 2 ways to pay × (pickup, Centro, and Norte where the order reaches its minimum).
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("without the page's script, shows the total of the chosen way to pay and zone to confirm before saving", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, transfer, s.clock.now());
    await s.db.update(deliveryZones).set({ fee: 2_500 }).where(eq(deliveryZones.id, m.centro.id));
    const cookie = `carrito=${m.product.id}:1`;
    const page = await settle(checkoutLoader(siteArgs(s, m.url, "/Checkout", { cookie }) as never));
    const quotes = (page.data as unknown as { quotes: Record<string, { total: number; totalText: string }> }).quotes;
    // 20.000, 10 % off by transfer, 2.500 to Centro: 20.500, the amount the order is saved with.
    expect(quotes[`transfer|${m.centro.id}`]).toMatchObject({ total: 20_500, totalText: formatMoney(20_500, "CLP", null) });
    // The zone's label no longer shows a total that leaves the way to pay out.
    const zones = (page.data as unknown as { zones: Array<{ label: string }> }).zones;
    expect(zones[0]?.label).toBe(`Centro — envío ${formatMoney(2_500, "CLP", null)}`);
    // As sent without the script: the hidden amounts are those of the page's first choice (no zone yet).
    const fields = {
      delivery: "delivery",
      address: "Calle 1",
      zone: String(m.centro.id),
      payment: "transfer",
      shownSubtotal: "20000",
      shownAdjustment: "-2000",
      shownTotal: "18000",
      shownFor: "transfer|",
      [`fee-${m.centro.id}`]: "2500",
    };
    const review = await post(s, m.url, order(fields, [`${m.product.id}:1`]));
    expect(statusOf(review)).toBe(200);
    expect(review.data).toMatchObject({ review: true, values: { zone: String(m.centro.id), payment: "transfer" } });
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(0);
    // The page then shows that combination's total, and the form carries it: confirmed, saved at it.
    const confirmed = await post(
      s,
      m.url,
      order({ ...fields, shownTotal: "20500", shownFor: `transfer|${m.centro.id}` }, [`${m.product.id}:1`]),
    );
    expect(statusOf(confirmed)).toBe(303);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    expect(sale).toMatchObject({ paymentAdjustment: -2_000, deliveryFee: 2_500, total: 20_500 });
  });

  it("refuses a way to pay the store does not offer now, with 409 and nothing saved", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const line = [`${m.product.id}:1`];
    const shown = { pickupPoint: String(m.point.id), shownSubtotal: "20000", shownDiscount: "0" };
    // Transfer is off in a new store.
    const off = await post(s, m.url, order({ ...shown, payment: "transfer" }, line));
    expect([statusOf(off), off.data?.errors?.payment]).toEqual([409, "Elige cómo quieres pagar"]);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, transfer, s.clock.now());
    // With transfer on, 'al recibir' is no longer offered, and a form that chose nothing must choose.
    for (const fields of [{ payment: "on_delivery" }, {}] as Array<Record<string, string>>) {
      const refused = await post(s, m.url, order({ ...shown, ...fields }, line));
      expect([statusOf(refused), refused.data?.errors?.payment]).toEqual([409, "Elige cómo quieres pagar"]);
    }
    const unknown = await post(s, m.url, order({ ...shown, payment: "bitcoin" }, line));
    expect(statusOf(unknown)).toBe(400);
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(0);
  });
});
