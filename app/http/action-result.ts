import { data } from "react-router";
import type { z } from "zod";
import { defineMessage, type Translate } from "~/domain/messages";
import { validationErrorMap } from "~/domain/validation-messages";

/**
 * The one shape of a refused action: the Spanish message per field ('form' for the whole form), the
 * intent it answers when a page has several forms, an optional title, and the values to show again.
 */
/** The refusal of an intent an action does not know (a stale or tampered form), the same in every feature. */
export const UNKNOWN_ACTION = defineMessage({ id: "http.refusal.unknownAction", defaultMessage: "Acción desconocida" });

export interface ActionFailure {
  intent?: string;
  errors: Record<string, string>;
  title?: string;
  values?: Record<string, string>;
}

export function failure(
  errors: Record<string, string>,
  options: Omit<ActionFailure, "errors"> & { status?: number; headers?: HeadersInit } = {},
) {
  const { status = 400, headers, ...rest } = options;
  return data<ActionFailure>({ errors, ...rest }, { status, headers });
}

/**
 * A form's input read by its schema, zod's own messages (a missing field, '…como máximo 60 caracteres') in `t`'s
 * variant: the merchant's on their pages, the store's on its public forms. A message the schema writes still wins.
 */
export function parseForm<T extends z.ZodType>(schema: T, input: unknown, t: Translate) {
  return schema.safeParse(input, { error: validationErrorMap(t) }) as z.ZodSafeParseResult<z.output<T>>;
}

/** Field errors as { field: firstMessage } for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Narrows an action's answer to its refusal, for actions that also answer with data on success. */
export function isFailure<T extends object>(result: T | undefined): result is Extract<T, ActionFailure> {
  return result !== undefined && "errors" in result;
}

/** A form's text fields by name, files left out: what the action schemas read. */
export function textFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
