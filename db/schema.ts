// The whole data model of Vitrina (its rules: docs/product-rules.md).
// Times are integer epoch milliseconds; money is integer minor units of the named currency.
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BILLING_PERIODS } from "../app/domain/billing";
import { FULFILMENT_STEPS } from "../app/domain/fulfilment";
import { HOSTNAME_STATES } from "../app/domain/hostnames";
import { ADJUST_PERCENT_MAX, HOLD_METHODS, PAYMENT_METHODS, TRANSFER_HOLD_HOURS } from "../app/domain/payment-methods";
import { PLAN_IDS } from "../app/domain/plans";
import { PROMOTION_KINDS, PROMOTION_SCOPES } from "../app/domain/promotions";
import type { ProductOption } from "../app/domain/variants";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const bool = (name: string) => integer(name, { mode: "boolean" });

export const SALE_STATES = ["Pendiente", "Confirmada", "Cancelada"] as const;
export const SECTION_ITEM_TYPES = ["product", "image", "video"] as const;
export const PAYMENT_KINDS = ["plan_change", "renewal", "stores"] as const;
export const PAYMENT_STATUSES = ["pending", "approved", "rejected"] as const;
export const DELIVERY_METHODS = ["pickup", "delivery", "arrange"] as const;
/** How a sale is paid: to the seller on delivery (arranged by chat), or online to the seller's own MercadoPago. */
export const SALE_PAYMENT_METHODS = PAYMENT_METHODS;
/** An online payment's state on the sale; 'none' for sales paid on delivery; 'refunded' once the provider confirmed a refund. */
export const SALE_PAYMENT_STATUSES = ["none", "pending", "approved", "rejected", "refunded"] as const;
/**
 * What a sale holds of the stock (docs/decisions/0032-stock-reservations.md): 'held' reserved at placement,
 * 'taken' by 'Completar', 'released' by 'Cancelar' or a lapsed online payment, 'unreserved' placed before
 * reservations existed (the upkeep job reserves it when stock allows), 'short' could not be reserved.
 */
export const SALE_STOCK_STATES = ["held", "taken", "released", "unreserved", "short"] as const;
/** A refund of an online payment: asked of the provider ('requested', while the call runs), then refunded or back to none. */
export const SALE_REFUND_STATES = ["none", "requested"] as const;
export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export const SESSION_KINDS = ["merchant", "admin"] as const;

export const plans = sqliteTable(
  "plans",
  {
    id: text("id", { enum: PLAN_IDS }).primaryKey(),
    name: text("name").notNull(),
    /** null = unlimited */
    products: integer("products"),
    banner: integer("banner").notNull(),
    sections: integer("sections").notNull(),
    itemsPerSection: integer("items_per_section").notNull(),
    /** Photos in one product's gallery (the first is its cover). */
    photosPerProduct: integer("photos_per_product").notNull().default(4),
    priceMonthly: integer("price_monthly").notNull(),
    priceBiannual: integer("price_biannual").notNull(),
    priceAnnually: integer("price_annually").notNull(),
    currency: text("currency").notNull(),
  },
  (t) => [check("plans_prices_positive", sql`${t.priceMonthly} > 0 and ${t.priceBiannual} > 0 and ${t.priceAnnually} > 0`)],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    accountCreated: bool("account_created").notNull().default(true),
    profilePicture: text("profile_picture"),
    trialStarted: bool("trial_started").notNull().default(false),
    plan: text("plan", { enum: PLAN_IDS })
      .notNull()
      .default("standard")
      .references(() => plans.id),
    billingPeriod: text("billing_period", { enum: BILLING_PERIODS }).notNull().default("monthly"),
    storesLimit: integer("stores_limit").notNull().default(1),
    billTotal: integer("bill_total").notNull().default(0),
    billDueAt: timestamp("bill_due_at"),
    /** The merchant's choice: the trial's and the bill's reminders by email (payment results are always sent). */
    reminderMails: bool("reminder_mails").notNull().default(true),
    /** The merchant's choice: an email for each new order (Web Push is chosen per device). */
    orderMails: bool("order_mails").notNull().default(true),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_stores_limit_positive", sql`${t.storesLimit} >= 1`),
    check("users_bill_total_non_negative", sql`${t.billTotal} >= 0`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** sha-256 of the random id the cookie carries */
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SESSION_KINDS }).notNull().default("merchant"),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    check("sessions_merchant_has_user", sql`${t.kind} = 'admin' or ${t.userId} is not null`),
  ],
);

/** Registration state between steps 1-3, kept server-side (the cookie carries only its id). */
export const registrations = sqliteTable(
  "registrations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    storeName: text("store_name"),
    storeUrl: text("store_url"),
    storeCategory: integer("store_category"),
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("registrations_email_idx").on(t.email)],
);

/** The spec's temporary verification record keyed by email; the code is stored hashed. */
export const verificationCodes = sqliteTable("verification_codes", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  sentAt: timestamp("sent_at").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
});

export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Exact attempt counters for rate limits (login, codes, SSS), one row per key and window. */
export const attemptCounters = sqliteTable("attempt_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: timestamp("window_started_at").notNull(),
});

/**
 * Failed sign-ins of one account (by email, known or not). Past a few failures the next try waits
 * (backoff); a success, a password reset or a known device gets the owner in (app/domain/login-throttle.ts).
 */
export const loginThrottles = sqliteTable("login_throttles", {
  email: text("email").primaryKey(),
  /** Tries counted so far: a try counts when it is checked and is cleared by a success. */
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at").notNull(),
  /** No try is checked before this moment, unless it comes from a known device. */
  nextTryAt: timestamp("next_try_at").notNull(),
});

/** Browsers the owner has signed in from: the cookie carries a random token, stored here hashed. */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    failures: integer("failures").notNull().default(0),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("known_devices_user_idx").on(t.userId)],
);

