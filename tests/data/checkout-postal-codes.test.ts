// The checkout with zones by postal code, on real libSQL: the code asked before the zone, only the zones covering it
// offered, and the server refusing a zone that does not cover the posted code (never trusting the page).
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { insertProduct } from "~/products/products.server";
import * as saleDetail from "~/sales/routes/sale-detail";
import { CheckoutPage } from "~/site/checkout-page";
import { action as checkoutAction, loader as checkoutLoader } from "~/site/routes/checkout";
import { loader as orderPageLoader } from "~/site/routes/order-page";
import { addDeliveryRow, listDeliveryZones } from "~/stores/delivery-settings.server";
import { deliveryZones, sales } from "../../db/schema";
import { checkoutForm } from "../support/checkout";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { inStoreVoice, type SiteData } from "../support/messages";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
type Reply = Response & { data?: { errors?: Record<string, string> }; init?: ResponseInit | null };

async function settle(promise: Promise<unknown>): Promise<Reply> {
  try {
    return (await promise) as Reply;
  } catch (thrown) {
    return thrown as Reply;
  }
}
const statusOf = (r: Reply) => r.init?.status ?? r.status ?? 200;

/** An Argentine store with a 12.000 mate and three zones: CABA by code, Córdoba by code, 'Zona Norte' by name. */
async function shop(s: S) {
  const url = `cp-${crypto.randomUUID().slice(0, 8)}`;
  const m = await signedInMerchant(s, "standard", {
    name: "Mates",
    url,
    currency: "ARS",
    country: "AR",
    timeZone: "America/Argentina/Buenos_Aires",
    saleNumber: "5491155551234",
  });
  const now = s.clock.now();
  const mate = await insertProduct(s.db, { storeId: m.store.id, name: "Mate", price: 1_200_000, stock: 50 }, now);
  const zone = (name: string, fee: number, postalCodes: string) =>
    addDeliveryRow(s.db, TEST_ACTOR, m.store.id, "zone", { name, fee, minOrder: null, freeFrom: null, postalCodes }, now);
  await zone("CABA", 350_000, "1000-1499");
  await zone("Córdoba", 600_000, "5000-5099");
  await zone("Zona Norte", 450_000, "");
  const zones = await listDeliveryZones(s.db, m.store.id);
  const byName = (name: string) => zones.find((z) => z.name === name) as (typeof zones)[number];
  return { ...m, url, mate, caba: byName("CABA"), cordoba: byName("Córdoba"), norte: byName("Zona Norte") };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** Home delivery to `zone` with `postalCode`, as the page would post it with the fee it showed. */
const deliveryTo = (m: Shop, zone: { id: number; fee: number }, postalCode?: string) =>
  checkoutForm([`${m.mate.id}:1`], {
    delivery: "delivery",
    zone: String(zone.id),
    [`fee-${zone.id}`]: String(zone.fee),
    address: "Av. Corrientes 1234",
    shownSubtotal: "1200000",
    ...(postalCode === undefined ? {} : { postalCode }),
  });

const post = (s: S, m: Shop, form: URLSearchParams) =>
  settle(checkoutAction(siteArgs(s, m.url, "/Checkout", { method: "POST", body: form }) as never));

const salesOf = (s: S, m: Shop) =>
  s.db
    .select({ zone: sales.deliveryZone, fee: sales.deliveryFee, postalCode: sales.postalCode, address: sales.address })
    .from(sales)
    .where(eq(sales.storeId, m.store.id));

describe("the checkout by postal code", () => {
  it("saves the order to a zone covering the buyer's code, with the code as read", async () => {
    const s = createTestServices();
    const m = await shop(s);
    expect(statusOf(await post(s, m, deliveryTo(m, m.caba, "c1425abc")))).toBe(303);
    // A zone chosen by its name takes any code.
    expect(statusOf(await post(s, m, deliveryTo(m, m.norte, "5000")))).toBe(303);
    expect(await salesOf(s, m)).toEqual([
      { zone: "CABA", fee: 350_000, postalCode: "C1425ABC", address: "Av. Corrientes 1234" },
      { zone: "Zona Norte", fee: 450_000, postalCode: "5000", address: "Av. Corrientes 1234" },
    ]);
    // The sale's dialog and the buyer's order page show the code with the address.
    const [sale] = await s.db
      .select({ id: sales.id, token: sales.accessToken })
      .from(sales)
      .where(and(eq(sales.storeId, m.store.id), eq(sales.postalCode, "C1425ABC")));
    const dialog = await workspaceRequest(s, {
      module: saleDetail,
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/sales/${sale?.id}`,
      params: { storeId: m.store.id, saleId: sale?.id ?? "" },
    });
    expect((dialog.data as { address: string }).address).toBe("Av. Corrientes 1234 (CP C1425ABC)");
    const page = await orderPageLoader(
      siteArgs(s, m.url, `/Order/${sale?.id}?t=${sale?.token}`, { params: { code: sale?.id ?? "" } }) as never,
    );
    expect((page as unknown as { data: { address: string } }).data.address).toBe("Av. Corrientes 1234 (CP C1425ABC)");
  });

  it("refuses a zone that does not cover the posted code, a missing or wrong code, and another store's zone: 400, nothing saved", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const other = await shop(s);
    // An Argentine store: its refusals speak with 'vos'.
    const cases: Array<[URLSearchParams, Record<string, string>]> = [
      [deliveryTo(m, m.cordoba, "1425"), { zone: "La zona Córdoba no llega al código postal 1425: elegí otra zona" }],
      [deliveryTo(m, m.caba), { postalCode: "Escribí tu código postal para ver las zonas que llegan a tu dirección, como 1425" }],
      [deliveryTo(m, m.caba, "14250"), { postalCode: "Escribí el código postal como 1425" }],
      // Another store's zone covering the code is no zone of this store.
      [deliveryTo(m, other.caba, "1425"), { zone: "Elegí tu zona de envío" }],
    ];
    for (const [form, errors] of cases) {
      const answer = await post(s, m, form);
      expect(statusOf(answer), JSON.stringify(errors)).toBe(400);
      expect(answer.data?.errors).toEqual(errors);
    }
    expect(await salesOf(s, m)).toEqual([]);
    expect(await salesOf(s, other)).toEqual([]);
  });

  it("a store whose zones list no codes asks for none, and pickup keeps no code", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const pickup = checkoutForm([`${m.mate.id}:1`], { shownSubtotal: "1200000", postalCode: "1425" });
    expect(statusOf(await post(s, m, pickup))).toBe(303);
    expect((await salesOf(s, m))[0]?.postalCode).toBeNull();
    const plain = await shop(s);
    await s.db.update(deliveryZones).set({ postalCodes: "" }).where(eq(deliveryZones.storeId, plain.store.id));
    expect(statusOf(await post(s, plain, deliveryTo(plain, plain.cordoba)))).toBe(303);
    expect((await salesOf(s, plain))[0]).toMatchObject({ zone: "Córdoba", postalCode: null });
  });
});

describe("the checkout page's postal code step", () => {
  const cookieOf = (r: Response, name: string) =>
    r.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1) ?? null;

  async function html(s: S, m: Shop, path: string, cookie: string) {
    const r = (await settle(checkoutLoader(siteArgs(s, m.url, path, { cookie }) as never))) as unknown as { data: never };
    const Page = createRoutesStub([
      {
        path: "/",
        Component: () => inStoreVoice((r.data as SiteData).site.locale, createElement(CheckoutPage, { loaderData: r.data })),
      },
    ]);
    return renderToStaticMarkup(createElement(Page, { initialEntries: ["/"] }));
  }

  it("asks the code before the zone, then offers only the zones covering it and those chosen by name", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const cart = `carrito=${m.mate.id}:1`;
    const body = new URLSearchParams({ intent: "contact", buyerName: "Ana", buyerEmail: "ana@correo.test" });
    const contact = (await settle(
      checkoutAction(siteArgs(s, m.url, "/Checkout", { method: "POST", body, cookie: cart }) as never),
    )) as Response;
    const cookie = `${cart}; compra=${cookieOf(contact, "compra")}`;
    const asking = await html(s, m, "/Checkout?paso=datos&entrega=delivery", cookie);
    expect(asking).toMatch(/<form [^>]*method="get"/);
    expect(asking).toContain('name="cp"');
    expect(asking).not.toContain('name="zone"');
    // No zone yet: the total is said to be without delivery.
    expect(asking).toContain("Total sin envío: <strong>$\u00a012.000</strong>");
    // …and the page's script gets no total to show as the one to pay.
    expect(asking).toContain('data-quotes="{}"');
    const caba = await html(s, m, "/Checkout?paso=datos&entrega=delivery&cp=1425", cookie);
    expect(caba).toContain('<input type="hidden" name="postalCode" value="1425"/>');
    expect(caba).toMatch(new RegExp(`<option value="${m.caba.id}">CABA`));
    expect(caba).toMatch(new RegExp(`<option value="${m.norte.id}">Zona Norte`));
    expect(caba).not.toContain("Córdoba");
    expect(caba).not.toContain('data-quotes="{}"');
    const nowhere = await html(s, m, "/Checkout?paso=datos&entrega=delivery&cp=9000", cookie);
    expect(nowhere).toMatch(new RegExp(`<option value="${m.norte.id}">Zona Norte`));
    expect(nowhere).not.toContain(">CABA");
    const wrong = await html(s, m, "/Checkout?paso=datos&entrega=delivery&cp=14", cookie);
    expect(wrong).toContain("Escribí el código postal como 1425");
    expect(wrong).not.toContain('name="zone"');
  });
});
