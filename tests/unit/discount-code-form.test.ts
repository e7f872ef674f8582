import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DiscountCodeForm } from "~/discounts/code-form";
import NewDiscountCode from "~/discounts/routes/new-discount-code";
import {
  DISCOUNT_STATE_LABELS,
  discountCodeFormValues,
  discountCodeState,
  discountConditions,
  discountFormMessage,
  discountUsesText,
  EMPTY_DISCOUNT_CODE,
  isCalendarDate,
  readDiscountCodeForm,
  typedFormValues,
} from "~/domain/discount-code-form";
import type { DiscountCode } from "~/domain/discounts";
import { translatorFor } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { storeToday } from "~/domain/sales";
import { applySpanishValidationMessages } from "~/domain/validation-messages";
import { PageMessagesProvider } from "~/ui/messages";
import { pageMessages } from "~/ui/messages.server";
import { inMerchantVoice } from "../support/messages";

applySpanishValidationMessages();

const es = translatorFor("es");
const said = (key: Parameters<typeof discountFormMessage>[1]) => discountFormMessage(es, key);

const form = (fields: Record<string, string>) => ({ code: "VERANO-10", kind: "percent", value: "10", active: "on", ...fields });

/** `uses`: what checkouts counted of the code being edited (VERANO-10); none: a new code. */
function refused(fields: Record<string, string>, currency = "COP", uses?: number) {
  const read = readDiscountCodeForm(form(fields), currency, uses === undefined ? null : { code: "VERANO-10", uses }, es);
  if (read.ok) throw new Error(`expected a refusal, got ${JSON.stringify(read.input)}`);
  return read.errors;
}

function accepted(fields: Record<string, string>, currency = "COP", uses?: number) {
  const read = readDiscountCodeForm(form(fields), currency, uses === undefined ? null : { code: "VERANO-10", uses }, es);
  if (!read.ok) throw new Error(`expected the form to pass, got ${JSON.stringify(read.errors)}`);
  return read.input;
}

