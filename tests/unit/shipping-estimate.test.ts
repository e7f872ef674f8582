import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { checkoutPostalStep, checkZonePostalCode, shippingEstimate, type ZoneWithCodes } from "~/domain/shipping-estimate";

const es = translatorFor("es");
const ar = translatorFor("es-AR");
const money = (minor: number) => formatMoney(minor, "ARS", "AR");
const zone = (id: number, name: string, postalCodes: string, more: Partial<ZoneWithCodes> = {}): ZoneWithCodes => ({
  id,
  name,
  postalCodes,
  fee: 350_000,
  minOrder: null,
  freeFrom: null,
  ...more,
});
const zones = [
  zone(1, "CABA", "1000-1499"),
  zone(2, "Gran Buenos Aires", "16*, 17*", { fee: 600_000, minOrder: 2_000_000 }),
  zone(3, "Zona Norte por nombre", "", { fee: 450_000, freeFrom: 1_000_000 }),
];
const estimate = (asked: string | null, subtotal = 1_200_000, list = zones, pickup = true) =>
  shippingEstimate({ zones: list, country: "AR", asked, subtotal, pickup, money, t: es });

describe("'Calcular envío' by postal code", () => {
  it("shows each zone covering the code, and the zones chosen by name, with the fee for the products", () => {
    expect(estimate("1425")).toEqual({
      kind: "zones",
      example: "1425",
      code: "1425",
      zones: [
        { id: 1, name: "CABA", text: `CABA — ${money(350_000)}` },
        { id: 3, name: "Zona Norte por nombre", text: "Zona Norte por nombre — envío gratis" },
      ],
    });
    // A CPA is read as its four digits; below a zone's minimum it says so.
    expect(estimate("b1602abc")).toMatchObject({
      code: "B1602ABC",
      zones: [
        { name: "Gran Buenos Aires", text: `Gran Buenos Aires — pedido mínimo ${money(2_000_000)}` },
        { name: "Zona Norte por nombre" },
      ],
    });
  });

  it("says when no zone delivers there, and asks again for what is no code", () => {
    const coded = zones.slice(0, 2);
    expect(estimate("5000", 1_200_000, coded)).toEqual({
      kind: "uncovered",
      example: "1425",
      code: "5000",
      message: "Sin envío a 5000: retira en la tienda o escríbenos",
    });
    expect(estimate("5000", 1_200_000, coded, false)).toMatchObject({ message: "Sin envío a 5000: escríbenos" });
    const argentine = shippingEstimate({ zones: coded, country: "AR", asked: "5000", subtotal: 1, pickup: true, money, t: ar });
    expect(argentine).toMatchObject({ message: "Sin envío a 5000: retirá en la tienda o escribinos" });
    expect(estimate("50000")).toMatchObject({ kind: "invalid", typed: "50000", message: "Escribe el código postal como 1425" });
    expect(estimate(null)).toEqual({ kind: "form", example: "1425" });
    expect(estimate("  ")).toEqual({ kind: "form", example: "1425" });
  });

  it("has nothing to calculate when no zone lists codes", () => {
    expect(estimate("1425", 1_000, [zones[2] as ZoneWithCodes])).toBeNull();
    expect(estimate("1425", 1_000, [])).toBeNull();
  });
});

describe("the checkout's zone for the buyer's postal code", () => {
  const [caba, gba, named] = zones as [ZoneWithCodes, ZoneWithCodes, ZoneWithCodes];
  it("takes a zone covering the code, or one chosen by name, and keeps the code as read", () => {
    expect(checkZonePostalCode(caba, zones, "c1425abc", "AR", es)).toEqual({ ok: true, postalCode: "C1425ABC" });
    expect(checkZonePostalCode(named, zones, "5000", "AR", es)).toEqual({ ok: true, postalCode: "5000" });
  });

  it("refuses a zone that does not cover the code, and asks for the code when some zone lists codes", () => {
    expect(checkZonePostalCode(gba, zones, "1425", "AR", es)).toEqual({
      ok: false,
      field: "zone",
      message: "La zona Gran Buenos Aires no llega al código postal 1425: elige otra zona",
    });
    expect(checkZonePostalCode(caba, zones, "", "AR", es)).toEqual({
      ok: false,
      field: "postalCode",
      message: "Escribe tu código postal para ver las zonas que llegan a tu dirección, como 1425",
    });
    expect(checkZonePostalCode(caba, zones, "14", "AR", es)).toMatchObject({ field: "postalCode" });
    // An Argentine store's checkout says it with 'vos'.
    expect(checkZonePostalCode(gba, zones, "1425", "AR", ar)).toMatchObject({
      message: "La zona Gran Buenos Aires no llega al código postal 1425: elegí otra zona",
    });
  });

  it("checks the code before the zone: a right code and no zone is left to the caller", () => {
    expect(checkZonePostalCode(undefined, zones, "1425", "AR", es)).toEqual({ ok: true, postalCode: "1425" });
    expect(checkZonePostalCode(undefined, zones, "", "AR", es)).toMatchObject({ ok: false, field: "postalCode" });
  });

  it("the checkout's step: the zones the code may choose, or why the code is wrong", () => {
    expect(checkoutPostalStep(zones, "AR", "1425", es)).toEqual({
      example: "1425",
      typed: "1425",
      code: "1425",
      error: null,
      zoneIds: [1, 3],
    });
    expect(checkoutPostalStep(zones, "AR", null, es)).toEqual({
      example: "1425",
      typed: "",
      code: null,
      error: null,
      zoneIds: [],
    });
    expect(checkoutPostalStep(zones, "AR", "14", es)).toMatchObject({
      code: null,
      error: "Escribe el código postal como 1425",
      zoneIds: [],
    });
    expect(checkoutPostalStep([named], "AR", "1425", es)).toBeNull();
  });

  it("asks nothing when no zone lists codes", () => {
    expect(checkZonePostalCode(named, [named], undefined, "AR", es)).toEqual({ ok: true, postalCode: null });
  });
});
