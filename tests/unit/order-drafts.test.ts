import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import {
  addDraftLine,
  draftConfirmationSchema,
  draftFormSchema,
  draftQuote,
  readDraftLines,
  removeDraftLine,
  writeDraftLines,
} from "~/domain/order-drafts";

const es = translatorFor("es");

describe("the builder's lines", () => {
  it("adds to a line already there, keeps new ones last, removes by key and drops what is malformed", () => {
    let lines = readDraftLines("1234567:2|bad|7654321-42:1");
    expect(writeDraftLines(lines)).toBe("1234567:2|7654321-42:1");
    lines = addDraftLine(lines, "1234567", 3);
    lines = addDraftLine(lines, "1111111", 1);
    lines = addDraftLine(lines, "no-soy-un-producto", 1);
    expect(writeDraftLines(lines)).toBe("1234567:5|7654321-42:1|1111111:1");
    expect(writeDraftLines(removeDraftLine(lines, "7654321-42"))).toBe("1234567:5|1111111:1");
  });
});

describe("a draft's amounts", () => {
  it("takes the merchant's discount off the products, the way to pay's percent off what is left, then adds the fee", () => {
    expect(draftQuote(45_000, 5_000, 6_000)).toEqual({
      subtotal: 45_000,
      discount: 5_000,
      paymentAdjustment: 0,
      deliveryFee: 6_000,
      freeDelivery: false,
      total: 46_000,
    });
    expect(draftQuote(40_000, 4_000, 6_000, -10)).toMatchObject({ paymentAdjustment: -3_600, total: 38_400 });
    // A discount above the products is held to them.
    expect(draftQuote(1_000, 5_000, 0)).toMatchObject({ discount: 1_000, total: 0 });
  });
});

describe("the builder's form and the customer's confirmation", () => {
  const base = { idempotencyKey: "clave-1234567890abcdef", buyerName: "Camila", delivery: "pickup" };

  it("reads amounts as the merchant types them in the store's currency, empty as zero", () => {
    expect(draftFormSchema("COP", es).parse({ ...base, deliveryFee: "6.000", discount: "" })).toMatchObject({
      deliveryFee: 6_000,
      discount: 0,
    });
    expect(draftFormSchema("USD", es).parse({ ...base, deliveryFee: "5", discount: "2,50" })).toMatchObject({
      deliveryFee: 500,
      discount: 250,
    });
    const refused = draftFormSchema("COP", es).safeParse({ ...base, deliveryFee: "-5", delivery: "dron" });
    expect(refused.success ? [] : refused.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["delivery", "Elige cómo recibe el pedido"],
      ["deliveryFee", "Escribe un precio válido, por ejemplo 12.500"],
    ]);
  });

  it("takes the customer's email in lower case and refuses a way to pay that does not exist", () => {
    expect(draftConfirmationSchema(es).parse({ buyerName: "Camila", buyerEmail: "Camila@Correo.TEST" })).toMatchObject({
      buyerEmail: "camila@correo.test",
      address: null,
    });
    expect(draftConfirmationSchema(es).safeParse({ buyerName: "Camila", payment: "trueque" }).success).toBe(false);
  });
});
