import { data, redirect } from "react-router";
import { z } from "zod";
import { addToCart, CART_MESSAGES, type CartLine, lineKey, removeFromCart, serializeCart, setQuantity } from "~/domain/cart";
import { formatMoney } from "~/domain/money";
import { VARIANT_MESSAGES } from "~/domain/variants";
import { refused } from "~/http/responses";
import type { RouteHandle } from "~/root";
import { siteHeaders } from "../headers";
import { Picture } from "../picture";
import { siteMeta } from "../seo";
import { SiteShell } from "../shell";
import { CART_COOKIE, imageOf, loadSitePage, ORDER_COOKIE, productPagePath, readCookie, storeCookie } from "../site.server";
import type { Route } from "./+types/cart";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

const productId = z.string().regex(/^\d{7}$/);
// Absent for a product without options; the form sends it empty then.
const variantId = z.union([z.literal("").transform(() => undefined), z.coerce.number().int().min(1).max(999_999_999)]).optional();

export async function loader(args: Route.LoaderArgs) {
  const p = await loadSitePage(args, () => []);
  const params = new URL(args.request.url).searchParams;
  const { basePath, currency } = p.site;
  const lines = p.priced.lines.map((l) => ({
    id: l.product.key,
    productId: l.product.id,
    variantId: l.product.variantId,
    name: l.product.name,
    href: productPagePath(basePath, l.product),
    image: imageOf(l.product.imageKey, l.product.imageWidth, l.product.imageHeight),
    unitPrice: formatMoney(l.product.price, currency),
    quantity: l.quantity,
    stock: l.product.stock,
    subtotal: formatMoney(l.subtotal, currency),
    limited: params.get("limite") === l.product.key || l.requested > l.quantity,
  }));
  const removing = lines.find((l) => l.id === params.get("eliminar")) ?? null;
  const headers = new Headers(p.cache);
  // Deleted products, other stores' ids and quantities above stock leave the cookie here.
  const cleaned = serializeCart(p.priced.cleaned);
  if (cleaned !== (readCookie(args.request, CART_COOKIE) ?? "")) {
    headers.append("Set-Cookie", storeCookie(p.services.config, basePath, CART_COOKIE, cleaned));
  }
  return data(
    {
      site: p.site,
      lines,
      soldOut: p.priced.soldOut.map((s) => ({ id: s.key, name: s.name })),
      total: formatMoney(p.priced.total, currency),
      removing: removing && {
        id: removing.id,
        productId: removing.productId,
        variantId: removing.variantId,
        name: removing.name,
      },
      hasOrder: Boolean(readCookie(args.request, ORDER_COOKIE)),
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

/** Add, change the quantity (1…stock) or remove, then back to the cart (post/redirect/get). */
export async function action(args: Route.ActionArgs) {
  const parsed = cartForm.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) refused("No pudimos actualizar tu carrito", 400);
  const input = parsed.data;
  const p = await loadSitePage(args, () => [], { cartIds: [input.productId] });
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
      if (hasVariants && input.variantId === undefined) refused(VARIANT_MESSAGES.chooseVariant, 400);
      // An id of another store, a deleted or hidden product, a disabled variant never enters the cart.
      refused(hasVariants ? VARIANT_MESSAGES.variantUnavailable : "Este producto ya no está disponible", 404);
    }
    if (input.intent === "add") {
      const change = addToCart(lines, key, input.quantity, item.stock);
      // Its page shows no add button; a stale page or a forged post is refused.
      if (change.soldOut) refused(item.variantId === null ? CART_MESSAGES.soldOut : VARIANT_MESSAGES.variantSoldOut, 409);
      lines = change.lines;
      if (change.limited) to = `${cartPath}?limite=${key}`;
    } else {
      const wanted = input.quantity + Number(input.step ?? 0);
      const change = setQuantity(lines, key, wanted, item.stock);
      if (change.needsConfirmation) to = `${cartPath}?eliminar=${key}`;
      else if (change.limited) to = `${cartPath}?limite=${key}`;
      lines = change.lines;
    }
  }
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": storeCookie(p.services.config, p.site.basePath, CART_COOKIE, serializeCart(lines)) },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return siteMeta(loaderData?.site, { title: `Lista de compras | ${loaderData?.site.name ?? ""}`, path: "/Cart", noindex: true });
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

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { site, lines, soldOut, total, removing, hasOrder } = loaderData;
  const cartPath = `${site.basePath}/Cart`;
  return (
    <SiteShell site={site} current="cart">
      <h1>Lista de compras</h1>
      {removing && (
        <section className="confirm-panel" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">
          <h2 id="confirm-title">Eliminar producto</h2>
          <p id="confirm-text">¿Quieres quitar “{removing.name}” de tu carrito?</p>
          <form method="post" action={cartPath} className="confirm-actions">
            <input type="hidden" name="intent" value="remove" />
            <LineFields line={removing} />
            <a className="button secondary" href={cartPath}>
              Cancelar
            </a>
            <button type="submit" className="button">
              Confirmar
            </button>
          </form>
        </section>
      )}
      {lines.length === 0 ? (
        <div className="empty">
          <p>Tu carrito está vacío.</p>
          <p>
            <a className="button" href={`${site.basePath}/Store`}>
              Ver productos
            </a>
          </p>
          {hasOrder && (
            <p>
              <a href={`${site.basePath}/Order`}>Ver mi último pedido</a>
            </p>
          )}
        </div>
      ) : (
        <>
          <ul className="lines" aria-label="Productos en el carrito">
            {lines.map((line) => {
              const confirm = {
                "data-confirm": "Eliminar producto",
                "data-description": `¿Quieres quitar “${line.name}” de tu carrito?`,
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
                    <span className="muted">{line.unitPrice} c/u</span>
                    <form method="post" action={cartPath} className="qty">
                      <input type="hidden" name="intent" value="update" />
                      <LineFields line={line} />
                      <button type="submit" className="sr-only">
                        Actualizar
                      </button>
                      {line.quantity <= 1 ? (
                        <a className="step" href={`${cartPath}?eliminar=${line.id}`} aria-label="Disminuir" {...confirm}>
                          −
                        </a>
                      ) : (
                        <button type="submit" className="step" name="step" value="-1" aria-label="Disminuir">
                          −
                        </button>
                      )}
                      <input
                        type="number"
                        name="quantity"
                        defaultValue={line.quantity}
                        min={1}
                        max={line.stock}
                        aria-label={`Cantidad de ${line.name}`}
                        inputMode="numeric"
                        data-autosubmit=""
                      />
                      <button type="submit" className="step" name="step" value="1" aria-label="Aumentar">
                        +
                      </button>
                    </form>
                    {line.limited && (
                      <p className="limit" role="alert">
                        {CART_MESSAGES.stockLimit}
                      </p>
                    )}
                  </div>
                  <div className="line-end">
                    <span className="subtotal">{line.subtotal}</span>
                    <a className="remove" href={`${cartPath}?eliminar=${line.id}`} {...confirm}>
                      Eliminar
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
          {soldOut.length > 0 && (
            <p className="muted">Agotados, no entran en tu pedido: {soldOut.map((s) => s.name).join(", ")}.</p>
          )}
          <p className="total">
            Total: <strong>{total}</strong>
          </p>
          <p className="order">
            <a className="button" href={`${site.basePath}/Checkout`}>
              Hacer pedido
            </a>
          </p>
        </>
      )}
    </SiteShell>
  );
}