export const stores = sqliteTable(
  "stores",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    category: integer("category").notNull(),
    currency: text("currency").notNull().default("USD"),
    logoKey: text("logo_key"),
    qrPngKey: text("qr_png_key"),
    qrSvgKey: text("qr_svg_key"),
    active: bool("active").notNull().default(true),
    description: text("description").notNull().default(""),
    mainTitle: text("main_title").notNull().default(""),
    storeTitle: text("store_title").notNull().default(""),
    saleNumber: text("sale_number").notNull().default(""),
    attentionNumber: text("attention_number").notNull().default(""),
    location: text("location").notNull().default(""),
    /** The store's social profiles (user names, app/domain/social.ts) and its hours, shown in the public footer. */
    instagram: text("instagram").notNull().default(""),
    facebook: text("facebook").notNull().default(""),
    tiktok: text("tiktok").notNull().default(""),
    hours: text("hours").notNull().default(""),
    timeZone: text("time_zone").notNull().default("America/Bogota"),
    /**
     * ISO 3166 code of the store's country (app/domain/countries.ts): where its WhatsApp numbers are read. Empty
     * for a store from before countries: the upkeep sets it from the time zone and reads its numbers again.
     */
    country: text("country").notNull().default(""),
    createdAt: timestamp("created_at").notNull(),
    /** Bumped on every merchant edit that changes the public site: the edge cache key. */
    updatedAt: timestamp("updated_at").notNull(),
    /**
     * Bumped by a database trigger on every insert, update and delete of the store's products
     * (stock taken by a sale included), so the public pages' validators need not read the catalog.
     */
    catalogVersion: integer("catalog_version").notNull().default(0),
    /**
     * Sold-out products (stock 0) left out of the listings (home sections and newest, Tienda, search)
     * when true; listed after those in stock when false. Their own page answers either way.
     */
    hideSoldOut: bool("hide_sold_out").notNull().default(false),
    /** Delivery methods the checkout offers; at least one stays on (app/stores/delivery). */
    pickupEnabled: bool("pickup_enabled").notNull().default(true),
    homeDeliveryEnabled: bool("home_delivery_enabled").notNull().default(true),
    arrangeEnabled: bool("arrange_enabled").notNull().default(false),
    /** How long an order waiting for its online payment keeps its stock reserved, in minutes. */
    paymentHoldMinutes: integer("payment_hold_minutes").notNull().default(30),
    /** The published look ('Diseño', app/domain/look.ts) as JSON; empty for today's 'Clásico' look. */
    look: text("look").notNull().default(""),
    /** The look being edited, shown only in its preview; null when none is pending. */
    lookDraft: text("look_draft"),
    /** The draft preview's secret (in the preview's address), renewed with every publish or discard. */
    lookPreviewToken: text("look_preview_token"),
    /** Colours read from the logo when it was uploaded (JSON list of #rrggbb): the look page's suggestions. */
    logoColors: text("logo_colors").notNull().default("[]"),
    /** The logo has its browser icon and link preview beside it (app/media/renditions.ts: logoBrandKeys). */
    logoBrandImages: bool("logo_brand_images").notNull().default(false),
    /**
     * The logo also has its 48-px tab icon beside it (logoBrandKeys' tabIcon), the page's `rel="icon"`; logos from
     * before it are given one by the upkeep.
     */
    logoTabIcon: bool("logo_tab_icon").notNull().default(false),
    /**
     * The store's own pages ('Cambios y devoluciones', 'Envíos', 'Privacidad': app/domain/policies.ts), plain text the
     * merchant edits; null while the merchant keeps the Spanish template.
     */
    returnsPolicy: text("returns_policy"),
    shippingPolicy: text("shipping_policy"),
    privacyPolicy: text("privacy_policy"),
    /** The store's fiscal identity in its footer, when the merchant gives it: tax id (CUIT, RUT, RFC, NIT…) and business name. */
    taxId: text("tax_id").notNull().default(""),
    legalName: text("legal_name").notNull().default(""),
    /**
     * The store's own hostname once it is active ('Dominio propio'), copied by the triggers of store_hostnames (their
     * migration): public pages find the store by it, and its public address is built from it (publicStoreUrl).
     */
    customHost: text("custom_host"),
  },
  (t) => [
    uniqueIndex("stores_url_unique").on(t.url),
    uniqueIndex("stores_custom_host_unique").on(t.customHost),
    index("stores_owner_created_idx").on(t.ownerId, t.createdAt),
    // Logos from before the tab icon, still to be given theirs: the minute upkeep reads only these, never the whole
    // table (app/stores/logo-tab-icons.server.ts; its query's conditions must match these).
    index("stores_logo_tab_icon_due_idx")
      .on(t.logoTabIcon)
      .where(sql`${t.logoBrandImages} = 1 and ${t.logoTabIcon} = 0 and ${t.logoKey} is not null`),
    check("stores_id_format", sql`length(${t.id}) = 10 and ${t.id} not glob '*[^0-9]*'`),
    check(
      "stores_url_format",
      sql`length(${t.url}) between 3 and 40 and ${t.url} not glob '*[^a-z0-9-]*' and ${t.url} not like '-%' and ${t.url} not like '%-'`,
    ),
    check("stores_category_range", sql`${t.category} between 1 and 11`),
  ],
);

/** Previous slugs of renamed stores: they keep redirecting (301) to the store. */
export const storeSlugHistory = sqliteTable(
  "store_slug_history",
  {
    slug: text("slug").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    replacedAt: timestamp("replaced_at").notNull(),
  },
  (t) => [index("store_slug_history_store_idx").on(t.storeId)],
);

/**
 * A store's own hostname ('Dominio propio', docs/decisions/0061-custom-domains.md): one per store, each hostname one
 * store's. Its provider's id, the TXT record that proves ownership when the provider asks for one, and when the upkeep
 * asks the provider again (with back-off). Active ones are copied to stores.custom_host by triggers.
 */
