import { data, redirect } from "react-router";
import { trackConversion } from "~/conversions/events.server";
import { conversionEvent, notAShopper } from "~/conversions/shopper.server";
import { cartSource } from "~/domain/cart";
import { storeCountry } from "~/domain/countries";
import { customerKey } from "~/domain/customers";
import { randomToken, shortHash } from "~/domain/ids";
import { translatorFor } from "~/domain/message-catalogs";
import { moneyFormat } from "~/domain/money";
import { phoneDigits } from "~/domain/whatsapp";
import { failure } from "~/http/action-result";
import { CHECKOUT_COOKIE, checkoutContactQuery, saveCheckout } from "~/orders/abandoned-carts.server";
import {
  CHECKOUT_FIELDS,
  CHECKOUT_MESSAGES,
  type CheckoutErrors,
  checkoutErrors,
  readCheckoutForm,
  readContactForm,
} from "~/orders/checkout-form";
import { promotionNote } from "~/orders/order-lines";
import {
  checkoutPageQueries,
  checkoutView,
  orderedProductIds,
  placeOrder,
  placingQueries,
  type Shopper,
} from "~/orders/place-order.server";
import { checkoutClient } from "~/orders/unpaid-orders.server";
import type { RouteHandle } from "~/root";
import { clientIpContext, getServices } from "~/services/services";
import { CheckoutPage, type CheckoutStep } from "../checkout-page";
import { BUYER_COOKIE } from "../cookies";
import { metaT, siteMeta } from "../seo";
import {
  CART_COOKIE,
  DISCOUNT_COOKIE,
  loadSitePage,
  ORDER_COOKIE,
  readCodeCookie,
  readCookie,
  type SiteArgs,
  storeCookie,
} from "../site.server";
import type { Route } from "./+types/checkout";

export const handle: RouteHandle = { hydrate: false };
export const headers = () => ({ "Cache-Control": "no-store" });

/** The buyer cookie outlives the cart's: a year. */
const BUYER_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

type SitePage = Awaited<ReturnType<typeof loadSitePage>>;

/** The request's side of an order, from the page's batch. */
const shopperOf = (args: SiteArgs, p: SitePage): Shopper => ({
  services: p.services,
  store: p.store,
  cartItems: p.cartItems,
  basePath: p.site.basePath,
  ip: args.context.get(clientIpContext),
  userAgent: args.request.headers.get("User-Agent"),
  request: args.request,
  promotions: p.promotions,
});

/**
 * Which step the page shows (`?paso=`): the contact first ('contacto', the default), then how to receive the order
 * ('entrega', skipped when the store offers one way), then what that way needs and how to pay ('datos', with
 * `entrega=`). Each later step needs the contact this browser saved; without it the contact is asked again.
 */
function stepOf(
  url: URL,
  contact: boolean,
  methods: ReadonlyArray<{ value: string }>,
): { step: CheckoutStep; delivery: string | null } {
  const asked = url.searchParams.get("paso");
  if (!contact || (asked !== "entrega" && asked !== "datos")) return { step: "contact", delivery: null };
  const only = methods.length === 1 ? (methods[0]?.value ?? null) : null;
  const chosen = methods.find((m) => m.value === url.searchParams.get("entrega"))?.value ?? only;
  if (asked === "datos" && chosen) return { step: "details", delivery: chosen };
  return only ? { step: "details", delivery: only } : { step: "delivery", delivery: chosen };
}

