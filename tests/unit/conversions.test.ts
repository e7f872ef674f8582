import { describe, expect, it } from "vitest";
import {
  type ConversionEvent,
  clickIdsOfUrl,
  ga4Body,
  ga4ClientId,
  ga4SettingsForm,
  metaEvent,
  metaSettingsForm,
  parseClickIds,
  serializeClickIds,
} from "~/domain/conversions";
import { translatorFor } from "~/domain/message-catalogs";

const purchase: ConversionEvent = {
  id: "1234567890-000042",
  name: "Purchase",
  time: new Date("2026-03-10T15:00:00.250Z"),
  sourceUrl: "https://mi-tienda.vitrina.test/Checkout",
  currency: "ARS",
  value: 452_050,
  items: [
    { id: "7000001", name: "Mochila", quantity: 2, price: 200_000 },
    { id: "7000002-31", name: "Remera (Talla M)", quantity: 1, price: 52_050 },
  ],
  orderId: "000042",
  client: { ip: "203.0.113.7", userAgent: "Mozilla/5.0" },
  clicks: { fbclid: "IwAR3x", gclid: "Cj0KCQ", at: 1_773_150_000_000 },
};

describe("Meta's Conversions API event", () => {
  it("names the event, its time in seconds, its id for deduplication, the page, the client, the click and the sale", () => {
    expect(metaEvent(purchase)).toEqual({
      event_name: "Purchase",
      event_time: 1_773_154_800,
      event_id: "1234567890-000042",
      action_source: "website",
      event_source_url: "https://mi-tienda.vitrina.test/Checkout",
      user_data: { client_ip_address: "203.0.113.7", client_user_agent: "Mozilla/5.0", fbc: "fb.1.1773150000000.IwAR3x" },
      custom_data: {
        value: 4520.5,
        currency: "ARS",
        content_ids: ["7000001", "7000002-31"],
        content_type: "product",
        contents: [
          { id: "7000001", quantity: 2, item_price: 2000 },
          { id: "7000002-31", quantity: 1, item_price: 520.5 },
        ],
        num_items: 3,
        order_id: "000042",
      },
    });
  });

  it("has no fbc without an ad click from Meta, and amounts in a currency without cents stay whole", () => {
    const view = metaEvent({
      ...purchase,
      name: "ViewContent",
      currency: "CLP",
      value: 15_990,
      orderId: undefined,
      clicks: null,
    });
    expect(view.user_data).toEqual({ client_ip_address: "203.0.113.7", client_user_agent: "Mozilla/5.0" });
    expect(view.custom_data).toMatchObject({ value: 15_990, currency: "CLP" });
    expect(view.custom_data).not.toHaveProperty("order_id");
  });
});

describe("GA4's Measurement Protocol body", () => {
  it("is the recommended e-commerce event with its transaction, items, the gclid and the event id", () => {
    expect(ga4Body(purchase, "11.22")).toEqual({
      client_id: "11.22",
      timestamp_micros: 1_773_154_800_250_000,
      events: [
        {
          name: "purchase",
          params: {
            currency: "ARS",
            value: 4520.5,
            transaction_id: "000042",
            event_id: "1234567890-000042",
            items: [
              { item_id: "7000001", item_name: "Mochila", price: 2000, quantity: 2 },
              { item_id: "7000002-31", item_name: "Remera (Talla M)", price: 520.5, quantity: 1 },
            ],
            gclid: "Cj0KCQ",
            engagement_time_msec: 1,
          },
        },
      ],
    });
  });

  it("names each event as GA4 does", () => {
    const names = (["ViewContent", "AddToCart", "InitiateCheckout"] as const).map(
      (name) => ga4Body({ ...purchase, name, orderId: undefined }, "1.2").events[0]?.name,
    );
    expect(names).toEqual(["view_item", "add_to_cart", "begin_checkout"]);
  });

  it("derives one client id per client, in GA's form", async () => {
    const id = await ga4ClientId(purchase.client);
    expect(id).toMatch(/^\d+\.\d+$/);
    expect(await ga4ClientId({ ...purchase.client })).toBe(id);
    expect(await ga4ClientId({ ...purchase.client, ip: "203.0.113.8" })).not.toBe(id);
  });
});

describe("the ad click's cookie", () => {
  it("keeps fbclid and gclid from the landing address and reads them back", () => {
    const clicks = clickIdsOfUrl(new URL("https://t.test/Product/x/1?fbclid=IwAR_1-a&utm_source=fb"), 1000);
    expect(clicks).toEqual({ fbclid: "IwAR_1-a", at: 1000 });
    expect(parseClickIds(serializeClickIds(clicks ?? { at: 0 }))).toEqual(clicks);
    expect(parseClickIds("1000..Cj0")).toEqual({ gclid: "Cj0", at: 1000 });
  });

  it("ignores an address without clicks, odd characters and a forged cookie", () => {
    expect(clickIdsOfUrl(new URL("https://t.test/?ref=instagram"), 1)).toBeNull();
    expect(clickIdsOfUrl(new URL("https://t.test/?fbclid=a%3Cscript%3E"), 1)).toBeNull();
    expect(parseClickIds("x.IwAR.")).toBeNull();
    expect(parseClickIds("1000.a.b.c")).toBeNull();
    expect(parseClickIds(null)).toBeNull();
  });
});

describe("the settings' forms", () => {
  it("take a dataset id of digits and a measurement id G-…, in capitals", () => {
    expect(
      metaSettingsForm(false, translatorFor("es")).parse({ datasetId: " 123456789012345 ", token: "meta_token-1234567890abc" }),
    ).toEqual({
      datasetId: "123456789012345",
      token: "meta_token-1234567890abc",
    });
    expect(ga4SettingsForm(true, translatorFor("es")).parse({ measurementId: "g-ab12cd34ef", apiSecret: "" })).toEqual({
      measurementId: "G-AB12CD34EF",
      apiSecret: undefined,
    });
  });

  it("refuses in the merchant's words: 'Pegá el token…' for an Argentine merchant", () => {
    const refused = metaSettingsForm(false, translatorFor("es-AR")).safeParse({ datasetId: "1234567890", token: "corto" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Pegá el token de acceso de la API de conversiones de Meta"]);
  });
});
