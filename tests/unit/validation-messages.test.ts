import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { passwordField } from "~/auth/validation";
import { translatorFor } from "~/domain/message-catalogs";
import { applySpanishValidationMessages, validationErrorMap } from "~/domain/validation-messages";
import { fieldErrors, parseForm } from "~/http/action-result";
import { checkoutSchema } from "~/orders/checkout-form";
import { productSchema } from "~/products/product-actions.server";
import { sectionTitleSchema } from "~/sections/sections.server";
import { storeInfoSchema } from "~/stores/info-actions.server";
import { storeInfoForm } from "../support/store-info-form";

const es = translatorFor("es");

const ENGLISH = /\b(too|big|small|expected|invalid|received|must|characters|input|unrecognized|option|key|match)\b/i;
const text = (length: number) => "a".repeat(length);

function messagesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  expect(parsed.success).toBe(false);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

function onlyMessage(schema: z.ZodType, input: unknown): { code: string; message: string } {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected the input to be refused");
  expect(parsed.error.issues).toHaveLength(1);
  const [issue] = parsed.error.issues;
  return { code: issue?.code ?? "", message: issue?.message ?? "" };
}

beforeAll(() => {
  applySpanishValidationMessages();
});

describe("Spanish validation messages on the real forms", () => {
  const store = storeInfoForm();

  it("store info: over-long name, description and location", () => {
    const errors = messagesOf(storeInfoSchema, { ...store, name: text(61), description: text(1001), location: text(201) });
    expect(errors).toEqual({
      name: "Escribe como máximo 60 caracteres",
      description: "Escribe como máximo 1000 caracteres",
      location: "Escribe como máximo 200 caracteres",
    });
    for (const message of Object.values(errors)) expect(message).not.toMatch(ENGLISH);
  });

  it("section title", () => {
    expect(messagesOf(sectionTitleSchema, { title: text(81) })).toEqual({ title: "Escribe como máximo 80 caracteres" });
  });

  it("product name and description", () => {
    const product = { name: text(121), price: "12", stock: "1", description: text(2001), category: "0" };
    const errors = messagesOf(productSchema("USD"), product);
    expect(errors).toEqual({
      name: "Escribe como máximo 120 caracteres",
      description: "Escribe como máximo 2000 caracteres",
    });
    for (const message of Object.values(errors)) expect(message).not.toMatch(ENGLISH);
  });

  it("checkout note", () => {
    const order = { idempotencyKey: "abcdefghijklmnopqrstuv", buyerName: "Lucía", delivery: "pickup", lines: ["1234567:2"] };
    const parsed = checkoutSchema(es).safeParse({ ...order, note: text(501) });
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["note", "Escribe como máximo 500 caracteres"],
    ]);
  });

  it("a message written in the schema still wins over the Spanish defaults", () => {
    expect(messagesOf(storeInfoSchema, { ...store, name: "  ", category: "0" })).toEqual({
      name: "Este campo es obligatorio",
      category: "Elige una categoría",
    });
    const order = { idempotencyKey: "abcdefghijklmnopqrstuv", delivery: "by-drone", lines: ["1234567:2"] };
    expect(
      checkoutSchema(es)
        .safeParse(order)
        .error?.issues.map((i) => i.message),
    ).toEqual(["Escribe tu nombre", "Elige cómo quieres recibir tu pedido"]);
    const product = { name: "Taza", price: "doce", stock: "1", description: "", category: "0" };
    expect(messagesOf(productSchema("USD"), product)).toEqual({
      price: "Escribe un precio válido, por ejemplo 12.500 o 12,50",
    });
    expect(onlyMessage(passwordField, text(129)).message).toBe("La contraseña es demasiado larga");
  });

  it("applying the messages again changes nothing", () => {
    const before = z.config().customError;
    applySpanishValidationMessages();
    applySpanishValidationMessages();
    expect(z.config().customError).toBe(before);
    expect(onlyMessage(z.string().max(3), "abcd").message).toBe("Escribe como máximo 3 caracteres");
  });
});

type Case = [label: string, schema: z.ZodType, input: unknown, message: string];

