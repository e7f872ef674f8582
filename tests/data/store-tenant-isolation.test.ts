// Every merchant action of the store workspace, sent with another merchant's ids: 404 and nothing changes.

import type { Client, ResultSet } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as activity from "~/activity/routes/activity";
import * as activityCsv from "~/activity/routes/activity-csv";
import { createSession } from "~/auth/sessions.server";
import * as paymentCompleted from "~/billing/routes/payment-completed";
import * as plansPage from "~/billing/routes/plans";
import * as conversionSettings from "~/conversions/routes/conversion-settings";
import { saveMetaSettings } from "~/conversions/settings.server";
import * as customerDetail from "~/customers/routes/customer-detail";
import * as customerList from "~/customers/routes/customer-list";
import * as customersCsv from "~/customers/routes/customers-csv";
import { createDiscountCode } from "~/discounts/discount-codes.server";
import * as discountCodeQr from "~/discounts/routes/discount-code-qr";
import * as discountCodes from "~/discounts/routes/discount-codes";
import * as editDiscountCode from "~/discounts/routes/edit-discount-code";
import * as newDiscountCode from "~/discounts/routes/new-discount-code";
import { accessRuleOf, mayAccess, STAFF_ROLES, type StaffRole, WORKSPACE_ACCESS } from "~/domain/staff-roles";
import { addHostname } from "~/domains/hostnames.server";
import * as customDomain from "~/domains/routes/custom-domain";
import { lookPreviewToken } from "~/looks/looks.server";
import * as look from "~/looks/routes/look-page";
import * as storeList from "~/merchant/routes/store-list";
import * as storePayments from "~/online-payments/routes/store-payments";
import { completeLinking, startLinking } from "~/online-payments/store-accounts.server";
import { createSale } from "~/orders/order-records.server";
import { MERCHANT_PAGE_READS } from "~/page-reads.server";
import * as paymentMethods from "~/payment-methods/routes/payment-methods";
import { insertProduct } from "~/products/products.server";
import * as catalogCsv from "~/products/routes/catalog-csv";
import * as editProduct from "~/products/routes/edit-product";
import * as newProduct from "~/products/routes/new-product";
import * as listProducts from "~/products/routes/product-list";
import * as productPhotos from "~/products/routes/product-photos";
import { createPromotion } from "~/promotions/promotions.server";
import * as editPromotion from "~/promotions/routes/edit-promotion";
import * as newPromotion from "~/promotions/routes/new-promotion";
import * as promotions from "~/promotions/routes/promotions";
import * as abandonedCarts from "~/sales/routes/abandoned-carts";
import * as newOrderPage from "~/sales/routes/new-order";
import * as packingSlips from "~/sales/routes/packing-slips";
import * as saleDetail from "~/sales/routes/sale-detail";
import * as saleReceipt from "~/sales/routes/sale-receipt";
import * as salesCsv from "~/sales/routes/sales-csv";
import * as salesList from "~/sales/routes/sales-list";
import * as addToSection from "~/sections/routes/add-to-section";
import * as sectionPage from "~/sections/routes/section";
import * as sectionList from "~/sections/routes/section-list";
import { addFileItems, createSection } from "~/sections/sections.server";
import * as statistics from "~/stats/routes/statistics";
import * as lowStock from "~/stock-alerts/routes/low-stock";
import { addBanners } from "~/stores/banners.server";
import * as newStore from "~/stores/routes/new-store";
import * as brand from "~/stores/routes/store-brand";
import * as delivery from "~/stores/routes/store-delivery";
import * as info from "~/stores/routes/store-info";
import { findInvitation, inviteMember, registerMember } from "~/team/members.server";
import * as team from "~/team/routes/team";
import type { Merchant } from "~/workspace/context.server";
import type { PageReads } from "~/workspace/page-reads.server";
import { planLimits } from "~/workspace/plan-limits.server";
import { payments, sales as salesTable } from "../../db/schema";
import { merchantWithStore, staffMember, TEST_ACTOR } from "../support/merchants";
import { newOrder } from "../support/orders";
import { promotionInput } from "../support/promotion-input";
import { createTestServices } from "../support/services";
import { type RouteModule, workspaceRequest } from "../support/workspace-request";

