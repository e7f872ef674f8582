// Automatic promotions through the checkout's action and 'Cancelar', on real libSQL: what the shopper saw is what is
// saved, each line's promotion is kept on the sale, and the promotions' counters stay exact under concurrency.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createSession } from "~/auth/sessions.server";
import { formatMoney } from "~/domain/money";
import type { PromotionInput } from "~/domain/promotion-form";
import { cancelSale } from "~/orders/order-records.server";
import { insertProduct } from "~/products/products.server";
import { createPromotion, deletePromotion, findPromotion } from "~/promotions/promotions.server";
import * as saleDetail from "~/sales/routes/sale-detail";
import type { Services } from "~/services/services";
import { CART_COOKIE } from "~/site/cookies";
import { EDGE_TTL_HEADER } from "~/site/edge-cache";
import { action as checkoutAction, loader as checkoutLoader } from "~/site/routes/checkout";
import { loader as productLoader } from "~/site/routes/product";
import { loader as catalogLoader } from "~/site/routes/store-catalog";
import {
  deliveryZones,
  discountCodes,
  saleLines,
  sales,
  storeProductSalesDaily,
  storeProductSalesMonthly,
} from "../../db/schema";
import { checkoutForm } from "../support/checkout";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { promotionInput } from "../support/promotion-input";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";
import { anotherProcess } from "./sales-fixtures";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
type Reply = Response & { data?: Record<string, unknown> & { errors?: Record<string, string> }; init?: ResponseInit | null };

async function settle(promise: Promise<unknown>): Promise<Reply> {
  try {
    return (await promise) as Reply;
  } catch (thrown) {
    return thrown as Reply;
  }
}
const statusOf = (r: Reply) => r.init?.status ?? r.status ?? 200;

const post = (s: Services, url: string, form: URLSearchParams) =>
  settle(checkoutAction(siteArgs(s, url, "/Checkout", { method: "POST", body: form }) as never));

/** A CLP store (no decimals) with alfajores at 1.000 (category 2), a 6.000 mate and a 2.500 zone. */
async function shop(s: S) {
  const url = `promos-${crypto.randomUUID().slice(0, 8)}`;
  const m = await merchantWithStore(s, "standard", {
    name: "Promos",
    url,
    currency: "CLP",
    saleNumber: "573001112233",
    timeZone: "America/Bogota",
  });
  const now = s.clock.now();
  const alfajor = await insertProduct(s.db, { storeId: m.store.id, name: "Alfajor", price: 1_000, stock: 500, category: 2 }, now);
  const mate = await insertProduct(s.db, { storeId: m.store.id, name: "Mate", price: 6_000, stock: 500, category: 5 }, now);
  const [zone] = await s.db
    .insert(deliveryZones)
    .values({ storeId: m.store.id, position: 0, name: "Centro", fee: 2_500, minOrder: null, freeFrom: null })
    .returning();
  if (!zone) throw new Error("zone");
  const promote = (input: Partial<PromotionInput> & Pick<PromotionInput, "name" | "kind">) =>
    createPromotion(s.db, TEST_ACTOR, m.store.id, promotionInput(input), s.clock.now());
  return { ...m, url, alfajor, mate, zone, promote };
}

const checkoutPage = async (s: S, url: string, cart: string) =>
  (await settle(checkoutLoader(siteArgs(s, url, "/Checkout", { cookie: `${CART_COOKIE}=${cart}` }) as never))) as Reply & {
    data: { shown: { subtotal: number; discount: number }; lines: Array<Record<string, unknown>> };
  };

