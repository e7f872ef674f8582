/**
 * Placing an order: the checkout's form checked against the store's own data (lines, stock, delivery,
 * code, amounts), the sale saved once per idempotency key with the code's use, the merchant told (email
 * and Web Push), and where the shopper goes next: WhatsApp with the order's text, the store's online
 * payment, or the order page. Prices, stock, the delivery fee and the discount come from the database,
 * never from the form; the amounts the buyer was shown are only compared, and a difference is told, not charged.
 */

import type { SQL } from "drizzle-orm";
import { trackConversion } from "~/conversions/events.server";
import { conversionSettingsQuery } from "~/conversions/settings.server";
import { conversionEvent } from "~/conversions/shopper.server";
import { codeGuessCountersQuery } from "~/discounts/code-guessing.server";
import { discountByKeyQuery } from "~/discounts/discount-codes.server";
import { CART_MESSAGES, orderLines, parseCart } from "~/domain/cart";
import { storeCountry } from "~/domain/countries";
import { customerKey } from "~/domain/customers";
import { DELIVERY_METHOD_MESSAGES, type DeliveryZone, offeredMethods, pickupPointText } from "~/domain/delivery";
import { codeKey, DISCOUNT_MESSAGES } from "~/domain/discounts";
import { storeTranslator, translatorFor } from "~/domain/message-catalogs";
import { defineMessages, type Translate } from "~/domain/messages";
import { type MoneyWriting, moneyFormat } from "~/domain/money";
import { checkoutQuotes, goodsQuote, quoteChanges, quoteKey, quoteOrder } from "~/domain/order-quote";
import {
  DEFAULT_HOLD_HOURS,
  holdHoursOf,
  offeredPayments,
  type PaymentMethod,
  paymentChoiceLabel,
  storeManualMethods,
} from "~/domain/payment-methods";
import { orderPromotionUses, type Promotion, promotedLines } from "~/domain/promotions";
import { checkoutPostalStep, POSTAL_CODE_PARAM } from "~/domain/shipping-estimate";
import { isMobileUserAgent, orderMessage, phoneDigits, whatsappUrl } from "~/domain/whatsapp";
import { notifyNewOrder } from "~/notifications/new-order-push.server";
import { storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import { isUsable, paymentAccountQuery } from "~/online-payments/store-accounts.server";
import { paymentMethodsQuery } from "~/payment-methods/payment-methods.server";
import { publicStoreUrl } from "~/services/config";
import type { Db } from "~/services/db";
import type { MailMessage } from "~/services/mail";
import type { Services } from "~/services/services";
import { listDeliveryZones, listPickupPoints } from "~/stores/delivery-settings.server";
import { merchantLocaleOf, ownerFirstStoreQuery } from "~/workspace/merchant-locale.server";
import { buyerSaleEmail } from "./buyer-emails";
import type { CartItem } from "./cart-items.server";
import { availableUnits } from "./cart-items.server";
import { CHECKOUT_MESSAGES, type CheckoutErrors, type CheckoutInput, contactErrors, deliveryChoice } from "./checkout-form";
import { countWrongCode, guardedCode } from "./code-entry.server";
import { newOrderEmail } from "./emails";
import { amountRows } from "./order-amounts";
import { orderPagePath, orderPageUrl, placedThroughWhatsapp } from "./order-links";
import { type OrderLineRow, type OrderRow, orderByKeyQuery, orderLinesByKeyQuery } from "./order-queries.server";
import {
  type ClientKeys,
  CodeAlreadyUsedError,
  CodeExhaustedError,
  createSaleOrRefuse,
  OutOfStockError,
  UnpaidLimitError,
} from "./order-records.server";
import { paymentRedirect } from "./payment-redirect.server";
import { saleMessage } from "./sale-message";
import { type UnpaidOrdersRow, unpaidLimitRefusal, unpaidLimitRefusalAfterRace, unpaidOrdersQuery } from "./unpaid-orders.server";

/** What of the store placing an order reads (the public site's store row has it). */
export interface OrderingStore {
  id: string;
  name: string;
  url: string;
  currency: string;
  timeZone: string;
  /** Where buyers' numbers are read ('' for a store from before countries: its time zone's). */
  country: string;
  saleNumber: string;
  location: string;
  ownerEmail: string;
  ownerName: string;
  /** The merchant wants an email for each new order (their account's 'Correos'). */
  ownerOrderMails: boolean;
  pickupEnabled: boolean;
  homeDeliveryEnabled: boolean;
  arrangeEnabled: boolean;
  /** How long an order waiting for its online payment keeps its stock, in minutes. */
  paymentHoldMinutes: number;
}

/** Who is ordering, from where: the request's side of an order. */
export interface Shopper {
  /** The client's keys for the limits on unpaid orders (unpaid-orders.server.ts); the checkout's action has them. */
  client?: ClientKeys;
  services: Services;
  store: OrderingStore;
  /** The cart's products and variants as the database has them now. */
  cartItems: CartItem[];
  /** The store's public path on this host ('' on its own host), for the order page's link. */
  basePath: string;
  ip: string;
  userAgent: string | null;
  /** The cart's source (its cookie), saved on the order for the store's statistics; none for a built order. */
  source?: string | null;
  /** The checkout's request, for the store's ad conversions (its ad click cookie); none for a built order. */
  request?: Request;
  /** The promotions that apply today (the page's batch read them); none for a built order. */
  promotions?: readonly Promotion[];
  /** The checkout record of its contact step (the `compra` cookie), only linked to the order, within the store. */
  checkoutId?: string | null;
}

// ——— The checkout page ———

/** The checkout page's reads, batched with the page's store lookup: delivery, the entered code, the ways to pay. */
export const checkoutPageQueries = (db: Db, storeId: SQL, enteredCode: string | null, ip: string) =>
  [
    listDeliveryZones(db, storeId),
    listPickupPoints(db, storeId),
    discountByKeyQuery(db, storeId, enteredCode ?? "-"),
    paymentAccountQuery(db, storeId),
    codeGuessCountersQuery(db, storeId, ip),
    paymentMethodsQuery(db, storeId),
    conversionSettingsQuery(db, storeId),
  ] as const;

type CheckoutPageRows = [
  Awaited<ReturnType<typeof listDeliveryZones>>,
  Awaited<ReturnType<typeof listPickupPoints>>,
  Awaited<ReturnType<typeof discountByKeyQuery>>,
  Awaited<ReturnType<typeof paymentAccountQuery>>,
  Awaited<ReturnType<typeof codeGuessCountersQuery>>,
  Awaited<ReturnType<typeof paymentMethodsQuery>>,
  Awaited<ReturnType<typeof conversionSettingsQuery>>,
];

/** The ways to pay this store offers now, with the settings of its manual ones (checkout, a draft's confirmation). */
export function storePayments(services: Services, account: CheckoutPageRows[3][number] | undefined, rows: CheckoutPageRows[5]) {
  const methods = storeManualMethods(rows);
  return { methods, offered: offeredPayments(methods, isUsable(services, account)) };
}

/** 'Limite de producto…' for the line that asks for more than is left, naming it and what is left. */
export function stockLimitMessage(shortOf: { name: string; stock: number }, t: Translate): string {
  return shortOf.stock > 0
    ? t(STOCK_LIMIT_MESSAGES.left, { limit: t(CART_MESSAGES.stockLimit), name: shortOf.name, left: shortOf.stock })
    : t(STOCK_LIMIT_MESSAGES.soldOut, { limit: t(CART_MESSAGES.stockLimit), name: shortOf.name });
}

const STOCK_LIMIT_MESSAGES = defineMessages({
  left: {
    id: "checkout.refusal.stockLimitLeft",
    defaultMessage: "{limit} ({left, plural, one {queda {left}} other {quedan {left}}} de “{name}”)",
  },
  soldOut: { id: "checkout.refusal.stockLimitSoldOut", defaultMessage: "{limit} (“{name}” está agotado)" },
});

/** A sale's lines as they are saved, frozen from the priced cart lines (name, variant, photo, price, promotion). */
export const saleLinesOf = (
  lines: ReadonlyArray<{ product: CartItem; quantity: number; promotion?: { id: number; name: string } | null; saving?: number }>,
) =>
  lines.map((l) => ({
    promotionId: l.promotion?.id ?? null,
    promotionName: l.promotion?.name ?? null,
    promotionSaving: l.saving ?? 0,
    productId: l.product.id,
    variantId: l.product.variantId,
    variant: l.product.variant,
    name: l.product.name,
    imageKey: l.product.imageKey,
    unitPrice: l.product.price,
    quantity: l.quantity,
  }));

/**
 * Until when an order waiting for its payment keeps its stock: online, the store's time to pay; otherwise the hours
 * the store set for its way to pay (`manual`; without it, that way's default), after which the upkeep gives it back.
 */
export function paymentHold(
  payment: PaymentMethod,
  store: { paymentHoldMinutes: number },
  manual: { holdHours: number } | undefined,
  now: Date,
): Date {
  if (payment === "online") return new Date(now.getTime() + store.paymentHoldMinutes * 60_000);
  return new Date(now.getTime() + (manual ?? { holdHours: DEFAULT_HOLD_HOURS[payment] }).holdHours * 3_600_000);
}

const ZONE_MESSAGES = defineMessages({
  minimum: { id: "checkout.zone.minimum", defaultMessage: "{zone} — pedido mínimo {minimum}" },
  fee: { id: "checkout.zone.fee", defaultMessage: "{zone} — envío {fee}" },
  free: { id: "checkout.zone.free", defaultMessage: "{zone} — envío gratis" },
});

/**
 * A zone as the checkout offers it: its fee for this order, or why it cannot deliver it. The order's total is not in
 * the label: it also depends on the way to pay, and the page shows the total of the chosen combination.
 */
function zoneOption(
  zone: DeliveryZone,
  subtotal: number,
  discount: number,
  money: (minor: number) => string,
  promotions: readonly Promotion[],
  t: Translate,
) {
  const priced = quoteOrder(subtotal, discount, zone, 0, promotions);
  if (!priced.ok)
    return { id: zone.id, label: t(ZONE_MESSAGES.minimum, { zone: zone.name, minimum: money(priced.minimum) }), fee: null };
  const { deliveryFee } = priced.quote;
  return {
    id: zone.id,
    label:
      deliveryFee > 0
        ? t(ZONE_MESSAGES.fee, { zone: zone.name, fee: money(deliveryFee) })
        : t(ZONE_MESSAGES.free, { zone: zone.name }),
    fee: deliveryFee,
  };
}

/** One combination's amounts as the checkout shows them: the rows and total, and the numbers the form sends back. */
export interface CheckoutQuote {
  adjustment: number;
  fee: number;
  total: number;
  rows: Array<{ label: string; value: string }>;
  totalText: string;
}

/**
 * The checkout's amounts for every combination of way to pay and zone, by `quoteKey`, computed by the same function
 * that prices the order when it is placed.
 */
function quotesByChoice(
  subtotal: number,
  discount: number,
  discountCode: string | null,
  zones: readonly DeliveryZone[],
  methods: ReturnType<typeof storePayments>,
  writing: MoneyWriting,
  promotions: readonly Promotion[],
  t: Translate,
): Record<string, CheckoutQuote> {
  const payments = methods.offered.map((method) => ({
    method,
    adjustPercent: methods.methods.find((m) => m.method === method)?.adjustPercent ?? 0,
  }));
  const out: Record<string, CheckoutQuote> = {};
  for (const { key, payment, zoneId, quote } of checkoutQuotes(subtotal, discount, zones, payments, promotions)) {
    const shown = amountRows(
      { ...quote, discountCode, paymentMethod: payment, deliveryFee: zoneId === null ? null : quote.deliveryFee },
      writing,
      t,
    );
    out[key] = {
      adjustment: quote.paymentAdjustment,
      fee: quote.deliveryFee,
      total: quote.total,
      rows: shown.rows,
      totalText: shown.total,
    };
  }
  return out;
}

/**
 * What the checkout page shows for the cart's `subtotal`: the amounts with the entered code, the
 * delivery methods, zones and pickup points, the ways to pay, and the order's amounts for every combination of way to
 * pay and zone. A wrong code entered by hand is counted as a failed entry (`wrongCode`: its cookie goes).
 */
export async function checkoutView(shopper: Shopper, entered: string | null, subtotal: number, rows: CheckoutPageRows) {
  const { services, store, ip } = shopper;
  const [zones, points, [codeRow], [account], counters, methodRows] = rows;
  const payments = storePayments(services, account, methodRows);
  const now = services.clock.now();
  const t = storeTranslator(store);
  const code = guardedCode(entered, codeRow, counters, subtotal, store, now, t);
  await countWrongCode(services.db, code, store.id, ip, now);
  const goods = goodsQuote(subtotal, code.discount);
  const discountCode = code.applied?.code ?? null;
  const asked = shopper.request ? new URL(shopper.request.url).searchParams.get(POSTAL_CODE_PARAM) : null;
  const postal = checkoutPostalStep(zones, storeCountry(store), asked, t);
  return {
    ...amountRows({ ...goods, discountCode, deliveryFee: null }, store, t),
    // Only a code that applies goes with the order; a refused one is said here and left out.
    code: discountCode,
    codeProblem: code.refusal && `${entered}: ${code.refusal}`,
    wrongCode: code.wrong,
    shown: { subtotal, discount: goods.discount },
    quotes: quotesByChoice(subtotal, goods.discount, discountCode, zones, payments, store, shopper.promotions ?? [], t),
    methods: offeredMethods(store).map((m) => ({ value: m, label: t(DELIVERY_METHOD_MESSAGES[m]) })),
    // With zones by postal code, only those the code in `?cp=` may choose, none before it is typed (decision 0060).
    zones: zones
      .filter((z) => !postal || postal.zoneIds.includes(z.id))
      .map((z) => zoneOption(z, subtotal, goods.discount, moneyFormat(store), shopper.promotions ?? [], t)),
    postal,
    points: points.map((pt) => ({ id: pt.id, label: pickupPointText(pt) })),
    storeLocation: store.location,
    payments: payments.offered.map((m) => ({ value: m, label: paymentChoiceLabel(m, payments.methods) })),
    hasWhatsapp: phoneDigits(store.saleNumber) !== "",
  };
}

// ——— Placing the order ———

/**
 * Placing's reads, batched with the page's store lookup: the key's sale (a repeat), the devices to notify, the owner's
 * first store (the merchant's variant, for their new-order email), delivery, the code, online payments.
 */
export const placingQueries = (db: Db, storeId: SQL, input: CheckoutInput, ip: string, client: ClientKeys, now: Date) =>
  [
    orderByKeyQuery(db, storeId, input.idempotencyKey),
    orderLinesByKeyQuery(db, storeId, input.idempotencyKey),
    storeSubscriptionsQuery(db, storeId),
    unpaidOrdersQuery(db, storeId, client, now),
    ownerFirstStoreQuery(db, storeId),
    ...checkoutPageQueries(db, storeId, input.discountCode ? codeKey(input.discountCode) : null, ip),
  ] as const;

type PlacingRows = [
  OrderRow[],
  OrderLineRow[],
  Awaited<ReturnType<typeof storeSubscriptionsQuery>>,
  UnpaidOrdersRow[],
  Awaited<ReturnType<typeof ownerFirstStoreQuery>>,
  ...CheckoutPageRows,
];

/** `review`: nothing is wrong, but the buyer has not seen the total of what they chose; the page shows it to confirm. */
/** `retryAfter`: seconds, with a 429 (too many unpaid orders). */
export type Placement =
  | { ok: true; next: string }
  | { ok: false; status: number; errors: CheckoutErrors; review?: true; retryAfter?: number };

const refusal = (status: number, errors: CheckoutErrors): Placement => ({ ok: false, status, errors });

/** The cart's product ids a checkout form names, for the page's batch to read. */
export const orderedProductIds = (input: CheckoutInput) => parseCart(input.lines.join("|")).map((l) => l.productId);

/**
 * Places the order the checkout form describes (`shownFee`: the chosen zone's fee the page showed). The
 * same form submitted again (double click, retry, a twin that won the race) answers the first sale's way
 * on: one key, one sale, one code use, one payment started.
 */
export async function placeOrder(
  shopper: Shopper,
  rows: PlacingRows,
  input: CheckoutInput,
  shownFee: number,
): Promise<Placement> {
  const { services, store } = shopper;
  const [
    [existing],
    existingLines,
    subscriptions,
    [unpaid],
    [owner],
    zones,
    points,
    [codeRow],
    [account],
    counters,
    methodRows,
    [conversions],
  ] = rows;
  const t = storeTranslator(store);
  const contact = contactErrors(input, phoneDigits(store.saleNumber) !== "", t);
  if (contact) return refusal(400, contact);
  if (existing) return { ok: true, next: nextForPlaced(shopper, existing, existingLines) };
  const limited = shopper.client ? unpaidLimitRefusal(unpaid, services.clock.now(), t) : null;
  if (limited) return { ok: false, status: limited.status, errors: { form: limited.message }, retryAfter: limited.retryAfter };

  const built = orderLines(parseCart(input.lines.join("|")), shopper.cartItems);
  if (!built.ok) return refusal(409, { form: stockLimitMessage(built.shortOf, t) });
  if (built.lines.length === 0) return refusal(400, { form: t(CHECKOUT_MESSAGES.empty) });
  const choice = deliveryChoice(input, offeredMethods(store), zones, points, storeCountry(store), t);
  if (!choice.ok) return refusal(400, choice.errors);
  const now = services.clock.now();
  // Each line's best promotion first; the code then applies to the products after them (app/domain/promotions.ts).
  const promoted = promotedLines(built.lines, shopper.promotions ?? []);
  const code = guardedCode(input.discountCode, codeRow, counters, promoted.subtotal, store, now, t);
  await countWrongCode(services.db, code, store.id, shopper.ip, now);
  if (code.wait !== null) return refusal(429, { form: code.refusal ?? "" });
  if (code.refusal) return refusal(409, { form: code.refusal });
  const money = moneyFormat(store);
  const payments = storePayments(services, account, methodRows);
  // No choice sent: the checkout showed none because the store only takes payment as arranged; if that changed
  // meanwhile, the buyer chooses.
  const onlyArranged = payments.offered.length === 1 && payments.offered[0] === "on_delivery";
  const payment = input.payment ?? (onlyArranged ? "on_delivery" : undefined);
  if (!payment || !payments.offered.includes(payment))
    return refusal(409, {
      payment: t(payment === "online" ? CHECKOUT_MESSAGES.onlineUnavailable : CHECKOUT_MESSAGES.payment),
    });
  const manual = payments.methods.find((m) => m.method === payment);
  const priced = quoteOrder(promoted.subtotal, code.discount, choice.zone, manual?.adjustPercent ?? 0, shopper.promotions ?? []);
  if (!priced.ok) return refusal(409, { zone: t(CHECKOUT_MESSAGES.belowZoneMinimum, { minimum: money(priced.minimum) }) });
  const { quote } = priced;
  const shown = {
    subtotal: input.shownSubtotal ?? -1,
    discount: input.shownDiscount ?? -1,
    paymentAdjustment: input.shownAdjustment ?? Number.NaN,
    deliveryFee: choice.zone ? shownFee : 0,
    total: input.shownTotal ?? -1,
  };
  const changes = quoteChanges(shown, quote, money, t);
  if (changes.length > 0) {
    // The cart's own amounts changed meanwhile: told, whatever the buyer chose.
    const cartChanged = shown.subtotal !== quote.subtotal || shown.discount !== quote.discount;
    // The page showed another combination's total (no JavaScript, or a choice made after it): the buyer sees this one's
    // total before it is saved.
    if (!cartChanged && input.shownFor !== quoteKey(payment, choice.zone?.id ?? null))
      return { ok: false, status: 200, errors: {}, review: true };
    return refusal(409, { form: t(CHECKOUT_MESSAGES.changed, { changes: changes.join("; ") }) });
  }
  const online = payment === "online";

  const lines = saleLinesOf(promoted.lines);
  const buyer = {
    name: input.buyerName,
    delivery: input.delivery,
    zone: choice.zone?.name ?? null,
    pickupPoint: choice.point ? pickupPointText(choice.point) : null,
    address: input.address,
    phone: input.buyerPhone,
    email: input.buyerEmail,
    note: input.note,
  };
  const discountCode = code.applied && { id: code.applied.id, code: code.applied.code };
  // A code used 'una vez por cliente' knows the buyer by phone digits and email, each unique among its live orders.
  const codeCustomer = code.applied?.oncePerCustomer
    ? { phone: buyer.phone ? phoneDigits(buyer.phone) : null, email: buyer.email?.toLowerCase() ?? null }
    : null;
  const holdUntil = paymentHold(payment, store, payment === "online" ? undefined : holdHoursOf(methodRows, payment), now);
  let sale: Awaited<ReturnType<typeof createSaleOrRefuse>>;
  try {
    sale = await createSaleOrRefuse(
      services.db,
      {
        key: input.idempotencyKey,
        storeId: store.id,
        currency: store.currency,
        buyerName: buyer.name,
        buyerPhone: buyer.phone,
        buyerEmail: buyer.email,
        delivery: buyer.delivery,
        deliveryZone: buyer.zone,
        pickupPoint: buyer.pickupPoint,
        address: buyer.address,
        postalCode: choice.postalCode,
        note: buyer.note,
        quote,
        discountCode,
        paymentMethod: payment,
        holdUntil,
        codeCustomer,
        customer: customerKey(buyer, storeCountry(store)),
        client: shopper.client,
        source: shopper.source ?? null,
        promotions: orderPromotionUses(
          lines,
          { id: quote.freeDeliveryPromotion?.id ?? null, name: quote.freeDeliveryPromotion?.name ?? null },
          quote.subtotal - quote.discount,
        ),
        checkoutId: shopper.checkoutId ?? null,
        timeZone: store.timeZone,
        lines,
      },
      now,
    );
  } catch (error) {
    if (error instanceof CodeExhaustedError) return refusal(409, { form: t(DISCOUNT_MESSAGES.exhausted) });
    if (error instanceof CodeAlreadyUsedError) return refusal(409, { form: t(DISCOUNT_MESSAGES.usedByCustomer) });
    if (error instanceof OutOfStockError) return refusal(409, { form: await ranOut(services.db, store.id, lines, t) });
    if (error instanceof UnpaidLimitError && shopper.client) {
      // A twin of this submit (a double click) may be the order that took the last place: it answers the same way on.
      const first = await placedByKey(services.db, store.id, input.idempotencyKey);
      if (first) return { ok: true, next: nextForPlaced(shopper, first.order, first.lines) };
      const late = await unpaidLimitRefusalAfterRace(services.db, store.id, shopper.client, now, error.limit, t);
      return { ok: false, status: late.status, errors: { form: late.message }, retryAfter: late.retryAfter };
    }
    throw error;
  }
  if (!sale) return refusal(409, { form: t(CHECKOUT_MESSAGES.stale) });
  if (!sale.created) {
    // This submit lost the race to its twin, which sent the messages and started any payment.
    const first = await placedByKey(services.db, store.id, input.idempotencyKey);
    if (first) return { ok: true, next: nextForPlaced(shopper, first.order, first.lines) };
  }

  services.log.info("order.placed", {
    storeId: store.id,
    saleId: sale.saleId,
    paymentMethod: payment,
    total: quote.total,
    lines: lines.length,
  });
  const amounts = { ...quote, discountCode: discountCode?.code ?? null, paymentMethod: payment };
  await announceOrder(
    services,
    store,
    { subscriptions, ownerFirstStore: owner?.firstStore ?? null },
    {
      saleId: sale.saleId,
      accessToken: sale.accessToken,
      amounts,
      lines,
      buyer,
    },
  );
  if (shopper.request)
    trackConversion(
      services,
      conversions,
      conversionEvent(shopper.request, shopper.ip, now, {
        // One id per order: a twin submit that saved nothing never sends, and the platforms count the order once.
        id: `${store.id}-${sale.saleId}`,
        name: "Purchase",
        pageUrl: `${publicStoreUrl(services.config, store).replace(/\/$/, "")}/Checkout`,
        currency: store.currency,
        value: quote.total,
        orderId: sale.saleId,
        items: lines.map((l) => ({
          id: l.variantId === null ? l.productId : `${l.productId}-${l.variantId}`,
          name: l.name,
          quantity: l.quantity,
          price: l.unitPrice,
        })),
      }),
    );
  const placed = { id: sale.saleId, accessToken: sale.accessToken };
  // Saved first, then the buyer pays the store's own account; the order page tells how it went.
  if (online) return { ok: true, next: await paymentRedirect(services, store, placed, shopper.basePath) };
  // The transfer's details are on the order page, with the WhatsApp button that sends the order.
  if (!placedThroughWhatsapp(payment)) return { ok: true, next: orderPagePath(shopper.basePath, placed.id, placed.accessToken) };
  const text = orderMessage({
    storeName: store.name,
    code: sale.saleId,
    currency: store.currency,
    country: store.country,
    amounts,
    lines,
    buyer,
    t: storeTranslator(store),
  });
  return { ok: true, next: whatsappOrOrderPage(shopper, placed, text) };
}

/**
 * Tells the merchant of an order placed (or a draft the customer confirmed): an email (unless they turned those off)
 * and Web Push to the store's devices; and the buyer who gave an email, with the link to their order. All side by
 * side, and none may lose the order: a mail outage is logged, push never throws.
 */
export async function announceOrder(
  services: Services,
  store: OrderingStore,
  merchant: {
    subscriptions: Awaited<ReturnType<typeof storeSubscriptionsQuery>>;
    /** The owner's first store (`ownerFirstStoreQuery`): the merchant's variant, for their new-order email. */
    ownerFirstStore: string | null;
  },
  order: {
    saleId: string;
    accessToken: string;
    amounts: Parameters<typeof newOrderEmail>[0]["amounts"];
    lines: Parameters<typeof newOrderEmail>[0]["lines"];
    buyer: Parameters<typeof newOrderEmail>[0]["buyer"];
  },
): Promise<void> {
  const notified = notifyNewOrder(services, merchant.subscriptions, {
    storeId: store.id,
    saleId: order.saleId,
    total: order.amounts.total,
    currency: store.currency,
    country: store.country,
    buyerName: order.buyer.name,
  });
  const mail = async (name: string, message: () => MailMessage) => {
    try {
      await services.mail.send(message());
    } catch (error) {
      // The order is saved and the shopper's WhatsApp message carries it: a mail outage must not lose it.
      services.log.error("mail.failed", error, { mail: name, storeId: store.id, saleId: order.saleId });
    }
  };
  const { buyer, amounts } = order;
  await Promise.all([
    notified,
    store.ownerOrderMails &&
      mail("new-order", () =>
        newOrderEmail(
          {
            t: storeTranslator(store),
            to: store.ownerEmail,
            merchantName: store.ownerName,
            storeName: store.name,
            code: order.saleId,
            currency: store.currency,
            country: store.country,
            amounts,
            lines: order.lines,
            buyer,
            salesUrl: `${services.config.APP_ORIGIN}/Store/${store.id}/sales`,
          },
          translatorFor(merchantLocaleOf(merchant.ownerFirstStore)),
        ),
      ),
    buyer.email &&
      mail("sale-placed", () =>
        buyerSaleEmail({
          t: storeTranslator(store),
          kind: "placed",
          to: buyer.email as string,
          buyerName: buyer.name,
          storeName: store.name,
          code: order.saleId,
          currency: store.currency,
          country: store.country,
          lines: order.lines,
          subtotal: amounts.subtotal,
          discount: amounts.discount,
          discountCode: amounts.discountCode,
          paymentAdjustment: amounts.paymentAdjustment ?? 0,
          paymentMethod: amounts.paymentMethod ?? "on_delivery",
          deliveryFee: amounts.deliveryFee,
          total: amounts.total,
          delivery: buyer.delivery,
          orderUrl: orderPageUrl(services.config, store, order.saleId, order.accessToken),
        }),
      ),
  ]);
}

/** Where the shopper goes for a sale placed before: WhatsApp with its saved text, or its order page. */
function nextForPlaced(shopper: Shopper, order: OrderRow, lines: OrderLineRow[]): string {
  if (!placedThroughWhatsapp(order.paymentMethod)) return orderPagePath(shopper.basePath, order.id, order.accessToken);
  return whatsappOrOrderPage(shopper, order, saleMessage(shopper.store, order, lines));
}

/** WhatsApp with `text` for the store's sales number, or the order page when the store has none. */
function whatsappOrOrderPage(shopper: Shopper, sale: { id: string; accessToken: string }, text: string): string {
  const mobile = isMobileUserAgent(shopper.userAgent);
  return whatsappUrl(shopper.store.saleNumber, text, mobile) ?? orderPagePath(shopper.basePath, sale.id, sale.accessToken);
}

/**
 * What to tell a shopper whose order lost its units to another one placed meanwhile: the first line with fewer
 * units available than it asks, as the cart words it (one more read, on this refusal only).
 */
async function ranOut(
  db: Db,
  storeId: string,
  lines: ReadonlyArray<{ productId: string; variantId?: number | null; name: string; quantity: number }>,
  t: Translate,
): Promise<string> {
  const available = await availableUnits(db, storeId, lines);
  const short = lines.find((l) => (available.get(l.variantId ?? l.productId) ?? 0) < l.quantity);
  const left = short ? (available.get(short.variantId ?? short.productId) ?? 0) : 0;
  if (!short) return t(CHECKOUT_MESSAGES.ranOut);
  return left > 0
    ? t(CHECKOUT_MESSAGES.ranOutOf, { name: short.name, left })
    : t(CHECKOUT_MESSAGES.soldOutMeanwhile, { name: short.name });
}

/** The sale an idempotency key saved in this store, read again after losing the race to save it. */
async function placedByKey(db: Db, storeId: string, key: string) {
  const [[order], lines] = await db.batch([orderByKeyQuery(db, storeId, key), orderLinesByKeyQuery(db, storeId, key)]);
  return order ? { order, lines } : null;
}
