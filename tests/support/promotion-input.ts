import type { PromotionInput } from "~/domain/promotion-form";

/** A promotion as its form would give it: every field empty but the name and kind, and what the test sets. */
export const promotionInput = (fields: Pick<PromotionInput, "name" | "kind"> & Partial<PromotionInput>): PromotionInput => ({
  scope: "products",
  productIds: [],
  category: null,
  percent: null,
  amount: null,
  buy: null,
  pay: null,
  minQuantity: null,
  zoneIds: [],
  startsOn: null,
  endsOn: null,
  enabled: true,
  ...fields,
});