describe("promotions at the checkout", () => {
  it("a 2x1 with 3 units: the page shows 2 paid, the order saves the line's promotion and saving, and counts it", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const id = await m.promote({ name: "2x1 en alfajores", kind: "bundle", productIds: [m.alfajor.id], buy: 2, pay: 1 });

    const page = await checkoutPage(s, m.url, `${m.alfajor.id}:3`);
    expect(page.data.shown).toEqual({ subtotal: 2_000, discount: 0 });
    expect(page.data.lines[0]).toMatchObject({
      subtotal: formatMoney(2_000, "CLP", null),
      promotion: { name: "2x1 en alfajores", saving: formatMoney(1_000, "CLP", null) },
    });

    const placed = await post(s, m.url, checkoutForm([`${m.alfajor.id}:3`], { shownSubtotal: "2000" }));
    expect(statusOf(placed)).toBe(303);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    expect(sale).toMatchObject({ subtotal: 2_000, total: 2_000 });
    const lines = await s.db
      .select()
      .from(saleLines)
      .where(eq(saleLines.saleId, sale?.id ?? ""));
    expect(lines).toMatchObject([
      { unitPrice: 1_000, quantity: 3, promotionId: id, promotionName: "2x1 en alfajores", promotionSaving: 1_000 },
    ]);
    expect(await findPromotion(s.db, m.store.id, id)).toMatchObject({ orders: 1, revenue: 2_000 });
    // The statistics' product sales are what the line was paid, after the promotion.
    const sold = { units: storeProductSalesDaily.units, revenue: storeProductSalesDaily.revenue };
    const byMonth = { units: storeProductSalesMonthly.units, revenue: storeProductSalesMonthly.revenue };
    expect(await s.db.select(sold).from(storeProductSalesDaily).where(eq(storeProductSalesDaily.storeId, m.store.id))).toEqual([
      { units: 3, revenue: 2_000 },
    ]);
    expect(
      await s.db.select(byMonth).from(storeProductSalesMonthly).where(eq(storeProductSalesMonthly.storeId, m.store.id)),
    ).toEqual([{ units: 3, revenue: 2_000 }]);

    // The desk's sale shows the line as it was sold, with its promotion, after the promotion is gone.
    await deletePromotion(s.db, TEST_ACTOR, m.store.id, id, s.clock.now());
    const cookie = (await createSession(s, m.id)).split(";")[0] ?? "";
    const desk = await workspaceRequest(s, {
      module: saleDetail,
      cookie,
      method: "GET",
      path: `/Store/${m.store.id}/sales/${sale?.id}`,
      params: { storeId: m.store.id, saleId: sale?.id ?? "" },
    });
    expect(desk.status).toBe(200);
    expect((desk.data as { lines: unknown[] }).lines).toMatchObject([
      { lineTotal: formatMoney(2_000, "CLP", null), promotion: `2x1 en alfajores: −${formatMoney(1_000, "CLP", null)}` },
    ]);
  });

  it("a category's percentage, then a code's percentage on what is left; a total shown without the promotion is refused", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await m.promote({ name: "20 % en golosinas", kind: "discount", scope: "category", category: 2, percent: 20 });
    await s.db
      .insert(discountCodes)
      .values({ storeId: m.store.id, code: "DIEZ", codeKey: "DIEZ", kind: "percent", value: 10, createdAt: s.clock.now() });
    // 5 alfajores 5.000 − 20 % = 4.000, plus a mate 6.000: 10.000; the code's 10 % is 1.000.
    const lines = [`${m.alfajor.id}:5`, `${m.mate.id}:1`];
    const stale = await post(
      s,
      m.url,
      checkoutForm(lines, { discountCode: "DIEZ", shownSubtotal: "11000", shownDiscount: "1100" }),
    );
    expect(statusOf(stale)).toBe(409);
    expect(stale.data?.errors?.form).toContain("los productos");
    const placed = await post(
      s,
      m.url,
      checkoutForm(lines, { discountCode: "DIEZ", shownSubtotal: "10000", shownDiscount: "1000" }),
    );
    expect(statusOf(placed)).toBe(303);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    expect(sale).toMatchObject({ subtotal: 10_000, discount: 1_000, total: 9_000 });
  });

  it("free delivery exactly at its amount, with the promotion saved on the sale", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const id = await m.promote({
      name: "Envío gratis",
      kind: "free_delivery",
      scope: "store",
      amount: 12_000,
      zoneIds: [m.zone.id],
    });
    const zone = String(m.zone.id);
    const at = checkoutForm([`${m.mate.id}:2`], {
      delivery: "delivery",
      zone,
      address: "Calle 1",
      shownSubtotal: "12000",
      [`fee-${zone}`]: "0",
    });
    expect(statusOf(await post(s, m.url, at))).toBe(303);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    expect(sale).toMatchObject({
      deliveryFee: 0,
      total: 12_000,
      freeDeliveryPromotionId: id,
      freeDeliveryPromotion: "Envío gratis",
    });
    expect(await findPromotion(s.db, m.store.id, id)).toMatchObject({ orders: 1, revenue: 12_000 });
  });

  it("counts N concurrent orders exactly, and 'Cancelar' gives back what each took", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const id = await m.promote({ name: "2x1", kind: "bundle", productIds: [m.alfajor.id], buy: 2, pay: 1 });
    const N = 12;
    const other = await anotherProcess(s);
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        post(i % 2 ? other : s, m.url, checkoutForm([`${m.alfajor.id}:2`], { shownSubtotal: "1000" })),
      ),
    );
    expect(replies.map((r) => r.data?.errors ?? statusOf(r))).toEqual(Array(N).fill(303));
    expect(await findPromotion(s.db, m.store.id, id)).toMatchObject({ orders: N, revenue: N * 1_000 });

    const placed = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    const [first, second] = placed;
    if (!first || !second) throw new Error("sales");
    await Promise.all([cancelSale(s, TEST_ACTOR, m.store.id, first.id), cancelSale(other, TEST_ACTOR, m.store.id, first.id)]);
    expect(await findPromotion(s.db, m.store.id, id)).toMatchObject({ orders: N - 1, revenue: (N - 1) * 1_000 });
    await cancelSale(s, TEST_ACTOR, m.store.id, second.id);
    expect(await findPromotion(s.db, m.store.id, id)).toMatchObject({ orders: N - 2, revenue: (N - 2) * 1_000 });
  });
});

