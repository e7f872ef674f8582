// Ad conversions from the server (docs/decisions/0052-ad-conversions-from-the-server.md), through the app's own
// request path and the real HTTP client, against a local stand-in for Meta's Conversions API and GA4's Measurement
// Protocol (tests/support/conversions-stand-in.ts).
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { sessionCookie } from "~/auth/cookies.server";
import { MAX_CONVERSION_TRIES, retryConversions } from "~/conversions/events.server";
import * as settingsPage from "~/conversions/routes/conversion-settings";
import { CONVERSION_MESSAGES } from "~/domain/conversions";
import { translatorFor } from "~/domain/message-catalogs";
import { insertProduct } from "~/products/products.server";
import { createFetchHandler } from "~/request-handler.server";
import { FaultSwitch } from "~/services/faults";
import { CART_COOKIE } from "~/site/cookies";
import { action as checkoutAction } from "~/site/routes/checkout";
import { routedPath } from "~/site/tenant";
import { countingSettings, statsEventsOf } from "~/stats/count-visit.server";
import { productViewsOf, sendProductViews } from "~/stats/product-views.server";
import { conversionQueue, products, sales, sandboxConversions, storeConversionSettings } from "../../db/schema";
import { appBuild } from "../support/app-build";
import { checkoutForm } from "../support/checkout";
import {
  type ConversionsStandIn,
  conversionsStandInForThisFile,
  createConversionServices,
} from "../support/conversions-stand-in";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

const es = translatorFor("es");

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const standIn = conversionsStandInForThisFile();

const DATASET = "123456789012345";
const META_TOKEN = "MetaTokenForTheTests1234567890abcdefXYZ";
const MEASUREMENT = "G-AB12CD34EF";
const API_SECRET = "ga4-secret_ForTheTests";
const PHONE = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";

type S = ReturnType<typeof createConversionServices>;

/** A store with a WhatsApp number and a 20,00 product (5 units); `platforms` saved on its 'Anuncios' page. */
async function shop(standIn: ConversionsStandIn, platforms: Array<"meta" | "ga4"> = ["meta", "ga4"], faults?: FaultSwitch) {
  standIn.reset();
  const s = createConversionServices(standIn.origin, { faults });
  const url = `anuncios-${crypto.randomUUID().slice(0, 8)}`;
  const m = await signedInMerchant(s, "standard", { name: "Anuncios", url, saleNumber: "573001112233", currency: "ARS" });
  const product = await insertProduct(s.db, { storeId: m.store.id, name: "Mochila", price: 2_000, stock: 5 }, s.clock.now());
  for (const platform of platforms) {
    const form: Record<string, string> =
      platform === "meta"
        ? { intent: "meta", datasetId: DATASET, token: META_TOKEN }
        : { intent: "ga4", measurementId: MEASUREMENT.toLowerCase(), apiSecret: API_SECRET };
    const saved = await settings(s, m, "POST", form);
    expect(saved.status).toBe(302);
  }
  return { s, m, url, product };
}

const settings = (s: S, m: { store: { id: string }; cookie: string }, method: "GET" | "POST", form?: Record<string, string>) =>
  workspaceRequest(s, {
    module: settingsPage,
    cookie: m.cookie,
    method,
    path: `/Store/${m.store.id}/conversiones`,
    params: { storeId: m.store.id },
    form,
  });

/** What a runtime's entry does with a store page's answer (server/main.ts, workers/app.ts): count it, then send its product view. */
async function viewedAtTheEntry(s: S, request: Request, answer: Response, ip = "203.0.113.7") {
  const counting = countingSettings(s.config, {
    sessionCookie: sessionCookie(s.config).name,
    cartCookie: CART_COOKIE,
    routedPath: (r) => routedPath(r, s.config.STORES_DOMAIN),
  });
  const at = s.clock.now().getTime();
  const events = statsEventsOf(request, answer, counting, ip, at);
  await sendProductViews(s, productViewsOf(request, events, counting, ip, at));
}

const later = (s: S, minutes: number) => {
  s.testClock.current = new Date(s.testClock.current.getTime() + minutes * 60_000);
};

