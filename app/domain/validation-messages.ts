import { z } from "zod";

/**
 * Spanish wording for every issue zod can raise, for the schemas that give no message of their own.
 * A message written in a schema (`.max(60, "…")`, `z.string({ error })`) always wins: zod asks this map last.
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

const M = VALIDATION_MESSAGES;

function characters(n: number): string {
  return n === 1 ? "carácter" : "caracteres";
}

function items(n: number): string {
  return n === 1 ? "elemento" : "elementos";
}

function fileSize(bytes: number): string {
  const mb = 1024 * 1024;
  const size = (n: number) => n.toLocaleString("es", { maximumFractionDigits: 1 });
  if (bytes >= mb) return `${size(bytes / mb)} MB`;
  if (bytes >= 1024) return `${size(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

type Issue = z.core.$ZodRawIssue;
type Bound = "max" | "min";

const isBlank = (input: unknown) => input === undefined || input === null || (typeof input === "string" && input.trim() === "");

function typeMessage(expected: string, input: unknown): string {
  if (isBlank(input) || expected === "nonoptional") return M.required;
  switch (expected) {
    case "string":
      return M.text;
    case "number":
    case "nan":
      return M.number;
    case "int":
    case "bigint":
      return M.integer;
    case "boolean":
      return M.choice;
    case "date":
      return M.date;
    case "file":
      return M.file;
    default:
      return M.invalid;
  }
}

/** too_big and too_small: a length for text and lists, a size for files, a value for numbers and dates. */
function sizeMessage(bound: Bound, origin: string, limit: number | bigint, inclusive: boolean, exact: boolean, input: unknown) {
  // A count (characters, items, bytes) is a whole number, so an exclusive limit is the next one inward.
  const count = Number(limit) + (inclusive || exact ? 0 : bound === "max" ? -1 : 1);
  switch (origin) {
    case "string":
      if (bound === "min" && isBlank(input)) return M.required;
      return exact ? M.textExactly(count) : bound === "max" ? M.textAtMost(count) : M.textAtLeast(count);
    case "array":
    case "set":
    case "map":
      return exact ? M.itemsExactly(count) : bound === "max" ? M.itemsAtMost(count) : M.itemsAtLeast(count);
    case "file":
      return bound === "max" ? M.fileAtMost(count) : M.fileAtLeast(count);
    case "number":
    case "int":
    case "bigint":
      if (exact) return M.numberExactly(limit);
      if (bound === "max") return inclusive ? M.numberAtMost(limit) : M.numberBelow(limit);
      return inclusive ? M.numberAtLeast(limit) : M.numberAbove(limit);
    case "date":
      return bound === "max" ? M.dateTooLate : M.dateTooEarly;
    default:
      return bound === "max" ? M.tooBig : M.tooSmall;
  }
}

function formatMessage(issue: Issue & { code: "invalid_format" }): string {
  switch (issue.format) {
    case "email":
      return M.email;
    case "url":
      return M.url;
    case "e164":
      return M.phone;
    case "date":
      return M.date;
    case "datetime":
      return M.dateTime;
    case "time":
      return M.time;
    case "starts_with":
      return M.startsWith(String(issue.prefix));
    case "ends_with":
      return M.endsWith(String(issue.suffix));
    case "includes":
      return M.includes(String(issue.includes));
    default:
      return M.format;
  }
}

function multipleMessage(divisor: number | bigint): string {
  if (Number(divisor) === 1) return M.integer;
  const decimals = -Math.log10(Number(divisor));
  if (Number.isInteger(decimals) && decimals > 0) return M.decimalsAtMost(decimals);
  return M.multipleOf(divisor);
}

function spanishValidationMessage(issue: Issue): string {
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
      return M.unexpectedFields;
    case "invalid_union":
      return Array.isArray(issue.options) && issue.options.length > 0 ? M.choice : M.invalid;
    case "invalid_value":
      return M.choice;
    default:
      return M.invalid;
  }
}

const spanishErrorMap: z.core.$ZodErrorMap = (issue) => spanishValidationMessage(issue);

/** Makes zod answer in Spanish process-wide; safe to call more than once. */
export function applySpanishValidationMessages(): void {
  if (z.config().customError !== spanishErrorMap) z.config({ customError: spanishErrorMap });
}

/**
 * A schema's own message for a missing field only (`z.string(whenMissing("Escribe tu nombre"))`).
 * `z.string({ error: "…" })` would also give it for every later check, hiding '…como máximo 80 caracteres'.
 */
export function whenMissing(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined) };
}
