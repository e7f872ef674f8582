import { z } from "zod";
import { defineMessages, type Locale, type MessageValue, type Translate } from "./messages";

/**
 * Neutral Spanish wording for every issue zod can raise, for the schemas that give no message of their own: the
 * process-wide map's, and what a schema names (`.max(60, VALIDATION_MESSAGES.textAtMost(60))`). A message written in
 * a schema (`.max(60, "…")`, `z.string({ error })`) always wins: zod asks a parse's map, then this one, last.
 */
export const VALIDATION_MESSAGES = {
  required: "Este campo es obligatorio",
  invalid: "El valor no es válido",
  choice: "Elige una opción válida",
  format: "El formato no es válido",
  text: "Escribe un texto",
  number: "Escribe un número",
  integer: "Escribe un número entero",
  date: "Escribe una fecha válida",
  dateTime: "Escribe una fecha y hora válidas",
  time: "Escribe una hora válida",
  email: "Escribe un correo válido",
  url: "Escribe una dirección web válida",
  phone: "Escribe un teléfono válido",
  file: "Elige un archivo",
  unexpectedFields: "Hay datos que no se esperaban",
  dateTooLate: "La fecha es posterior a la permitida",
  dateTooEarly: "La fecha es anterior a la permitida",
  tooBig: "El valor es demasiado grande",
  tooSmall: "El valor es demasiado pequeño",
  textAtMost: (n: number) => `Escribe como máximo ${n} ${characters(n)}`,
  textAtLeast: (n: number) => `Escribe al menos ${n} ${characters(n)}`,
  textExactly: (n: number) => `Escribe exactamente ${n} ${characters(n)}`,
  numberAtMost: (n: number | bigint) => `El número debe ser como máximo ${n}`,
  numberAtLeast: (n: number | bigint) => `El número debe ser como mínimo ${n}`,
  numberBelow: (n: number | bigint) => `El número debe ser menor que ${n}`,
  numberAbove: (n: number | bigint) => `El número debe ser mayor que ${n}`,
  numberExactly: (n: number | bigint) => `El número debe ser ${n}`,
  itemsAtMost: (n: number) => `Agrega como máximo ${n} ${items(n)}`,
  itemsAtLeast: (n: number) => `Agrega al menos ${n} ${items(n)}`,
  itemsExactly: (n: number) => `Agrega exactamente ${n} ${items(n)}`,
  fileAtMost: (bytes: number) => `El archivo debe pesar como máximo ${fileSize(bytes)}`,
  fileAtLeast: (bytes: number) => `El archivo debe pesar al menos ${fileSize(bytes)}`,
  multipleOf: (n: number | bigint) => `El número debe ser múltiplo de ${n}`,
  decimalsAtMost: (n: number) => `Usa como máximo ${n} ${n === 1 ? "decimal" : "decimales"}`,
  startsWith: (prefix: string) => `Debe empezar con "${prefix}"`,
  endsWith: (suffix: string) => `Debe terminar con "${suffix}"`,
  includes: (part: string) => `Debe incluir "${part}"`,
} as const;

/**
 * The same words as catalog messages (decision 0067), for a parse that speaks the request's variant
 * (`validationErrorMap(t)`). Each renders what VALIDATION_MESSAGES says in the base catalog: a unit test holds them equal.
 * Numbers are simple arguments, written as the code gives them (ICU's `#` would group thousands).
 */
