import { describe, expect, it } from "vitest";
import { minutesToWait, waitText } from "~/domain/limits";
import { translatorFor } from "~/domain/message-catalogs";
import {
  adjustmentRowLabel,
  adjustmentText,
  arrangedHoldSchema,
  cashMethodSchema,
  HOLD_HOURS_CHOICES,
  holdHoursOf,
  methodAdjustment,
  methodOff,
  offeredPayments,
  paymentChoiceLabel,
  paymentMethodRefusal,
  storeManualMethods,
  transferMethodSchema,
} from "~/domain/payment-methods";
import { paymentStateLabel, paymentText, type SalePaymentMethod, type SalePaymentStatus, stockNote } from "~/domain/sales";

const es = translatorFor("es");

const transfer = { ...methodOff("transfer"), enabled: true, adjustPercent: -10, keyLabel: "Alias", keyValue: "tienda.mp" };
const cash = { ...methodOff("cash"), enabled: true, adjustPercent: 5 };

describe("what a payment method adds or takes off", () => {
  it("takes a whole percent of the products after the code, rounded half away from zero", () => {
    expect(methodAdjustment(10_000, -10)).toBe(-1_000);
    expect(methodAdjustment(10_000, 5)).toBe(500);
    // 4,505 × 10 % = 450.5: the buyer's discount rounds to 451, a surcharge of the same size to 451.
    expect(methodAdjustment(4_505, -10)).toBe(-451);
    expect(methodAdjustment(4_505, 10)).toBe(451);
    expect(methodAdjustment(10_000, 0)).toBe(0);
    expect(methodAdjustment(0, -10)).toBe(0);
  });

  it("says it as the checkout offers it", () => {
    expect(adjustmentText(-10)).toBe("10\u00a0% de descuento");
    expect(adjustmentText(5)).toBe("5\u00a0% de recargo");
    expect(adjustmentText(0)).toBeNull();
    expect(paymentChoiceLabel("transfer", [transfer, cash])).toBe("Transferencia o depósito bancario — 10\u00a0% de descuento");
    expect(paymentChoiceLabel("online", [transfer, cash])).toBe("Pagar en línea con Mercado Pago");
  });

  it("names the adjustment's line among the amounts, the same words in the Argentine variant", () => {
    for (const t of [es, translatorFor("es-AR")]) {
      expect(adjustmentRowLabel("transfer", -1_000, t)).toBe("Descuento por transferencia");
      expect(adjustmentRowLabel("cash", 500, t)).toBe("Recargo por pago en efectivo");
    }
    const ids = Object.assign((m: { id: string }) => m.id, { rich: () => [], locale: "es-AR" as const });
    expect(adjustmentRowLabel("cash", 500, ids)).toBe("paymentMethods.adjustmentRow");
  });
});

describe("the ways to pay a checkout offers", () => {
  it("offers 'al recibir' to a store that set up neither transfer nor cash, and Mercado Pago when usable", () => {
    const none = storeManualMethods([]);
    expect(offeredPayments(none, false)).toEqual(["on_delivery"]);
    expect(offeredPayments(none, true)).toEqual(["on_delivery", "online"]);
  });

  it("offers the methods turned on instead, in a fixed order", () => {
    expect(offeredPayments(storeManualMethods([cash, transfer]), true)).toEqual(["transfer", "cash", "online"]);
    expect(offeredPayments(storeManualMethods([{ ...cash, enabled: false }, transfer]), false)).toEqual(["transfer"]);
  });
});

describe("the 'Cobros' form", () => {
  it("reads a transfer with a 10 % discount and its copyable key", () => {
    const parsed = transferMethodSchema(es).safeParse({
      enabled: "on",
      adjustKind: "discount",
      adjustPercent: "10",
      keyLabel: " Alias ",
      keyValue: "tienda.mp",
      instructions: "Titular: Marta Tendera",
      holdHours: "",
    });
    expect(parsed.success && parsed.data).toEqual({
      method: "transfer",
      enabled: true,
      adjustPercent: -10,
      instructions: "Titular: Marta Tendera",
      keyLabel: "Alias",
      keyValue: "tienda.mp",
      holdHours: 48,
    });
  });

  it("refuses a transfer turned on without any way to transfer, in Spanish", () => {
    const parsed = transferMethodSchema(es).safeParse({ enabled: "on", adjustKind: "none" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["keyValue", paymentMethodRefusal(es, "transferDetails")],
    ]);
  });

  it("keeps a transfer turned off without details", () => {
    const parsed = transferMethodSchema(es).safeParse({ adjustKind: "none" });
    expect(parsed.success && parsed.data.enabled).toBe(false);
  });

  it.each([
    ["discount", "0"],
    ["discount", "51"],
    ["surcharge", "31"],
    ["surcharge", "2.5"],
    ["discount", ""],
    ["discount", "diez"],
  ])("refuses a %s of '%s' percent", (adjustKind, adjustPercent) => {
    const parsed = cashMethodSchema(es).safeParse({ enabled: "on", adjustKind, adjustPercent });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(paymentMethodRefusal(es, "adjustPercent"));
  });

  it("ignores the percent when there is no adjustment, and accepts the limits", () => {
    expect(cashMethodSchema(es).parse({ enabled: "on", adjustKind: "none", adjustPercent: "99" }).adjustPercent).toBe(0);
    expect(cashMethodSchema(es).parse({ enabled: "on", adjustKind: "discount", adjustPercent: "50" }).adjustPercent).toBe(-50);
    expect(cashMethodSchema(es).parse({ enabled: "on", adjustKind: "surcharge", adjustPercent: "30" }).adjustPercent).toBe(30);
  });

  it("refuses in the merchant's words: 'Escribí' for an Argentine merchant, with the limits named", () => {
    const parsed = transferMethodSchema(translatorFor("es-AR")).safeParse({ enabled: "on", keyValue: "x", holdHours: "0" });
    expect(parsed.error?.issues[0]?.message).toBe("Escribí entre 1 y 168 horas");
    expect(paymentMethodRefusal(es, "adjustPercent")).toBe("Escribe un porcentaje entero: hasta 50 de descuento o 30 de recargo");
  });

  it("refuses a hold outside 1 to 168 hours", () => {
    for (const holdHours of ["0", "169", "1.5"]) {
      const parsed = transferMethodSchema(es).safeParse({ enabled: "on", keyValue: "x", holdHours });
      expect(parsed.error?.issues[0]?.message).toBe(paymentMethodRefusal(es, "holdHours"));
    }
  });
});