describe("the discount code form", () => {
  it("reads a percentage code with no conditions, keeping the code as written", () => {
    expect(accepted({ code: " Verano_10 " })).toEqual({
      code: "Verano_10",
      kind: "percent",
      value: 10,
      minPurchase: null,
      startsOn: null,
      endsOn: null,
      maxUses: null,
      active: true,
      oncePerCustomer: false,
    });
  });

  it("refuses in the merchant's words: 'vos' for an Argentine merchant", () => {
    const read = readDiscountCodeForm(form({ kind: "gratis", maxUses: "x" }), "ARS", null, translatorFor("es-AR"));
    expect(!read.ok && read.errors).toEqual({
      kind: "Elegí Porcentaje o Monto fijo",
      maxUses: "Escribí un número entero, 1 o más (dejalo vacío si no hay límite)",
    });
    expect(discountFormMessage(translatorFor("es-AR"), "taken")).toBe("Ya tenés un código con ese nombre");
  });

  it("reads 'Una vez por cliente' as a checkbox", () => {
    expect(accepted({ code: "UNAVEZ", oncePerCustomer: "on" }).oncePerCustomer).toBe(true);
    expect(accepted({ code: "UNAVEZ" }).oncePerCustomer).toBe(false);
  });

  it("takes a new code of 4 to 20 letters, digits, '-' or '_' only", () => {
    for (const code of ["ABCD", "a-b_c", "X".repeat(20), "2x1x"]) expect(accepted({ code }).code).toBe(code);
    for (const code of ["AB", "X".repeat(21), "DOS PALABRAS", "AÑO", "10%", "hola!"])
      expect(refused({ code }).code, code).toBe(said("code"));
    expect(refused({ code: "" }).code).toBe("Este campo es obligatorio");
  });

  it("refuses a new code of 3 characters (easy to guess), but keeps an older one editable under its name", () => {
    for (const code of ["ABC", "2x1"]) expect(refused({ code }).code, code).toBe(said("tooShort"));
    const saved = { code: "2x1", uses: 4 };
    const edit = readDiscountCodeForm(form({ code: "2X1", maxUses: "10" }), "COP", saved, es);
    expect(edit.ok && edit.input).toMatchObject({ code: "2X1", maxUses: 10 });
    const renamed = readDiscountCodeForm(form({ code: "3x1" }), "COP", saved, es);
    expect(!renamed.ok && renamed.errors.code).toBe(said("tooShort"));
  });

  it("at the store's limit says so in words, as the page's catalog renders it (the refusals are the server's texts)", () => {
    const loaderData = { storeId: "1", currency: "COP", canAdd: false, full: "Tu tienda ya tiene 50 códigos, el máximo." };
    const Page = createRoutesStub([
      {
        path: "/",
        Component: () =>
          createElement(NewDiscountCode, { loaderData, actionData: undefined, params: {}, matches: [] } as unknown as Parameters<
            typeof NewDiscountCode
          >[0]),
      },
    ]);
    const html = renderToStaticMarkup(createElement(PageMessagesProvider, { messages: pageMessages("es") }, createElement(Page)));
    expect(html).toContain("Tu tienda ya tiene 50 códigos, el máximo.");
    expect(html).not.toContain("{");
  });

  it("says in its hint the lengths a new code may have, the ones the form takes", () => {
    const Page = createRoutesStub([
      {
        path: "/",
        Component: () =>
          createElement(DiscountCodeForm, {
            intent: "create",
            values: EMPTY_DISCOUNT_CODE,
            currency: "COP",
            errors: {},
            submitLabel: "Crear código",
          }),
      },
    ]);
    const html = renderToStaticMarkup(inMerchantVoice("es", createElement(Page)));
    const [, least, most] = (html.match(/De (\d+) a (\d+) letras/) ?? []).map(Number);
    const field = html.match(/<input[^>]*name="code"[^>]*>/)?.[0] ?? "";
    expect(field).toContain(`maxLength="${most}"`);
    const code = (length: number) => "A".repeat(length);
    expect(accepted({ code: code(least ?? 0) }).code).toBe(code(least ?? 0));
    expect(accepted({ code: code(most ?? 0) }).code).toBe(code(most ?? 0));
    expect(refused({ code: code((least ?? 0) - 1) }).code).toBeDefined();
    expect(refused({ code: code((most ?? 0) + 1) }).code).toBeDefined();
    expect(said("code")).toContain(`de ${least} a ${most} letras`);
  });

  it("takes a whole percent from 1 to 100, also written with '%'", () => {
    expect(accepted({ value: "1" }).value).toBe(1);
    expect(accepted({ value: "100" }).value).toBe(100);
    expect(accepted({ value: "15 %" }).value).toBe(15);
    expect(accepted({ value: "15%" }).value).toBe(15);
    for (const value of ["0", "101", "12,5", "7.5", "-5", "diez"]) expect(refused({ value }).value, value).toBe(said("percent"));
    expect(refused({ value: " " }).value).toBe("Este campo es obligatorio");
  });

  it("reads a fixed amount in the store currency, above 0", () => {
    expect(accepted({ kind: "amount", value: "5.000" }, "COP").value).toBe(5000);
    expect(accepted({ kind: "amount", value: "12,50" }, "USD").value).toBe(1250);
    expect(refused({ kind: "amount", value: "0" }).value).toBe(said("amountPositive"));
    expect(refused({ kind: "amount", value: "doce" }, "USD").value).toMatch(/^Escribe un precio válido/);
    expect(refused({ kind: "amount", value: "12,5" }, "COP").value).toMatch(/sin decimales/);
  });

  it("refuses a kind other than Porcentaje or Monto fijo", () => {
    expect(refused({ kind: "gratis" }).kind).toBe(said("kind"));
  });

  it("takes an optional minimum purchase above 0", () => {
    expect(accepted({ minPurchase: "20.000" }).minPurchase).toBe(20000);
    expect(accepted({ minPurchase: "" }).minPurchase).toBeNull();
    expect(refused({ minPurchase: "0" }).minPurchase).toBe(said("minPurchasePositive"));
  });

  it("takes optional real calendar dates, 'Hasta' not before 'Desde' (the same day is one day)", () => {
    expect(accepted({ startsOn: "2026-12-01", endsOn: "2026-12-31" })).toMatchObject({
      startsOn: "2026-12-01",
      endsOn: "2026-12-31",
    });
    expect(accepted({ startsOn: "2026-12-24", endsOn: "2026-12-24" }).endsOn).toBe("2026-12-24");
    expect(accepted({ endsOn: "2026-12-31" })).toMatchObject({ startsOn: null, endsOn: "2026-12-31" });
    expect(refused({ startsOn: "2026-12-31", endsOn: "2026-12-01" }).endsOn).toBe(said("endsBeforeStart"));
    expect(refused({ startsOn: "2026-02-30" }).startsOn).toBe("Escribe una fecha válida");
    expect(refused({ endsOn: "31/12/2026" }).endsOn).toBe("Escribe una fecha válida");
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
  });

  it("takes an optional whole use limit of 1 or more, never below the uses already counted", () => {
    expect(accepted({ maxUses: "5" }).maxUses).toBe(5);
    expect(accepted({ maxUses: "" }).maxUses).toBeNull();
    for (const maxUses of ["0", "2.5", "-1", "muchos"]) expect(refused({ maxUses }).maxUses, maxUses).toBe(said("maxUses"));
    expect(accepted({ maxUses: "3" }, "COP", 3).maxUses).toBe(3);
    expect(refused({ maxUses: "2" }, "COP", 3).maxUses).toBe("Ya se usó 3 veces");
    expect(refused({ maxUses: "0" }, "COP", 1).maxUses).toBe(said("maxUses"));
    expect(discountFormMessage(es, "belowUses", 1)).toBe("Ya se usó 1 vez");
  });

  it("reads 'Activo' as the checkbox sends it: present when checked, absent when not", () => {
    expect(accepted({ active: "on" }).active).toBe(true);
    const { active: _, ...unchecked } = form({});
    const read = readDiscountCodeForm(unchecked, "COP", null, es);
    expect(read.ok && read.input.active).toBe(false);
  });

  it("gives every refusal at once", () => {
    expect(Object.keys(refused({ code: "x", value: "0", maxUses: "0", startsOn: "nada" })).sort()).toEqual([
      "code",
      "maxUses",
      "startsOn",
      "value",
    ]);
  });
});

