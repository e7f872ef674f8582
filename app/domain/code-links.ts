/**
 * Discount links (docs/decisions/0055-discount-links.md): a store page opened with `?codigo=CODE` puts the code in the
 * shopper's cart and tells them what it gives, or why it cannot. The page answers a redirect to itself without the
 * code, so the page shoppers see is the shared one; what the link did travels in a short-lived cookie, written and
 * read here as a few plain tokens (never free text: a hand-made cookie can only show one of these messages).
 */
import {
  codeKey,
  DISCOUNT_CODE_PATTERN,
  type DiscountCode,
  type DiscountKind,
  type DiscountProblem,
  discountMessage,
  discountValueText,
  judgeDiscount,
} from "./discounts";
import { defineMessages, type Translate } from "./messages";
import { type Ref, withRef } from "./referral";

/** The query parameter of a discount link. */
export const CODE_LINK_PARAM = "codigo";

/** What a link's code did: put in the cart (`kept`) or not, and what the shopper reads about it. */
export type CodeLinkOutcome =
  | { kind: "applied"; code: string; discount: DiscountKind; value: number }
  /** Kept in the cart, but the cart is below the code's minimum: it applies once the cart reaches it. */
  | { kind: "minimum"; code: string; discount: DiscountKind; value: number; minimum: number }
  | { kind: "refused"; code: string; problem: Exclude<DiscountProblem, "below_minimum"> }
  /** Too many wrong codes from this address or for this store lately: no code looked at, for `minutes`. */
  | { kind: "wait"; minutes: number };

/** The code a link asks for, upper case, or null when the link has none; anything not shaped like a code reads as '-'. */
export function linkedCode(params: URLSearchParams): string | null {
  const raw = params.get(CODE_LINK_PARAM);
  if (raw === null || !raw.trim()) return null;
  const key = codeKey(raw);
  return DISCOUNT_CODE_PATTERN.test(key) ? key : "-";
}