type S = ReturnType<typeof createTestServices>;
type Case = readonly [string, RouteModule, "GET" | "POST", string, Record<string, string>, Record<string, string | string[]>?];

async function merchantWithContent(s: S, tag: string) {
  const now = s.clock.now();
  const { id, store } = await merchantWithStore(
    s,
    "standard",
    { name: `Tienda ${tag}`, url: `tienda-${tag}-${crypto.randomUUID().slice(0, 6)}` },
    { name: tag, lastname: "Test" },
  );
  const plan = await planLimits(s.db, "standard");
  // With its photo, as every product the merchant's form makes (one without stays hidden).
  const product = await insertProduct(
    s.db,
    {
      storeId: store.id,
      name: `Producto ${tag}`,
      price: 1000,
      stock: 5,
      imageKey: `stores/${store.id}/products/p.webp`,
      imageWidth: 400,
      imageHeight: 400,
    },
    now,
  );
  const section = await createSection(s.db, TEST_ACTOR, store.id, plan, `Sección ${tag}`, now);
  await addFileItems(
    s.db,
    TEST_ACTOR,
    section,
    plan,
    [{ type: "image", fileKey: `stores/${store.id}/sections/${section.id}/a.webp`, thumbKey: null, width: 1, height: 1 }],
    now,
  );
  await addBanners(
    s.db,
    TEST_ACTOR,
    store.id,
    plan,
    [{ key: `stores/${store.id}/banner/b.webp`, name: "b", width: 1, height: 1 }],
    now,
  );
  // A buyer's order, which makes them a customer of the store.
  const { saleId } = await createSale(
    s.db,
    newOrder({
      key: `clave-${crypto.randomUUID()}`,
      storeId: store.id,
      currency: store.currency,
      buyerName: `Cliente ${tag}`,
      buyerPhone: "+57 300 111 2233",
      customer: { phone: "573001112233", email: null },
      lines: [{ productId: product.id, name: product.name, imageKey: null, unitPrice: 1000, quantity: 1 }],
    }),
    now,
  );
  const codeId = await createDiscountCode(
    s.db,
    TEST_ACTOR,
    store.id,
    { code: `${tag}15`, kind: "percent", value: 15, minPurchase: null, startsOn: null, endsOn: null, maxUses: 5, active: true },
    now,
  );
  const promotionId = await createPromotion(
    s.db,
    TEST_ACTOR,
    store.id,
    promotionInput({ name: `Promo ${tag}`, kind: "discount", productIds: [product.id], percent: 10 }),
    now,
  );
  const cookie = (await createSession(s, id)).split(";")[0] ?? "";
  const [banner] = await s.db.query.storeBanners.findMany({ where: (b, { eq }) => eq(b.storeId, store.id) });
  const [item] = await s.db.query.sectionItems.findMany({ where: (i, { eq }) => eq(i.sectionId, section.id) });
  const [sale] = await s.db.query.sales.findMany({ where: (t, { eq }) => eq(t.id, saleId) });
  return {
    id,
    store,
    product,
    section,
    cookie,
    bannerId: String(banner?.id),
    itemId: String(item?.id),
    saleId,
    customerId: String(sale?.customerId),
    codeId: String(codeId),
    promotionId: String(promotionId),
  };
}

type Content = Awaited<ReturnType<typeof merchantWithContent>>;

