/**
 * A product's own fields and their rules, in one place for every way a merchant gives them: the
 * product form (`productSchema` in app/products/product-actions.server.ts) and the catalog import
 * (app/domain/product-csv.ts). Options and variants have theirs in ./variants.ts.
 */
import { z } from "zod";
import { OFFER_MESSAGES } from "./catalog";
import { defineMessages, type Translate } from "./messages";
import { amountText, moneyMessage, type NumberStyle, readMoney } from "./money";
import { moneyProblemText } from "./money-messages";

/** A product's own fields, read and checked (its options and variants aside). */
export interface ProductFields {
  name: string;
  description: string;
  /** An index of PRODUCT_CATEGORIES (./categories.ts). */
  category: number;
  price: number;
  /** 'Precio anterior': null when the product has no offer. */
  compareAtPrice: number | null;
  /** 'Publicado' (true) or 'Oculto' (false). */
  published: boolean;
  /** The stock of a product without options (with options, the database sums its variants'). */
  stock: number;
}

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** A stock, of a product or of a variant: a whole number, 0 to 9,999,999. */
export const STOCK_PATTERN = /^\d{1,7}$/;
/** Amounts above this many minor units are refused. */
const MOST_MINOR_UNITS = 1e12;

export const PRODUCT_FIELD_MESSAGES = defineMessages({
  stock: { id: "products.refusal.stock", defaultMessage: "Escribe una cantidad entera, 0 o más" },
  photoToPublish: {
    id: "products.refusal.photoToPublish",
    defaultMessage: "Agrega una foto antes de publicarlo: un producto sin foto queda oculto",
  },
});

export type PriceReading = { ok: true; minor: number } | { ok: false; message: string };

/**
 * An amount in the store currency as the merchant typed it ('1.234,50' or '12.5'), in minor units:
 * a price, a 'Precio anterior' or a variant's price; or the message refusing it, in `t`'s variant (neutral without).
 */
export function readPrice(text: string, currency: string, style: NumberStyle = "either", t?: Translate): PriceReading {
  const reading = readMoney(text, currency, style);
  if (!reading.ok || reading.minor > MOST_MINOR_UNITS) {
    const problem = reading.ok ? "invalid" : reading.problem;
    return { ok: false, message: t ? moneyProblemText(problem, currency, t) : moneyMessage(problem, currency) };
  }
  return reading;
}

/**
 * readPrice inside a zod transform, for any form's amount in the store currency: the minor units, or
 * the refusal as the field's issue. With `positiveMessage`, 0 is refused with it too.
 */
export function readAmount(
  value: string,
  currency: string,
  ctx: z.RefinementCtx,
  positiveMessage?: string,
  style: NumberStyle = "either",
  t?: Translate,
): number {
  const reading = readPrice(value, currency, style, t);
  if (!reading.ok) {
    ctx.addIssue({ code: "custom", message: reading.message });
    return z.NEVER;
  }
  if (positiveMessage !== undefined && reading.minor <= 0) {
    ctx.addIssue({ code: "custom", message: positiveMessage });
    return z.NEVER;
  }
  return reading.minor;
}

/**
 * An amount as a form shows it to be typed again, as readPrice reads it: as the store's country writes it
 * ('9.000,50' in Argentina, '9,000.50' in Mexico), or without a country the currency's decimals with a comma
 * ('9000,50'). `country` is the store's ISO code ('' or null for none).
 */
export function amountInputText(minor: number, currency: string, country: string | null): string {
  return amountText(minor, currency, country);
}

/** 'Precio anterior' makes an offer only above the price: the message refusing it, or null when it is. */
export function compareAtProblem(price: number, compareAtPrice: number): string | null {
  return compareAtPrice <= price ? OFFER_MESSAGES.notAbovePrice : null;
}