describe("how the desk names a sale's payment", () => {
  it("names the way to pay, a transfer's receipt state and an online payment's state", () => {
    const text = (paymentMethod: SalePaymentMethod, paymentStatus: SalePaymentStatus) => [
      paymentText({ paymentMethod, paymentStatus }, es),
      paymentStateLabel({ paymentMethod, paymentStatus }, es),
    ];
    expect(text("on_delivery", "none")).toEqual(["Al recibir", "Al recibir"]);
    expect(text("cash", "none")).toEqual(["Efectivo", "Efectivo"]);
    expect(text("transfer", "none")).toEqual(["Transferencia", "Transferencia"]);
    expect(text("transfer", "pending")).toEqual(["Transferencia — Comprobante recibido", "Comprobante recibido"]);
    expect(text("transfer", "approved")).toEqual(["Transferencia — Pago verificado", "Pago verificado"]);
    expect(text("transfer", "rejected")).toEqual(["Transferencia — Comprobante rechazado", "Comprobante rechazado"]);
    expect(text("online", "approved")).toEqual(["En línea — Aprobado", "Aprobado"]);
  });
});

describe("how long each way to pay holds an unpaid order's units", () => {
  it("cash and 'al recibir' take one of the offered hours, a day when the form sends none; anything else is refused", () => {
    expect(cashMethodSchema(es).parse({ enabled: "on", holdHours: "6" }).holdHours).toBe(6);
    expect(cashMethodSchema(es).parse({ enabled: "on" }).holdHours).toBe(24);
    expect(arrangedHoldSchema(es).parse({ holdHours: "72" })).toMatchObject({
      method: "on_delivery",
      enabled: false,
      holdHours: 72,
    });
    for (const holdHours of ["5", "168", "0", "abc"]) {
      const parsed = arrangedHoldSchema(es).safeParse({ holdHours });
      expect(parsed.error?.issues[0]?.message).toBe(paymentMethodRefusal(es, "holdChoice"));
    }
    expect(HOLD_HOURS_CHOICES).toEqual([2, 6, 12, 24, 48, 72]);
  });

  it("a store's saved hours, or each way's default (transfer 48 as before, the others a day)", () => {
    const rows = [
      { ...cash, holdHours: 12 },
      { ...methodOff("cash"), method: "on_delivery" as const, holdHours: 2 },
    ];
    expect(holdHoursOf(rows, "cash")).toEqual({ holdHours: 12 });
    expect(holdHoursOf(rows, "on_delivery")).toEqual({ holdHours: 2 });
    expect(holdHoursOf(rows, "transfer")).toEqual({ holdHours: 48 });
    expect(holdHoursOf([], "on_delivery")).toEqual({ holdHours: 24 });
    // The 'al recibir' row only keeps hours: it never turns a method on.
    expect(offeredPayments(storeManualMethods(rows), false)).toEqual(["cash"]);
  });
});

describe("what the desk says of an order's hold", () => {
  const pending = { state: "Pendiente" as const, stockState: "held" as const, paymentStatus: "none" as const };
  const until = new Date("2026-11-29T15:30:00Z");

  it("until when an unpaid order holds, a receipt's extension, and a lapse", () => {
    expect(stockNote({ ...pending, paymentMethod: "cash", reservedUntil: until }, "UTC", es)).toBe(
      "Reserva hasta 29 nov 2026, 15:30",
    );
    expect(
      stockNote(
        { ...pending, paymentMethod: "transfer", paymentStatus: "pending", reservedUntil: until, holdExtendedAt: until },
        "UTC",
        es,
      ),
    ).toBe("Comprobante recibido: reserva extendida hasta 29 nov 2026, 15:30");
    expect(stockNote({ ...pending, paymentMethod: "on_delivery", stockState: "released" }, "UTC", es)).toBe(
      "Reserva vencida: ya no reserva stock",
    );
    expect(stockNote({ ...pending, paymentMethod: "online", stockState: "released" }, "UTC", es)).toBe("Pago no completado");
    expect(stockNote({ ...pending, paymentMethod: "transfer", paymentStatus: "approved", reservedUntil: until }, "UTC", es)).toBe(
      "Reservado",
    );
  });

  it("the checkout's wait in words", () => {
    expect([waitText(1, es), waitText(31, es), waitText(60, es), waitText(61, es), waitText(24 * 60, es)]).toEqual([
      "1 minuto",
      "31 minutos",
      "1 hora",
      "1 hora y 1 minuto",
      "24 horas",
    ]);
    expect(minutesToWait(new Date(90_001), new Date(0))).toBe(2);
    expect(minutesToWait(new Date(0), new Date(5_000))).toBe(1);
  });
});