/** Every request of the matrix: `them`'s ids in the path, and `me`'s store with `them`'s child ids. */
function isolationCases(me: Content, them: Content): Case[] {
  const foreignStore = { storeId: them.store.id };
  const ownStore = { storeId: me.store.id };
  return [
    // Their store id in the path.
    ["info page", info, "GET", `/Store/${them.store.id}/info`, foreignStore],
    ["logo and banner page", brand, "GET", `/Store/${them.store.id}/brand`, foreignStore],
    ["sections page", sectionList, "GET", `/Store/${them.store.id}/sections`, foreignStore],
    ...(
      [
        [info, "info", ["info", "currency", "delete"]],
        [brand, "brand", ["banner-move", "banner-delete", "banner-link"]],
        [sectionList, "sections", ["section-create", "section-move"]],
      ] as const
    ).flatMap(([page, path, intents]) =>
      intents.map(
        (intent) =>
          [
            `${path} ${intent}`,
            page,
            "POST",
            `/Store/${them.store.id}/${path}`,
            foreignStore,
            {
              intent,
              id: them.bannerId,
              direction: "up",
              title: "X",
              currency: "EUR",
              name: "Robada",
              category: "1",
              timeZone: "America/Lima",
              link: "/Store",
            },
          ] as Case,
      ),
    ),
    ["products list", listProducts, "GET", `/Store/${them.store.id}/products`, foreignStore],
    ["new product page", newProduct, "GET", `/Store/${them.store.id}/products/new`, foreignStore],
    [
      "new product",
      newProduct,
      "POST",
      `/Store/${them.store.id}/products/new`,
      foreignStore,
      { name: "X", price: "1", stock: "1", category: "0" },
    ],
    [
      "product page",
      editProduct,
      "GET",
      `/Store/${them.store.id}/products/${them.product.id}`,
      { ...foreignStore, productId: them.product.id },
    ],
    [
      "section page",
      sectionPage,
      "GET",
      `/Store/${them.store.id}/section/${them.section.id}`,
      { ...foreignStore, sectionId: them.section.id },
    ],
    // My store id, their child ids.
    [
      "their product via my store",
      editProduct,
      "GET",
      `/Store/${me.store.id}/products/${them.product.id}`,
      { ...ownStore, productId: them.product.id },
    ],
    ...["save", "delete"].map(
      (intent) =>
        [
          `product ${intent}`,
          editProduct,
          "POST",
          `/Store/${me.store.id}/products/${them.product.id}`,
          { ...ownStore, productId: them.product.id },
          {
            intent,
            name: "X",
            price: "1",
            stock: "1",
            category: "0",
          },
        ] as Case,
    ),
    [
      "their banner delete",
      brand,
      "POST",
      `/Store/${me.store.id}/brand`,
      ownStore,
      { intent: "banner-delete", id: them.bannerId },
    ],
    [
      "their banner move",
      brand,
      "POST",
      `/Store/${me.store.id}/brand`,
      ownStore,
      { intent: "banner-move", id: them.bannerId, direction: "up" },
    ],
    [
      "their section move",
      sectionList,
      "POST",
      `/Store/${me.store.id}/sections`,
      ownStore,
      { intent: "section-move", id: them.section.id, direction: "up" },
    ],
    [
      "their section page",
      sectionPage,
      "GET",
      `/Store/${me.store.id}/section/${them.section.id}`,
      { ...ownStore, sectionId: them.section.id },
    ],
    ...["rename", "item-move", "item-remove", "delete"].map(
      (intent) =>
        [
          `section ${intent}`,
          sectionPage,
          "POST",
          `/Store/${me.store.id}/section/${them.section.id}`,
          { ...ownStore, sectionId: them.section.id },
          {
            intent,
            title: "X",
            item: them.itemId,
            direction: "up",
          },
        ] as Case,
    ),
    [
      "their item in my section",
      sectionPage,
      "POST",
      `/Store/${me.store.id}/section/${me.section.id}`,
      { ...ownStore, sectionId: me.section.id },
      {
        intent: "item-remove",
        item: them.itemId,
      },
    ],
    [
      "add to their section",
      addToSection,
      "POST",
      `/Store/${me.store.id}/section/${them.section.id}/new/product`,
      { ...ownStore, sectionId: them.section.id, type: "product" },
      {
        product: me.product.id,
      },
    ],
    [
      "their product into my section",
      addToSection,
      "POST",
      `/Store/${me.store.id}/section/${me.section.id}/new/product`,
      { ...ownStore, sectionId: me.section.id, type: "product" },
      {
        product: them.product.id,
      },
    ],
  ];
}

