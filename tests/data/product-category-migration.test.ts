import { expect, it } from "vitest";
import { migrateDatabase } from "../../server/migrate";
import { databaseBefore } from "../support/migrations";

/**
 * The migration that lets a product have no category copies the products table (its CHECK changes): a database
 * from before keeps every product with its category, photos, variants and search entry, and every trigger on
 * products works afterwards.
 */
it("a database from before products without a category keeps its products, photos, variants and search", async () => {
  const client = await databaseBefore("0021");
  await client.batch([
    "insert into users (id, name, lastname, email, password_hash, created_at) values ('u1', 'Ana', 'Ruiz', 'a@correo.test', 'x', 1)",
    "insert into stores (id, owner_id, name, url, category, created_at, updated_at) values ('1234567890', 'u1', 'Tienda', 'tienda', 6, 1, 1)",
    `insert into products (id, store_id, name, search_text, price, stock, reserved, category, created_at, options, search_name, search_body, search_fuzzy, search_version)
       values ('1000001', '1234567890', 'Camiseta', 'camiseta', 5000, 4, 1, 0, 1, '[{"name":"Talla","values":["S","M"]}]', 's1234567890camiset', 's1234567890servici', 's1234567890camiset', 1),
              ('1000002', '1234567890', 'Miel', 'miel', 1500, 2, 0, 6, 2, '[]', 's1234567890miel', '', 's1234567890miel', 1)`,
    "insert into product_photos (product_id, store_id, position, key, width, height) values ('1000001', '1234567890', 0, 'stores/1234567890/products/1000001/a.webp', 600, 600)",
    "insert into product_variants (product_id, store_id, position, option1, stock, reserved) values ('1000001', '1234567890', 0, 'S', 3, 1), ('1000001', '1234567890', 1, 'M', 1, 0)",
  ]);
  const found = (term: string) =>
    client
      .execute({ sql: "select rowid from products_fts where products_fts match ? order by rowid", args: [term] })
      .then((r) => r.rows.map((row) => Number(row.rowid)));
  expect(await found("s1234567890camiset")).toEqual([1000001]);

  await migrateDatabase(client, "migrations");

  const products = await client.execute("select id, category, stock, reserved, listing_rank from products order by id");
  expect(products.rows.map((r) => [r.id, r.category, r.stock, r.reserved, r.listing_rank])).toEqual([
    ["1000001", 0, 4, 1, 2],
    ["1000002", 6, 2, 0, 2],
  ]);
  expect((await client.execute("select count(*) as n from product_photos")).rows[0]?.n).toBe(1);
  expect((await client.execute("select count(*) as n from product_variants")).rows[0]?.n).toBe(2);
  expect(await found("s1234567890camiset")).toEqual([1000001]);
  expect((await client.execute("pragma foreign_key_check")).rows).toEqual([]);

  // A new product without a category; 16 is no category at all.
  const catalogVersion = async () => Number((await client.execute("select catalog_version as v from stores")).rows[0]?.v);
  const before = await catalogVersion();
  await client.execute(
    "insert into products (id, store_id, name, search_text, price, stock, created_at, search_name) values ('1000003', '1234567890', 'Vela', 'vela', 900, 1, 3, 's1234567890vel')",
  );
  expect((await client.execute("select category from products where id = '1000003'")).rows[0]?.category).toBe(-1);
  await expect(
    client.execute(
      "insert into products (id, store_id, name, search_text, price, stock, category, created_at) values ('1000004', '1234567890', 'X', 'x', 1, 1, 16, 4)",
    ),
  ).rejects.toThrow(/products_category_range/);

  // The triggers came back: the catalog's version, the search index, stale search text and reserved within stock.
  expect(await catalogVersion()).toBe(before + 1);
  expect(await found("s1234567890vel")).toEqual([1000003]);
  await client.execute("update products set name = 'Vela grande' where id = '1000003'");
  expect((await client.execute("select search_version from products where id = '1000003'")).rows[0]?.search_version).toBe(0);
  await expect(client.execute("update products set reserved = 5 where id = '1000002'")).rejects.toThrow(
    /products_reserved_within_stock/,
  );
  await client.execute("delete from products where id = '1000003'");
  expect(await found("s1234567890vel")).toEqual([]);
  // A variant's stock still flows into its product, and a product's photo still makes its cover.
  await client.execute("update product_variants set stock = 5 where product_id = '1000001' and option1 = 'M'");
  expect((await client.execute("select stock from products where id = '1000001'")).rows[0]?.stock).toBe(8);
  expect((await client.execute("select image_key from products where id = '1000001'")).rows[0]?.image_key).toBe(
    "stores/1234567890/products/1000001/a.webp",
  );
  client.close();
});