/** Places an order for one Mochila from the browser holding `cookie`; answers the action's redirect. */
async function order(
  s: S,
  url: string,
  productId: string,
  cookie?: string,
  form = checkoutForm([`${productId}:1`], { shownSubtotal: "2000" }),
) {
  try {
    return (await checkoutAction(siteArgs(s, url, "/Checkout", { method: "POST", body: form, cookie }) as never)) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("a store's conversions on their way to Meta and Google Analytics", () => {
  it("from the ad's landing to the order: each event reaches each platform once, with its id and the ad click", async () => {
    const { s, m, url, product } = await shop(standIn);
    const handler = createFetchHandler(await appBuild(), () => s);
    const productPath = `/site/${url}/Product/mochila/${product.id}`;

    // The landing from an ad: the page answers at once, keeps the click in the store's cookie, and is nobody else's to cache.
    const landingRequest = () =>
      new Request(`${s.config.APP_ORIGIN}${productPath}?fbclid=IwAR3xYz_Ab-1&gclid=Cj0KCQ_gclid-9`, {
        headers: { "User-Agent": PHONE },
      });
    const landing = await handler(landingRequest(), "203.0.113.7");
    expect(landing.status).toBe(200);
    const cookie = landing.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(
      new RegExp(`^clic=\\d+\\.IwAR3xYz_Ab-1\\.Cj0KCQ_gclid-9; Path=/site/${url}; Max-Age=7776000; HttpOnly; SameSite=Lax$`),
    );
    expect(landing.headers.get("Cache-Control")).toBe("private, no-store");
    // No pixel and no tag: the page has no script of Meta's or Google's, and says nothing of the ids.
    const html = await landing.text();
    for (const third of ["connect.facebook.net", "fbq(", "googletagmanager", "gtag(", DATASET, MEASUREMENT])
      expect(html).not.toContain(third);
    // The view is the entry's to send, with its counts: the page itself leaves nothing running.
    expect(s.pending).toHaveLength(0);
    await viewedAtTheEntry(s, landingRequest(), landing, "203.0.113.7");
    const clickAt = Number(cookie.match(/^clic=(\d+)\./)?.[1]);
    const viewed = standIn.accepted();
    expect(viewed.map((r) => [r.platform, r.eventName, r.target, r.secret])).toEqual([
      ["meta", "ViewContent", DATASET, META_TOKEN],
      ["ga4", "view_item", MEASUREMENT, API_SECRET],
    ]);
    expect(viewed[0]?.body).toMatchObject({
      data: [
        {
          event_name: "ViewContent",
          action_source: "website",
          event_source_url: `http://${url}.localhost:3999/Product/mochila/${product.id}`,
          user_data: {
            client_ip_address: "203.0.113.7",
            client_user_agent: PHONE,
            fbc: `fb.1.${clickAt}.IwAR3xYz_Ab-1`,
          },
          custom_data: { value: 20, currency: "ARS", content_ids: [product.id], content_type: "product", num_items: 1 },
        },
      ],
    });

    // Added to the cart and checked out, from the browser that kept the click.
    standIn.reset();
    const clicked = cookie.split(";")[0] ?? "";
    const added = await handler(
      new Request(`${s.config.APP_ORIGIN}/site/${url}/Cart`, {
        method: "POST",
        headers: {
          Origin: s.config.APP_ORIGIN,
          Cookie: clicked,
          "Content-Type": "application/x-www-form-urlencoded",
          "User-Agent": PHONE,
        },
        body: new URLSearchParams({ intent: "add", productId: product.id, quantity: "2" }),
      }),
      "203.0.113.7",
    );
    expect(added.status).toBe(303);
    const cart = (added.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    await s.settle();
    const checkout = await handler(
      new Request(`${s.config.APP_ORIGIN}/site/${url}/Checkout`, {
        headers: { Cookie: `${clicked}; ${cart}`, "User-Agent": PHONE },
      }),
      "203.0.113.7",
    );
    expect(checkout.status).toBe(200);
    await s.settle();
    expect(standIn.accepted().map((r) => [r.platform, r.eventName])).toEqual([
      ["meta", "AddToCart"],
      ["ga4", "add_to_cart"],
      ["meta", "InitiateCheckout"],
      ["ga4", "begin_checkout"],
    ]);
    const ga4Add = standIn.accepted()[1]?.body as { client_id: string; events: Array<{ params: Record<string, unknown> }> };
    expect(ga4Add.client_id).toMatch(/^\d+\.\d+$/);
    expect(ga4Add.events[0]?.params).toMatchObject({
      currency: "ARS",
      value: 40,
      gclid: "Cj0KCQ_gclid-9",
      items: [{ item_id: product.id, item_name: "Mochila", price: 20, quantity: 2 }],
    });

    // The order: one Purchase per platform, its event id the order's, sent again by no twin of the same submit.
    standIn.reset();
    const form = checkoutForm([`${product.id}:2`], { shownSubtotal: "4000" });
    expect((await order(s, url, product.id, `${clicked}; ${cart}`, form)).status).toBe(303);
    expect((await order(s, url, product.id, `${clicked}; ${cart}`, form)).status).toBe(303);
    await s.settle();
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
    const eventId = `${m.store.id}-${sale?.id}`;
    expect(standIn.received.map((r) => [r.platform, r.eventName, r.eventId, r.status])).toEqual([
      ["meta", "Purchase", eventId, 200],
      ["ga4", "purchase", eventId, 204],
    ]);
    expect(standIn.received[0]?.body).toMatchObject({
      data: [{ event_id: eventId, custom_data: { value: 40, currency: "ARS", content_ids: [product.id], order_id: sale?.id } }],
    });
    expect((standIn.received[1]?.body as { events?: Array<{ params: unknown }> } | undefined)?.events?.[0]?.params).toMatchObject(
      {
        transaction_id: sale?.id,
        value: 40,
        gclid: "Cj0KCQ_gclid-9",
      },
    );
  });

  it("keeps the secrets encrypted: neither the token nor the API secret is in the database", async () => {
    const { s, m } = await shop(standIn);
    const [row] = await s.db.select().from(storeConversionSettings).where(eq(storeConversionSettings.storeId, m.store.id));
    expect(row).toMatchObject({ metaDatasetId: DATASET, ga4MeasurementId: MEASUREMENT });
    expect(row?.metaTokenEnc).toMatch(/^v1\./);
    s.db.$client.close();
    const file = readFileSync(s.dbPath).toString("latin1");
    expect(file).toContain(DATASET);
    expect(file).not.toContain(META_TOKEN);
    expect(file).not.toContain(API_SECRET);
  });

  it("a platform that fails gets the event again from the upkeep, with the same id, and takes it once", async () => {
    const { s, url, product } = await shop(standIn);
    standIn.failNext(2);
    expect((await order(s, url, product.id)).status).toBe(303);
    await s.settle();
    expect(standIn.received.map((r) => r.status)).toEqual([503, 503]);
    const queued = await s.db.select().from(conversionQueue);
    expect(queued.map((q) => [q.platform, q.eventName, q.attempts])).toEqual([
      ["meta", "Purchase", 1],
      ["ga4", "Purchase", 1],
    ]);
    // The queue keeps the body without its secret.
    expect(JSON.stringify(queued)).not.toContain(META_TOKEN);
    expect(JSON.stringify(queued)).not.toContain(API_SECRET);

    // Not due yet; then due: two runs at once deliver each once.
    expect(await retryConversions(s)).toBe(0);
    later(s, 1);
    const runs = await Promise.all([retryConversions(s), retryConversions(s)]);
    expect(runs[0] + runs[1]).toBe(2);
    expect(await s.db.$count(conversionQueue)).toBe(0);
    const eventId = queued[0]?.eventId;
    const received = standIn.received.map((r) => [r.platform, r.eventId, r.status]);
    expect(received.slice(0, 2)).toEqual([
      ["meta", eventId, 503],
      ["ga4", eventId, 503],
    ]);
    // The two runs at once each took one platform's event: either may answer first.
    expect(received.slice(2).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ["ga4", eventId, 204],
      ["meta", eventId, 200],
    ]);
    later(s, 60);
    expect(await retryConversions(s)).toBe(0);
    expect(standIn.accepted()).toHaveLength(2);
  });

  it("an answer lost after the platform took the event: the retry carries the same event id, so it stays one event", async () => {
    const faults = new FaultSwitch();
    const { s, url, product } = await shop(standIn, ["meta"], faults);
    faults.set("conversions", true);
    expect((await order(s, url, product.id)).status).toBe(303);
    await s.settle();
    expect(await s.db.$count(conversionQueue)).toBe(1);
    faults.set("conversions", false);
    later(s, 1);
    expect(await retryConversions(s)).toBe(1);
    const ids = standIn.accepted().map((r) => r.eventId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  });

  it(`gives an event up after ${MAX_CONVERSION_TRIES} tries`, async () => {
    const { s, url, product } = await shop(standIn, ["ga4"]);
    standIn.failNext(100);
    await order(s, url, product.id);
    await s.settle();
    for (let minutes = 1; (await s.db.$count(conversionQueue)) > 0; minutes *= 2) {
      later(s, minutes);
      await retryConversions(s);
    }
    expect(standIn.received).toHaveLength(MAX_CONVERSION_TRIES);
    expect(standIn.accepted()).toHaveLength(0);
  });

  it("a crawler, a link preview or a prefetch sends no view; an order placed without a browser's name still counts", async () => {
    const { s, url, product } = await shop(standIn);
    const handler = createFetchHandler(await appBuild(), () => s);
    const page = `${s.config.APP_ORIGIN}/site/${url}/Product/mochila/${product.id}`;
    // cspell:disable
    const asked: Array<Record<string, string>> = [
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "User-Agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" },
      { "User-Agent": PHONE, "Sec-Purpose": "prefetch" },
    ];
    // cspell:enable
    for (const headers of asked) {
      const answer = await handler(new Request(page, { headers }));
      expect(answer.status).toBe(200);
      await viewedAtTheEntry(s, new Request(page, { headers }), answer);
    }
    expect(s.pending).toHaveLength(0);
    expect((await order(s, url, product.id)).status).toBe(303);
    await s.settle();
    expect(standIn.accepted().map((r) => r.eventName)).toEqual(["Purchase", "purchase"]);
  });

  it("a product page the edge cache answered is a ViewContent too, never the merchant's own look or a hidden product", async () => {
    const { s, m, url, product } = await shop(standIn);
    const page = `http://${url}.localhost:3999/Product/mochila/${product.id}`;
    // The cache's copy: the app is not reached, only the entry sees the request and its answer.
    const cached = () => new Response("<!doctype html>", { status: 200, headers: { "Content-Type": "text/html" } });
    await viewedAtTheEntry(s, new Request(page, { headers: { "User-Agent": PHONE, Host: `${url}.localhost:3999` } }), cached());
    expect(standIn.accepted().map((r) => [r.platform, r.eventName])).toEqual([
      ["meta", "ViewContent"],
      ["ga4", "view_item"],
    ]);
    expect(standIn.accepted()[0]?.body).toMatchObject({
      data: [{ event_source_url: page, custom_data: { value: 20, currency: "ARS", content_ids: [product.id] } }],
    });

    standIn.reset();
    const own = new Request(page, { headers: { "User-Agent": PHONE, Host: `${url}.localhost:3999`, Cookie: m.cookie } });
    await viewedAtTheEntry(s, own, cached());
    await s.db.update(products).set({ published: false }).where(eq(products.id, product.id));
    await viewedAtTheEntry(s, new Request(page, { headers: { "User-Agent": PHONE, Host: `${url}.localhost:3999` } }), cached());
    expect(standIn.received).toEqual([]);
  });

  it("a store without settings sends nothing and leaves nothing running after the answer", async () => {
    const { s, url, product } = await shop(standIn, []);
    expect((await order(s, url, product.id)).status).toBe(303);
    expect(s.pending).toHaveLength(0);
    await s.settle();
    expect(standIn.received).toEqual([]);
  });
});

describe("the local stand-in (no CONVERSIONS_API_ORIGIN, not production)", () => {
  it("takes each event once per platform, even when an answer is lost and it comes again, and lists them", async () => {
    const faults = new FaultSwitch();
    const s = createTestServices({ faults });
    const pending: Array<Promise<unknown>> = [];
    s.afterResponse = (task) => pending.push(task);
    expect(s.conversions.name).toBe("sandbox");
    const url = `local-${crypto.randomUUID().slice(0, 8)}`;
    const m = await signedInMerchant(s, "standard", { url, saleNumber: "573001112233" });
    const product = await insertProduct(s.db, { storeId: m.store.id, name: "Mochila", price: 2_000, stock: 5 }, s.clock.now());
    await workspaceRequest(s, {
      module: settingsPage,
      cookie: m.cookie,
      method: "POST",
      path: `/Store/${m.store.id}/conversiones`,
      params: { storeId: m.store.id },
      form: { intent: "meta", datasetId: DATASET, token: META_TOKEN },
    });
    faults.set("conversions", true);
    await checkoutAction(
      siteArgs(s, url, "/Checkout", {
        method: "POST",
        body: checkoutForm([`${product.id}:1`], { shownSubtotal: "2000" }),
      }) as never,
    ).catch((r) => r);
    await Promise.all(pending);
    faults.set("conversions", false);
    s.testClock.current = new Date(s.testClock.current.getTime() + 60_000);
    expect(await retryConversions(s)).toBe(1);
    const taken = await s.db.select().from(sandboxConversions);
    expect(taken.map((r) => [r.platform, r.target, r.eventName])).toEqual([["meta", DATASET, "Purchase"]]);

    const handler = createFetchHandler(await appBuild(), () => s);
    const page = await handler(new Request(`${s.config.APP_ORIGIN}/_sandbox/conversiones`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`data-event-id="${taken[0]?.eventId}"`);
  });
});

describe("'Anuncios', the store's conversion settings", () => {
  it("shows the ids and that a secret is saved, never the secret; 'Quitar' deletes it", async () => {
    const { s, m } = await shop(standIn, ["meta"]);
    const page = await settings(s, m, "GET");
    expect(page.data).toEqual({
      storeId: m.store.id,
      available: true,
      meta: { datasetId: DATASET, tokenSaved: true },
      ga4: { measurementId: "", secretSaved: false },
    });
    expect(JSON.stringify(page.data)).not.toContain(META_TOKEN);
    // The dataset changed without typing the token again: the saved token stays.
    expect((await settings(s, m, "POST", { intent: "meta", datasetId: "987654321098765", token: "" })).status).toBe(302);
    const [kept] = await s.db.select().from(storeConversionSettings);
    expect(kept).toMatchObject({ metaDatasetId: "987654321098765", metaTokenEnc: expect.stringMatching(/^v1\./) });
    expect((await settings(s, m, "POST", { intent: "remove-meta" })).status).toBe(302);
    const [removed] = await s.db.select().from(storeConversionSettings);
    expect(removed).toMatchObject({ metaDatasetId: null, metaTokenEnc: null });
  });

  it("refuses ids of the wrong form, in Spanish, and a platform without its secret", async () => {
    const { s, m } = await shop(standIn, []);
    const meta = await settings(s, m, "POST", { intent: "meta", datasetId: "pixel-123", token: "" });
    expect(meta.status).toBe(400);
    expect(meta.data).toMatchObject({
      intent: "meta",
      errors: { datasetId: es(CONVERSION_MESSAGES.datasetId), token: es(CONVERSION_MESSAGES.metaTokenNeeded) },
    });
    const ga4 = await settings(s, m, "POST", { intent: "ga4", measurementId: "UA-1234-1", apiSecret: "x" });
    expect(ga4.data).toMatchObject({
      errors: { measurementId: es(CONVERSION_MESSAGES.measurementId), apiSecret: es(CONVERSION_MESSAGES.apiSecret) },
    });
    expect(await s.db.$count(storeConversionSettings)).toBe(0);
  });

  it("keeps no secret in production without PAYMENT_TOKEN_KEY: the development key protects nothing", async () => {
    const { s, m } = await shop(standIn, []);
    const production = { ...s, config: { ...s.config, VITRINA_ENV: "production" as const, PAYMENT_TOKEN_KEY: undefined } };
    const refused = await workspaceRequest(s, {
      module: settingsPage,
      cookie: m.cookie,
      method: "POST",
      path: `/Store/${m.store.id}/conversiones`,
      params: { storeId: m.store.id },
      form: { intent: "meta", datasetId: DATASET, token: META_TOKEN },
      handlerServices: production,
    });
    expect(refused.status).toBe(503);
    expect(await s.db.$count(storeConversionSettings)).toBe(0);
  });

  it("is its owner's only: another merchant's session gets a 404 and changes nothing", async () => {
    const { s, m } = await shop(standIn, ["ga4"]);
    const other = await signedInMerchant(s);
    const asOther = { store: m.store, cookie: other.cookie };
    expect((await settings(s, asOther, "GET").catch((r: Response) => r)).status).toBe(404);
    const post = await settings(s, asOther, "POST", { intent: "remove-ga4" }).catch((r: Response) => r);
    expect(post.status).toBe(404);
    const [row] = await s.db.select().from(storeConversionSettings);
    expect(row?.ga4MeasurementId).toBe(MEASUREMENT);
  });
});
