import { z } from "zod";
import { translatorFor } from "~/domain/message-catalogs";
import type { MessageDescriptor, MessageValue, Translate } from "~/domain/messages";
import { failure, fieldErrors } from "~/http/action-result";
import { MEDIA_MESSAGES, MediaError } from "~/media/image-rules";

/** What a pair of MoveButtons (app/ui/form.tsx) posts: the row's id and which way it goes. */
export const moveForm = z.object({ id: z.string().max(20), direction: z.enum(["up", "down"]) });

/** A refusal's text as the catalog says it: `refusal` words it with the merchant's translator. */
interface RefusalText {
  message: MessageDescriptor;
  values?: Record<string, MessageValue>;
}

/**
 * A refusal a workspace rule raises (a limit, a taken name): its Spanish message, the field, a title. One raised
 * below the action's translator (a database rule) carries its `text`, and `message` is its neutral wording.
 */
export class StoreError extends Error {
  override name = "StoreError";
  readonly field: string;
  readonly title?: string;
  readonly text?: RefusalText;
  constructor(message: string, field = "form", title?: string, text?: RefusalText) {
    super(message);
    this.field = field;
    this.title = title;
    this.text = text;
  }
}

/** A rule's refusal raised where no translator is at hand: neutral as its `message`, in the merchant's words by `refusal`. */
export const ruleRefusal = (message: MessageDescriptor, values: RefusalText["values"], field = "form") =>
  new StoreError(translatorFor("es")(message, values), field, undefined, { message, values });

/** What a refused form shows again: the values as typed. */
interface RefusalOptions {
  values?: Record<string, string>;
  /** The merchant's translator (merchantT): a refused file's or rule's message in their variant; neutral without it. */
  t?: Translate;
}

/** A workspace form's input that failed its schema: each field's Spanish message, 400. */
export function invalid(intent: string, error: z.ZodError, { values }: RefusalOptions = {}) {
  return failure(fieldErrors(error), { intent, ...(values ? { values } : {}) });
}

/** Known refusals (limits, names, media) become a 4xx with their message; anything else is a real error. */
export function refusal(intent: string, error: unknown, field = "form", { values, t }: RefusalOptions = {}) {
  const kept = values ? { values } : {};
  if (error instanceof StoreError)
    return failure(
      {
        [error.field === "form" ? field : error.field]:
          t && error.text ? t(error.text.message, error.text.values) : error.message,
      },
      { intent, status: 409, ...(error.title ? { title: error.title } : {}), ...kept },
    );
  if (error instanceof MediaError)
    return failure(
      { [field]: t ? t(error.text) : error.message },
      { intent, status: error.text === MEDIA_MESSAGES.tooHeavy ? 413 : 422, ...kept },
    );
  throw error;
}
