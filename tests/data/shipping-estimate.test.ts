// 'Calcular envío' by postal code on the product page and the cart, through the site loaders on real libSQL: the
// zones covering the shopper's code with the fee the checkout would charge, in the page's one round trip.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { formatMoney } from "~/domain/money";
import type { ShippingEstimate } from "~/domain/shipping-estimate";
import { insertProduct } from "~/products/products.server";
import { CART_COOKIE } from "~/site/cookies";
import { loader as cartLoader } from "~/site/routes/cart";
import { loader as productLoader } from "~/site/routes/product";
import { ShippingEstimateForm } from "~/site/shipping-estimate";
import { addDeliveryRow } from "~/stores/delivery-settings.server";
import { stores } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { inStoreVoice } from "../support/messages";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
type Page = { data: { shipping: ShippingEstimate | null }; init?: ResponseInit | null };

const ars = (minor: number) => formatMoney(minor, "ARS", "AR");

/** An Argentine store selling a 12.000 mate, delivering to CABA (3.500) and Gran Buenos Aires (6.000, free from 30.000). */
async function shop(s: S, zones = true) {
  const url = `envios-${crypto.randomUUID().slice(0, 8)}`;
  const m = await merchantWithStore(s, "standard", {
    name: "Envíos",
    url,
    currency: "ARS",
    country: "AR",
    timeZone: "America/Argentina/Buenos_Aires",
  });
  const now = s.clock.now();
  const mate = await insertProduct(s.db, { storeId: m.store.id, name: "Mate", price: 1_200_000, stock: 10, category: 5 }, now);
  if (zones) {
    await addDeliveryRow(
      s.db,
      TEST_ACTOR,
      m.store.id,
      "zone",
      { name: "CABA", fee: 350_000, minOrder: null, freeFrom: null, postalCodes: "1000-1499" },
      now,
    );
    await addDeliveryRow(
      s.db,
      TEST_ACTOR,
      m.store.id,
      "zone",
      { name: "Gran Buenos Aires", fee: 600_000, minOrder: null, freeFrom: 3_000_000, postalCodes: "16*, 17*" },
      now,
    );
  }
  return { ...m, url, mate };
}

/** The product page for `query` ('?cp=1425'), and the round trips it took. */
async function productPage(s: S, m: Awaited<ReturnType<typeof shop>>, query = "", cookie?: string) {
  const before = s.roundTrips.count;
  const page = (await productLoader(
    siteArgs(s, m.url, `/Product/mate/${m.mate.id}${query}`, { params: { title: "mate", id: m.mate.id }, cookie }) as never,
  )) as unknown as Page;
  return { shipping: page.data.shipping, roundTrips: s.roundTrips.count - before };
}

async function cartPage(s: S, m: Awaited<ReturnType<typeof shop>>, query: string, quantity: number) {
  const before = s.roundTrips.count;
  const page = (await cartLoader(
    siteArgs(s, m.url, `/Cart${query}`, { cookie: `${CART_COOKIE}=${m.mate.id}:${quantity}` }) as never,
  )) as unknown as Page;
  return { shipping: page.data.shipping, roundTrips: s.roundTrips.count - before };
}

const html = (estimate: ShippingEstimate | null) =>
  estimate ? renderToStaticMarkup(inStoreVoice("es", createElement(ShippingEstimateForm, { estimate }))) : "";

