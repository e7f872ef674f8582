import { LISTING_RANK } from "~/domain/catalog";

type Listable = { published: boolean; stock: number; createdAt: number; id: string };

/** A product's rank, worked out in JavaScript: what the database's generated `listing_rank` (db/schema.ts) must give. */
function rankOf(product: { published: boolean; stock: number }): number {
  if (!product.published) return LISTING_RANK.hidden;
  return product.stock > 0 ? LISTING_RANK.inStock : LISTING_RANK.soldOut;
}

/**
 * The listings' order, as an oracle for the SQL (app/site/queries.server.ts): in stock before sold
 * out, then newest first, then the higher id (the order of the index `products_store_listing_idx`).
 */
export function compareForListing(a: Listable, b: Listable): number {
  return rankOf(b) - rankOf(a) || b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
