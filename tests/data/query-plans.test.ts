import { type Client, createClient, type InArgs, type InStatement } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSession, getSessionUser } from "~/auth/sessions.server";
import { parsePeriod } from "~/domain/statistics";
import { feedPageQueries } from "~/feeds/product-feed.server";
import { loader as feedLoader } from "~/feeds/routes/product-feed";
import { slipSalesQueries } from "~/fulfilment/packing-slips.server";
import { deviceCountQuery, storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import { restoreQueries } from "~/orders/abandoned-carts.server";
import { customerListQuery, customerOrdersQuery } from "~/orders/customer-records.server";
import { linkPastOrders } from "~/orders/customers.server";
import { draftBuilderQueries } from "~/orders/order-drafts.server";
import { getSale } from "~/orders/order-queries.server";
import { createSale } from "~/orders/order-records.server";
import { clientKeys, unpaidOrdersQuery } from "~/orders/unpaid-orders.server";
import { getSaleWithWithdrawal, withdrawalQueries } from "~/orders/withdrawals.server";
import { exportPageQueries } from "~/products/catalog-import.server";
import { findProductWithPhotos } from "~/products/photos.server";
import { countProducts, findProduct, insertProduct, listProducts } from "~/products/products.server";
import { productForEditing } from "~/products/variants.server";
import { beforeEachRoundTrip } from "~/services/db";
import { action as cartAction, loader as cartLoader } from "~/site/routes/cart";
import { loader as productLoader } from "~/site/routes/product";
import { loader as searchLoader } from "~/site/routes/search";
import { loader as sitemapLoader } from "~/site/routes/sitemap";
import { loader as catalogLoader } from "~/site/routes/store-catalog";
import { loader as homeLoader } from "~/site/routes/store-home";
import { loader as policyLoader } from "~/site/routes/store-policy";
import { loadStatistics } from "~/stats/statistics.server";
import { writeStatsEvents } from "~/stats/visit-counts.server";
import { giveLogosTheirTabIcon } from "~/stores/logo-tab-icons.server";
import { listStoreSummaries } from "~/stores/stores.server";
import { ownerFirstStoreQuery } from "~/workspace/merchant-locale.server";
import { insertStore } from "~/workspace/store-record.server";
import { storeHostnames, stores } from "../../db/schema";
import { merchantAccount, TEST_ACTOR, testPasswordHash } from "../support/merchants";
import { confirmSale, listSales, newOrder } from "../support/orders";
import { createTestServices } from "../support/services";
import { siteArgs as argsFor } from "../support/site-args";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

/**
 * Every statement the hot paths send (public pages, cart, checkout, the sales desk, the merchant's
 * lists) is recorded while they run for real, then planned by SQLite. A plan that scans a whole big
 * table, or sorts rows an index could give in order, grows with every store on the platform: it fails here.
 */
type Recorded = { sql: string; args: InArgs; path: string };

const BIG_TABLES = [
  "products",
  "product_photos",
  "sales",
  "sale_lines",
  "store_orders_daily",
  "store_product_sales_daily",
  "store_product_sales_monthly",
  "stores",
  "users",
  "sessions",
  "push_subscriptions",
  "customers",
  "store_visits_daily",
  "store_page_views_daily",
  "store_visitors_daily",
];

function recording(log: Recorded[], path: () => string) {
  const keep = (s: InStatement, args?: InArgs) => {
    const statement = typeof s === "string" ? { sql: s, args: args ?? [] } : { sql: s.sql, args: s.args ?? [] };
    log.push({ ...statement, path: path() });
  };
  return (client: Client): Client =>
    beforeEachRoundTrip(client, (method, args) => {
      if (method === "execute") keep(args[0] as InStatement, args[1] as InArgs | undefined);
      if (method === "batch") for (const statement of args[0] as InStatement[]) keep(statement);
    });
}

/** The plan's steps, as EXPLAIN QUERY PLAN prints them ("SEARCH products USING INDEX …"). */
async function planOf(client: Client, statement: Recorded): Promise<string[]> {
  const rows = await client.execute({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.args });
  return rows.rows.map((r) => String(r.detail));
}

const fullScan = (step: string) =>
  BIG_TABLES.some((table) => new RegExp(`^SCAN ${table}\\b`).test(step) || new RegExp(`^SCAN \\w+ AS ${table}\\b`).test(step));

const sortsRows = (step: string) => /USE TEMP B-TREE FOR (ORDER BY|DISTINCT|GROUP BY)/.test(step);

/**
 * Statements that may sort: the lines of the (at most 20 per page) shown sales, grouped by sale; a search's matches,
 * ranked (they are read from the index's terms of one store, never the platform's rows: checked below).
 */
// A sale's lines come in position order; search results by rank; one store's customers by a figure of their orders
// (read through the store's customers and each one's orders, never a whole table).
const MAY_SORT = [
  /from "sale_lines" where "sale_lines"\."sale_id" (in|=)/,
  /from products_fts inner join "products"/,
  /from "customers" left join "sales"/,
  // 'Estadísticas': one store's daily counts of visits, orders and products sold of the days shown, summed per day,
  // source or product (checked below to walk only bounded ranges of the store's rows).
  /from "store_(page_views|visits|orders)_daily"/,
  /^with totals as materialized \(/,
];

describe("query plans of the hot paths", () => {
  const log: Recorded[] = [];
  let current = "setup";
  const s = createTestServices({ wrapClient: recording(log, () => current) });
  let storeId = "";
  let ownerId = "";
  let productIds: string[] = [];
  let saleIds: string[] = [];

  const run = async <T>(path: string, work: () => Promise<T>): Promise<T> => {
    current = path;
    try {
      return await work();
    } catch (thrown) {
      // A redirect or a 404 thrown by a loader still sent its statements.
      if (thrown instanceof Response) return thrown as T;
      throw thrown;
    } finally {
      current = "setup";
    }
  };

  const siteArgs = (path: string, params: Record<string, string> = {}, cookie = "") =>
    argsFor(s, "planes", path, { params, cookie }) as never;

  beforeAll(async () => {
    const now = s.clock.now();
    ownerId = await merchantAccount(s, "standard", {
      lastname: "Planes",
      email: "planes@correo.test",
      passwordHash: await testPasswordHash("x-secreta-123"),
      trialStarted: false,
      billTotal: 0,
      billDueAt: null,
    });
    for (const url of ["vecina", "planes"]) {
      const store = await insertStore(
        s.db,
        { ownerId, name: url, url, category: 6, currency: "COP", saleNumber: "573001112233" },
        now,
      );
      const names = ["Café de Colombia", "Arepa de maíz", "Panela orgánica", "Cafetera italiana"];
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        // Some sold out, some hidden ('Oculto'), some on offer: the listings must skip and order them by index.
        const product = await insertProduct(
          s.db,
          {
            storeId: store.id,
            name: `${names[i % 4]} ${i}`,
            price: 1000 + i,
            compareAtPrice: i % 3 === 0 ? 2000 : null,
            stock: i % 7 === 0 ? 0 : 50,
            category: i % 5,
            published: i % 11 !== 5,
          },
          new Date(now.getTime() + i * 1000),
        );
        ids.push(product.id);
      }
      storeId = store.id;
      productIds = ids;
    }
    saleIds = [];
    for (let i = 0; i < 25; i++) {
      const order = newOrder({
        key: `clave-${i}`,
        storeId,
        currency: "COP",
        buyerName: "Luis",
        buyerPhone: null,
        delivery: "pickup" as const,
        address: null,
        note: null,
        // Products in stock (each order reserves its units).
        lines: [0, 1].map((n) => ({
          productId: productIds.filter((_, k) => k % 7 !== 0)[(i + n) % 34] ?? "",
          name: "x",
          imageKey: null,
          unitPrice: 1000,
          quantity: 1,
        })),
      });
      saleIds.push((await createSale(s.db, order, new Date(now.getTime() + i * 60_000))).saleId);
    }
  });

  it("plans every hot statement without a full scan or a sort of a big table", async () => {
    const cart = `carrito=${productIds[0]}:1|${productIds[1]}:2`;
    const [product, sale] = [productIds[3] ?? "", saleIds[4] ?? ""];
    await run("home", () => homeLoader(siteArgs("")));
    // 'Dominio propio' (decision 0061): the page asked on the store's own hostname finds the store by it.
    const own = "www.planes.test";
    await s.db
      .insert(storeHostnames)
      .values({ storeId, hostname: own, providerId: "x", state: "active", createdAt: s.clock.now() });
    await run("home on its own hostname", () => homeLoader(argsFor(s, own, "", { storeHost: own }) as never));
    await s.db.delete(storeHostnames).where(eq(storeHostnames.storeId, storeId));
    await run("tienda", () => catalogLoader(siteArgs("/Store")));
    await run("tienda ?pagina=3", () => catalogLoader(siteArgs("/Store?pagina=3")));
    await run("tienda ?categoria=2", () => catalogLoader(siteArgs("/Store?categoria=2")));
    await run("search common", () => searchLoader(siteArgs("/Search?q=cafe")));
    await run("search rare", () => searchLoader(siteArgs("/Search?q=zzz")));
    await run("search with a typo, by price", () => searchLoader(siteArgs("/Search?q=cafetrea&orden=precio-asc")));
    await run("product", () => productLoader(siteArgs(`/Product/x/${product}`, { title: "x", id: product })));
    await run("cart", () => cartLoader(siteArgs("/Cart", {}, cart)));
    await run("cart, a product added (with the visit's source)", () =>
      cartAction(
        argsFor(s, "planes", "/Cart", {
          method: "POST",
          body: new URLSearchParams({ intent: "add", productId: product }),
        }) as never,
      ),
    );
    await run("sitemap", () => sitemapLoader(siteArgs("/sitemap.xml")));
    await run("product feed", async () => (await (feedLoader(siteArgs("/feed.xml?canal=meta")) as Promise<Response>)).text());
    // A store of more than one read's products: the next page starts below the last product read.
    await run("product feed, a later page", () =>
      s.db.batch(
        feedPageQueries(s.db, sql`${storeId}`, { createdAt: s.clock.now().getTime() + 20_000, id: productIds[20] ?? "" }),
      ),
    );
    const store = { id: storeId, timeZone: "America/Bogota" };
    const now = s.clock.now();
    await run("sales latest", () => listSales(s.db, store, { kind: "latest", limit: 20 }, now));
    await run("sales load more", () => listSales(s.db, store, { kind: "latest", limit: 220 }, now));
    await run("sales today", () => listSales(s.db, store, { kind: "today", limit: 20 }, now));
    await run("sales by code", () => listSales(s.db, store, { kind: "code", code: sale }, now));
    const homeDelivery = { delivery: "delivery" as const };
    const approvedHome = { delivery: "delivery" as const, payment: "approved" as const };
    await run("sales filtered", () => listSales(s.db, store, { kind: "latest", limit: 20, filters: approvedHome }, now));
    await run("sales filtered, load more", () =>
      listSales(s.db, store, { kind: "latest", limit: 1000, filters: { payment: "on_delivery" } }, now),
    );
    await run("sales today filtered", () => listSales(s.db, store, { kind: "today", limit: 20, filters: homeDelivery }, now));
    await run("sales by code filtered", () => listSales(s.db, store, { kind: "code", code: sale, filters: homeDelivery }, now));
    await run("sale dialog", () => getSale(s.db, storeId, sale));
    await run("sale dialog with its withdrawal request", () => getSaleWithWithdrawal(s.db, storeId, sale));
    await run("arrepentimiento's batch", () => s.db.batch(withdrawalQueries(s.db, sql`${storeId}`, sale, "203.0.113.7")));
    await run("a store's policy page", () => policyLoader(siteArgs("/envios")));
    await run("confirm sale", () => confirmSale(s, TEST_ACTOR, storeId, sale));
    // The store hides its sold-out products: the same pages with the other listing floor.
    await s.db.update(stores).set({ hideSoldOut: true }).where(eq(stores.id, storeId));
    await run("home, sold out hidden", () => homeLoader(siteArgs("")));
    await run("tienda, sold out hidden", () => catalogLoader(siteArgs("/Store?pagina=2")));
    await run("tienda ?categoria=3, sold out hidden", () => catalogLoader(siteArgs("/Store?categoria=3")));
    await run("search, sold out hidden", () => searchLoader(siteArgs("/Search?q=are")));
    await run("merchant products", () => listProducts(s.db, storeId, "", 20));
    await run("merchant product search", () => listProducts(s.db, storeId, "are", 20));
    await run("merchant hidden products", () => listProducts(s.db, storeId, "", 20, "hidden"));
    await run("merchant published products", () => listProducts(s.db, storeId, "caf", 20, "published"));
    await run("product limit", () => countProducts(s.db, storeId));
    await run("product edit", () => findProduct(s.db, storeId, product));
    await run("product edit with its variants and photos", () => productForEditing(s.db, storeId, product));
    await run("product photos page", () => findProductWithPhotos(s.db, storeId, product));
    // An abandoned cart's link: the products of its lines, looked up by their ids (not the store's catalog).
    await run("cart restore", () => s.db.batch(restoreQueries(s.db, sql`${storeId}`, "a".repeat(32))));
    // 'Armar pedido': its search's products and its lines' products, looked up by their ids (not the store's catalog).
    await run("order builder, a search and a line", () =>
      s.db.batch(draftBuilderQueries(s.db, storeId, "caf", [{ productId: productIds[1] ?? "", quantity: 1 }])),
    );
    // Packing slips: the sales named by their codes and their lines, looked up by the codes (not the store's sales).
    await run("packing slips", () => s.db.batch(slipSalesQueries(s.db, storeId, saleIds.slice(0, 2))));
    // 'Exportar CSV': a page of the catalog and the variants of its products (not the store's every variant, sorted).
    await run("catalog CSV's first page", () => s.db.batch(exportPageQueries(s.db, storeId, null)));
    const signedIn = new Request("http://localhost:3999/", {
      headers: { cookie: (await createSession(s, ownerId)).split(";")[0] ?? "" },
    });
    await run("merchant guard with its store", () => getSessionUser(s, signedIn, { storeId }));
    await run("dashboard", () => listStoreSummaries(s.db, ownerId));
    await run("checkout's push subscriptions", async () => storeSubscriptionsQuery(s.db, storeId));
    // The merchant's variant for the emails of an order or a receipt, read in their batch (no public page reads it).
    await run("checkout's owner's first store", async () => ownerFirstStoreQuery(s.db, storeId));
    await run("sales page's push devices", async () => deviceCountQuery(s.db, storeId));
    const at = now.getTime();
    const view = { type: "view" as const, store: "planes", at, kind: "product" as const, productId: product, entrance: true };
    await run("statistics' write", () =>
      writeStatsEvents(
        s.db,
        [
          { ...view, source: "instagram", visitorKey: "k1" },
          { ...view, source: "direct", visitorKey: "k2" },
        ],
        at,
      ),
    );
    const statisticsPeriods = {
      "30": { periodo: "30" },
      "12m": { periodo: "12m" },
      "a range of whole months and days": { desde: "2025-06-17", hasta: "2026-02-09" },
    };
    for (const [name, query] of Object.entries(statisticsPeriods))
      await run(`statistics, ${name}`, () => loadStatistics(s.db, store, parsePeriod(new URLSearchParams(query), "2026-03-10")));
    const owned = { id: storeId, currency: "USD" };
    await run("customer list", async () => customerListQuery(s.db, owned, { search: "", sort: "spent", limit: 50 }));
    await run("customer's orders", async () => customerOrdersQuery(s.db, storeId, 1));
    await run("upkeep: orders from before the customer list", () => linkPastOrders(s.db, now));
    // Every minute: the logos from before the tab icon, read from the few stores still to do, never the whole table.
    await run("upkeep: logos from before the tab icon", () => giveLogosTheirTabIcon(s));
    // The checkout's counts of unpaid orders (the sales table's triggers count the same way when the sale is saved).
    await run("checkout's unpaid orders", async () =>
      unpaidOrdersQuery(s.db, storeId, clientKeys("190.12.1.7", "navegador-de-prueba-1"), now),
    );

    const hot = log.filter((r) => r.path !== "setup");
    const paths = new Set(hot.map((r) => r.path));
    expect(paths.size).toBe(57);
    const client = createClient({ url: `file:${s.dbPath}` });
    const offending: string[] = [];
    const listings: string[] = [];
    const filteredSales: string[] = [];
    const lookups: string[] = [];
    const galleries: string[] = [];
    const searches: string[] = [];
    const feedPages: string[] = [];
    const statistics: string[] = [];
    for (const statement of hot) {
      const plan = await planOf(client, statement);
      const mayScan = plan.filter(fullScan);
      const maySort = MAY_SORT.some((p) => p.test(statement.sql)) ? [] : plan.filter(sortsRows);
      for (const step of [...mayScan, ...maySort]) offending.push(`${statement.path}: ${step}\n    ${statement.sql}`);
      // Products looked up by id (the cart's, a product page, the merchant's edit) are fetched by their key, never found
      // by walking the store's products.
      if (/^select .* from "products"( "products")? where .*"products"\."id" (in \(|= \?)/.test(statement.sql)) {
        if (!plan.some((step) => /^SEARCH products USING INDEX sqlite_autoindex_products_1 \(id=\?\)/.test(step)))
          offending.push(`${statement.path}: product not fetched by its id: ${plan.join(" | ")}`);
        lookups.push(statement.path);
      }
      // Sales named by their codes (the slips to print, and their lines' subquery) are fetched by their key, never
      // found by walking the store's sales.
      if (
        /"sales"\."id" in \(/.test(statement.sql) &&
        plan.some((step) => /^SEARCH sales USING (COVERING )?INDEX sales_store_/.test(step))
      )
        offending.push(`${statement.path}: sales not fetched by their codes: ${plan.join(" | ")}`);
      // The statistics read only daily counts (of the sales, only the orders recovered from abandoned carts, through their
      // partial index), each table through its key's store-then-day order, over the days (or months) shown.
      if (statement.path.startsWith("statistics, ")) {
        const reads = plan.filter((step) => /^(SEARCH|SCAN) (?!totals\b|top\b|viewed\b|\(subquery)/.test(step));
        const bounded = (step: string) =>
          /^SEARCH (store_visits_daily USING INDEX sqlite_autoindex_store_visits_daily_1 \(store_id=\? AND day>\? AND day<\?\)|store_page_views_daily USING INDEX sqlite_autoindex_store_page_views_daily_1 \(store_id=\? AND kind=\? AND day>\? AND day<\?\)|store_orders_daily USING INDEX sqlite_autoindex_store_orders_daily_1 \(store_id=\? AND day>\? AND day<\?\)|store_product_sales_daily USING INDEX sqlite_autoindex_store_product_sales_daily_1 \(store_id=\? AND day>\? AND day<\?\)|store_product_sales_monthly USING INDEX sqlite_autoindex_store_product_sales_monthly_1 \(store_id=\? AND month>\? AND month<\?\)|sales USING INDEX sales_recovered_cart_idx \(store_id=\? AND day>\? AND day<\?\)|products USING INDEX sqlite_autoindex_products_1 \(id=\?\))/.test(
            step,
          );
        if (reads.length === 0 || !reads.every(bounded))
          offending.push(`${statement.path}: not only bounded ranges of the store's rows: ${plan.join(" | ")}`);
        statistics.push(statement.path);
      }
      // A product's photos (its public page, the merchant's gallery) walk the gallery index in order, never a sort.
      if (/from "product_photos"/.test(statement.sql)) {
        if (
          !plan.some((step) =>
            /^SEARCH product_photos USING (COVERING )?INDEX product_photos_product_idx \(product_id=\?/.test(step),
          )
        )
          offending.push(`${statement.path}: photos not read through their index: ${plan.join(" | ")}`);
        galleries.push(statement.path);
      }
      // A filtered sales list walks the store's newest-first index down to the filter window's start (itself read from
      // the same index), so a filter that matches little still reads a bounded stretch.
      if (/from "sales" where .*"sales"\."(delivery|payment_method|payment_status)" = \?/.test(statement.sql)) {
        const walks = plan.filter((step) =>
          /^SEARCH sales USING (COVERING )?INDEX sales_store_newest_idx \(store_id=\?/.test(step),
        );
        const bounded = plan.some((step) =>
          /^SEARCH sales USING INDEX sales_store_newest_idx \(store_id=\? AND created_at>\?/.test(step),
        );
        const byCode = /"sales"\."id" = \?/.test(statement.sql);
        if (
          byCode
            ? !plan.some((step) => /^SEARCH sales USING INDEX sqlite_autoindex_sales_1 \(id=\?\)/.test(step))
            : walks.length < 2 || !bounded
        )
          offending.push(`${statement.path}: filtered sales not walked through a bounded index range: ${plan.join(" | ")}`);
        filteredSales.push(statement.path);
      }
      // The product feed reads its products a page at a time through the store's newest-first index, a later page from
      // where the last read stopped (its photos are planned with the galleries above).
      if (statement.path.startsWith("product feed") && /from "products" where/.test(statement.sql)) {
        const range = statement.path === "product feed" ? "" : String.raw` AND \(created_at,id\)<\(\?,\?\)`;
        const walk = new RegExp(String.raw`^SEARCH products USING INDEX products_store_newest_idx \(store_id=\?${range}\)`);
        if (!plan.some((step) => walk.test(step)))
          offending.push(`${statement.path}: feed page not walked through the newest-first index: ${plan.join(" | ")}`);
        feedPages.push(statement.path);
      }
      // A search reads the full-text index (its store's terms) and fetches each match's product by its key; a typo
      // search does so only past its gate (the exact search found nothing), which comes first.
      if (/from products_fts/.test(statement.sql)) {
        if (
          !plan.some((step) => /^SCAN products_fts VIRTUAL TABLE INDEX 0:M/.test(step)) ||
          !plan.some((step) => /^SEARCH products USING INDEX sqlite_autoindex_products_1 \(id=\?\)/.test(step))
        )
          offending.push(`${statement.path}: search not read from the full-text index: ${plan.join(" | ")}`);
        if (/search_gate/.test(statement.sql) && !/^CO-ROUTINE search_gate/.test(plan[0] ?? ""))
          offending.push(`${statement.path}: typo search not gated first: ${plan.join(" | ")}`);
        searches.push(statement.path);
      }
      // Public listings (in stock first, newest first) walk a listing index, never the table's rows in another order.
      else if (/order by "products"\."listing_rank" desc/.test(statement.sql)) {
        const walk = plan.find((step) =>
          /^SEARCH products USING INDEX products_store_(category_)?listing_idx \(store_id=\?/.test(step),
        );
        if (!walk) offending.push(`${statement.path}: listing not read through its index: ${plan.join(" | ")}`);
        listings.push(statement.path);
      }
    }
    client.close();
    expect(offending).toEqual([]);
    expect(lookups).toEqual(expect.arrayContaining(["cart", "product", "product edit"]));
    expect(new Set(filteredSales)).toEqual(
      new Set(["sales filtered", "sales filtered, load more", "sales today filtered", "sales by code filtered"]),
    );
    expect(new Set(galleries)).toEqual(
      new Set([
        "product",
        "product edit with its variants and photos",
        "product photos page",
        "product feed",
        "product feed, a later page",
      ]),
    );
    expect(new Set(listings)).toEqual(
      new Set([
        "home",
        "home on its own hostname",
        "tienda",
        "tienda ?pagina=3",
        "tienda ?categoria=2",
        "sitemap",
        "home, sold out hidden",
        "tienda, sold out hidden",
        "tienda ?categoria=3, sold out hidden",
      ]),
    );
    expect(new Set(feedPages)).toEqual(new Set(["product feed", "product feed, a later page"]));
    expect(statistics.filter((p) => p === "statistics, 30")).toHaveLength(6);
    // The products sold of a range of whole months and days: its months' rows and its days' rows.
    const soldOfRange = hot.find((r) => r.path === "statistics, a range of whole months and days" && /^with totals/.test(r.sql));
    expect(soldOfRange && (await planOf(createClient({ url: `file:${s.dbPath}` }), soldOfRange)).join(" | ")).toMatch(
      /store_product_sales_monthly.*store_product_sales_daily.*store_product_sales_daily/,
    );
    expect(new Set(searches)).toEqual(
      new Set(["search common", "search rare", "search with a typo, by price", "search, sold out hidden"]),
    );
  });

  it("reads the store's categories in order, each once", async () => {
    const page = (await catalogLoader(siteArgs("/Store"))) as unknown as { data: { categories: { id: number }[] } };
    expect(page.data.categories.map((c) => c.id)).toEqual([0, 1, 2, 3, 4]);
  });
});
