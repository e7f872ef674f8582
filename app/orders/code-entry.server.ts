/**
 * A discount code entered in the cart or at checkout, as the store answers it: judged against the
 * order (app/orders/order-amounts.ts) unless this client or store has failed too many entries lately
 * (app/discounts/code-guessing.server.ts), in which case nothing is said of the code but when to try again.
 */
import { type CodeGuessCounters, codeGuessMessage, codeGuessWait, countCodeFailure } from "~/discounts/code-guessing.server";
import type { DiscountCode } from "~/domain/discounts";
import type { Translate } from "~/domain/messages";
import type { Db } from "~/services/db";
import { type EnteredCode, enteredCode } from "./order-amounts";

export interface GuardedCode extends EnteredCode {
  /** Minutes until entries are looked at again, when they are blocked now. */
  wait: number | null;
  /** The store has no such code (or it is switched off): a failed entry, to be counted. */
  wrong: boolean;
}

export function guardedCode(
  entered: string | null,
  row: DiscountCode | undefined,
  counters: CodeGuessCounters,
  subtotal: number,
  store: { timeZone: string; currency: string; country: string },
  now: Date,
  t: Translate,
): GuardedCode {
  const wait = entered ? codeGuessWait(counters, now) : null;
  if (wait !== null) return { applied: null, discount: 0, refusal: codeGuessMessage(wait, t), wait, wrong: false };
  const code = enteredCode(entered, row, subtotal, store, now, t);
  return { ...code, wait: null, wrong: code.unknown === true };
}

/** Counts a wrong entry against the client and the store; nothing for any other outcome. */
export async function countWrongCode(db: Db, code: GuardedCode, storeId: string, ip: string, now: Date): Promise<void> {
  if (code.wrong) await countCodeFailure(db, storeId, ip, now);
}