/** A loader or action through the workspace's middleware, as its HTTP status. */
async function send(
  s: S,
  module: RouteModule,
  cookie: string,
  method: "GET" | "POST",
  path: string,
  params: Record<string, string>,
  form?: Record<string, string | string[]>,
): Promise<number> {
  return (await workspaceRequest(s, { module, cookie, method, path, params, form })).status;
}

/** Everything of a merchant that an action could change. */
async function snapshot(s: S, storeId: string) {
  const q = async (sql: string) => (await s.db.$client.execute({ sql, args: [storeId] })).rows.map((r) => JSON.stringify(r));
  return {
    store: await q("select * from stores where id = ?"),
    products: await q("select * from products where store_id = ? order by id"),
    sections: await q("select * from sections where store_id = ? order by id"),
    items: await q("select i.* from section_items i join sections s on s.id = i.section_id where s.store_id = ? order by i.id"),
    banners: await q("select * from store_banners where store_id = ? order by id"),
  };
}

describe("tenant isolation of the store workspace", () => {
  it("another merchant's store, product, section, banner and item ids answer 404 and change nothing", async () => {
    const s = createTestServices();
    const me = await merchantWithContent(s, "mia");
    const them = await merchantWithContent(s, "ajena");
    const before = await snapshot(s, them.store.id);
    const mine = await snapshot(s, me.store.id);

    const cases = isolationCases(me, them);
    const ownStore = { storeId: me.store.id };
    for (const [name, module, method, path, params, form] of cases) {
      expect(await send(s, module, me.cookie, method, path, params, form), name).toBe(404);
    }
    expect(await snapshot(s, them.store.id)).toEqual(before);
    expect(await snapshot(s, me.store.id)).toEqual(mine);

    // The same requests with my own ids do work (the matrix is not passing by accident).
    expect(await send(s, info, me.cookie, "GET", `/Store/${me.store.id}/info`, ownStore)).toBe(200);
    expect(
      await send(s, editProduct, me.cookie, "GET", `/Store/${me.store.id}/products/${me.product.id}`, {
        ...ownStore,
        productId: me.product.id,
      }),
    ).toBe(200);
    expect(
      await send(
        s,
        sectionPage,
        me.cookie,
        "POST",
        `/Store/${me.store.id}/section/${me.section.id}`,
        { ...ownStore, sectionId: me.section.id },
        { intent: "rename", title: "Nueva" },
      ),
    ).toBe(302);
  });

  it("a member of another store's team, with each role, is refused the same matrix and changes nothing", async () => {
    const s = createTestServices();
    const mine = await merchantWithContent(s, "equipo");
    const them = await merchantWithContent(s, "ajena2");
    const before = await snapshot(s, them.store.id);
    const owner = (await s.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, mine.id) })) as Merchant;
    for (const role of STAFF_ROLES) {
      const email = `${role}-${crypto.randomUUID().slice(0, 6)}@equipo.test`;
      const link = await inviteMember(s, mine.store, owner, { email, role });
      const invitation = await findInvitation(s.db, link.split("/").pop() ?? "", s.clock.now());
      if (!invitation) throw new Error("no invitation");
      const cookie =
        (await registerMember(s, invitation, { name: "Eva", lastname: role, password: "una clave larga" }))?.split(";")[0] ?? "";
      // As a member of `mine`: their store's ids answer 404; their child ids through `mine` are refused, 404 where the
      // role has the section and 403 where it has not.
      for (const [name, module, method, path, params, form] of isolationCases({ ...mine, cookie }, them)) {
        const status = await send(s, module, cookie, method, path, params, form);
        const expected = path.startsWith(`/Store/${them.store.id}`) ? [404] : [403, 404];
        expect(expected, `${role}: ${name}`).toContain(status);
      }
    }
    expect(await snapshot(s, them.store.id)).toEqual(before);
  });

  it("a merchant's change purges that store's pages from the edge cache; reads and refused requests do not", async () => {
    const s = createTestServices();
    const purged: string[] = [];
    s.edgeCache = { purgeStore: async (storeId) => void purged.push(storeId) };
    const me = await merchantWithContent(s, "cache");
    const them = await merchantWithContent(s, "cacheajena");
    const ownStore = { storeId: me.store.id };

    expect(await send(s, info, me.cookie, "GET", `/Store/${me.store.id}/info`, ownStore)).toBe(200);
    expect(purged).toEqual([]);
    expect(
      await send(s, info, me.cookie, "POST", `/Store/${them.store.id}/info`, { storeId: them.store.id }, { intent: "delete" }),
    ).toBe(404);
    expect(purged).toEqual([]);

    const productPath = `/Store/${me.store.id}/products/${me.product.id}`;
    const edit = { intent: "save", name: "Producto nuevo", price: "2", stock: "3", category: "0" };
    expect(await send(s, editProduct, me.cookie, "POST", productPath, { ...ownStore, productId: me.product.id }, edit)).toBe(302);
    expect(purged).toEqual([me.store.id]);
    expect(
      await send(s, sectionList, me.cookie, "POST", `/Store/${me.store.id}/sections`, ownStore, {
        intent: "section-create",
        title: "Ofertas",
      }),
    ).toBeLessThan(400);
    expect(purged).toEqual([me.store.id, me.store.id]);
  });

  it("a failed purge does not undo the merchant's saved change", async () => {
    const s = createTestServices();
    s.edgeCache = {
      purgeStore: async () => {
        throw new Error("edge down");
      },
    };
    const me = await merchantWithContent(s, "caida");
    const edit = { intent: "save", name: "Guardado igual", price: "2", stock: "3", category: "0" };
    const params = { storeId: me.store.id, productId: me.product.id };
    const status = await send(s, editProduct, me.cookie, "POST", `/Store/${me.store.id}/products/${me.product.id}`, params, edit);
    expect(status).toBe(302);
    const saved = await s.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, me.product.id) });
    expect(saved?.name).toBe("Guardado igual");
  });
});