/** Keyed by every issue code zod 4 has, so a code added by a zod upgrade fails to typecheck until it is covered here. */
const SWEEP: Record<z.core.$ZodIssueCode, Case[]> = {
  invalid_type: [
    ["missing text", z.string(), undefined, "Este campo es obligatorio"],
    ["null text", z.string(), null, "Este campo es obligatorio"],
    ["missing object key", z.object({ a: z.string() }).shape.a, undefined, "Este campo es obligatorio"],
    ["nonoptional", z.string().optional().nonoptional(), undefined, "Este campo es obligatorio"],
    ["empty number", z.number(), "", "Este campo es obligatorio"],
    ["not text", z.string(), 12, "Escribe un texto"],
    ["not a number", z.number(), "12", "Escribe un número"],
    ["coerced NaN", z.coerce.number(), "doce", "Escribe un número"],
    ["not an integer", z.number().int(), 1.5, "Escribe un número entero"],
    ["not a boolean", z.boolean(), "sí", "Elige una opción válida"],
    ["not a date", z.date(), "ayer", "Escribe una fecha válida"],
    ["not an object", z.object({}), "x", "El valor no es válido"],
    ["not a list", z.array(z.string()), "x", "El valor no es válido"],
  ],
  too_big: [
    ["long text", z.string().max(60), text(61), "Escribe como máximo 60 caracteres"],
    ["one character", z.string().max(1), "ab", "Escribe como máximo 1 carácter"],
    ["exact length", z.string().length(5), text(6), "Escribe exactamente 5 caracteres"],
    ["number", z.number().max(10), 11, "El número debe ser como máximo 10"],
    ["number below", z.number().lt(10), 10, "El número debe ser menor que 10"],
    ["coerced number", z.coerce.number().int().max(11), "12", "El número debe ser como máximo 11"],
    ["unsafe integer", z.number().int(), 2 ** 60, "El número debe ser como máximo 9007199254740991"],
    ["list", z.array(z.string()).max(2), ["a", "b", "c"], "Agrega como máximo 2 elementos"],
    ["date", z.date().max(new Date(0)), new Date(1), "La fecha es posterior a la permitida"],
    [
      "file",
      z.file().max(1024 * 1024),
      new File([new Uint8Array(1024 * 1024 + 1)], "a.png"),
      "El archivo debe pesar como máximo 1 MB",
    ],
  ],
  too_small: [
    ["short text", z.string().min(3), "ab", "Escribe al menos 3 caracteres"],
    ["empty text", z.string().min(1), "", "Este campo es obligatorio"],
    ["blank text", z.string().trim().min(3), "   ", "Este campo es obligatorio"],
    ["number", z.number().min(1), 0, "El número debe ser como mínimo 1"],
    ["positive", z.number().positive(), 0, "El número debe ser mayor que 0"],
    ["empty list", z.array(z.string()).min(1), [], "Agrega al menos 1 elemento"],
    ["date", z.date().min(new Date(10)), new Date(0), "La fecha es anterior a la permitida"],
  ],
  invalid_format: [
    ["email", z.email(), "ana", "Escribe un correo válido"],
    ["url", z.url(), "ana", "Escribe una dirección web válida"],
    ["regex", z.string().regex(/^\d+$/), "ana", "El formato no es válido"],
    ["uuid", z.uuid(), "ana", "El formato no es válido"],
    ["iso date", z.iso.date(), "ayer", "Escribe una fecha válida"],
    ["starts with", z.string().startsWith("https://"), "http://x", 'Debe empezar con "https://"'],
    ["ends with", z.string().endsWith(".cl"), "x.com", 'Debe terminar con ".cl"'],
    ["includes", z.string().includes("@"), "ana", 'Debe incluir "@"'],
  ],
  not_multiple_of: [
    ["multiple", z.number().multipleOf(5), 7, "El número debe ser múltiplo de 5"],
    ["whole step", z.number().multipleOf(1), 1.5, "Escribe un número entero"],
    ["cents", z.number().multipleOf(0.01), 1.001, "Usa como máximo 2 decimales"],
  ],
  unrecognized_keys: [["strict object", z.strictObject({ a: z.string() }), { a: "x", b: "y" }, "Hay datos que no se esperaban"]],
  invalid_union: [
    ["union", z.union([z.string(), z.number()]), true, "El valor no es válido"],
    [
      "discriminated union",
      z.discriminatedUnion("kind", [z.object({ kind: z.literal("a") }), z.object({ kind: z.literal("b") })]),
      { kind: "c" },
      "Elige una opción válida",
    ],
  ],
  invalid_key: [["record key", z.record(z.string().max(2), z.number()), { abc: 1 }, "El valor no es válido"]],
  invalid_element: [["map value", z.map(z.object({}), z.number()), new Map([[{}, "x"]]), "El valor no es válido"]],
  invalid_value: [
    ["enum", z.enum(["pickup", "delivery"]), "drone", "Elige una opción válida"],
    ["literal", z.literal("on"), "off", "Elige una opción válida"],
    ["stringbool", z.stringbool(), "quizás", "Elige una opción válida"],
  ],
  custom: [
    ["refine", z.string().refine(() => false), "x", "El valor no es válido"],
    ["issue without message", z.string().superRefine((_, ctx) => ctx.addIssue({ code: "custom" })), "x", "El valor no es válido"],
  ],
};

