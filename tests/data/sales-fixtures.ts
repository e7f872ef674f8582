// Fixtures for the sales tests: a merchant with a store, products and sales inserted directly.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { createServices } from "~/compose-services.server";
import { randomDigits } from "~/domain/ids";
import type { SaleChange } from "~/orders/order-records.server";
import { changeProductStock, insertProduct } from "~/products/products.server";
import type { Services } from "~/services/services";
import { products, saleLines, sales } from "../../db/schema";
import { merchantWithStore as merchantWithStoreFixture } from "../support/merchants";
import type { createTestServices } from "../support/services";

export type TestServices = ReturnType<typeof createTestServices>;

/** A merchant without a bill yet, with one store in `timeZone` (the sales desk's 'Hoy' is its day). */
export async function merchantWithStore(s: Services, timeZone = "America/Bogota") {
  const { id: userId, store } = await merchantWithStoreFixture(
    s,
    "standard",
    { timeZone },
    { name: "Rosa", lastname: "Vega", passwordHash: "scrypt$test", billTotal: 0, billDueAt: null },
  );
  return { userId, store };
}

export async function product(s: Services, storeId: string, name: string, stock: number, price = 1000) {
  return insertProduct(s.db, { storeId, name, price, stock }, s.clock.now());
}

export interface SaleFixture {
  storeId: string;
  lines: Array<{ productId: string | null; name: string; quantity: number; unitPrice?: number }>;
  createdAt?: Date;
  state?: "Pendiente" | "Confirmada" | "Cancelada";
  buyerName?: string;
  buyerPhone?: string | null;
  delivery?: "pickup" | "delivery" | "arrange";
  address?: string | null;
  note?: string | null;
  currency?: string;
  discount?: number;
  discountCode?: string | null;
  deliveryFee?: number;
  deliveryZone?: string | null;
  pickupPoint?: string | null;
  buyerEmail?: string | null;
  paymentMethod?: "on_delivery" | "online";
  /** Defaults to 'none' paid on delivery, 'pending' online. */
  paymentStatus?: "none" | "pending" | "approved" | "rejected";
  paidAt?: Date | null;
  accessToken?: string;
  /**
   * What the sale holds of the stock. A pending sale defaults to 'held' and reserves its lines' units as the
   * checkout does (failing when they are not available); 'unreserved' is an order placed before reservations.
   */
  stockState?: "held" | "unreserved" | "released" | "short";
}

