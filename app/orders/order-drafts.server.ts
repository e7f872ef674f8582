/**
 * 'Armar pedido': the merchant builds an order for a customer (products and variants from the store, quantities,
 * delivery and its fee, a discount, a note), saved as a draft that holds its units for DRAFT_HOLD_HOURS, and sent as
 * the order page's link. The customer opens it, fills in what is missing and confirms it: from then on it is an order
 * like any other. Prices and stock come from the database; the merchant's fee and discount are the only amounts typed.
 */
import { sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { type CartLine, orderLines } from "~/domain/cart";
import { storeCountry } from "~/domain/countries";
import { customerKey } from "~/domain/customers";
import { storeTranslator } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { formatMoney, moneyFormat } from "~/domain/money";
import {
  DRAFT_HOLD_HOURS,
  DRAFT_MESSAGES,
  DRAFT_SEARCH_RESULTS,
  type DraftConfirmation,
  type DraftForm,
  draftQuote,
  readDraftLines,
} from "~/domain/order-drafts";
import { quoteChanges } from "~/domain/order-quote";
import { holdHoursOf, type PaymentMethod, paymentChoiceLabel } from "~/domain/payment-methods";
import { normalizePhone, phoneMessage } from "~/domain/phone";
import { isMobileUserAgent, phoneDigits, whatsappUrl } from "~/domain/whatsapp";
import { storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import type { paymentAccountQuery } from "~/online-payments/store-accounts.server";
import type { paymentMethodsQuery } from "~/payment-methods/payment-methods.server";
import { productSearchIdsQuery } from "~/products/products.server";
import type { Db } from "~/services/db";
import type { Services } from "~/services/services";
import { type Actor, recordActivity } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { type CartItem, cartItemsOf, cartProductsQuery, cartVariantsQuery } from "./cart-items.server";
import { CHECKOUT_MESSAGES } from "./checkout-form";
import { orderPagePath } from "./order-links";
import type { OrderLineRow, OrderRow } from "./order-queries.server";
import { confirmDraft, createSaleOrRefuse, OutOfStockError } from "./order-records.server";
import { paymentRedirect } from "./payment-redirect.server";
import {
  announceOrder,
  type OrderingStore,
  paymentHold,
  saleLinesOf,
  stockLimitMessage,
  storePayments,
} from "./place-order.server";
import { saleMessage } from "./sale-message";

interface DraftStore {
  id: string;
  currency: string;
  country: string;
  timeZone: string;
}

/** The store's items (a product sold as one thing, or each enabled variant) for these products, from the database. */
async function itemsOf(services: Services, storeId: string, productIds: string[]): Promise<CartItem[]> {
  if (productIds.length === 0) return [];
  const store = sql`${storeId}`;
  const [products, variants] = await services.db.batch([
    cartProductsQuery(services.db, store, productIds),
    cartVariantsQuery(services.db, store, productIds),
  ]);
  return cartItemsOf(products, variants);
}

/** The builder's search and lines as its address gives them (`?q=`, `?lineas=`). */
export function draftAddressOf(url: URL) {
  return {
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    lines: readDraftLines(url.searchParams.get("lineas")),
  };
}

/**
 * The builder's statements for one batch: the published products its search finds (newest first; none without a
 * search), and the items of those and of the order's lines (their products and variants). `storeId` may be a page's
 * scoped id.
 */
export function draftBuilderQueries(db: Db, storeId: IdRef, search: string, lines: CartLine[]) {
  const found = productSearchIdsQuery(db, storeId, search, search ? DRAFT_SEARCH_RESULTS : 0, "published");
  const chosen = JSON.stringify([...new Set(lines.map((l) => l.productId))]);
  const ids = sql`(select value from json_each(${chosen}) union select id from ${found})`;
  const store = sql`${storeId}`;
  return [found, cartProductsQuery(db, store, ids), cartVariantsQuery(db, store, ids)] as const;
}

/** The builder's page from draftBuilderQueries' answers: what the search found, and the order so far, priced. */
export function draftBuilderViewOf(
  [found, products, variants]: BatchResponse<ReturnType<typeof draftBuilderQueries>>,
  store: DraftStore,
  lines: CartLine[],
) {
  const items = cartItemsOf(products, variants);
  const money = moneyFormat(store);
  const byKey = new Map(items.map((i) => [i.key, i]));
  const foundIds = new Set(found.map((p) => p.id));
  const chosen = lines.flatMap((line) => {
    const key = line.variantId == null ? line.productId : `${line.productId}-${line.variantId}`;
    const item = byKey.get(key);
    return item ? [{ key, name: item.name, quantity: line.quantity, left: item.stock, amount: item.price * line.quantity }] : [];
  });
  const subtotal = chosen.reduce((sum, l) => sum + l.amount, 0);
  return {
    results: items
      .filter((i) => foundIds.has(i.id))
      .map((i) => ({ key: i.key, name: i.name, price: money(i.price), left: i.stock })),
    lines: chosen.map((l) => ({ ...l, amount: money(l.amount), short: l.quantity > l.left })),
    subtotal: money(subtotal),
  };
}

export type DraftResult = { ok: true; saleId: string } | { ok: false; status: number; errors: Record<string, string> };

/**
 * Saves the builder's order as a draft with its units held: lines priced and checked against the stock, the
 * customer's number read by the store's country, the discount within the products. One form, one draft (its
 * idempotency key): a second click answers the first draft.
 */
export async function buildDraft(
  services: Services,
  actor: Actor,
  store: DraftStore,
  form: DraftForm,
  t: Translate,
): Promise<DraftResult> {
  const refuse = (status: number, errors: Record<string, string>): DraftResult => ({ ok: false, status, errors });
  const wanted = readDraftLines(form.lineas ?? null);
  if (wanted.length === 0) return refuse(400, { form: t(DRAFT_MESSAGES.empty) });
  const country = storeCountry(store);
  const phone = form.buyerPhone ? normalizePhone(form.buyerPhone, country) : null;
  if (form.buyerPhone && !phone) return refuse(400, { buyerPhone: phoneMessage(country, t) });
  const items = await itemsOf(services, store.id, [...new Set(wanted.map((l) => l.productId))]);
  const built = orderLines(wanted, items);
  if (!built.ok) return refuse(409, { form: stockLimitMessage(built.shortOf, t) });
  if (built.lines.length === 0) return refuse(409, { form: t(DRAFT_MESSAGES.stale) });
  if (form.discount > built.total) return refuse(400, { discount: t(DRAFT_MESSAGES.discountAboveSubtotal) });
  const now = services.clock.now();
  const buyerPhone = phone ? `+${phone}` : null;
  try {
    const sale = await createSaleOrRefuse(
      services.db,
      {
        key: form.idempotencyKey,
        storeId: store.id,
        currency: store.currency,
        timeZone: store.timeZone,
        buyerName: form.buyerName,
        buyerPhone,
        buyerEmail: null,
        delivery: form.delivery,
        deliveryZone: null,
        pickupPoint: null,
        address: null,
        note: form.note,
        quote: draftQuote(built.total, form.discount, form.deliveryFee),
        discountCode: null,
        paymentMethod: "on_delivery",
        holdUntil: new Date(now.getTime() + DRAFT_HOLD_HOURS * 3_600_000),
        codeCustomer: null,
        customer: customerKey({ phone: buyerPhone, email: null }, country),
        draft: true,
        lines: saleLinesOf(built.lines),
      },
      now,
    );
    // A key another store's sale holds (a tampered form): refused as the checkout refuses it.
    if (!sale) return refuse(409, { form: t(DRAFT_MESSAGES.stale) });
    // The sale is written by the orders' own batch, shared with the checkout: its entry follows it (once: a form
    // sent twice finds the sale its key made).
    if (sale.created)
      await recordActivity(
        services.db,
        store.id,
        actor,
        { kind: "sale", subject: sale.saleId, summary: { says: "orderBuilt", values: { sale: sale.saleId } } },
        now,
      );
    return { ok: true, saleId: sale.saleId };
  } catch (error) {
    if (error instanceof OutOfStockError) return refuse(409, { form: t(DRAFT_MESSAGES.ranOut) });
    throw error;
  }
}

type AccountRows = Awaited<ReturnType<typeof paymentAccountQuery>>;
type MethodRows = Awaited<ReturnType<typeof paymentMethodsQuery>>;

/**
 * The ways to pay the store offers now (with their adjustments), as the checkout offers them; with the draft's amounts,
 * each choice also says the total it makes ('… — 10 % de descuento: total $ 38.400'), so the customer sees what they
 * confirm.
 */
export function draftPayments(
  services: Services,
  account: AccountRows[number] | undefined,
  rows: MethodRows,
  sale?: Pick<OrderRow, "subtotal" | "discount" | "deliveryFee" | "currency"> & { country: string },
) {
  const { methods, offered } = storePayments(services, account, rows);
  const totalOf = (method: PaymentMethod) =>
    sale &&
    draftQuote(sale.subtotal, sale.discount, sale.deliveryFee, methods.find((m) => m.method === method)?.adjustPercent ?? 0)
      .total;
  const choices = offered.map((m) => {
    const total = totalOf(m);
    const label = paymentChoiceLabel(m, methods);
    return {
      value: m,
      label: total === undefined ? label : `${label}: total ${formatMoney(total, sale?.currency ?? "", sale?.country ?? null)}`,
      total,
    };
  });
  return { methods, offered, choices, totalOf };
}

/** A draft the customer can still confirm: a draft, pending, with its units held. */
export const awaitingConfirmation = (sale: OrderRow) => sale.draft && sale.state === "Pendiente" && sale.stockState === "held";

/** A draft whose time ran out before the customer confirmed it. */
export const lapsedDraft = (sale: OrderRow) => sale.draft && sale.state === "Pendiente" && sale.stockState !== "held";

export type Confirmation = { ok: true; next: string } | { ok: false; status: number; errors: Record<string, string> };

/**
 * The customer confirms the draft with their contact, the address (home delivery) and how they pay: the way to
 * pay's adjustment is computed here, the order holds its units for that payment (online: the store's time to pay;
 * transfer: its hours; otherwise until the merchant acts), the merchant is told as of a new order, and the customer
 * goes on as from the checkout: to pay, to the transfer's details, or to WhatsApp with the order.
 */
export async function confirmDraftOrder(
  shopper: { services: Services; store: OrderingStore & { country: string }; basePath: string; userAgent: string | null },
  draft: {
    sale: OrderRow;
    lines: OrderLineRow[];
    account: AccountRows[number] | undefined;
    methodRows: MethodRows;
    /** The owner's first store, read in the order page's batch (`ownerFirstStoreQuery`): their new-order email's variant. */
    ownerFirstStore: string | null;
  },
  input: DraftConfirmation,
  /** The total the page showed beside each way to pay. */
  shownTotals: Partial<Record<string, number>>,
): Promise<Confirmation> {
  const { services, store } = shopper;
  const { sale, lines } = draft;
  const t = storeTranslator(store);
  const refuse = (status: number, errors: Record<string, string>): Confirmation => ({ ok: false, status, errors });
  if (!awaitingConfirmation(sale))
    return refuse(409, { form: t(lapsedDraft(sale) ? DRAFT_MESSAGES.expired : DRAFT_MESSAGES.notWaiting) });
  if (sale.delivery === "delivery" && !input.address) return refuse(400, { address: t(DRAFT_MESSAGES.address) });
  const storeHasWhatsapp = phoneDigits(store.saleNumber) !== "";
  if (!storeHasWhatsapp && !input.buyerPhone) return refuse(400, { buyerPhone: t(CHECKOUT_MESSAGES.phoneNeeded) });
  const payments = draftPayments(services, draft.account, draft.methodRows);
  const payment: PaymentMethod | undefined = input.payment ?? (payments.offered.length === 1 ? payments.offered[0] : undefined);
  if (!payment || !payments.offered.includes(payment))
    return refuse(409, { payment: t(payment === "online" ? CHECKOUT_MESSAGES.onlineUnavailable : CHECKOUT_MESSAGES.payment) });
  const manual = payments.methods.find((m) => m.method === payment);
  const quote = draftQuote(sale.subtotal, sale.discount, sale.deliveryFee, manual?.adjustPercent ?? 0);
  // The total the page showed for this way to pay; a way to pay's adjustment changed since is told, not charged.
  const shownTotal = shownTotals[payment] ?? -1;
  if (shownTotal !== quote.total) {
    const money = moneyFormat({ country: store.country, currency: sale.currency });
    return refuse(409, {
      form: t(CHECKOUT_MESSAGES.changed, {
        changes: quoteChanges({ ...quote, total: shownTotal }, quote, money, t).join("; "),
      }),
    });
  }
  const now = services.clock.now();
  const holdUntil = paymentHold(payment, store, payment === "online" ? undefined : holdHoursOf(draft.methodRows, payment), now);
  const confirmed = await confirmDraft(
    services.db,
    {
      saleId: sale.id,
      storeId: store.id,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      buyerEmail: input.buyerEmail,
      address: input.address,
      paymentMethod: payment,
      paymentAdjustment: quote.paymentAdjustment,
      total: quote.total,
      holdUntil,
      // A draft made for a number the merchant wrote already has its customer; one made without gets the buyer's.
      customer:
        sale.customerId === null ? customerKey({ phone: input.buyerPhone, email: input.buyerEmail }, storeCountry(store)) : null,
    },
    now,
  );
  if (!confirmed) return refuse(409, { form: t(DRAFT_MESSAGES.notWaiting) });

  const order: OrderRow = {
    ...sale,
    draft: false,
    buyerName: input.buyerName,
    buyerPhone: input.buyerPhone,
    buyerEmail: input.buyerEmail,
    address: sale.delivery === "delivery" ? input.address : null,
    paymentMethod: payment,
    paymentStatus: payment === "online" ? "pending" : "none",
    paymentAdjustment: quote.paymentAdjustment,
    total: quote.total,
  };
  services.log.info("order.confirmed", { storeId: store.id, saleId: sale.id, paymentMethod: payment, total: quote.total });
  const subscriptions = await storeSubscriptionsQuery(services.db, store.id);
  await announceOrder(
    services,
    store,
    { subscriptions, ownerFirstStore: draft.ownerFirstStore },
    {
      saleId: sale.id,
      accessToken: sale.accessToken,
      amounts: { ...quote, discountCode: null, paymentMethod: payment },
      lines,
      buyer: {
        name: order.buyerName,
        delivery: order.delivery,
        zone: null,
        pickupPoint: order.pickupPoint,
        address: order.address,
        phone: order.buyerPhone,
        email: order.buyerEmail,
        note: order.note,
      },
    },
  );
  const placed = { id: sale.id, accessToken: sale.accessToken };
  if (payment === "online") return { ok: true, next: await paymentRedirect(services, store, placed, shopper.basePath) };
  const orderPage = orderPagePath(shopper.basePath, sale.id, sale.accessToken);
  if (payment === "transfer") return { ok: true, next: orderPage };
  const text = saleMessage(store, order, lines);
  return { ok: true, next: whatsappUrl(store.saleNumber, text, isMobileUserAgent(shopper.userAgent)) ?? orderPage };
}