export const storeHostnames = sqliteTable(
  "store_hostnames",
  {
    storeId: text("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    hostname: text("hostname").notNull(),
    providerId: text("provider_id").notNull(),
    state: text("state", { enum: HOSTNAME_STATES }).notNull(),
    /** Why it failed (app/domain/hostnames.ts HOSTNAME_FAILURES), when it did. */
    failure: text("failure"),
    /** The provider's own statuses, as last read, for support. */
    providerStatus: text("provider_status").notNull().default(""),
    sslStatus: text("ssl_status").notNull().default(""),
    txtName: text("txt_name"),
    txtValue: text("txt_value"),
    createdAt: timestamp("created_at").notNull(),
    checkedAt: timestamp("checked_at"),
    /** null: nothing to ask (active or failed). */
    nextCheckAt: timestamp("next_check_at"),
    /** Answers in a row that changed nothing: the back-off's step. */
    checks: integer("checks").notNull().default(0),
  },
  (t) => [
    uniqueIndex("store_hostnames_hostname_unique").on(t.hostname),
    index("store_hostnames_next_check_idx").on(t.nextCheckAt),
  ],
);

export const storeBanners = sqliteTable(
  "store_banners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull(),
    /** Where the banner leads (app/domain/banner-links.ts), '' for nowhere. */
    link: text("link").notNull().default(""),
  },
  (t) => [index("store_banners_store_idx").on(t.storeId, t.position)],
);

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lowercase, accent-free name with a leading space, for word-prefix search. */
    searchText: text("search_text").notNull(),
    price: integer("price").notNull(),
    /** The price before the offer ('Precio anterior'), shown struck through when above `price`; null = no offer. */
    compareAtPrice: integer("compare_at_price"),
    stock: integer("stock").notNull(),
    /**
     * Units promised to pending orders (the sum of its enabled variants' for a product with options, kept by the
     * database). Available to sell: stock − reserved; a trigger refuses reserved above stock or below 0.
     */
    reserved: integer("reserved").notNull().default(0),
    description: text("description").notNull().default(""),
    /** An index of PRODUCT_CATEGORIES, or -1 (NO_CATEGORY): none chosen, and none shown. */
    category: integer("category").notNull().default(-1),
    imageKey: text("image_key"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    filename: text("filename"),
    /**
     * NOT NULL also holds the plan's product limit for the catalog import: past the limit its insert
     * writes NULL here so the whole batch fails (createdAtWithinLimit, app/products/catalog-import.server.ts).
     */
    createdAt: timestamp("created_at").notNull(),
    /** 'Publicado' (true, the default) or 'Oculto' (false): a hidden product is nowhere on the public site. */
    published: bool("published").notNull().default(true),
    /**
     * The product's options ('Talla', 'Color'…, at most 3) with their values, in the merchant's order;
     * empty for a product sold as one thing. Each combination on sale is a row of product_variants.
     */
    options: text("options", { mode: "json" }).$type<ProductOption[]>().notNull().default(sql`'[]'`),
    /**
     * Where the product stands in the public listings, computed by the database from `published` and
     * `stock` (the values are app/domain/catalog.ts `LISTING_RANK`): 0 hidden, 1 published and sold out,
     * 2 published and in stock. Listings walk the indexes below by rank, then newest first.
     */
    listingRank: integer("listing_rank").generatedAlwaysAs(
      sql`case when "published" = 0 then 0 when "stock" - "reserved" > 0 then 2 else 1 end`,
      { mode: "virtual" },
    ),
    /**
     * The full-text index's three columns (the FTS5 table products_fts reads them, kept by triggers): the name's
     * Spanish stems; those of the description, category, options and SKUs; the name's stems with their one-letter
     * deletions (for typos); each prefixed with `s{store id}` (app/domain/search.ts productSearchDocument).
     * Written with every change of what they come from.
     */
    searchName: text("search_name").notNull().default(""),
    searchBody: text("search_body").notNull().default(""),
    searchFuzzy: text("search_fuzzy").notNull().default(""),
    /** The version of the search rules the columns were made with; older rows are made again by the upkeep. */
    searchVersion: integer("search_version").notNull().default(0),
  },
  (t) => [
    index("products_search_version_idx").on(t.searchVersion),
    // The merchant's list: newest first in index order (id breaks ties); search_text lets word search skip the table.
    index("products_store_newest_idx").on(t.storeId, t.createdAt, t.id, t.searchText),
    // The public listings: in stock first, then sold out, each newest first; hidden ones sit apart at rank 0.
    index("products_store_listing_idx").on(t.storeId, t.listingRank, t.createdAt, t.id, t.searchText),
    index("products_store_category_listing_idx").on(t.storeId, t.category, t.listingRank, t.createdAt, t.id),
    check("products_id_format", sql`length(${t.id}) = 7 and ${t.id} not glob '*[^0-9]*'`),
    check("products_stock_non_negative", sql`${t.stock} >= 0`),
    check("products_price_non_negative", sql`${t.price} >= 0`),
    check("products_category_range", sql`${t.category} between -1 and 15`),
  ],
);

/**
 * A product's gallery. The photo with the lowest position is the cover: database triggers copy it
 * into products.image_* on every change, so cards, the cart and sales read the cover from the product.
 */
export const productPhotos = sqliteTable(
  "product_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    key: text("key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    filename: text("filename").notNull().default(""),
  },
  (t) => [index("product_photos_product_idx").on(t.productId, t.position, t.id)],
);

/**
 * One combination of a product's option values on sale ('M / Azul'): its own stock, an optional own
 * price (else the product's), SKU and photo. A product with variants has its products.stock kept by
 * database triggers as the sum of its enabled variants' stock, so listings and 'Agotado' read one column.
 */
export const productVariants = sqliteTable(
  "product_variants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The value of each option, in the product's option order; '' past the product's last option. */
    option1: text("option1").notNull(),
    option2: text("option2").notNull().default(""),
    option3: text("option3").notNull().default(""),
    /** null = the product's price. */
    price: integer("price"),
    sku: text("sku"),
    stock: integer("stock").notNull().default(0),
    /** Units of this combination promised to pending orders; available: stock − reserved. */
    reserved: integer("reserved").notNull().default(0),
    /** A disabled combination is not sold and its stock does not count. */
    enabled: bool("enabled").notNull().default(true),
    photoId: integer("photo_id").references((): AnySQLiteColumn => productPhotos.id, { onDelete: "set null" }),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    uniqueIndex("product_variants_values_unique").on(t.productId, t.option1, t.option2, t.option3),
    uniqueIndex("product_variants_store_sku_unique").on(t.storeId, t.sku),
    check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("product_variants_price_non_negative", sql`${t.price} is null or ${t.price} >= 0`),
  ],
);

export const sections = sqliteTable(
  "sections",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    index("sections_store_idx").on(t.storeId, t.position),
    check("sections_id_format", sql`length(${t.id}) = 7 and ${t.id} not glob '*[^0-9]*'`),
  ],
);

export const sectionItems = sqliteTable(
  "section_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sectionId: text("section_id")
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type", { enum: SECTION_ITEM_TYPES }).notNull(),
    /** Deleting a product removes it from every section. */
    productId: text("product_id").references((): AnySQLiteColumn => products.id, { onDelete: "cascade" }),
    fileKey: text("file_key"),
    thumbKey: text("thumb_key"),
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [
    index("section_items_section_idx").on(t.sectionId, t.position),
    index("section_items_product_idx").on(t.productId),
    check(
      "section_items_shape",
      sql`(${t.type} = 'product' and ${t.productId} is not null and ${t.fileKey} is null)
        or (${t.type} in ('image', 'video') and ${t.fileKey} is not null and ${t.productId} is null)`,
    ),
  ],
);

/** A place where buyers of a store pick up their orders ('Retiro en tienda'). */
export const pickupPoints = sqliteTable(
  "pickup_points",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    hours: text("hours").notNull().default(""),
  },
  (t) => [index("pickup_points_store_idx").on(t.storeId, t.position)],
);

/**
 * A home-delivery zone and its fee ('Envío a domicilio'). A store delivering without zones charges no
 * fee; with zones, the buyer picks one and the fee, minimum and free-delivery rule are the zone's.
 */
export const deliveryZones = sqliteTable(
  "delivery_zones",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    fee: integer("fee").notNull(),
    /** The smallest subtotal this zone delivers. */
    minOrder: integer("min_order"),
    /** From this subtotal on, delivery is free. */
    freeFrom: integer("free_from"),
    /**
     * The postal codes the zone covers, as formatPostalRules writes them ('1000-1499, 1602, 16*'); empty: a zone
     * chosen by its name, without codes (decision 0060).
     */
    postalCodes: text("postal_codes").notNull().default(""),
  },
  (t) => [
    index("delivery_zones_store_idx").on(t.storeId, t.position),
    check("delivery_zones_amounts", sql`${t.fee} >= 0 and coalesce(${t.minOrder}, 0) >= 0 and coalesce(${t.freeFrom}, 1) > 0`),
  ],
);