export async function loader(args: Route.LoaderArgs) {
  const entered = readCodeCookie(args.request);
  const ip = args.context.get(clientIpContext);
  const checkoutId = readCookie(args.request, CHECKOUT_COOKIE);
  const p = await loadSitePage(args, (storeId, db) => [
    checkoutContactQuery(db, storeId, checkoutId),
    ...checkoutPageQueries(db, storeId, entered, ip),
  ]);
  const base = p.site.basePath;
  if (p.priced.lines.length === 0) {
    // Back from WhatsApp after ordering: the confirmation page; otherwise the (empty) cart.
    throw redirect(readCookie(args.request, ORDER_COOKIE) ? `${base}/Order` : `${base}/Cart`, 303);
  }
  const [[contact], ...rows] = p.page;
  const { wrongCode, ...view } = await checkoutView(shopperOf(args, p), entered, p.priced.total, rows);
  const { step, delivery } = stepOf(new URL(args.request.url), Boolean(contact), view.methods);
  const headers = new Headers({ "Cache-Control": "no-store" });
  // A code the store does not have, in a cookie the shopper did not get from us: its cookie goes.
  if (wrongCode) headers.append("Set-Cookie", storeCookie(p.services.config, base, DISCOUNT_COOKIE, ""));
  const lines = p.priced.lines.map((l) => ({
    id: l.product.key,
    name: l.product.name,
    quantity: l.quantity,
    subtotal: moneyFormat(p.site)(l.subtotal - l.saving),
    promotion: promotionNote(l, moneyFormat(p.site)),
  }));
  const [conversions] = rows[6];
  const now = p.services.clock.now();
  const day = now.toISOString().slice(0, 10);
  const checkoutOf = [readCookie(args.request, CART_COOKIE), ip, args.request.headers.get("User-Agent"), day];
  if (!notAShopper(args.request))
    trackConversion(
      p.services,
      conversions,
      conversionEvent(args.request, ip, now, {
        // The same cart checked out again the same day (a reload, a refused submit shown again) is the same event.
        id: `${p.store.id}-checkout-${shortHash(checkoutOf.join("|"))}`,
        name: "InitiateCheckout",
        pageUrl: `${p.site.canonicalBase}/Checkout`,
        currency: p.site.currency,
        value: p.priced.total,
        items: p.priced.lines.map((l) => ({
          id: l.product.key,
          name: l.product.name,
          quantity: l.quantity,
          price: l.product.price,
        })),
      }),
    );
  const shownContact = contact
    ? { buyerName: contact.buyerName, buyerPhone: contact.buyerPhone ?? "", buyerEmail: contact.buyerEmail ?? "" }
    : null;
  return data(
    { ...view, site: p.site, lines, idempotencyKey: randomToken(18), step, delivery, contact: shownContact },
    { headers },
  );
}

/** What the shopper typed, so nothing has to be typed again. */
function typedValues(form: FormData) {
  const values: Record<string, string> = {};
  for (const k of CHECKOUT_FIELDS) {
    const v = form.get(k);
    if (typeof v === "string") values[k] = v.slice(0, 500);
  }
  return values;
}

/** The order is refused: the messages, and what the shopper typed (`retryAfter`: seconds to wait, with a 429). */
const refused = (status: number, errors: CheckoutErrors, form: FormData, retryAfter?: number) =>
  failure(errors, { values: typedValues(form), status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined });

