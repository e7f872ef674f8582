import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { z } from "zod";
import { trackConversion } from "~/conversions/events.server";
import { conversionSettingsQuery } from "~/conversions/settings.server";
import { conversionEvent, notAShopper } from "~/conversions/shopper.server";
import { codeGuessCountersQuery } from "~/discounts/code-guessing.server";
import { discountByKeyQuery } from "~/discounts/discount-codes.server";
import {
  addToCart,
  allSoldOutText,
  CART_MESSAGES,
  type CartLine,
  cartSource,
  lineKey,
  parseCart,
  removeFromCart,
  serializeCart,
  setQuantity,
} from "~/domain/cart";
import { codeKey, DISCOUNT_CODE_PATTERN } from "~/domain/discounts";
import { moneyFormat } from "~/domain/money";
import { goodsQuote } from "~/domain/order-quote";
import { VARIANT_CHOICE_MESSAGES } from "~/domain/variants";
import { failure } from "~/http/action-result";
import { refused } from "~/http/responses";
import { countWrongCode, guardedCode } from "~/orders/code-entry.server";
import { amountRows } from "~/orders/order-amounts";
import { OrderLines, promotionNote } from "~/orders/order-lines";
import { shippingEstimateFor, shippingZonesQuery } from "~/orders/shipping-estimate.server";
import type { RouteHandle } from "~/root";
import { clientIpContext, getServices } from "~/services/services";
import { cartVisitorQuery, newCartSource, requestVisitorKey } from "~/stats/cart-source.server";
import { ariaInvalid } from "~/ui/form";
import { useT } from "~/ui/messages";
import { siteHeaders } from "../headers";
import { Picture } from "../picture";
import { metaT, siteMeta } from "../seo";
import { SiteShell } from "../shell";
import { ShippingEstimateForm } from "../shipping-estimate";
import {
  CART_COOKIE,
  DISCOUNT_COOKIE,
  imageOf,
  loadSitePage,
  ORDER_COOKIE,
  productPagePath,
  readCodeCookie,
  readCookie,
  storeCookie,
} from "../site.server";
import type { Route } from "./+types/cart";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

const productId = z.string().regex(/^\d{7}$/);
// Absent for a product without options; the form sends it empty then.
const variantId = z.union([z.literal("").transform(() => undefined), z.coerce.number().int().min(1).max(999_999_999)]).optional();