/**
 * A store's transfer and cash methods ('Cobros'): one row per method once the merchant saved it; no row is a
 * method that is off. `adjust_percent`: negative a discount, positive a surcharge on the products after any code.
 */
export const storePaymentMethods = sqliteTable(
  "store_payment_methods",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Transfer or cash; or 'on_delivery', a row that only keeps the hours of orders paid as arranged. */
    method: text("method", { enum: HOLD_METHODS }).notNull(),
    enabled: bool("enabled").notNull().default(false),
    adjustPercent: integer("adjust_percent").notNull().default(0),
    /** Transfer: the holder, bank, account type… as the merchant writes them. */
    instructions: text("instructions"),
    /** Transfer: what the key is ('Alias', 'CLABE', 'Clave Pix') and the key, shown with 'Copiar'. */
    keyLabel: text("key_label"),
    keyValue: text("key_value"),
    /** How long an unpaid order paid this way keeps its units. */
    holdHours: integer("hold_hours").notNull().default(TRANSFER_HOLD_HOURS.default),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.method] }),
    check(
      "store_payment_methods_adjust",
      sql`${t.adjustPercent} between ${sql.raw(String(-ADJUST_PERCENT_MAX.discount))} and ${sql.raw(String(ADJUST_PERCENT_MAX.surcharge))}`,
    ),
    check(
      "store_payment_methods_hold",
      sql`${t.holdHours} between ${sql.raw(String(TRANSFER_HOLD_HOURS.min))} and ${sql.raw(String(TRANSFER_HOLD_HOURS.max))}`,
    ),
  ],
);

/**
 * A store's discount code. `uses` counts the sales that carry it; the check keeps it within
 * `max_uses`, so a checkout that would pass the limit fails its whole batch (no sale, no use).
 */