/**
 * The contact step (`intent=contact`): the buyer's name and WhatsApp or email saved with the cart's lines, its total
 * and source (the checkout record behind 'Carritos abandonados'), then on to the next step. Otherwise places the
 * order (app/orders/place-order.server.ts), then the shopper goes on to WhatsApp, the payment or the order page; a
 * form with every field still places it in one post.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (form.get("intent") === "contact") return saveContact(args, form);
  const parsed = readCheckoutForm(form, translatorFor("es"));
  if (!parsed.success) {
    // Refused before the store is read: read once more (no page queries) to say it in the store's words.
    const { t } = await loadSitePage(args, () => []);
    const again = readCheckoutForm(form, t);
    return refused(400, again.success ? {} : checkoutErrors(again.error), form);
  }
  const input = parsed.data;
  const ip = args.context.get(clientIpContext);
  const client = checkoutClient(ip, readCookie(args.request, BUYER_COOKIE));
  const now = getServices(args.context).clock.now();
  const p = await loadSitePage(args, (storeId, db) => placingQueries(db, storeId, input, ip, client.keys, now), {
    cartIds: orderedProductIds(input),
  });
  const shownFee = input.zone ? Number(form.get(`fee-${input.zone}`) ?? Number.NaN) : 0;
  const placed = await placeOrder(
    {
      ...shopperOf(args, p),
      client: client.keys,
      source: cartSource(readCookie(args.request, CART_COOKIE)),
      checkoutId: readCookie(args.request, CHECKOUT_COOKIE),
    },
    p.page,
    input,
    shownFee,
  );
  // Not yet seen the total of what was chosen: the page again, with that total, to confirm.
  if (!placed.ok && placed.review) return data({ review: true, values: typedValues(form) });
  if (!placed.ok) return refused(placed.status, placed.errors, form, placed.retryAfter);
  return sendOn(p, input.idempotencyKey, placed.next, client.newCookie);
}

/** The contact step: saved with the cart, or its messages; the checkout record's id goes in the `compra` cookie. */
async function saveContact(args: Route.ActionArgs, form: FormData) {
  const entered = readCodeCookie(args.request);
  const p = await loadSitePage(args, (storeId, db) =>
    checkoutPageQueries(db, storeId, entered, args.context.get(clientIpContext)),
  );
  const parsed = readContactForm(form, p.t);
  if (!parsed.success) return refused(400, checkoutErrors(parsed.error), form);
  const contact = parsed.data;
  const base = p.site.basePath;
  if (p.priced.lines.length === 0) throw redirect(`${base}/Cart`, 303);
  if (!contact.buyerPhone && phoneDigits(p.store.saleNumber) === "")
    return refused(400, { buyerPhone: p.t(CHECKOUT_MESSAGES.phoneNeeded) }, form);
  // The products' total as the page quotes it: after the cart's code, before delivery and the way to pay.
  const { shown } = await checkoutView(shopperOf(args, p), entered, p.priced.total, p.page);
  const cartCookie = readCookie(args.request, CART_COOKIE);
  const id = await saveCheckout(
    p.services.db,
    readCookie(args.request, CHECKOUT_COOKIE),
    {
      storeId: p.store.id,
      buyerName: contact.buyerName,
      buyerPhone: contact.buyerPhone,
      contactPhone: customerKey({ phone: contact.buyerPhone, email: null }, storeCountry(p.store))?.phone ?? null,
      buyerEmail: contact.buyerEmail,
      lines: p.priced.lines.map((l) => ({
        productId: l.product.id,
        variantId: l.product.variantId,
        quantity: l.quantity,
        name: l.product.name,
        unitPrice: l.product.price,
      })),
      total: shown.subtotal - shown.discount,
      currency: p.store.currency,
      source: cartSource(cartCookie),
    },
    p.services.clock.now(),
  );
  const headers = new Headers({ "Set-Cookie": storeCookie(p.services.config, base, CHECKOUT_COOKIE, id) });
  return redirect(`${base}/Checkout?paso=entrega`, { status: 303, headers });
}

/** The cart and the code are spent; the order's key is kept for `/Order`, a new browser gets its id; the shopper goes on. */
function sendOn(p: SitePage, key: string, next: string, buyerCookie: string | null) {
  const { config } = p.services;
  const headers = new Headers();
  if (buyerCookie)
    headers.append("Set-Cookie", storeCookie(config, p.site.basePath, BUYER_COOKIE, buyerCookie, BUYER_COOKIE_MAX_AGE));
  headers.append("Set-Cookie", storeCookie(config, p.site.basePath, CART_COOKIE, ""));
  headers.append("Set-Cookie", storeCookie(config, p.site.basePath, DISCOUNT_COOKIE, ""));
  headers.append("Set-Cookie", storeCookie(config, p.site.basePath, CHECKOUT_COOKIE, ""));
  headers.append("Set-Cookie", storeCookie(config, p.site.basePath, ORDER_COOKIE, key));
  return redirect(next, { status: 303, headers });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = metaT(loaderData?.site);
  return siteMeta(loaderData?.site, {
    title: t({ id: "site.checkout.title", defaultMessage: "Hacer pedido | {store}" }, { store: loaderData?.site.name ?? "" }),
    path: "/Checkout",
    noindex: true,
  });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage loaderData={loaderData} actionData={actionData} />;
}