export async function loader(args: Route.LoaderArgs) {
  const entered = readCodeCookie(args.request);
  const ip = args.context.get(clientIpContext);
  const p = await loadSitePage(args, (storeId, db) => [
    discountByKeyQuery(db, storeId, entered ?? "-"),
    codeGuessCountersQuery(db, storeId, ip),
    shippingZonesQuery(db, storeId),
  ]);
  const [[codeRow], counters, zones] = p.page;
  const now = p.services.clock.now();
  const code = guardedCode(entered, codeRow, counters, p.priced.total, p.store, now, p.t);
  // A code the store does not have, in a cookie the shopper did not get from us: a failed entry, and the cookie goes.
  await countWrongCode(p.services.db, code, p.store.id, ip, now);
  const goods = goodsQuote(p.priced.total, code.discount);
  const amounts = amountRows({ ...goods, discountCode: code.applied?.code ?? null, deliveryFee: null }, p.site, p.t);
  const params = new URL(args.request.url).searchParams;
  const { basePath } = p.site;
  const money = moneyFormat(p.site);
  const lines = p.priced.lines.map((l) => ({
    id: l.product.key,
    productId: l.product.id,
    variantId: l.product.variantId,
    name: l.product.name,
    href: productPagePath(basePath, l.product),
    image: imageOf(l.product.imageKey, l.product.imageWidth, l.product.imageHeight),
    unitPrice: money(l.product.price),
    quantity: l.quantity,
    stock: l.product.stock,
    subtotal: money(l.subtotal - l.saving),
    // The line's promotion ('2x1 en alfajores') and what it takes off, when it took one.
    promotion: promotionNote(l, money),
    limited: params.get("limite") === l.product.key || l.requested > l.quantity,
  }));
  const removing = lines.find((l) => l.id === params.get("eliminar")) ?? null;
  const headers = new Headers(p.cache);
  if (entered) {
    // A code's state (uses, dates) changes without the store's version: never revalidated from a cache.
    headers.set("Cache-Control", "no-store");
    headers.delete("ETag");
  }
  if (code.wrong) headers.append("Set-Cookie", storeCookie(p.services.config, p.site.basePath, DISCOUNT_COOKIE, ""));
  // Deleted products, other stores' ids and quantities above stock leave the cookie here.
  const cleaned = serializeCart(p.priced.cleaned, cartSource(readCookie(args.request, CART_COOKIE)));
  if (cleaned !== (readCookie(args.request, CART_COOKIE) ?? "")) {
    headers.append("Set-Cookie", storeCookie(p.services.config, basePath, CART_COOKIE, cleaned));
  }
  return data(
    {
      site: p.site,
      lines,
      soldOut: p.priced.soldOut.map((s) => ({ id: s.key, name: s.name })),
      total: amounts.total,
      // Without a code the cart shows its total alone.
      amounts: code.applied ? amounts.rows : [],
      code: entered ? { text: code.applied?.code ?? entered, error: code.refusal } : null,
      removing: removing && {
        id: removing.id,
        productId: removing.productId,
        variantId: removing.variantId,
        name: removing.name,
      },
      hasOrder: Boolean(readCookie(args.request, ORDER_COOKIE)),
      // The fee the checkout would charge for these products after the code.
      shipping:
        p.priced.lines.length > 0
          ? shippingEstimateFor(
              args.request,
              p.store,
              zones,
              {
                subtotal: p.priced.total,
                discount: goods.discount,
                promotions: p.promotions,
              },
              p.t,
            )
          : null,
    },
    { headers },
  );
}

const cartForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId, variantId, quantity: z.coerce.number().int().min(1).max(10_000).catch(1) }),
  z.object({
    intent: z.literal("update"),
    productId,
    variantId,
    quantity: z.coerce.number().int().min(0).max(10_000),
    step: z.enum(["-1", "1"]).optional(),
  }),
  z.object({ intent: z.literal("remove"), productId, variantId }),
]);

const codeForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("code"), code: z.string().trim().max(40) }),
  z.object({ intent: z.literal("dropCode") }),
]);

/** 'Aplicar' a discount code: kept in a cookie when the store has it and it applies to this cart now. */
async function codeAction(args: Route.ActionArgs, input: z.output<typeof codeForm>) {
  const ip = args.context.get(clientIpContext);
  const p = await loadSitePage(args, (storeId, db) => [
    discountByKeyQuery(db, storeId, input.intent === "code" ? codeKey(input.code) : "-"),
    codeGuessCountersQuery(db, storeId, ip),
  ]);
  const cartPath = `${p.site.basePath}/Cart`;
  const cookie = (value: string) => storeCookie(p.services.config, p.site.basePath, DISCOUNT_COOKIE, value);
  if (input.intent === "dropCode") return redirect(cartPath, { status: 303, headers: { "Set-Cookie": cookie("") } });
  const [[row], counters] = p.page;
  const key = codeKey(input.code);
  if (!key)
    return failure(
      { code: p.t({ id: "site.cart.codeMissing", defaultMessage: "Escribe tu código de descuento" }) },
      { values: { code: "" }, status: 400 },
    );
  const now = p.services.clock.now();
  const code = guardedCode(DISCOUNT_CODE_PATTERN.test(key) ? key : "-", row, counters, p.priced.total, p.store, now, p.t);
  await countWrongCode(p.services.db, code, p.store.id, ip, now);
  if (code.wait !== null)
    return failure(
      { code: code.refusal ?? "" },
      { values: { code: input.code }, status: 429, headers: { "Retry-After": String(code.wait * 60) } },
    );
  if (code.refusal) return failure({ code: code.refusal }, { values: { code: input.code }, status: 422 });
  return redirect(cartPath, { status: 303, headers: { "Set-Cookie": cookie(key) } });
}