export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** As the merchant wrote it; `codeKey` (upper case) is what buyers' input is matched on. */
    code: text("code").notNull(),
    codeKey: text("code_key").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    /** Whole percent (1–100) for 'percent'; minor units of the store currency for 'amount'. */
    value: integer("value").notNull(),
    minPurchase: integer("min_purchase"),
    /** First and last day it applies ('YYYY-MM-DD' in the store's time zone), inclusive. */
    startsOn: text("starts_on"),
    endsOn: text("ends_on"),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    /** 'Una vez por cliente': a buyer (by phone or email) may place one order with it that is not cancelled. */
    oncePerCustomer: bool("once_per_customer").notNull().default(false),
    active: bool("active").notNull().default(true),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("discount_codes_store_code_unique").on(t.storeId, t.codeKey),
    check("discount_codes_uses_within_limit", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check(
      "discount_codes_value_range",
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'amount' and ${t.value} > 0)`,
    ),
  ],
);

/**
 * Automatic promotions ('Promociones', app/domain/promotions.ts): they apply without a code while enabled and within
 * their days. `orders` and `revenue` count the orders that took one and what its products came to after it, written in
 * each order's own batch and given back by 'Cancelar' (app/promotions/promotions.server.ts).
 */
export const promotions = sqliteTable(
  "promotions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Shown to shoppers ('2x1 en alfajores'). */
    name: text("name").notNull(),
    kind: text("kind", { enum: PROMOTION_KINDS }).notNull(),
    scope: text("scope", { enum: PROMOTION_SCOPES }).notNull(),
    /** The chosen products' ids (scope 'products'). */
    productIds: text("product_ids", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    category: integer("category"),
    /** Whole percent off (discount, quantity price), or null when `amount` says it. */
    percent: integer("percent"),
    /** The amount off each unit (discount), the unit price (quantity price) or the least order (free delivery). */
    amount: integer("amount"),
    buyQuantity: integer("buy_quantity"),
    payQuantity: integer("pay_quantity"),
    minQuantity: integer("min_quantity"),
    /** The zones free delivery covers; empty: all. */
    zoneIds: text("zone_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    /** First and last day it applies ('YYYY-MM-DD' in the store's time zone), inclusive. */
    startsOn: text("starts_on"),
    endsOn: text("ends_on"),
    enabled: bool("enabled").notNull().default(true),
    orders: integer("orders").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    index("promotions_store_idx").on(t.storeId, t.enabled, t.id),
    check("promotions_percent_range", sql`${t.percent} is null or ${t.percent} between 1 and 100`),
    check("promotions_amounts", sql`coalesce(${t.amount}, 0) >= 0 and ${t.orders} >= 0`),
  ],
);

/**
 * The store's own MercadoPago account, linked by OAuth ('Cobros en línea'): buyers pay the merchant
 * directly. Tokens are encrypted with a key from the settings (app/payments-online/token-crypto.ts).
 */
export const storePaymentAccounts = sqliteTable("store_payment_accounts", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: ["sandbox", "mercadopago"] }).notNull(),
  /** The provider's id of the merchant's account (MercadoPago user_id). */
  accountId: text("account_id").notNull(),
  accessTokenEnc: text("access_token_enc").notNull(),
  refreshTokenEnc: text("refresh_token_enc").notNull(),
  publicKey: text("public_key"),
  expiresAt: timestamp("expires_at").notNull(),
  linkedAt: timestamp("linked_at").notNull(),
  refreshedAt: timestamp("refreshed_at"),
});

/**
 * Local runs only: the payment sandbox's own record of the checkouts it was asked for on behalf of a
 * store's linked (sandbox) account, and the decision taken on its page. Production never writes it.
 */
export const sandboxStorePayments = sqliteTable("sandbox_store_payments", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  accountId: text("account_id").notNull(),
  externalReference: text("external_reference").notNull(),
  title: text("title").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  backUrl: text("back_url").notNull(),
  notificationUrl: text("notification_url").notNull(),
  status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
  /** The key of the refund that gave this approved payment back (the same key asks for the same refund again). */
  refundKey: text("refund_key"),
  refundedAt: timestamp("refunded_at"),
  createdAt: timestamp("created_at").notNull(),
});

/**
 * Someone who ordered from a store, known by their WhatsApp number (E.164 digits) or email: the store's customer
 * list is built from its orders (app/orders/customer-records.server.ts). Two entries of the same person can be
 * merged; deleting one forgets its contact data on its orders too.
 */
export const customers = sqliteTable(
  "customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** As the customer wrote it on their latest order. */
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    // The store's list (and its merge choices) by name.
    index("customers_store_name_idx").on(t.storeId, t.name),
    uniqueIndex("customers_store_phone").on(t.storeId, t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex("customers_store_email").on(t.storeId, t.email).where(sql`${t.email} is not null`),
    check("customers_known_by_contact", sql`${t.phone} is not null or ${t.email} is not null`),
  ],
);

export const sales = sqliteTable(
  "sales",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    state: text("state", { enum: SALE_STATES }).notNull().default("Pendiente"),
    /** What the buyer pays: subtotal − discount + paymentAdjustment + deliveryFee, all computed on the server at checkout. */
    total: integer("total").notNull(),
    /** The lines' sum. */
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull().default(0),
    /** The discount code as the store wrote it, when one was used. */
    discountCode: text("discount_code"),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    deliveryFee: integer("delivery_fee").notNull().default(0),
    /** What the way to pay took off (negative) or added (positive) to the products after the code. */
    paymentAdjustment: integer("payment_adjustment").notNull().default(0),
    currency: text("currency").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerPhone: text("buyer_phone"),
    buyerEmail: text("buyer_email"),
    delivery: text("delivery", { enum: DELIVERY_METHODS }).notNull(),
    /** The zone's name at order time (home delivery to a store with zones). */
    deliveryZone: text("delivery_zone"),
    /** The buyer's postal code as read in the store's country (home delivery to a store with zones by code). */
    postalCode: text("postal_code"),
    /** The pickup point at order time: 'name — address (hours)'. */
    pickupPoint: text("pickup_point"),
    address: text("address"),
    note: text("note"),
    /** The secret in the buyer's order-page link (/site/{store}/Order/{id}?t=…). */
    accessToken: text("access_token").notNull().default(sql`(lower(hex(randomblob(16))))`),
    paymentMethod: text("payment_method", { enum: SALE_PAYMENT_METHODS }).notNull().default("on_delivery"),
    paymentStatus: text("payment_status", { enum: SALE_PAYMENT_STATUSES }).notNull().default("none"),
    /** The provider's id of the payment that approved the sale (set once). */
    providerPaymentId: text("provider_payment_id"),
    paidAt: timestamp("paid_at"),
    /** A transfer's receipt, uploaded by the buyer: its key in the store's private folder, and when it came. */
    receiptKey: text("receipt_key"),
    receiptAt: timestamp("receipt_at"),
    stockState: text("stock_state", { enum: SALE_STOCK_STATES }).notNull().default("held"),
    /**
     * Until when an unpaid order keeps its reservation (its way to pay's hold); the upkeep releases it after. Null
     * once paid, and for orders from before every way to pay had a hold.
     */
    reservedUntil: timestamp("reserved_until"),
    /** When a transfer's first receipt extended the hold (once: later receipts do not). */
    holdExtendedAt: timestamp("hold_extended_at"),
    /**
     * Who placed it at the checkout, for the limits on unpaid orders (decision 0049): a hash of the client's address
     * (never the address) and of the browser's buyer cookie. Null for orders the merchant built and older ones.
     */
    clientAddressKey: text("client_address_key"),
    clientCookieKey: text("client_cookie_key"),
    /**
     * Where the visit that started the cart came from ('instagram', 'google', 'qr', 'direct'…: app/domain/visits.ts),
     * for the store's statistics (decision 0051). Null for orders the merchant built and older ones.
     */
    source: text("source"),
    refundState: text("refund_state", { enum: SALE_REFUND_STATES }).notNull().default("none"),
    /** The provider's refund, once confirmed. */
    providerRefundId: text("provider_refund_id"),
    refundedAt: timestamp("refunded_at"),
    /** Why the last refund failed, in Spanish, shown with a retry (cleared by a new try). */
    refundError: text("refund_error"),
    /** The discount code's use was given back (the sale was cancelled): at most once. */
    codeReturned: bool("code_returned").notNull().default(false),
    /** For a code used 'una vez por cliente': the buyer's phone digits and email, each unique per code among live sales. */
    codeCustomerPhone: text("code_customer_phone"),
    codeCustomerEmail: text("code_customer_email"),
    /**
     * Built by the merchant ('Armar pedido') and waiting for the customer to review it, fill in what is missing
     * (address, way to pay) and confirm it from its link; its units are held meanwhile.
     */
    draft: bool("draft").notNull().default(false),
    /** Who ordered, in the store's customer list; null for an order without phone or email (or whose customer was deleted). */
    customerId: integer("customer_id").references((): AnySQLiteColumn => customers.id, { onDelete: "set null" }),
    /** Placed from an abandoned cart's restore link or after its contact step (decision 0057): the statistics' recovered orders. */
    recoveredCart: bool("recovered_cart").notNull().default(false),
    createdAt: timestamp("created_at").notNull(),
    closedAt: timestamp("closed_at"),
    /**
     * The store's calendar day when it was placed ('YYYY-MM-DD' in its time zone then), the day the statistics count
     * it in (store_orders_daily; docs/decisions/0053-order-statistics-rollups.md). Null: its UTC day.
     */
    day: text("day"),
    /** The free-delivery promotion that waived the zone's fee (id and name at order time), when one did. */
    freeDeliveryPromotionId: integer("free_delivery_promotion_id"),
    freeDeliveryPromotion: text("free_delivery_promotion"),
  },
  (t) => [
    index("sales_store_newest_idx").on(t.storeId, t.createdAt, t.id),
    // Pending counts (dashboard, menu badge) read only the pending entries.
    index("sales_store_state_idx").on(t.storeId, t.state),
    // The upkeep job finds lapsed holds and orders to reserve without reading the rest.
    index("sales_stock_upkeep_idx").on(t.stockState, t.reservedUntil),
    index("sales_customer_idx").on(t.customerId, t.createdAt),
    // Orders recovered from abandoned carts, by the store's day: the statistics' figure reads only these.
    index("sales_recovered_cart_idx").on(t.storeId, t.day).where(sql`${t.recoveredCart} = 1`),
    // The desk lists the orders paid online without stock ('Pagado — sin stock') above the rest: only their entries,
    // oldest first, never the store's whole history (decision 0054). The query's conditions must match these.
    index("sales_paid_without_stock_idx")
      .on(t.storeId, t.createdAt)
      .where(sql`${t.stockState} = 'short' and ${t.state} = 'Pendiente' and ${t.paymentStatus} = 'approved'`),
    // The checkout counts one client's unpaid orders that still hold stock (decision 0049).
    index("sales_client_address_idx")
      .on(t.storeId, t.clientAddressKey, t.stockState)
      .where(sql`${t.clientAddressKey} is not null`),
    index("sales_client_cookie_idx").on(t.storeId, t.clientCookieKey, t.stockState).where(sql`${t.clientCookieKey} is not null`),
    // Orders from before the customer list, with a contact to know their customer by: the upkeep links them.
    index("sales_without_customer_idx")
      .on(t.createdAt)
      .where(sql`${t.customerId} is null and (${t.buyerPhone} glob '*[0-9]*' or ${t.buyerEmail} is not null)`),
    uniqueIndex("sales_code_once_per_phone")
      .on(t.discountCodeId, t.codeCustomerPhone)
      .where(sql`${t.codeCustomerPhone} is not null`),
    uniqueIndex("sales_code_once_per_email")
      .on(t.discountCodeId, t.codeCustomerEmail)
      .where(sql`${t.codeCustomerEmail} is not null`),
    check("sales_id_format", sql`length(${t.id}) = 10 and ${t.id} not glob '*[^0-9]*'`),
    check("sales_total_non_negative", sql`${t.total} >= 0`),
    check("sales_total_adds_up", sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.paymentAdjustment} + ${t.deliveryFee}`),
    check("sales_discount_within_subtotal", sql`${t.discount} between 0 and ${t.subtotal}`),
    check("sales_delivery_fee_non_negative", sql`${t.deliveryFee} >= 0`),
    // A draft's address is written by the customer when they confirm it.
    check("sales_address_for_delivery", sql`${t.delivery} <> 'delivery' or coalesce(${t.address}, '') <> '' or ${t.draft} = 1`),
    // Online: a provider's state; transfer: no receipt yet ('none'), one to review ('pending'), verified ('approved')
    // or refused ('rejected'); the others: none.
    check(
      "sales_payment_status_for_method",
      sql`case ${t.paymentMethod} when 'online' then ${t.paymentStatus} <> 'none' when 'transfer' then ${t.paymentStatus} in ('none', 'pending', 'approved', 'rejected') else ${t.paymentStatus} = 'none' end`,
    ),
    check("sales_access_token_length", sql`length(${t.accessToken}) >= 16`),
  ],
);