/** The same address without its code (every other parameter, `ref` and `utm_*` included, kept in order). */
export function withoutLinkedCode(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CODE_LINK_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * What a link's code does for a cart of `subtotal` on the store's day `today`: `row` is the store's code with that key
 * (undefined: none). A code whose only fault is the cart's minimum is kept, as the cart keeps it when typed.
 */
export function linkOutcome(key: string, row: DiscountCode | undefined, subtotal: number, today: string): CodeLinkOutcome {
  const judged = judgeDiscount(row, subtotal, today);
  if (row && (judged.ok || judged.problem === "below_minimum")) {
    const value = { code: row.code, discount: row.kind, value: row.value };
    if (judged.ok || row.minPurchase === null) return { kind: "applied", ...value };
    return { kind: "minimum", ...value, minimum: row.minPurchase };
  }
  const problem = judged.ok || judged.problem === "below_minimum" ? "unknown" : judged.problem;
  return { kind: "refused", code: row?.code ?? key, problem };
}

/** Whether the link's code goes into the cart's cookie. */
export const keepsCode = (outcome: CodeLinkOutcome) => outcome.kind === "applied" || outcome.kind === "minimum";

const PROBLEMS = ["unknown", "not_started", "expired", "exhausted"] as const;
const CODE = /^[A-Za-z0-9_-]{1,20}$/;
const NUMBER = /^\d{1,15}$/;

/** The outcome as a cookie value: dot-separated tokens of letters, digits, '-' and '_'. */
export function outcomeCookie(outcome: CodeLinkOutcome): string {
  switch (outcome.kind) {
    case "applied":
      return ["applied", outcome.code, outcome.discount, outcome.value].join(".");
    case "minimum":
      return ["minimum", outcome.code, outcome.discount, outcome.value, outcome.minimum].join(".");
    case "refused":
      return ["refused", outcome.code, outcome.problem].join(".");
    case "wait":
      return ["wait", outcome.minutes].join(".");
  }
}

/** The outcome a cookie holds, or null for anything this module did not write. */
export function outcomeFromCookie(value: string | null): CodeLinkOutcome | null {
  if (!value) return null;
  const [kind, ...parts] = value.split(".");
  const [code = "", second = "", third = "", fourth = ""] = parts;
  const amount = (text: string) => (NUMBER.test(text) ? Number(text) : null);
  const discount = (text: string): DiscountKind | null => (text === "percent" || text === "amount" ? text : null);
  if (kind === "wait" && parts.length === 1) {
    const minutes = amount(code);
    return minutes ? { kind, minutes } : null;
  }
  if (!CODE.test(code)) return null;
  if (kind === "refused" && parts.length === 2) {
    const problem = PROBLEMS.find((p) => p === second);
    return problem ? { kind, code, problem } : null;
  }
  const d = discount(second);
  const v = amount(third);
  if (!d || v === null) return null;
  if (kind === "applied" && parts.length === 3) return { kind, code, discount: d, value: v };
  const minimum = amount(fourth);
  if (kind === "minimum" && parts.length === 4 && minimum !== null) return { kind, code, discount: d, value: v, minimum };
  return null;
}

export interface CodeLinkNotice {
  tone: "success" | "error";
  text: string;
}

const CODE_LINK_MESSAGES = defineMessages({
  notApplied: { id: "discounts.link.notApplied", defaultMessage: "No se aplicó el código {code}: {problem}" },
  gives: { id: "discounts.link.gives", defaultMessage: "{value} de descuento" },
  applied: { id: "discounts.link.applied", defaultMessage: "Código {code} aplicado: {gives}" },
  kept: { id: "discounts.link.kept", defaultMessage: "Código {code} guardado: {gives}. {minimum}" },
  tooManyGuesses: {
    id: "discounts.refusal.tooManyGuesses",
    defaultMessage:
      "Demasiados códigos incorrectos: vuelve a intentarlo en {minutes, plural, one {{minutes} minuto} other {{minutes} minutos}}",
  },
});

/** What the shopper reads on the page the link lands on; `money` writes an amount in the store's currency. */
export function codeLinkNotice(outcome: CodeLinkOutcome, money: (minor: number) => string, t: Translate): CodeLinkNotice {
  if (outcome.kind === "wait") return { tone: "error", text: codeGuessText(outcome.minutes, t) };
  // A link whose code was not shaped like one (linkedCode's '-'): nothing of it is repeated.
  if (outcome.kind === "refused" && outcome.code === "-") return { tone: "error", text: discountMessage("unknown", "", t) };
  if (outcome.kind === "refused")
    return {
      tone: "error",
      text: t(CODE_LINK_MESSAGES.notApplied, { code: outcome.code, problem: lower(discountMessage(outcome.problem, "", t)) }),
    };
  const gives = t(CODE_LINK_MESSAGES.gives, {
    value: discountValueText({ kind: outcome.discount, value: outcome.value }, money),
  });
  if (outcome.kind === "applied") return { tone: "success", text: t(CODE_LINK_MESSAGES.applied, { code: outcome.code, gives }) };
  return {
    tone: "success",
    text: t(CODE_LINK_MESSAGES.kept, {
      code: outcome.code,
      gives,
      minimum: discountMessage("below_minimum", money(outcome.minimum), t),
    }),
  };
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The guessing limit's refusal, the same words wherever a code is entered (app/discounts/code-guessing.server.ts). */
export const codeGuessText = (minutes: number, t: Translate) => t(CODE_LINK_MESSAGES.tooManyGuesses, { minutes });

/** The link a merchant shares for a code: the store's address with `?codigo=` and the `ref` of where it is shared. */
export function codeLinkUrl(storeUrl: string, code: string, ref: Ref): string {
  const address = new URL(storeUrl);
  address.searchParams.set(CODE_LINK_PARAM, code);
  return withRef(address.toString(), ref);
}