/** Add, change the quantity (1…stock) or remove, then back to the cart (post/redirect/get). */
export async function action(args: Route.ActionArgs) {
  const fields = Object.fromEntries(await args.request.formData());
  const code = codeForm.safeParse(fields);
  if (code.success) return codeAction(args, code.data);
  const parsed = cartForm.safeParse(fields);
  if (!parsed.success) refused("No pudimos actualizar tu carrito", 400);
  const input = parsed.data;
  const { config, clock, recentVisits } = getServices(args.context);
  const now = clock.now().getTime();
  const visitor = requestVisitorKey(config, args.request, args.context.get(clientIpContext), now);
  // Only a cart that starts now takes a source; the unwritten views are looked at before the read (cart-source.server.ts).
  const starts = parseCart(readCookie(args.request, CART_COOKIE)).length === 0;
  const held = starts ? recentVisits.sourceOf((args.params.site ?? "").toLowerCase(), visitor) : null;
  const p = await loadSitePage(
    args,
    (storeId, db) => [conversionSettingsQuery(db, storeId), cartVisitorQuery(db, storeId, visitor, now)],
    { cartIds: [input.productId] },
  );
  const [[conversions], [visit]] = p.page;
  const cartPath = `${p.site.basePath}/Cart`;
  const key = lineKey(input);
  const item = p.cartItems.find((c) => c.key === key);
  let lines: CartLine[] = p.cart;
  let to = cartPath;
  if (input.intent === "remove") {
    lines = removeFromCart(lines, key);
  } else {
    if (!item) {
      // A product with options is bought as one of its variants: the shopper has to pick one.
      const hasVariants = p.cartItems.some((c) => c.id === input.productId && c.variantId !== null);
      if (hasVariants && input.variantId === undefined) refused(p.t(VARIANT_CHOICE_MESSAGES.chooseVariant), 400);
      // An id of another store, a deleted or hidden product, a disabled variant never enters the cart.
      refused(
        hasVariants
          ? p.t(VARIANT_CHOICE_MESSAGES.variantUnavailable)
          : p.t({ id: "site.cart.unavailable", defaultMessage: "Este producto ya no está disponible" }),
        404,
      );
    }
    if (input.intent === "add") {
      const change = addToCart(lines, key, input.quantity, item.stock);
      // Its page shows no add button; a stale page or a forged post is refused.
      if (change.soldOut)
        refused(p.t(item.variantId === null ? CART_MESSAGES.soldOut : VARIANT_CHOICE_MESSAGES.variantSoldOut), 409);
      const before = lines.find((l) => lineKey(l) === key)?.quantity ?? 0;
      const added = (change.lines.find((l) => lineKey(l) === key)?.quantity ?? 0) - before;
      lines = change.lines;
      if (change.limited) to = `${cartPath}?limite=${key}`;
      if (added > 0 && !notAShopper(args.request))
        trackConversion(
          p.services,
          conversions,
          conversionEvent(args.request, args.context.get(clientIpContext), p.services.clock.now(), {
            name: "AddToCart",
            pageUrl: `${p.site.canonicalBase}${productPagePath("", item)}`,
            currency: p.site.currency,
            value: item.price * added,
            items: [{ id: item.key, name: item.name, quantity: added, price: item.price }],
          }),
        );
    } else {
      const wanted = input.quantity + Number(input.step ?? 0);
      const change = setQuantity(lines, key, wanted, item.stock);
      if (change.needsConfirmation) to = `${cartPath}?eliminar=${key}`;
      else if (change.limited) to = `${cartPath}?limite=${key}`;
      lines = change.lines;
    }
  }
  // A cart that starts now keeps the source of the visit that started it; one that goes on keeps its own.
  const source =
    cartSource(readCookie(args.request, CART_COOKIE)) ?? (p.cart.length === 0 ? newCartSource(visit, held, args.request) : null);
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": storeCookie(p.services.config, p.site.basePath, CART_COOKIE, serializeCart(lines, source)) },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = metaT(loaderData?.site);
  return siteMeta(loaderData?.site, {
    title: t({ id: "site.cart.title", defaultMessage: "Carrito | {store}" }, { store: loaderData?.site.name ?? "" }),
    path: "/Cart",
    noindex: true,
  });
}