/** One cart line of a sale, frozen at order time (product may change or be deleted later). */
export const saleLines = sqliteTable(
  "sale_lines",
  {
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The variant bought; null for a product without options, or once the variant is deleted. */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** The variant's values as bought ('Talla M, Azul'); `name` already carries them after the product's name. */
    variant: text("variant"),
    name: text("name").notNull(),
    imageKey: text("image_key"),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    /**
     * The promotion the line took at order time (its id, without a reference: the promotion may be deleted; its name as
     * shoppers saw it) and what it took off the line: the line comes to unit_price × quantity − promotion_saving.
     */
    promotionId: integer("promotion_id"),
    promotionName: text("promotion_name"),
    promotionSaving: integer("promotion_saving").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.saleId, t.position] }),
    index("sale_lines_product_idx").on(t.productId),
    check("sale_lines_quantity_positive", sql`${t.quantity} >= 1`),
    check("sale_lines_price_non_negative", sql`${t.unitPrice} >= 0`),
  ],
);

/** A checkout submitted twice with the same key creates one sale. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    key: text("key").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    saleId: text("sale_id").references(() => sales.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("idempotency_keys_store_idx").on(t.storeId)],
);

export const payments = sqliteTable(
  "payments",
  {
    /** Our 10-digit payment code, sent to the provider as external_reference. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    title: text("title").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    plan: text("plan", { enum: PLAN_IDS }),
    billingPeriod: text("billing_period", { enum: BILLING_PERIODS }),
    storesQuantity: integer("stores_quantity"),
    provider: text("provider", { enum: ["sandbox", "mercadopago"] }).notNull(),
    preferenceId: text("preference_id"),
    providerPaymentId: text("provider_payment_id"),
    providerData: text("provider_data", { mode: "json" }),
    createdAt: timestamp("created_at").notNull(),
    appliedAt: timestamp("applied_at"),
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("payments_provider_payment_unique").on(t.provider, t.providerPaymentId),
    check("payments_id_format", sql`length(${t.id}) = 10 and ${t.id} not glob '*[^0-9]*'`),
    check("payments_amount_positive", sql`${t.amount} > 0`),
    check("payments_applied_only_when_approved", sql`${t.appliedAt} is null or ${t.status} = 'approved'`),
  ],
);

/**
 * A browser (one device) the store's owner asked to be told of new orders on: its Web Push
 * subscription. At most 20 per store; a new one past that replaces the oldest (app/notifications/).
 */
/**
 * A mail the provider did not take when it was sent: kept with its whole message and retried by the upkeep with a
 * growing wait until the provider takes it (app/services/mail-queue.ts). The id is the provider's idempotency key,
 * so a retry after a send whose answer was lost is not a second mail.
 */
/**
 * The platform's emails to a merchant that go once per event (a reminder per due date, a payment's result): the row
 * is claimed before the mail is handed to the mailer, so a second run or a repeated notification sends nothing more.
 */
export const merchantMails = sqliteTable(
  "merchant_mails",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    sentAt: timestamp("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);

export const mailQueue = sqliteTable(
  "mail_queue",
  {
    id: text("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    attempts: integer("attempts").notNull().default(1),
    nextAt: timestamp("next_at").notNull(),
    /** Why the last try failed (the provider's words, for whoever runs the platform). */
    lastError: text("last_error"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("mail_queue_due_idx").on(t.nextAt)],
);

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** The push service's URL for this browser (checked against the allowed push services). */
    endpoint: text("endpoint").notNull(),
    /** The browser's ECDH P-256 public key, uncompressed, base64url. */
    p256dh: text("p256dh").notNull(),
    /** The browser's 16-byte auth secret, base64url. */
    auth: text("auth").notNull(),
    /** Set again when the same browser subscribes again, so an active device is never the oldest. */
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_store_endpoint_unique").on(t.storeId, t.endpoint),
    index("push_subscriptions_store_created_idx").on(t.storeId, t.createdAt, t.id),
    check("push_subscriptions_endpoint_length", sql`length(${t.endpoint}) between 1 and 1000`),
  ],
);

/**
 * Local runs only: the VAPID key pair generated at the first start when none is configured, kept so
 * browsers' subscriptions stay valid across restarts. Production reads its keys from the settings
 * and never this table (docs/decisions/0019-web-push-for-new-orders.md).
 */
export const localVapidKeys = sqliteTable(
  "local_vapid_keys",
  {
    id: integer("id").primaryKey(),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [check("local_vapid_keys_one_row", sql`${t.id} = 1`)],
);

/**
 * The store's statistics (docs/decisions/0051-visit-statistics.md): counts per store, day and source, never a visit
 * itself. `day` is the store's own calendar day ('YYYY-MM-DD' in its time zone). `visitors` is kept by the trigger on
 * store_visitors_daily (a visitor's first visit of the day); `carts` counts the carts started from that source.
 */
export const storeVisitsDaily = sqliteTable(
  "store_visits_daily",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    source: text("source").notNull(),
    visits: integer("visits").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    carts: integer("carts").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.source] })],
);

/**
 * Page views per store, page kind and day (app/domain/visits.ts PAGE_KINDS); a product's page counts per product
 * (`product_id`, '' for the other kinds), with the times it was added to a cart, and again in the day's total
 * ('product_total') and the product's month ('product_month', `day` 'YYYY-MM'): app/stats/visit-counts.server.ts.
 */
