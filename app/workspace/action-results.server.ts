import type { z } from "zod";
import { failure as actionFailure, fieldErrors } from "~/http/action-result";
import { MEDIA_MESSAGES, MediaError } from "~/media/image-rules";

/** A refusal a workspace rule raises (a limit, a taken name): its Spanish message, the field, a title. */
export class StoreError extends Error {
  override name = "StoreError";
  constructor(
    message: string,
    readonly field: string = "form",
    readonly title?: string,
  ) {
    super(message);
  }
}

/** What a workspace action answers when it refuses: the Spanish message, the field it is about, a 4xx. */
export function failure(intent: string, errors: Record<string, string>, status = 400, title?: string) {
  return actionFailure(errors, { intent, status, ...(title ? { title } : {}) });
}

export function invalid(intent: string, error: z.ZodError) {
  return failure(intent, fieldErrors(error), 400);
}

/** Known refusals (limits, names, media) become a 4xx with their message; anything else is a real error. */
export function refusal(intent: string, error: unknown, field = "form") {
  if (error instanceof StoreError)
    return failure(intent, { [error.field === "form" ? field : error.field]: error.message }, 409, error.title);
  if (error instanceof MediaError)
    return failure(intent, { [field]: error.message }, error.message === MEDIA_MESSAGES.tooHeavy ? 413 : 422);
  throw error;
}