const VALIDATION_TEXTS = defineMessages({
  required: { id: "validation.required", defaultMessage: "Este campo es obligatorio" },
  invalid: { id: "validation.invalid", defaultMessage: "El valor no es válido" },
  choice: { id: "validation.choice", defaultMessage: "Elige una opción válida" },
  format: { id: "validation.format", defaultMessage: "El formato no es válido" },
  text: { id: "validation.text", defaultMessage: "Escribe un texto" },
  number: { id: "validation.number", defaultMessage: "Escribe un número" },
  integer: { id: "validation.integer", defaultMessage: "Escribe un número entero" },
  date: { id: "validation.date", defaultMessage: "Escribe una fecha válida" },
  dateTime: { id: "validation.dateTime", defaultMessage: "Escribe una fecha y hora válidas" },
  time: { id: "validation.time", defaultMessage: "Escribe una hora válida" },
  email: { id: "validation.email", defaultMessage: "Escribe un correo válido" },
  url: { id: "validation.url", defaultMessage: "Escribe una dirección web válida" },
  phone: { id: "validation.phone", defaultMessage: "Escribe un teléfono válido" },
  file: { id: "validation.file", defaultMessage: "Elige un archivo" },
  unexpectedFields: { id: "validation.unexpectedFields", defaultMessage: "Hay datos que no se esperaban" },
  dateTooLate: { id: "validation.dateTooLate", defaultMessage: "La fecha es posterior a la permitida" },
  dateTooEarly: { id: "validation.dateTooEarly", defaultMessage: "La fecha es anterior a la permitida" },
  tooBig: { id: "validation.tooBig", defaultMessage: "El valor es demasiado grande" },
  tooSmall: { id: "validation.tooSmall", defaultMessage: "El valor es demasiado pequeño" },
  textAtMost: {
    id: "validation.textAtMost",
    defaultMessage: "Escribe como máximo {count, plural, one {{count} carácter} other {{count} caracteres}}",
  },
  textAtLeast: {
    id: "validation.textAtLeast",
    defaultMessage: "Escribe al menos {count, plural, one {{count} carácter} other {{count} caracteres}}",
  },
  textExactly: {
    id: "validation.textExactly",
    defaultMessage: "Escribe exactamente {count, plural, one {{count} carácter} other {{count} caracteres}}",
  },
  numberAtMost: { id: "validation.numberAtMost", defaultMessage: "El número debe ser como máximo {limit}" },
  numberAtLeast: { id: "validation.numberAtLeast", defaultMessage: "El número debe ser como mínimo {limit}" },
  numberBelow: { id: "validation.numberBelow", defaultMessage: "El número debe ser menor que {limit}" },
  numberAbove: { id: "validation.numberAbove", defaultMessage: "El número debe ser mayor que {limit}" },
  numberExactly: { id: "validation.numberExactly", defaultMessage: "El número debe ser {limit}" },
  itemsAtMost: {
    id: "validation.itemsAtMost",
    defaultMessage: "Agrega como máximo {count, plural, one {{count} elemento} other {{count} elementos}}",
  },
  itemsAtLeast: {
    id: "validation.itemsAtLeast",
    defaultMessage: "Agrega al menos {count, plural, one {{count} elemento} other {{count} elementos}}",
  },
  itemsExactly: {
    id: "validation.itemsExactly",
    defaultMessage: "Agrega exactamente {count, plural, one {{count} elemento} other {{count} elementos}}",
  },
  fileAtMost: { id: "validation.fileAtMost", defaultMessage: "El archivo debe pesar como máximo {size}" },
  fileAtLeast: { id: "validation.fileAtLeast", defaultMessage: "El archivo debe pesar al menos {size}" },
  multipleOf: { id: "validation.multipleOf", defaultMessage: "El número debe ser múltiplo de {limit}" },
  decimalsAtMost: {
    id: "validation.decimalsAtMost",
    defaultMessage: "Usa como máximo {count, plural, one {{count} decimal} other {{count} decimales}}",
  },
  startsWith: { id: "validation.startsWith", defaultMessage: 'Debe empezar con "{text}"' },
  endsWith: { id: "validation.endsWith", defaultMessage: 'Debe terminar con "{text}"' },
  includes: { id: "validation.includes", defaultMessage: 'Debe incluir "{text}"' },
});

type Key = keyof typeof VALIDATION_TEXTS;

/** What an issue says, before it is worded: the message and its one argument (a count, a limit, a size, a text). */
interface Said {
  key: Key;
  arg?: number | bigint | string;
}

/** The argument's name in the catalog's message, by the message. */
function valuesOf({ key, arg }: Said, locale: Locale): Record<string, MessageValue> {
  if (arg === undefined) return {};
  if (key === "fileAtMost" || key === "fileAtLeast") return { size: fileSize(Number(arg), locale) };
  if (typeof arg === "string") return { text: arg };
  if (key.startsWith("number") || key === "multipleOf") return { limit: String(arg) };
  return { count: Number(arg) };
}

function characters(n: number): string {
  return n === 1 ? "carácter" : "caracteres";
}

function items(n: number): string {
  return n === 1 ? "elemento" : "elementos";
}