describe("the form's values", () => {
  it("shows a saved code with the currency's decimals and a comma", () => {
    const saved = {
      code: "Envio",
      kind: "amount" as const,
      value: 1250,
      minPurchase: 5000,
      startsOn: null,
      endsOn: "2026-12-31",
      maxUses: 10,
      active: false,
    };
    expect(discountCodeFormValues(saved, "USD", "")).toEqual({
      code: "Envio",
      kind: "amount",
      value: "12,50",
      minPurchase: "50,00",
      startsOn: "",
      endsOn: "2026-12-31",
      maxUses: "10",
      active: "",
      oncePerCustomer: "",
    });
    expect(discountCodeFormValues({ ...saved, oncePerCustomer: true }, "USD", "").oncePerCustomer).toBe("on");
    expect(discountCodeFormValues({ ...saved, kind: "percent", value: 15, active: true }, "COP", "CO")).toMatchObject({
      value: "15",
      active: "on",
    });
  });

  it("shows again what was typed after a refusal; an unchecked 'Activo' stays unchecked", () => {
    expect(typedFormValues({ code: "bienvenida", kind: "amount", value: "x" }, EMPTY_DISCOUNT_CODE)).toEqual({
      ...EMPTY_DISCOUNT_CODE,
      code: "bienvenida",
      kind: "amount",
      value: "x",
      active: "",
    });
    expect(typedFormValues({ kind: "otro", active: "on" }, EMPTY_DISCOUNT_CODE).kind).toBe("percent");
  });
});

