// `npm run search:reindex`: indexes for search every product whose search columns are missing or were made by an
// older version of the search rules, all at once (the minute upkeep does the same 5,000 at a time). It reads the
// same DATABASE_URL / DATA_DIR as the server; for Turso, set DATABASE_URL and DATABASE_AUTH_TOKEN. Safe to run
// while the server runs: each product's update is conditioned on it being unchanged since it was read.
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { indexProductsForSearch } from "../app/products/products.server";
import { createDb } from "../app/services/db";

const url = process.env.DATABASE_URL ?? `file:${join(resolve(process.env.DATA_DIR ?? ".data"), "vitrina.db")}`;
const client = createClient({ url, authToken: process.env.DATABASE_AUTH_TOKEN, timeout: 5000 });
const db = createDb(client);
let total = 0;
for (let batch = await indexProductsForSearch(db, 500); batch > 0; batch = await indexProductsForSearch(db, 500)) {
  total += batch;
  process.stdout.write(`\r${total} productos indexados`);
}
console.log(total ? "\nBúsqueda al día." : "Búsqueda al día: ningún producto por indexar.");
client.close();