export const storePageViewsDaily = sqliteTable(
  "store_page_views_daily",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    day: text("day").notNull(),
    productId: text("product_id").notNull().default(""),
    views: integer("views").notNull().default(0),
    cartAdds: integer("cart_adds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind, t.day, t.productId] })],
);

/**
 * The store's orders per day and source, as 'Estadísticas' counts them (docs/decisions/0053-order-statistics-rollups.md):
 * placed (not drafts) and not cancelled; `revenue` sums their totals, `paid` those approved or completed. Kept by the
 * sales table's triggers in the statement that changes a sale. `day` is the sale's `day`; `source` its source, '' when
 * it has none.
 */
export const storeOrdersDaily = sqliteTable(
  "store_orders_daily",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    source: text("source").notNull(),
    orders: integer("orders").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
    paid: integer("paid").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.source] })],
);

/**
 * Units and revenue (quantity × unit price) of the counted orders' lines per store, day and product (its variants
 * together), kept with store_orders_daily; a product deleted since is '' (its lines lost it). `name`: the greatest line
 * name, shown once the product is gone.
 */
export const storeProductSalesDaily = sqliteTable(
  "store_product_sales_daily",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    productId: text("product_id").notNull(),
    units: integer("units").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
    name: text("name").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.productId] })],
);

/** store_product_sales_daily summed per month ('YYYY-MM'), for the long periods. */
export const storeProductSalesMonthly = sqliteTable(
  "store_product_sales_monthly",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    productId: text("product_id").notNull(),
    units: integer("units").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
    name: text("name").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.month, t.productId] })],
);

/**
 * Who visited a store today, to count each visitor once a day: a key hashed from the client's address and browser
 * with a salt that changes every day and is never stored, so a key means nothing the next day. The upkeep deletes
 * the rows of past days; only the counts in store_visits_daily stay.
 */
export const storeVisitorsDaily = sqliteTable(
  "store_visitors_daily",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    visitorKey: text("visitor_key").notNull(),
    /** The source of the visitor's first visit that day: the row of store_visits_daily the trigger counts it in. */
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.visitorKey] }), index("store_visitors_daily_day_idx").on(t.day)],
);

/**
 * Where a store's ad conversions go (docs/decisions/0052-ad-conversions-from-the-server.md): a Meta dataset with its
 * Conversions API token, a GA4 measurement id with its Measurement Protocol secret. The secrets are encrypted like
 * the payment tokens (app/online-payments/token-crypto.ts, the store id bound in); a platform without both is off.
 */
export const storeConversionSettings = sqliteTable("store_conversion_settings", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  metaDatasetId: text("meta_dataset_id"),
  metaTokenEnc: text("meta_token_enc"),
  ga4MeasurementId: text("ga4_measurement_id"),
  ga4ApiSecretEnc: text("ga4_api_secret_enc"),
  updatedAt: timestamp("updated_at").notNull(),
});

/**
 * Conversion events a platform did not take at once, retried by the upkeep (1, 2, 4… minutes) with the same event id
 * until it does or the tries run out. The body is the platform's without its secret, read again at each try.
 */
export const conversionQueue = sqliteTable(
  "conversion_queue",
  {
    eventId: text("event_id").notNull(),
    platform: text("platform", { enum: ["meta", "ga4"] }).notNull(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    eventName: text("event_name").notNull(),
    body: text("body", { mode: "json" }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    nextAt: timestamp("next_at").notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.platform] }), index("conversion_queue_due_idx").on(t.nextAt)],
);

/** Local runs only: what the conversions stand-in received in place of Meta and Google Analytics. */
export const sandboxConversions = sqliteTable(
  "sandbox_conversions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    platform: text("platform", { enum: ["meta", "ga4"] }).notNull(),
    /** The dataset or measurement id the request named. */
    target: text("target").notNull(),
    eventId: text("event_id").notNull(),
    eventName: text("event_name").notNull(),
    body: text("body", { mode: "json" }).notNull(),
    receivedAt: timestamp("received_at").notNull(),
  },
  (t) => [uniqueIndex("sandbox_conversions_event_unique").on(t.platform, t.eventId, t.eventName)],
);

/**
 * A checkout whose buyer left their contact ('Carritos abandonados', decision 0057): the cart's lines as they were, the
 * quoted total and the visit's source. Listed to the merchant once it is older than the store's delay and no order
 * came from it; recovered by the order it became; purged 30 days after its last change. Personal data: deleted with
 * the customer, never logged.
 */
export const checkouts = sqliteTable(
  "checkouts",
  {
    /** Random (the shopper's `compra` cookie): only links the order to it, within its store. */
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** The restore link's secret (/carrito/recuperar/{token}), also its email's opt-out. */
    restoreToken: text("restore_token").notNull(),
    buyerName: text("buyer_name").notNull(),
    /** As typed; `contactPhone` is it read with the store's country rules (E.164 digits), how the customer is known. */
    buyerPhone: text("buyer_phone"),
    contactPhone: text("contact_phone"),
    buyerEmail: text("buyer_email"),
    /** The cart's lines with their name and unit price then, as JSON (app/domain/abandoned-carts.ts SavedLine). */
    lines: text("lines").notNull(),
    /** The products' total after the code when the contact was left, in the store's currency. */
    total: integer("total").notNull(),
    currency: text("currency").notNull(),
    source: text("source"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    /** The one reminder email went (claimed by this write before sending). */
    emailedAt: timestamp("emailed_at"),
    recoveredSaleId: text("recovered_sale_id"),
    recoveredAt: timestamp("recovered_at"),
  },
  (t) => [
    uniqueIndex("checkouts_restore_token_unique").on(t.restoreToken),
    index("checkouts_store_updated_idx").on(t.storeId, t.updatedAt),
    index("checkouts_updated_idx").on(t.updatedAt),
    // The reminder emails still to send: the upkeep reads only these.
    index("checkouts_email_due_idx")
      .on(t.updatedAt)
      .where(sql`${t.emailedAt} is null and ${t.buyerEmail} is not null and ${t.recoveredSaleId} is null`),
    check("checkouts_has_contact", sql`${t.buyerPhone} is not null or ${t.buyerEmail} is not null`),
    check("checkouts_restore_token_length", sql`length(${t.restoreToken}) >= 24`),
  ],
);

/** A store's 'Carritos abandonados' settings; a store without a row has the defaults (app/domain/abandoned-carts.ts). */
export const abandonedCartSettings = sqliteTable("abandoned_cart_settings", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  /** How long a checkout with a contact waits for its order before it is listed. */
  afterMinutes: integer("after_minutes").notNull().default(60),
  /** The one reminder email to a buyer who left an email, and how long after their checkout it goes. */
  emailOn: bool("email_on").notNull().default(true),
  emailHours: integer("email_hours").notNull().default(6),
  updatedAt: timestamp("updated_at").notNull(),
});