/** Every round trip's answers (a batch's or one statement's), as raw rows per statement: what the database gave. */
function recordingBatches(log: unknown[][][]) {
  return (client: Client): Client =>
    new Proxy(client, {
      get: (target, prop, receiver) => {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        if (prop !== "batch" && prop !== "execute") return value.bind(target);
        return async (...args: unknown[]) => {
          const answer = (await value.apply(target, args)) as ResultSet[] | ResultSet;
          const results = Array.isArray(answer) ? answer : [answer];
          log.push(results.map((r) => r.rows.map((row) => Array.from(row as ArrayLike<unknown>))));
          return answer;
        };
      },
    });
}

describe("a page's reads in the guard's batch (decision 0069)", () => {
  // Every page that declares its reads, with its route module: a page added to MERCHANT_PAGE_READS must be added here.
  const PAGES: Record<string, RouteModule> = {
    "": storeList,
    newStore,
    plans: plansPage,
    "paymentCompleted/:id": paymentCompleted,
    "Store/:storeId/info": info,
    "Store/:storeId/brand": brand,
    "Store/:storeId/sections": sectionList,
    "Store/:storeId/delivery": delivery,
    "Store/:storeId/discounts": discountCodes,
    "Store/:storeId/promociones": promotions,
    "Store/:storeId/discounts/new": newDiscountCode,
    "Store/:storeId/discounts/:codeId": editDiscountCode,
    "Store/:storeId/discounts/:codeId/qr/:format": discountCodeQr,
    "Store/:storeId/promociones/nueva": newPromotion,
    "Store/:storeId/promociones/:promotionId": editPromotion,
    "Store/:storeId/section/:sectionId/new/:type": addToSection,
    "Store/:storeId/cobros": paymentMethods,
    "Store/:storeId/carritos": abandonedCarts,
    "Store/:storeId/products/poco-stock": lowStock,
    "Store/:storeId/customers": customerList,
    "Store/:storeId/customers/:customerId": customerDetail,
    "Store/:storeId/customers.csv": customersCsv,
    "Store/:storeId/equipo": team,
    "Store/:storeId/actividad": activity,
    "Store/:storeId/actividad.csv": activityCsv,
    "Store/:storeId/look": look,
    "Store/:storeId/section/:sectionId": sectionPage,
    "Store/:storeId/dominio": customDomain,
    "Store/:storeId/payments": storePayments,
    "Store/:storeId/conversiones": conversionSettings,
    "Store/:storeId/products": listProducts,
    "Store/:storeId/products/new": newProduct,
    "Store/:storeId/products.csv": catalogCsv,
    "Store/:storeId/products/:productId": editProduct,
    "Store/:storeId/products/:productId/photos": productPhotos,
    "Store/:storeId/sales": salesList,
    // The desk with a sale open beside it: the sale's loader (the desk's own is the page above).
    "Store/:storeId/sales/:saleId": saleDetail,
    "Store/:storeId/sales.csv": salesCsv,
    "Store/:storeId/sales/new": newOrderPage,
    "Store/:storeId/sales/imprimir": packingSlips,
    "Store/:storeId/sales/:saleId/receipt": saleReceipt,
    "Store/:storeId/estadisticas": statistics,
  };

  it("a foreign session, an expired one and a member whose role lacks the section read nothing, though the reads ran", async () => {
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(MERCHANT_PAGE_READS).sort());
    const storePattern = (p: string) => p.startsWith("Store/");
    for (const pattern of Object.keys(MERCHANT_PAGE_READS).filter(storePattern))
      expect(WORKSPACE_ACCESS[pattern.slice("Store/:storeId/".length)], pattern).toBeDefined();
    const batches: unknown[][][] = [];
    const s = createTestServices({ wrapClient: recordingBatches(batches) });
    const owner = await merchantWithContent(s, "propia");
    const foreign = await merchantWithContent(s, "ajena");
    const memberCookie = async (role: StaffRole) => {
      const id = await staffMember(s, owner.store.id, role, { email: `${role}-${crypto.randomUUID().slice(0, 6)}@equipo.test` });
      return (await createSession(s, id)).split(";")[0] ?? "";
    };
    const sales = await memberCookie("sales");
    const catalog = await memberCookie("catalog");
    const storeId = owner.store.id;
    // A payment of the owner's, whose page is the provider's back URL.
    const paymentId = `5${crypto.getRandomValues(new Uint32Array(1))[0]?.toString().padStart(9, "0").slice(-9)}`;
    await s.db.insert(payments).values({
      id: paymentId,
      userId: owner.id,
      kind: "renewal",
      title: "Plan de propia",
      amount: 100,
      currency: "USD",
      provider: "sandbox",
      createdAt: s.clock.now(),
    });
    // A transfer's receipt on the owner's sale, for its download.
    const receiptKey = `stores/${storeId}/private/receipts/${owner.saleId}-propia.png`;
    await s.files.put(receiptKey, new Uint8Array([137, 80, 78, 71]), "image/png");
    await s.db.update(salesTable).set({ receiptKey }).where(eq(salesTable.id, owner.saleId));
    // The owner's rows a page's address names beside the store (or, for a payment, beside the user).
    const childIds: Record<string, string> = {
      id: paymentId,
      productId: owner.product.id,
      sectionId: owner.section.id,
      saleId: owner.saleId,
      customerId: owner.customerId,
      codeId: owner.codeId,
      promotionId: owner.promotionId,
    };
    // What the address names besides rows (adding products to a section, not files).
    const words: Record<string, string> = { type: "product", format: "png" };
    // The owner's rows a page's search names: 'Armar pedido''s search and lines, the sales to print.
    const searches: Record<string, string> = {
      "Store/:storeId/sales/new": `?q=producto&lineas=${owner.product.id}:1`,
      "Store/:storeId/sales/imprimir": `?sale=${owner.saleId}`,
    };
    /** The address's params: the store's id (the owner's unless said) and the owner's rows the pattern names. */
    const paramsOf = (pattern: string, store = storeId) =>
      Object.fromEntries(
        [...pattern.matchAll(/:(\w+)/g)].map(([, name = ""]) => [
          name,
          name === "storeId" ? store : (childIds[name] ?? words[name] ?? ""),
        ]),
      );
    /** The page's request through the guard: its status, and the rows its own statements brought in the guard's batch. */
    const visit = async (pattern: string, cookie: string, search = searches[pattern] ?? "", store = storeId) => {
      batches.length = 0;
      const params = paramsOf(pattern, store);
      const path = `/${pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "")}${search}`;
      const { status } = await workspaceRequest(s, {
        module: PAGES[pattern] as RouteModule,
        cookie,
        method: "GET",
        path,
        params,
        pattern,
      });
      const guard = batches[0] ?? [];
      // After the session's statement, and the store's on a store's page.
      return { status, page: guard.slice(storePattern(pattern) ? 2 : 1), trips: batches.length };
    };
    /** What the page's statements read with no one's ids: nothing of any store. */
    const nothing = async (pattern: string, search = searches[pattern] ?? "") => {
      const reads = MERCHANT_PAGE_READS[pattern] as PageReads;
      const url = new URL(`http://localhost/${pattern}${search}`);
      batches.length = 0;
      const params = paramsOf(pattern);
      await s.db.batch(
        reads.statements(s.db, { storeId: sql`null`, userId: sql`null` }, { url, params, now: s.clock.now() }, owner.store),
      );
      return batches[0];
    };

    // 'Diseño''s preview secret, made on its first visit (a round trip of its own, once); the owner's own hostname,
    // MercadoPago account and ad conversion settings, for the pages that show them.
    await lookPreviewToken(s.db, owner.store);
    await addHostname(s, TEST_ACTOR, storeId, `www.propia-${crypto.randomUUID().slice(0, 6)}.test`);
    const { url: linking, nonce } = await startLinking(s, storeId, owner.id);
    const state = new URL(linking).searchParams.get("state") ?? "";
    await completeLinking(s, TEST_ACTOR, owner.id, state, `SBX-555000111-${crypto.randomUUID().replaceAll("-", "")}`, nonce);
    await saveMetaSettings(s, TEST_ACTOR, storeId, { datasetId: "123456789012345", token: "un-token-secreto" });
    // The owner first: every page is one batch, and the pages with the owner's content read it (the test can fail).
    for (const pattern of Object.keys(PAGES)) {
      const seen = await visit(pattern, owner.cookie);
      expect([seen.status, seen.trips], pattern).toEqual([200, 1]);
      if (
        [
          "",
          "newStore",
          "plans",
          "paymentCompleted/:id",
          "Store/:storeId/discounts/new",
          "Store/:storeId/discounts/:codeId",
          "Store/:storeId/discounts/:codeId/qr/:format",
          "Store/:storeId/promociones/nueva",
          "Store/:storeId/promociones/:promotionId",
          "Store/:storeId/section/:sectionId/new/:type",
          "Store/:storeId/products",
          "Store/:storeId/products.csv",
          "Store/:storeId/info",
          "Store/:storeId/brand",
          "Store/:storeId/sections",
          "Store/:storeId/products/:productId",
          "Store/:storeId/products/:productId/photos",
          "Store/:storeId/sales/:saleId",
          "Store/:storeId/sales.csv",
          "Store/:storeId/sales/new",
          "Store/:storeId/sales/imprimir",
          "Store/:storeId/sales/:saleId/receipt",
          "Store/:storeId/customers/:customerId",
          "Store/:storeId/customers.csv",
          "Store/:storeId/look",
          "Store/:storeId/section/:sectionId",
          "Store/:storeId/dominio",
          "Store/:storeId/payments",
          "Store/:storeId/conversiones",
          "Store/:storeId/actividad",
          "Store/:storeId/actividad.csv",
        ].includes(pattern)
      )
        expect(seen.page, pattern).not.toEqual(await nothing(pattern));
    }
    expect((await visit("Store/:storeId/products", catalog)).page).not.toEqual(await nothing("Store/:storeId/products"));
    expect((await visit("Store/:storeId/sales", sales)).status).toBe(200);

    const refused: Array<[string, string, number]> = [];
    for (const pattern of Object.keys(PAGES).filter(storePattern)) {
      refused.push([pattern, foreign.cookie, 404]);
      const rule = accessRuleOf(pattern.slice("Store/:storeId/".length));
      if (!mayAccess(rule, "sales", false)) refused.push([pattern, sales, 403]);
      if (!mayAccess(rule, "catalog", false)) refused.push([pattern, catalog, 403]);
    }
    const expectNothing = async ([pattern, cookie, status]: [string, string, number]) => {
      const seen = await visit(pattern, cookie);
      expect(seen.status, `${pattern} ${status}`).toBe(status);
      expect(seen.page, `${pattern} ${status}`).toEqual(await nothing(pattern));
      // A statement left unscoped reads every store's rows, with no ids as with the session's: the owner's are not there.
      expect(JSON.stringify(seen.page), `${pattern} ${status}`).not.toMatch(new RegExp(`propia|${storeId}`));
    };
    for (const refusal of refused) await expectNothing(refusal);
    // The owner's rows named beside another merchant's own store: that store has none of them (404), and its reads,
    // though the session may read that store, bring what naming no row brings (that store's own desk beside a sale).
    // The owner's payment named by another merchant: not theirs (404), read as no payment.
    const namingNoRow = async (pattern: string, search = "") => {
      const reads = MERCHANT_PAGE_READS[pattern] as PageReads;
      const params = Object.fromEntries(
        Object.entries(paramsOf(pattern, foreign.store.id)).map(([name, id]) => [
          name,
          name === "storeId" || !(name in childIds) ? id : "0".repeat(id.length),
        ]),
      );
      batches.length = 0;
      await s.db.batch(
        reads.statements(
          s.db,
          { storeId: foreign.store.id, userId: foreign.id },
          { url: new URL(`http://localhost/${pattern}${search}`), params, now: s.clock.now() },
          foreign.store,
        ),
      );
      return batches[0];
    };
    // (Its store seen once, as the pages built from its fields need.)
    expect((await visit("Store/:storeId/info", foreign.cookie, "", foreign.store.id)).status).toBe(200);
    for (const pattern of Object.keys(PAGES).filter((p) => /:(?!storeId)/.test(p))) {
      const seen = await visit(pattern, foreign.cookie, "", foreign.store.id);
      expect([seen.status, seen.trips], `${pattern} in another store`).toEqual([404, 1]);
      expect(seen.page, `${pattern} in another store`).toEqual(await namingNoRow(pattern));
    }
    // So do the owner's rows a search names: 'Armar pedido' finds that store's own products and none of the owner's
    // lines; no slip to print is a 404.
    const zeroed = (search: string) =>
      Object.values(childIds).reduce((text, id) => text.replaceAll(id, "0".repeat(id.length)), search);
    for (const [pattern, status] of [
      ["Store/:storeId/sales/new", 200],
      ["Store/:storeId/sales/imprimir", 404],
    ] as const) {
      const seen = await visit(pattern, foreign.cookie, searches[pattern], foreign.store.id);
      expect([seen.status, seen.trips], `${pattern} in another store`).toEqual([status, 1]);
      expect(seen.page, `${pattern} in another store`).toEqual(await namingNoRow(pattern, zeroed(searches[pattern] ?? "")));
    }
    // An expired session of the owner's (its cookie still sent) reads nothing either: sent to sign in.
    await s.db.run(sql`update sessions set expires_at = ${s.clock.now().getTime() - 1000} where user_id = ${owner.id}`);
    for (const pattern of Object.keys(PAGES)) await expectNothing([pattern, owner.cookie, 302]);
    // Members whose role lacks the section read none of it: 'Ventas' the products, 'Catálogo' the sales.
    expect(refused.some(([pattern, cookie]) => pattern === "Store/:storeId/products" && cookie === sales)).toBe(true);
    expect(refused.some(([pattern, cookie]) => pattern === "Store/:storeId/sales" && cookie === catalog)).toBe(true);
  });
});