/** A file's weight as the variant writes numbers: '1,5 MB'; '1023,5 KB', in Argentina '1.023,5 KB'. */
function fileSize(bytes: number, locale: Locale = "es"): string {
  const mb = 1024 * 1024;
  const size = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 1 });
  if (bytes >= mb) return `${size(bytes / mb)} MB`;
  if (bytes >= 1024) return `${size(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

type Issue = z.core.$ZodRawIssue;
type Bound = "max" | "min";

const isBlank = (input: unknown) => input === undefined || input === null || (typeof input === "string" && input.trim() === "");

function typeMessage(expected: string, input: unknown): Said {
  if (isBlank(input) || expected === "nonoptional") return { key: "required" };
  switch (expected) {
    case "string":
      return { key: "text" };
    case "number":
    case "nan":
      return { key: "number" };
    case "int":
    case "bigint":
      return { key: "integer" };
    case "boolean":
      return { key: "choice" };
    case "date":
      return { key: "date" };
    case "file":
      return { key: "file" };
    default:
      return { key: "invalid" };
  }
}

/** too_big and too_small: a length for text and lists, a size for files, a value for numbers and dates. */
function sizeMessage(
  bound: Bound,
  origin: string,
  limit: number | bigint,
  inclusive: boolean,
  exact: boolean,
  input: unknown,
): Said {
  // A count (characters, items, bytes) is a whole number, so an exclusive limit is the next one inward.
  const count = Number(limit) + (inclusive || exact ? 0 : bound === "max" ? -1 : 1);
  switch (origin) {
    case "string":
      if (bound === "min" && isBlank(input)) return { key: "required" };
      return { key: exact ? "textExactly" : bound === "max" ? "textAtMost" : "textAtLeast", arg: count };
    case "array":
    case "set":
    case "map":
      return { key: exact ? "itemsExactly" : bound === "max" ? "itemsAtMost" : "itemsAtLeast", arg: count };
    case "file":
      return { key: bound === "max" ? "fileAtMost" : "fileAtLeast", arg: count };
    case "number":
    case "int":
    case "bigint":
      if (exact) return { key: "numberExactly", arg: limit };
      if (bound === "max") return { key: inclusive ? "numberAtMost" : "numberBelow", arg: limit };
      return { key: inclusive ? "numberAtLeast" : "numberAbove", arg: limit };
    case "date":
      return { key: bound === "max" ? "dateTooLate" : "dateTooEarly" };
    default:
      return { key: bound === "max" ? "tooBig" : "tooSmall" };
  }
}

function formatMessage(issue: Issue & { code: "invalid_format" }): Said {
  switch (issue.format) {
    case "email":
      return { key: "email" };
    case "url":
      return { key: "url" };
    case "e164":
      return { key: "phone" };
    case "date":
      return { key: "date" };
    case "datetime":
      return { key: "dateTime" };
    case "time":
      return { key: "time" };
    case "starts_with":
      return { key: "startsWith", arg: String(issue.prefix) };
    case "ends_with":
      return { key: "endsWith", arg: String(issue.suffix) };
    case "includes":
      return { key: "includes", arg: String(issue.includes) };
    default:
      return { key: "format" };
  }
}

function multipleMessage(divisor: number | bigint): Said {
  if (Number(divisor) === 1) return { key: "integer" };
  const decimals = -Math.log10(Number(divisor));
  if (Number.isInteger(decimals) && decimals > 0) return { key: "decimalsAtMost", arg: decimals };
  return { key: "multipleOf", arg: divisor };
}

/** Which message an issue gets: the one logic both the neutral map and a variant's map word. */
function saidOf(issue: Issue): Said {
  switch (issue.code) {
    case "invalid_type":
      return typeMessage(issue.expected, issue.input);
    case "too_big":
      return sizeMessage("max", issue.origin, issue.maximum, issue.inclusive ?? true, issue.exact ?? false, issue.input);
    case "too_small":
      return sizeMessage("min", issue.origin, issue.minimum, issue.inclusive ?? true, issue.exact ?? false, issue.input);
    case "invalid_format":
      return formatMessage(issue);
    case "not_multiple_of":
      return multipleMessage(issue.divisor);
    case "unrecognized_keys":
      return { key: "unexpectedFields" };
    case "invalid_union":
      return { key: Array.isArray(issue.options) && issue.options.length > 0 ? "choice" : "invalid" };
    case "invalid_value":
      return { key: "choice" };
    default:
      return { key: "invalid" };
  }
}

/** The neutral words, with no catalog at hand (the process-wide map, and the browser). */
function neutralText({ key, arg }: Said): string {
  const message = VALIDATION_MESSAGES[key];
  if (typeof message === "string") return message;
  return (message as (value: number | bigint | string) => string)(arg ?? 0);
}

const spanishErrorMap: z.core.$ZodErrorMap = (issue) => neutralText(saidOf(issue));

/** Makes zod answer in neutral Spanish process-wide, for every parse not given a variant's map; safe to call more than once. */
export function applySpanishValidationMessages(): void {
  if (z.config().customError !== spanishErrorMap) z.config({ customError: spanishErrorMap });
}

const variantMaps = new WeakMap<Translate, z.core.$ZodErrorMap>();

/**
 * zod's messages in `t`'s variant, for one parse (`schema.safeParse(input, { error: validationErrorMap(t) })`, or
 * `parseForm` in app/http): zod asks it after a schema's own messages, which still win, and before the neutral map.
 */
export function validationErrorMap(t: Translate): z.core.$ZodErrorMap {
  let map = variantMaps.get(t);
  if (!map) {
    map = (issue) => {
      const said = saidOf(issue);
      return t(VALIDATION_TEXTS[said.key], valuesOf(said, t.locale));
    };
    variantMaps.set(t, map);
  }
  return map;
}

/**
 * A schema's own message for a missing field only (`z.string(whenMissing("Escribe tu nombre"))`).
 * `z.string({ error: "…" })` would also give it for every later check, hiding '…como máximo 80 caracteres'.
 */
export function whenMissing(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined) };
}