describe("every issue zod can raise has a Spanish message", () => {
  const cases = Object.entries(SWEEP).flatMap(([code, list]) => list.map((c) => [code, ...c] as const));

  it.each(cases)("%s: %s", (code, _label, schema, input, message) => {
    const issue = onlyMessage(schema, input);
    expect(issue.code).toBe(code);
    expect(issue.message).toBe(message);
    expect(issue.message).not.toMatch(ENGLISH);
  });

  it("covers every code", () => {
    for (const list of Object.values(SWEEP)) expect(list.length).toBeGreaterThan(0);
  });
});

describe("zod's messages in the request's variant", () => {
  const cases = Object.entries(SWEEP).flatMap(([code, list]) => list.map((c) => [code, ...c] as const));
  const messageOf = (schema: z.ZodType, input: unknown, locale: "es" | "es-AR") =>
    schema.safeParse(input, { error: validationErrorMap(translatorFor(locale)) }).error?.issues[0]?.message;

  it.each(cases)("the base catalog words %s (%s) as the neutral map does", (_code, _label, schema, input, message) => {
    expect(messageOf(schema, input, "es")).toBe(message);
  });

  it("an Argentine merchant reads them in 'vos', a count of one in the singular", () => {
    expect(messageOf(z.string().max(60), text(61), "es-AR")).toBe("Escribí como máximo 60 caracteres");
    expect(messageOf(z.string().max(60), text(61), "es")).toBe("Escribe como máximo 60 caracteres");
    expect(messageOf(z.string().max(1), "ab", "es-AR")).toBe("Escribí como máximo 1 carácter");
    expect(messageOf(z.string().min(2), "a", "es-AR")).toBe("Escribí al menos 2 caracteres");
    expect(messageOf(z.array(z.string()).min(1), [], "es-AR")).toBe("Agregá al menos 1 elemento");
    expect(messageOf(z.array(z.string()).max(2), ["a", "b", "c"], "es-AR")).toBe("Agregá como máximo 2 elementos");
    expect(messageOf(z.number().multipleOf(0.01), 1.001, "es-AR")).toBe("Usá como máximo 2 decimales");
    expect(messageOf(z.number().max(10000), 10001, "es-AR")).toBe("El número debe ser como máximo 10000");
    expect(messageOf(z.enum(["a", "b"]), "c", "es-AR")).toBe("Elegí una opción válida");
    expect(messageOf(z.string(), undefined, "es-AR")).toBe("Este campo es obligatorio");
    // A file's weight as each variant writes numbers: Argentina groups a thousand.
    const file = new File([new Uint8Array(1024 * 1024 + 1)], "a.png");
    expect(messageOf(z.file().max(1000 * 1024), file, "es")).toBe("El archivo debe pesar como máximo 1000 KB");
    expect(messageOf(z.file().max(1000 * 1024), file, "es-AR")).toBe("El archivo debe pesar como máximo 1.000 KB");
  });

  it("a message the schema writes still wins, and a parse without a map stays neutral", () => {
    expect(messageOf(z.string().max(3, "Tres letras"), "abcd", "es-AR")).toBe("Tres letras");
    expect(onlyMessage(z.string().max(3), "abcd").message).toBe("Escribe como máximo 3 caracteres");
  });

  it("parseForm reads a real form in the merchant's variant", () => {
    const parsed = parseForm(sectionTitleSchema, { title: text(81) }, translatorFor("es-AR"));
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({ title: "Escribí como máximo 80 caracteres" });
  });
});
