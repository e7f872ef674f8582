import { cardPrice, cardPriceText } from "~/domain/catalog";
import type { MoneyWriting } from "~/domain/money";

export const promotionsPath = (storeId: string) => `/Store/${storeId}/promociones`;

/** The products and zones as the form's pickers list them. */
export function pickerChoices(
  choices: {
    products: ReadonlyArray<{
      id: string;
      name: string;
      price: number;
      compareAtPrice: number | null;
      priceFrom: number | null;
      priceTo: number | null;
    }>;
    zones: ReadonlyArray<{ id: number; name: string }>;
  },
  writing: MoneyWriting,
) {
  return {
    products: choices.products.map((p) => ({ id: p.id, name: p.name, price: cardPriceText(cardPrice(p, writing)) })),
    zones: choices.zones.map((z) => ({ id: z.id, name: z.name })),
  };
}
