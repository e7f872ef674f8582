import { productSearchColumns } from "../../app/domain/search";
import { merchantWithStore } from "../support/merchants";
import { e2eDb, query } from "./helpers";

export const SHOP_PHONE = "573001234567";

const digits = (n: number) => {
  let s = String(1 + Math.floor(Math.random() * 9));
  while (s.length < n) s += String(Math.floor(Math.random() * 10));
  return s;
};

export interface SeededShop {
  id: string;
  slug: string;
  ownerEmail: string;
  products: Array<{ id: string; name: string; price: number; stock: number }>;
}

/**
 * A store seeded straight into the e2e database (no registration, no rate limits): its products reuse
 * the demo store's stored image, the newest product is the last of `products`.
 */
export async function seedShop(
  tag: string,
  products: Array<{ name: string; price: number; stock: number; category?: number; description?: string }>,
  opts: { billDueAt?: Date | null; saleNumber?: string } = {},
): Promise<SeededShop> {
  // Ids are random like the app's, so across a whole run one can collide with an earlier shop's:
  // then seed again with fresh ids, as the app's own inserts do.
  for (let attempt = 1; ; attempt++) {
    try {
      return await seedShopOnce(tag, products, opts);
    } catch (error) {
      if (attempt < 5 && String(error).includes("UNIQUE constraint failed")) continue;
      throw error;
    }
  }
}

async function seedShopOnce(
  tag: string,
  products: Parameters<typeof seedShop>[1],
  opts: Parameters<typeof seedShop>[2] = {},
): Promise<SeededShop> {
  const db = e2eDb();
  try {
    const now = Date.now();
    const slug = `${tag}-${now.toString(36)}-${Math.floor(Math.random() * 1e4)}`;
    const ownerEmail = `${slug}@correo.test`;
    const { store } = await merchantWithStore(
      db,
      "standard",
      {
        name: `Tienda ${tag}`,
        url: slug,
        currency: "USD",
        description: "Productos del campo colombiano.",
        mainTitle: "Bienvenidos",
        storeTitle: "Nuestros productos",
        saleNumber: opts.saleNumber ?? SHOP_PHONE,
      },
      {
        name: "Marta",
        lastname: "Tendera",
        email: ownerEmail,
        ...(opts.billDueAt === undefined ? {} : { billDueAt: opts.billDueAt }),
      },
    );
    const id = store.id;
    const image = await db.execute(
      "select image_key, image_width, image_height from products join stores on stores.id = products.store_id where stores.url = 'demo' limit 1",
    );
    const img = image.rows[0] ?? { image_key: null, image_width: null, image_height: null };
    // Products are rows of their own here, without the photo rows the app's insert adds: they show the demo
    // store's picture, which a journey deleting one of them must not take away from the demo.
    const stmts: Array<{ sql: string; args: never }> = [];
    const seeded: SeededShop["products"] = [];
    for (const [i, p] of products.entries()) {
      const pid = digits(7);
      seeded.push({ id: pid, name: p.name, price: p.price, stock: p.stock });
      const description = p.description ?? `Descripción de ${p.name}.`;
      const indexed = productSearchColumns(id, { name: p.name, description, category: p.category ?? 1 });
      stmts.push({
        sql: "insert into products (id, store_id, name, search_text, price, stock, description, category, image_key, image_width, image_height, created_at, search_name, search_body, search_fuzzy, search_version) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        args: [
          pid,
          id,
          p.name,
          indexed.searchText,
          p.price,
          p.stock,
          description,
          p.category ?? 1,
          img.image_key,
          img.image_width,
          img.image_height,
          now - (products.length - i) * 1000,
          indexed.searchName,
          indexed.searchBody,
          indexed.searchFuzzy,
          indexed.searchVersion,
        ] as never,
      });
    }
    await db.batch(stmts as never, "write");
    return { id, slug, ownerEmail, products: seeded };
  } finally {
    db.close();
  }
}

/** Banners and sections for the home page (images reuse the stored demo product image). */
export async function seedHome(shop: SeededShop) {
  const [img] = await query<{ image_key: string; image_width: number; image_height: number }>(
    "select image_key, image_width, image_height from products where store_id = ? limit 1",
    [shop.id],
  );
  const key = img?.image_key as string;
  const db = e2eDb();
  try {
    const now = Date.now();
    const first = digits(7);
    const second = digits(7);
    await db.batch(
      [
        ...[0, 1, 2].map((position) => ({
          sql: "insert into store_banners (store_id, key, name, width, height, position) values (?, ?, ?, 900, 600, ?)",
          args: [shop.id, key, `banner-${position}`, position],
        })),
        {
          sql: "insert into sections (id, store_id, title, position, created_at) values (?, ?, 'Ofertas de la semana', 0, ?)",
          args: [first, shop.id, now],
        },
        {
          sql: "insert into sections (id, store_id, title, position, created_at) values (?, ?, 'Galería', 1, ?)",
          args: [second, shop.id, now],
        },
        {
          sql: "insert into section_items (section_id, position, type, product_id) values (?, 0, 'product', ?), (?, 1, 'product', ?)",
          args: [first, shop.products[1]?.id as string, first, shop.products[0]?.id as string],
        },
        {
          sql: "insert into section_items (section_id, position, type, file_key, width, height) values (?, 0, 'image', ?, 400, 400)",
          args: [second, key],
        },
        {
          sql: "insert into section_items (section_id, position, type, file_key, thumb_key, width, height) values (?, 1, 'video', ?, ?, 711, 400)",
          args: [second, key.replace(/\.\w+$/, ".mp4"), key],
        },
        { sql: "update stores set updated_at = ? where id = ?", args: [now + 1, shop.id] },
      ],
      "write",
    );
  } finally {
    db.close();
  }
}