describe("a code in the list", () => {
  const code: Pick<DiscountCode, "active" | "startsOn" | "endsOn" | "maxUses" | "uses"> = {
    active: true,
    startsOn: null,
    endsOn: null,
    maxUses: null,
    uses: 0,
  };

  it("is active, inactive, expired, exhausted or scheduled on the store's day", () => {
    const today = "2026-12-15";
    const state = (c: Partial<typeof code>) => es(DISCOUNT_STATE_LABELS[discountCodeState({ ...code, ...c }, today)]);
    expect(state({})).toBe("Activo");
    expect(state({ active: false })).toBe("Inactivo");
    expect(state({ active: false, endsOn: "2026-12-01" })).toBe("Inactivo");
    expect(state({ endsOn: "2026-12-14" })).toBe("Vencido");
    // Both dates are inclusive: the last day and the first day still apply.
    expect(state({ endsOn: "2026-12-15" })).toBe("Activo");
    expect(state({ startsOn: "2026-12-15" })).toBe("Activo");
    expect(state({ startsOn: "2026-12-16" })).toBe("Programado");
    expect(state({ maxUses: 5, uses: 5 })).toBe("Agotado");
    expect(state({ maxUses: 5, uses: 4 })).toBe("Activo");
  });

  it("takes today from the store's time zone, not the server's", () => {
    // 03:00 UTC on 1 Dec is still 30 Nov in Bogotá (UTC−5) and already 1 Dec in Madrid.
    const now = new Date("2026-12-01T03:00:00Z");
    expect(storeToday(now, "America/Bogota")).toBe("2026-11-30");
    expect(storeToday(now, "Europe/Madrid")).toBe("2026-12-01");
    const startsDec1 = { ...code, startsOn: "2026-12-01" };
    expect(discountCodeState(startsDec1, storeToday(now, "America/Bogota"))).toBe("scheduled");
    expect(discountCodeState(startsDec1, storeToday(now, "Europe/Madrid"))).toBe("active");
  });

  it("writes its conditions: minimum purchase, dates and use limit", () => {
    const amount = (minor: number) => formatMoney(minor, "COP", "CO");
    const today = "2026-11-20";
    expect(discountConditions({ minPurchase: null, startsOn: null, endsOn: null, maxUses: null }, today, amount, es)).toEqual([]);
    expect(
      discountConditions({ minPurchase: 20000, startsOn: "2026-12-01", endsOn: "2026-12-31", maxUses: 100 }, today, amount, es),
    ).toEqual(["desde $\u00a020.000", "1 dic – 31 dic", "hasta 100 usos"]);
    expect(
      discountConditions({ minPurchase: null, startsOn: "2026-12-01", endsOn: null, maxUses: 1 }, today, amount, es),
    ).toEqual(["desde el 1 dic", "hasta 1 uso"]);
    expect(
      discountConditions({ minPurchase: null, startsOn: "2026-12-20", endsOn: "2027-01-06", maxUses: null }, today, amount, es),
    ).toEqual(["20 dic – 6 ene 2027"]);
    expect(
      discountConditions({ minPurchase: null, startsOn: null, endsOn: "2026-09-30", maxUses: null }, today, amount, es),
    ).toEqual(["hasta el 30 sept"]);
  });

  it("counts its uses, against the limit when it has one", () => {
    expect(discountUsesText(3, 5, es)).toBe("3 de 5 usos");
    expect(discountUsesText(3, null, es)).toBe("3 usos");
    expect(discountUsesText(1, null, es)).toBe("1 uso");
    expect(discountUsesText(0, null, es)).toBe("0 usos");
    expect(discountUsesText(0, 1, es)).toBe("0 de 1 uso");
  });
});