/** Buyers who asked a store for no more reminder emails: their email's hash (SHA-256 of the lower-cased address). */
export const cartEmailOptOuts = sqliteTable(
  "cart_email_opt_outs",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    emailHash: text("email_hash").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.emailHash] })],
);

/**
 * The platform's own texts the operator edits on /SSS ('terminos', 'privacidad'); a key without a row shows the
 * default written in the code (app/admin/platform-texts.ts).
 */
export const platformTexts = sqliteTable("platform_texts", {
  key: text("key").primaryKey(),
  body: text("body").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/**
 * A buyer's 'Botón de arrepentimiento' (Argentina): the request to cancel an order placed in the last 10 days, one
 * per order. Its id is the number the buyer gets; the merchant answers it by cancelling the sale.
 */
export const withdrawalRequests = sqliteTable(
  "withdrawal_requests",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    /** Which of the order's contacts the buyer gave: 'email' or 'phone'. */
    contact: text("contact", { enum: ["email", "phone"] }).notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("withdrawal_requests_sale_unique").on(t.saleId),
    index("withdrawal_requests_store_idx").on(t.storeId, t.createdAt),
    check("withdrawal_requests_id_format", sql`length(${t.id}) = 10 and ${t.id} not glob '*[^0-9]*'`),
  ],
);

/**
 * A sale's delivery progress beside its state (app/domain/fulfilment.ts): its step and when it reached each, and
 * for a shipment the carrier and tracking number. One row per sale once the merchant marks it; written only by
 * app/fulfilment/progress-records.server.ts, each move conditioned on the step it was read at.
 */
export const saleDeliveries = sqliteTable(
  "sale_deliveries",
  {
    saleId: text("sale_id")
      .primaryKey()
      .references(() => sales.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    step: text("step", { enum: FULFILMENT_STEPS }).notNull(),
    /** A carrier id of app/domain/carriers.ts, or 'otro'. */
    carrier: text("carrier"),
    /** The name the merchant wrote for 'Otro'. */
    carrierName: text("carrier_name"),
    trackingNumber: text("tracking_number"),
    /** The tracking address pasted for 'Otro' (known carriers' links are made from their pattern when read). */
    trackingUrl: text("tracking_url"),
    preparingAt: timestamp("preparing_at"),
    shippedAt: timestamp("shipped_at"),
    readyAt: timestamp("ready_at"),
    deliveredAt: timestamp("delivered_at"),
    /** Bumped by every move: the condition the next move is written on. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("sale_deliveries_store_step_idx").on(t.storeId, t.step)],
);

/**
 * Low-stock alerts (app/stock-alerts): a store's default threshold of available units (stock − reserved), and a
 * product's own one. Written only by app/stock-alerts/stock-alerts.server.ts.
 */
export const stockAlertSettings = sqliteTable(
  "stock_alert_settings",
  {
    storeId: text("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    threshold: integer("threshold").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [check("stock_alert_settings_threshold", sql`${t.threshold} between 0 and 9999999`)],
);

export const productStockThresholds = sqliteTable(
  "product_stock_thresholds",
  {
    productId: text("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    threshold: integer("threshold").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    index("product_stock_thresholds_store_idx").on(t.storeId),
    check("product_stock_thresholds_threshold", sql`${t.threshold} between 0 and 9999999`),
  ],
);

/**
 * A product whose available units fell to or below its threshold: one row per crossing, made by a trigger on the
 * products' stock (every write path: orders, 'Completar', edits, the catalog), deleted by it when the units go back
 * above (re-armed). The upkeep tells the merchant once (push and email) and marks it notified.
 */
export const lowStockAlerts = sqliteTable(
  "low_stock_alerts",
  {
    productId: text("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    available: integer("available").notNull(),
    crossedAt: timestamp("crossed_at").notNull(),
    notifiedAt: timestamp("notified_at"),
  },
  (t) => [index("low_stock_alerts_due_idx").on(t.crossedAt).where(sql`${t.notifiedAt} is null`)],
);

/**
 * 'Actividad': who changed what in a store's workspace (docs/decisions/0065-activity-log.md), kept 12 months. The
 * actor's id and the name or email they had then; a kind the page filters by; what was changed (a product id, a
 * sale's code); a short summary; and before and after for prices (minor units), stock (units) and states. Never a
 * password, a token or a buyer's personal data. Written only by app/workspace/activity.server.ts, each entry in the
 * batch of the change it records.
 */
export const storeActivity = sqliteTable(
  "store_activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    at: timestamp("at").notNull(),
    /** Not a reference: the entry outlives a removed member. */
    actorUserId: text("actor_user_id").notNull(),
    actorLabel: text("actor_label").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject"),
    /** An entry written before summary_id: its sentence as written then. Newer entries leave it empty. */
    summary: text("summary").notNull(),
    /**
     * The sentence's message id (`ACTIVITY_ENTRIES` in app/domain/activity-entries.ts) and its values as JSON (names,
     * codes, counts, keys), rendered when read in the reader's variant (decision 0065). Null on older entries.
     */
    summaryId: text("summary_id"),
    summaryValues: text("summary_values"),
    before: text("before"),
    after: text("after"),
  },
  (t) => [
    index("store_activity_store_at_idx").on(t.storeId, t.at),
    index("store_activity_store_kind_at_idx").on(t.storeId, t.kind, t.at),
    index("store_activity_store_actor_at_idx").on(t.storeId, t.actorUserId, t.at),
    index("store_activity_store_actor_kind_at_idx").on(t.storeId, t.actorUserId, t.kind, t.at),
    index("store_activity_at_idx").on(t.at),
  ],
);

/**
 * A store's staff (docs/decisions/0064-staff-roles.md): a user who works on one store with a role ('sales' the sales
 * desk, 'catalog' the products and the look, 'admin' everything but the owner's things). The owner is no member: a
 * store's owner is stores.owner_id.
 */
export const storeMembers = sqliteTable(
  "store_members",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["sales", "catalog", "admin"] }).notNull(),
    addedAt: timestamp("added_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.userId] }),
    index("store_members_user_idx").on(t.userId),
    check("store_members_role", sql`${t.role} in ('sales', 'catalog', 'admin')`),
  ],
);

/**
 * An invitation to a store's staff, sent by email: its token saved hashed, valid 7 days, used once (used_at set in the
 * statement that adds the member).
 */
export const storeInvitations = sqliteTable(
  "store_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["sales", "catalog", "admin"] }).notNull(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [
    index("store_invitations_store_idx").on(t.storeId, t.createdAt),
    check("store_invitations_role", sql`${t.role} in ('sales', 'catalog', 'admin')`),
  ],
);