/** The fields naming a cart line in its forms: the product, and the variant when it has one. */
function LineFields({ line }: { line: { productId: string; variantId: number | null } }) {
  return (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      {line.variantId !== null && <input type="hidden" name="variantId" value={line.variantId} />}
    </>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { site, lines, soldOut, total, amounts, code, removing, hasOrder, shipping } = loaderData;
  const refusedCode = actionData?.errors.code;
  const codeError = refusedCode ?? code?.error ?? undefined;
  const cartPath = `${site.basePath}/Cart`;
  const t = useT();
  const removeTitle = t({ id: "site.cart.removeTitle", defaultMessage: "Eliminar producto" });
  const removeQuestion = (name: string) =>
    t({ id: "site.cart.removeQuestion", defaultMessage: "¿Quieres quitar “{name}” de tu carrito?" }, { name });
  return (
    <SiteShell site={site} current="cart">
      <h1>{t({ id: "site.shell.cart", defaultMessage: "Carrito" })}</h1>
      {removing && (
        <section className="confirm-panel" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">
          <h2 id="confirm-title">{removeTitle}</h2>
          <p id="confirm-text">{removeQuestion(removing.name)}</p>
          <form method="post" action={cartPath} className="confirm-actions">
            <input type="hidden" name="intent" value="remove" />
            <LineFields line={removing} />
            <a className="button secondary" href={cartPath}>
              {t({ id: "site.cart.cancel", defaultMessage: "Cancelar" })}
            </a>
            <button type="submit" className="button">
              {t({ id: "site.cart.confirm", defaultMessage: "Confirmar" })}
            </button>
          </form>
        </section>
      )}
      {lines.length === 0 ? (
        <div className="empty">
          {soldOut.length > 0 && (
            <p className="form-error" role="alert">
              {allSoldOutText(
                t,
                soldOut.map((s) => s.name),
              )}
            </p>
          )}
          <p>{t({ id: "site.cart.empty", defaultMessage: "Tu carrito está vacío." })}</p>
          <p>
            <a className="button" href={`${site.basePath}/Store`}>
              {t({ id: "site.cart.seeProducts", defaultMessage: "Ver productos" })}
            </a>
          </p>
          {hasOrder && (
            <p>
              <a href={`${site.basePath}/Order`}>{t({ id: "site.cart.lastOrder", defaultMessage: "Ver mi último pedido" })}</a>
            </p>
          )}
        </div>
      ) : (
        <>
          <ul className="lines" aria-label={t({ id: "site.cart.linesLabel", defaultMessage: "Productos en el carrito" })}>
            {lines.map((line) => {
              const confirm = {
                "data-confirm": removeTitle,
                "data-description": removeQuestion(line.name),
                "data-action": cartPath,
                "data-fields": `intent=remove&productId=${line.productId}${line.variantId ? `&variantId=${line.variantId}` : ""}`,
              };
              return (
                <li key={line.id} className="line" aria-label={line.name}>
                  {line.image ? (
                    <Picture image={line.image} sizes="64px" alt="" loading="lazy" />
                  ) : (
                    <span className="noimg" aria-hidden="true" />
                  )}
                  <div className="line-info">
                    <a href={line.href} className="line-name">
                      {line.name}
                    </a>
                    <span className="muted">
                      {t({ id: "site.cart.unitPrice", defaultMessage: "{price} c/u" }, { price: line.unitPrice })}
                    </span>
                    {line.promotion && (
                      <span className="promotion-note">
                        {line.promotion.name}: −{line.promotion.saving}
                      </span>
                    )}
                    <form method="post" action={cartPath} className="qty">
                      <input type="hidden" name="intent" value="update" />
                      <LineFields line={line} />
                      <button type="submit" className="sr-only">
                        {t({ id: "site.cart.update", defaultMessage: "Actualizar" })}
                      </button>
                      {line.quantity <= 1 ? (
                        <a
                          className="step"
                          href={`${cartPath}?eliminar=${line.id}`}
                          aria-label={t({ id: "site.cart.decrease", defaultMessage: "Disminuir" })}
                          {...confirm}
                        >
                          −
                        </a>
                      ) : (
                        <button
                          type="submit"
                          className="step"
                          name="step"
                          value="-1"
                          aria-label={t({ id: "site.cart.decrease", defaultMessage: "Disminuir" })}
                        >
                          −
                        </button>
                      )}
                      <input
                        type="number"
                        name="quantity"
                        defaultValue={line.quantity}
                        min={1}
                        max={line.stock}
                        aria-label={t({ id: "site.cart.quantityOf", defaultMessage: "Cantidad de {name}" }, { name: line.name })}
                        inputMode="numeric"
                        data-autosubmit=""
                      />
                      <button
                        type="submit"
                        className="step"
                        name="step"
                        value="1"
                        aria-label={t({ id: "site.cart.increase", defaultMessage: "Aumentar" })}
                      >
                        +
                      </button>
                    </form>
                    {line.limited && (
                      <p className="limit" role="alert">
                        {t(CART_MESSAGES.stockLimit)}
                      </p>
                    )}
                  </div>
                  <div className="line-end">
                    <span className="subtotal">{line.subtotal}</span>
                    <a className="remove" href={`${cartPath}?eliminar=${line.id}`} {...confirm}>
                      {t({ id: "site.cart.remove", defaultMessage: "Eliminar" })}
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
          {soldOut.length > 0 && (
            <p className="muted">
              {t(
                { id: "site.cart.soldOutLines", defaultMessage: "Agotados, no entran en tu pedido: {names}." },
                { names: soldOut.map((s) => s.name).join(", ") },
              )}
            </p>
          )}
          <section aria-label={t({ id: "site.cart.summary", defaultMessage: "Resumen" })} className="summary">
            <OrderLines lines={[]} amounts={amounts} total={total} />
          </section>
          {code && !refusedCode ? (
            <form method="post" action={cartPath} className="code-form">
              <input type="hidden" name="intent" value="dropCode" />
              <span>
                {code.error
                  ? t.rich<ReactNode>(
                      { id: "site.cart.codeShown", defaultMessage: "Código <strong>{code}</strong>" },
                      { code: code.text, strong: (chunks) => <strong key="code">{chunks}</strong> },
                    )
                  : t.rich<ReactNode>(
                      { id: "site.cart.codeApplied", defaultMessage: "Código <strong>{code}</strong> aplicado" },
                      { code: code.text, strong: (chunks) => <strong key="code">{chunks}</strong> },
                    )}
              </span>
              <button type="submit" className="button secondary">
                {t({ id: "site.cart.dropCode", defaultMessage: "Quitar código" })}
              </button>
            </form>
          ) : (
            <form method="post" action={cartPath} className="code-form">
              <input type="hidden" name="intent" value="code" />
              <label>
                {t({ id: "site.cart.code", defaultMessage: "Código de descuento" })}
                <input
                  name="code"
                  maxLength={40}
                  autoComplete="off"
                  autoCapitalize="characters"
                  defaultValue={actionData?.values?.code ?? ""}
                  {...ariaInvalid("code", codeError)}
                />
              </label>
              <button type="submit" className="button secondary">
                {t({ id: "site.cart.apply", defaultMessage: "Aplicar" })}
              </button>
            </form>
          )}
          {codeError && (
            <p className="field-error" id="code-error" role="alert">
              {codeError}
            </p>
          )}
          {shipping && <ShippingEstimateForm estimate={shipping} />}
          <p className="muted">
            {t({
              id: "site.cart.shippingNote",
              defaultMessage: "El envío se calcula al hacer el pedido, según cómo lo quieras recibir.",
            })}
          </p>
          <p className="order">
            <a className="button" href={`${site.basePath}/Checkout`}>
              {t({ id: "site.cart.checkout", defaultMessage: "Hacer pedido" })}
            </a>
          </p>
        </>
      )}
    </SiteShell>
  );
}
