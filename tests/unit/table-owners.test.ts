// One owner per table: every table is written (insert, update, delete) by one module of the app, the one
// named here; other features call its functions (docs/architecture.md, "Who writes what").
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { getTableName, isTable } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";

const TABLE_OWNERS: Record<string, string> = {
  users: "app/auth/users.server.ts",
  sessions: "app/auth/sessions.server.ts",
  registrations: "app/auth/registration.server.ts",
  verification_codes: "app/auth/registration.server.ts",
  password_resets: "app/auth/reset.server.ts",
  attempt_counters: "app/auth/rate-limit.server.ts",
  login_throttles: "app/auth/login.server.ts",
  known_devices: "app/auth/devices.server.ts",
  stores: "app/workspace/store-record.server.ts",
  store_slug_history: "app/workspace/store-record.server.ts",
  store_hostnames: "app/domains/hostnames.server.ts",
  store_banners: "app/stores/banners.server.ts",
  pickup_points: "app/stores/delivery-settings.server.ts",
  delivery_zones: "app/stores/delivery-settings.server.ts",
  products: "app/products/products.server.ts",
  product_photos: "app/products/photos.server.ts",
  product_variants: "app/products/variants.server.ts",
  sections: "app/sections/sections.server.ts",
  section_items: "app/sections/sections.server.ts",
  discount_codes: "app/discounts/discount-codes.server.ts",
  promotions: "app/promotions/promotions.server.ts",
  store_payment_accounts: "app/online-payments/store-accounts.server.ts",
  store_payment_methods: "app/payment-methods/payment-methods.server.ts",
  sandbox_store_payments: "app/sandbox/sandbox-store-payments.server.ts",
  sales: "app/orders/order-records.server.ts",
  sale_lines: "app/orders/order-records.server.ts",
  idempotency_keys: "app/orders/order-records.server.ts",
  customers: "app/orders/customer-records.server.ts",
  withdrawal_requests: "app/orders/withdrawals.server.ts",
  platform_texts: "app/auth/platform-texts.server.ts",
  checkouts: "app/orders/abandoned-carts.server.ts",
  abandoned_cart_settings: "app/orders/abandoned-carts.server.ts",
  cart_email_opt_outs: "app/orders/abandoned-carts.server.ts",
  mail_queue: "app/services/mail-queue.ts",
  merchant_mails: "app/billing/merchant-mails.server.ts",
  payments: "app/billing/payments.server.ts",
  push_subscriptions: "app/notifications/push-subscriptions.server.ts",
  local_vapid_keys: "app/notifications/vapid-keys.server.ts",
  store_conversion_settings: "app/conversions/settings.server.ts",
  conversion_queue: "app/conversions/events.server.ts",
  sandbox_conversions: "app/sandbox/sandbox-conversions.server.ts",
  store_visits_daily: "app/stats/visit-counts.server.ts",
  store_page_views_daily: "app/stats/visit-counts.server.ts",
  store_visitors_daily: "app/stats/visit-counts.server.ts",
  sale_deliveries: "app/fulfilment/progress-records.server.ts",
  stock_alert_settings: "app/stock-alerts/stock-alerts.server.ts",
  product_stock_thresholds: "app/stock-alerts/stock-alerts.server.ts",
  low_stock_alerts: "app/stock-alerts/stock-alerts.server.ts",
  store_members: "app/team/members.server.ts",
  store_invitations: "app/team/members.server.ts",
  store_activity: "app/workspace/activity.server.ts",
};

/**
 * Tables only migrations write: seeded, or kept by the triggers they create (the order statistics' rollups follow every
 * write of sales and sale_lines: docs/decisions/0053-order-statistics-rollups.md).
 */
const SEEDED_BY_MIGRATIONS = new Set(["plans", "store_orders_daily", "store_product_sales_daily", "store_product_sales_monthly"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const tables = Object.entries(schema).flatMap(([variable, value]) =>
  isTable(value) ? [{ variable, name: getTableName(value) }] : [],
);

/** Every table each source file writes: drizzle's insert/update/delete on the table's variable, or SQL text naming it. */
function writesOf(source: string): Set<string> {
  const written = new Set<string>();
  for (const { variable, name } of tables) {
    const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${variable}\\s*\\)`);
    const text = new RegExp(`\\b(insert\\s+(or\\s+\\w+\\s+)?into|update|delete\\s+from)\\s+"?${name}"?\\b`, "i");
    if (drizzle.test(source) || text.test(source)) written.add(name);
  }
  return written;
}

describe("who writes each table", () => {
  const writers = new Map<string, string[]>();
  for (const file of sourceFiles("app")) {
    for (const table of writesOf(readFileSync(file, "utf8"))) writers.set(table, [...(writers.get(table) ?? []), file]);
  }

  it("every table has its owner, and only its owner writes it", () => {
    const found = Object.fromEntries([...writers].map(([table, files]) => [table, files.sort()]));
    const expected = Object.fromEntries(Object.entries(TABLE_OWNERS).map(([table, owner]) => [table, [owner]]));
    expect(found).toEqual(expected);
  });

  it("names every table of the schema", () => {
    const named = new Set([...Object.keys(TABLE_OWNERS), ...SEEDED_BY_MIGRATIONS]);
    expect(tables.map((t) => t.name).filter((t) => !named.has(t))).toEqual([]);
  });
});