/** Inserts a sale as the checkout would: frozen lines, subtotal − discount + delivery fee = total, in minor units. */
export async function insertSale(s: Services, f: SaleFixture): Promise<string> {
  const id = randomDigits(10);
  const lines = f.lines.map((l, position) => ({
    saleId: id,
    position,
    productId: l.productId,
    name: l.name,
    imageKey: null,
    unitPrice: l.unitPrice ?? 1000,
    quantity: l.quantity,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const paymentMethod = f.paymentMethod ?? "on_delivery";
  const state = f.state ?? "Pendiente";
  const stockState = state === "Confirmada" ? "taken" : state === "Cancelada" ? "released" : (f.stockState ?? "held");
  const reserve =
    stockState === "held"
      ? lines.flatMap((l) =>
          l.productId
            ? [changeProductStock(s.db, "reserve", { storeId: f.storeId, productId: l.productId, quantity: l.quantity }, sql`1`)]
            : [],
        )
      : [];
  await s.db.batch([
    s.db.insert(sales).values({
      id,
      storeId: f.storeId,
      state,
      stockState,
      total: subtotal - (f.discount ?? 0) + (f.deliveryFee ?? 0),
      subtotal,
      discount: f.discount ?? 0,
      discountCode: f.discountCode ?? null,
      deliveryFee: f.deliveryFee ?? 0,
      deliveryZone: f.deliveryZone ?? null,
      pickupPoint: f.pickupPoint ?? null,
      buyerEmail: f.buyerEmail ?? null,
      paymentMethod,
      paymentStatus: f.paymentStatus ?? (paymentMethod === "online" ? "pending" : "none"),
      paidAt: f.paidAt ?? null,
      ...(f.accessToken ? { accessToken: f.accessToken } : {}),
      currency: f.currency ?? "USD",
      buyerName: f.buyerName ?? "Carlos Díaz",
      buyerPhone: f.buyerPhone === undefined ? "573001112233" : f.buyerPhone,
      delivery: f.delivery ?? "pickup",
      address: f.address === undefined ? (f.delivery === "delivery" ? "Calle 10 #5-20" : null) : f.address,
      note: f.note ?? null,
      createdAt: f.createdAt ?? s.clock.now(),
    }),
    s.db.insert(saleLines).values(lines),
    ...reserve,
  ]);
  return id;
}

/**
 * Another client with its own connections on the same database file, as a second server process
 * (or a second Worker isolate) would have. WAL and a busy timeout as server/main.ts sets them.
 */
export async function anotherProcess(
  s: TestServices,
  /** Runs before each write transaction of this client, with its 1-based count. */
  beforeWrite?: (count: number) => Promise<void>,
): Promise<Services> {
  const raw = createClient({ url: `file:${s.dbPath}`, timeout: 5000 });
  await raw.execute("PRAGMA journal_mode = WAL");
  let writes = 0;
  const client: Client = new Proxy(raw, {
    get(target, prop, receiver) {
      if (prop === "batch") {
        return async (...args: Parameters<Client["batch"]>) => {
          if (args[1] === "write") await beforeWrite?.(++writes);
          return target.batch(...args);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return createServices({ config: s.config, client, files: s.files, outbox: s.outbox, clock: s.testClock, vapid: s.vapid });
}

const PROCESS_SCRIPT = fileURLToPath(new URL("./sales-process.ts", import.meta.url));
const PROCESS_HOOKS = new URL("./sales-process-hooks.mjs", import.meta.url).href;
const REGISTER_HOOKS = `data:text/javascript,import{register}from"node:module";register(${JSON.stringify(PROCESS_HOOKS)});`;

/**
 * A separate Node process (tests/data/sales-process.ts, run with type stripping) that confirms the given sales,
 * all at once, through its own libSQL client when told "go": real cross-process contention for SQLite's write lock.
 */
export function confirmInAnotherProcess(dbPath: string, storeId: string, saleIds: string[]) {
  const child = spawn(
    process.execPath,
    ["--no-warnings", "--import", REGISTER_HOOKS, PROCESS_SCRIPT, dbPath, storeId, ...saleIds],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const buffered: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else buffered.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const line = buffered.shift();
      if (line !== undefined) return resolve(line);
      waiters.push(resolve);
      child.once("exit", (code) => reject(new Error(`confirming process exited (${code}) without answering`)));
    });
  return {
    ready: nextLine(),
    go: async (): Promise<Array<SaleChange | { error: string }>> => {
      child.stdin.write("go\n");
      return JSON.parse(await nextLine());
    },
  };
}

/** A store in USD at `url` with one product, 'Bolso tejido' at 20.00 with `stock` units: the stock tests' shop. */
export async function bagShop(s: Services, url: string, stock: number) {
  const { store } = await merchantWithStoreFixture(s, "standard", { url, currency: "USD", saleNumber: "573001112233" });
  const product = await insertProduct(s.db, { storeId: store.id, name: "Bolso tejido", price: 2000, stock }, s.clock.now());
  return { store, product };
}

/** A product's stock and the units its open orders hold. */
export async function stockOf(s: Services, id: string) {
  const row = await s.db.query.products.findFirst({ where: eq(products.id, id) });
  return { stock: row?.stock, reserved: row?.reserved };
}

/** A sale's row, or a failure when there is none. */
export async function saleOf(s: Services, id: string) {
  const row = await s.db.query.sales.findFirst({ where: eq(sales.id, id) });
  if (!row) throw new Error("no sale");
  return row;
}