type Page = Reply & { data: Record<string, unknown> };
const headersOf = (r: Reply) => new Headers(r.init?.headers ?? r.headers);
const catalog = async (s: S, url: string) => (await settle(catalogLoader(siteArgs(s, url, "/Store") as never))) as Page;
const cardsOf = (page: Page) => page.data.cards as Array<{ id: string; price: string; offer: unknown; promotion: unknown }>;

describe("promotions on the store's pages", () => {
  it("a card shows a 2x1's badge, and a plain discount's price after it with the price before struck through", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await m.promote({ name: "2x1 en alfajores", kind: "bundle", productIds: [m.alfajor.id], buy: 2, pay: 1 });
    await m.promote({ name: "Mates -20 %", kind: "discount", productIds: [m.mate.id], percent: 20 });
    const before = s.roundTrips.count;
    const cards = cardsOf(await catalog(s, m.url));
    // The promotions come in the page's one batch.
    expect(s.roundTrips.count - before).toBe(1);
    expect(cards.find((c) => c.id === m.alfajor.id)).toMatchObject({
      price: formatMoney(1_000, "CLP", null),
      promotion: { badge: "2x1", name: "2x1 en alfajores" },
    });
    expect(cards.find((c) => c.id === m.mate.id)).toMatchObject({
      price: formatMoney(4_800, "CLP", null),
      offer: { compareAt: formatMoney(6_000, "CLP", null), badge: null },
      promotion: { badge: "-20 %", name: "Mates -20 %" },
    });
    const product = (await settle(
      productLoader(siteArgs(s, m.url, `/Product/mate/${m.mate.id}`, { params: { title: "mate", id: m.mate.id } }) as never),
    )) as Page;
    expect(product.data.product).toMatchObject({ price: formatMoney(4_800, "CLP", null), promotion: { badge: "-20 %" } });
  });

  it("a dated promotion: shown from its first day at the store's midnight, the edge keeps the page no later than its end, gone after", async () => {
    const s = createTestServices();
    const m = await shop(s);
    // Bogotá is UTC−5: its day D starts at D 05:00 UTC. The promotion runs the two days after the clock's.
    const day = (offset: number) => new Date(s.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const at = (date: string, time: string) => `${date}T${time}Z`;
    const [first, last, after] = [day(2), day(3), day(4)];
    await m.promote({
      name: "Fin de semana",
      kind: "bundle",
      productIds: [m.alfajor.id],
      buy: 2,
      pay: 1,
      startsOn: first,
      endsOn: last,
    });
    const alfajor = async (instant: string) => {
      s.testClock.current = new Date(instant);
      const page = await catalog(s, m.url);
      return { card: cardsOf(page).find((c) => c.id === m.alfajor.id), edge: headersOf(page).get(EDGE_TTL_HEADER) };
    };
    const eve = await alfajor(at(first, "04:59:00"));
    expect(eve.card?.promotion).toBeNull();
    expect(eve.edge).toBe("59");
    expect((await alfajor(at(first, "05:00:00"))).card?.promotion).toMatchObject({ badge: "2x1" });
    const lastMinutes = await alfajor(at(after, "04:55:00"));
    expect(lastMinutes.card?.promotion).toMatchObject({ badge: "2x1" });
    expect(lastMinutes.edge).toBe("299");
    const gone = await alfajor(at(after, "05:00:00"));
    expect(gone.card?.promotion).toBeNull();
    expect(gone.edge).toBeNull();
  });
});