describe("'Calcular envío' on the product page", () => {
  it("shows the zones covering the shopper's code with their fee, in one round trip", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const caba = await productPage(s, m, "?cp=1425");
    expect(caba.roundTrips).toBe(1);
    expect(caba.shipping).toEqual({
      kind: "zones",
      example: "1425",
      code: "1425",
      zones: [{ id: expect.any(Number), name: "CABA", text: "CABA — $\u00a03.500" }],
    });
    const page = html(caba.shipping);
    expect(page).toContain(`CABA — ${ars(350_000)}`);
    // A GET form answered on the same page: it works without JavaScript.
    expect(page).toMatch(/<form [^>]*action="#calcular" method="get">/);
    expect(page).toContain('name="cp" value="1425"');

    // A CPA reads as its four digits.
    expect((await productPage(s, m, "?cp=c1425abc")).shipping).toMatchObject({ code: "C1425ABC", zones: [{ name: "CABA" }] });
  });

  it("says when no zone delivers to the code, asks again for what is no code, and shows the form alone without one", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const cordoba = await productPage(s, m, "?cp=5000");
    expect(cordoba.roundTrips).toBe(1);
    // An Argentine store: 'vos'.
    expect(cordoba.shipping).toMatchObject({ kind: "uncovered", message: "Sin envío a 5000: retirá en la tienda o escribinos" });
    expect(html(cordoba.shipping)).toContain("Sin envío a 5000: retirá en la tienda o escribinos");
    expect(html(cordoba.shipping)).not.toContain("CABA");
    const wrong = await productPage(s, m, "?cp=14");
    expect(wrong.shipping).toMatchObject({ kind: "invalid", message: "Escribí el código postal como 1425" });
    expect(html(wrong.shipping)).toContain('aria-invalid="true"');
    const plain = await productPage(s, m);
    expect(plain).toEqual({ shipping: { kind: "form", example: "1425" }, roundTrips: 1 });
  });

  it("prices the cart with the product in it: a shopper's cart over the free-delivery amount pays nothing", async () => {
    const s = createTestServices();
    const m = await shop(s);
    // 12.000 alone pays 6.000 to Gran Buenos Aires; with two already in the cart (24.000 + none added) still 6.000;
    // with three (36.000) it is free.
    expect((await productPage(s, m, "?cp=1636")).shipping).toMatchObject({
      zones: [{ text: `Gran Buenos Aires — ${ars(600_000)}` }],
    });
    const three = await productPage(s, m, "?cp=1636", `${CART_COOKIE}=${m.mate.id}:3`);
    expect(three.roundTrips).toBe(1);
    expect(three.shipping).toMatchObject({ zones: [{ text: "Gran Buenos Aires — envío gratis" }] });
  });

  it("has no 'Calcular envío' when the zones list no codes or the store does not deliver home", async () => {
    const s = createTestServices();
    const named = await shop(s, false);
    await addDeliveryRow(
      s.db,
      TEST_ACTOR,
      named.store.id,
      "zone",
      { name: "Centro", fee: 100, minOrder: null, freeFrom: null },
      s.clock.now(),
    );
    expect((await productPage(s, named, "?cp=1425")).shipping).toBeNull();
    const m = await shop(s);
    await s.db.update(stores).set({ homeDeliveryEnabled: false }).where(eq(stores.id, m.store.id));
    expect((await productPage(s, m, "?cp=1425")).shipping).toBeNull();
  });

  it("reads only the store's own zones", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const other = await shop(s);
    await addDeliveryRow(
      s.db,
      TEST_ACTOR,
      other.store.id,
      "zone",
      { name: "Córdoba", fee: 900_000, minOrder: null, freeFrom: null, postalCodes: "5000" },
      s.clock.now(),
    );
    expect((await productPage(s, m, "?cp=5000")).shipping).toMatchObject({ kind: "uncovered" });
    expect((await productPage(s, other, "?cp=5000")).shipping).toMatchObject({ zones: [{ name: "Córdoba" }] });
  });
});

describe("'Calcular envío' in the cart", () => {
  it("prices the cart's products, named zones shown beside the covering ones, in one round trip", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await addDeliveryRow(
      s.db,
      TEST_ACTOR,
      m.store.id,
      "zone",
      { name: "A coordinar por barrio", fee: 200_000, minOrder: 5_000_000, freeFrom: null },
      s.clock.now(),
    );
    const two = await cartPage(s, m, "?cp=1425", 2);
    expect(two.roundTrips).toBe(1);
    expect(two.shipping).toMatchObject({
      kind: "zones",
      zones: [
        { name: "CABA", text: `CABA — ${ars(350_000)}` },
        { name: "A coordinar por barrio", text: `A coordinar por barrio — pedido mínimo ${ars(5_000_000)}` },
      ],
    });
    expect((await cartPage(s, m, "?cp=1700", 3)).shipping).toMatchObject({
      zones: [{ text: "Gran Buenos Aires — envío gratis" }, { name: "A coordinar por barrio" }],
    });
    expect((await cartPage(s, m, "", 1)).shipping).toEqual({ kind: "form", example: "1425" });
  });
});
