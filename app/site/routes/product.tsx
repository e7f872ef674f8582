import { data, redirect } from "react-router";
import { lineKey } from "~/domain/cart";
import { offerView } from "~/domain/catalog";
import { productCategoryName } from "~/domain/categories";
import { isId } from "~/domain/ids";
import { defineMessage } from "~/domain/messages";
import { formatMoney, toDecimalString } from "~/domain/money";
import { chosenVariant, optionChoices, VARIANT_CHOICE_MESSAGES } from "~/domain/variants";
import { notFound } from "~/http/responses";
import { cartItemsOf, cartVariantsQuery } from "~/orders/cart-items.server";
import { shippingEstimateFor, shippingZonesQuery } from "~/orders/shipping-estimate.server";
import type { RouteHandle } from "~/root";
import { Rich, useT } from "~/ui/messages";
import { ProductGallery } from "../gallery";
import { galleryPhotos } from "../gallery.server";
import { siteHeaders } from "../headers";
import { promotedPrice } from "../promotion-view";
import { productPhotosQuery, productQuery } from "../queries.server";
import { jsonLd, siteMeta } from "../seo";
import { Offer, PromotionBadge, SiteShell } from "../shell";
import { ShippingEstimateForm } from "../shipping-estimate";
import { imageOf, loadSitePage, productPagePath, productPath } from "../site.server";
import type { Route } from "./+types/product";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

function productNotFound(): never {
  notFound("not_found", { "Cache-Control": "no-store" });
}

export async function loader(args: Route.LoaderArgs) {
  const { id, title } = args.params;
  if (!isId("product", id)) productNotFound();
  const p = await loadSitePage(args, (storeId, db) => [
    productQuery(db, storeId, id),
    cartVariantsQuery(db, storeId, [id]),
    productPhotosQuery(db, storeId, id),
    shippingZonesQuery(db, storeId),
  ]);
  const [[product], variantRows, photoRows, zones] = p.page;
  if (!product) productNotFound();
  const href = productPath(p.site.basePath, product);
  // One address per product: a renamed product's old title redirects to the current one, keeping the chosen
  // combination and where the link was shared (a feed's or a shared link's `ref`).
  if (href.split("/").at(-2) !== title) throw redirect(`${href}${new URL(args.request.url).search}`, 301);
  const { basePath, currency } = p.site;
  const options = product.options;
  const asked = Number(new URL(args.request.url).searchParams.get("variante"));
  // A product with options shows one of its variants: the one asked for, else the first on sale.
  const shown = chosenVariant(variantRows, Number.isSafeInteger(asked) ? asked : null);
  // What the page sells, as the cart would price it: the product itself, or each of its enabled variants.
  const items = cartItemsOf([product], variantRows);
  const item = items.find((i) => i.variantId === (shown?.id ?? null));
  const price = item?.price ?? product.price;
  const inCart = item ? (p.cart.find((l) => lineKey(l) === item.key)?.quantity ?? 0) : 0;
  const picture = item ?? product;
  const image = imageOf(picture.imageKey, picture.imageWidth, picture.imageHeight);
  const promoted = promotedPrice(
    p.promotions,
    { id: product.id, category: product.category, price, compareAtPrice: product.compareAtPrice },
    p.site,
  );
  const offer = promoted.offer ?? offerView(price, product.compareAtPrice, p.site);
  // What a shopper pays for one unit: a plain discount's price after it (app/site/promotion-view.ts).
  const paid = promoted.minor ?? price;
  const path = href.slice(basePath.length);
  const skus = new Map(variantRows.map((v) => [v.id, v.sku]));
  // 'Calcular envío' prices the cart with this product in it (one unit when it is not there yet).
  const shipping =
    (item?.stock ?? 0) > 0
      ? shippingEstimateFor(
          args.request,
          p.store,
          zones,
          {
            subtotal: p.priced.total + (inCart > 0 ? 0 : paid),
            promotions: p.promotions,
          },
          p.t,
        )
      : null;
  return data(
    {
      site: p.site,
      path,
      shipping,
      product: {
        id: product.id,
        name: product.name,
        description: product.description,
        price: formatMoney(paid, currency, p.site.country),
        priceDecimal: toDecimalString(paid, currency),
        offer,
        promotion: promoted.promotion,
        // An offer's old price: the price before a promotion's discount, else the compare-at price (null without one).
        compareAtDecimal:
          promoted.minor !== undefined
            ? toDecimalString(Math.max(price, product.compareAtPrice ?? 0), currency)
            : offer && product.compareAtPrice !== null
              ? toDecimalString(product.compareAtPrice, currency)
              : null,
        // A product with options and no variant on sale has nothing to sell.
        stock: item?.stock ?? 0,
        category: productCategoryName(product.category) ?? null,
        image,
        // The shown variant's own photo leads the gallery; the others follow in the merchant's order.
        photos: galleryPhotos(photoRows, product, picture.imageKey),
        inCart,
        variantId: item?.variantId ?? null,
        variant: item?.variant ?? null,
        picker: optionChoices(options, variantRows, shown).map((o) => ({
          name: o.name,
          choices: o.choices.map((c) => ({
            value: c.value,
            selected: c.selected,
            available: c.available,
            href:
              c.variantId === null
                ? null
                : productPagePath(basePath, { id: product.id, productName: product.name, variantId: c.variantId }),
          })),
        })),
        // Every variant on sale, for the structured data (search engines read them all from this one page).
        variants:
          options.length === 0
            ? []
            : items.map((v) => ({
                name: v.name,
                sku: (v.variantId !== null && skus.get(v.variantId)) || v.key,
                priceDecimal: toDecimalString(v.price, currency),
                inStock: v.stock > 0,
                url: productPagePath(basePath, v),
                image: imageOf(v.imageKey, v.imageWidth, v.imageHeight)?.src ?? null,
              })),
      },
    },
    { headers: p.cache },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const site = loaderData?.site;
  const product = loaderData?.product;
  return siteMeta(site, {
    title: product ? `${product.name} | ${site?.name}` : "",
    path: loaderData?.path ?? "/",
    description: product ? product.description || `${product.name}: ${product.price}` : undefined,
    image: product?.image ?? null,
    type: "product",
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { site, product, path, shipping } = loaderData;
  const url = `${site.canonicalBase}${path}`;
  const soldOut = product.stock < 1;
  const offerOf = (price: string, inStock: boolean, offerUrl: string) => ({
    "@type": "Offer",
    url: offerUrl,
    price,
    priceCurrency: site.currency,
    availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    seller: { "@type": "Organization", name: site.name },
    // The price is what the shopper pays; an offer's old price is named as the struck-through one.
    priceSpecification: product.compareAtDecimal
      ? {
          "@type": "UnitPriceSpecification",
          priceType: "https://schema.org/StrikethroughPrice",
          price: product.compareAtDecimal,
          priceCurrency: site.currency,
        }
      : undefined,
  });
  const common = {
    "@context": "https://schema.org",
    name: product.name,
    description: product.description || undefined,
    image: product.photos.length ? product.photos.map((photo) => `${site.canonicalBase}${photo.image.src}`) : undefined,
    category: product.category ?? undefined,
    brand: { "@type": "Brand", name: site.name },
  };
  const structured =
    product.picker.length > 0
      ? {
          ...common,
          "@type": "ProductGroup",
          productGroupID: product.id,
          variesBy: product.picker.map((o) => o.name),
          hasVariant: product.variants.map((v) => ({
            "@type": "Product",
            name: v.name,
            sku: v.sku,
            image: v.image ? `${site.canonicalBase}${v.image}` : undefined,
            offers: offerOf(v.priceDecimal, v.inStock, `${site.canonicalBase}${v.url.slice(site.basePath.length)}`),
          })),
        }
      : { ...common, "@type": "Product", sku: product.id, offers: offerOf(product.priceDecimal, !soldOut, url) };
  const t = useT();
  return (
    <SiteShell site={site}>
      <article className="product">
        <ProductGallery photos={product.photos} name={product.name} />
        <div className="product-info">
          <h1>{product.name}</h1>
          <p className="prices">
            <span className="price big">{product.price}</span>
            <Offer offer={product.offer} />
            <PromotionBadge promotion={product.promotion} />
          </p>
          {product.promotion && <p className="promotion-note">{product.promotion.name}</p>}
          {product.picker.map((option) => (
            <fieldset key={option.name} className="picker">
              <legend>
                {option.name}: <strong>{option.choices.find((c) => c.selected)?.value}</strong>
              </legend>
              {option.choices.map((c) =>
                c.href === null ? (
                  <span key={c.value} className="choice off">
                    {c.value}{" "}
                    <span className="sr-only">
                      {t({ id: "site.product.choiceUnavailable", defaultMessage: "(no disponible)" })}
                    </span>
                  </span>
                ) : (
                  <a
                    key={c.value}
                    href={c.href}
                    className={`choice${c.selected ? " on" : ""}${c.available ? "" : " out"}`}
                    aria-current={c.selected ? "true" : undefined}
                    rel="nofollow"
                  >
                    {c.value}
                    {!c.available && (
                      <span className="sr-only">{t({ id: "site.product.choiceSoldOut", defaultMessage: " (agotado)" })}</span>
                    )}
                  </a>
                ),
              )}
            </fieldset>
          ))}
          <p className={soldOut ? "stock out" : "stock"}>
            {soldOut
              ? t({ id: "site.card.soldOut", defaultMessage: "Agotado" })
              : t({ id: "site.product.available", defaultMessage: "Disponible: {stock}" }, { stock: product.stock })}
          </p>
          {product.category && <p className="muted">{product.category}</p>}
          {product.description && <p className="description">{product.description}</p>}
          {soldOut ? (
            <p className="muted">
              {product.variant
                ? t(
                    { id: "site.product.variantSoldOut", defaultMessage: "{soldOut}: elige otra." },
                    { soldOut: t(VARIANT_CHOICE_MESSAGES.variantSoldOut) },
                  )
                : t({ id: "site.product.soldOut", defaultMessage: "Este producto no tiene unidades por ahora." })}
            </p>
          ) : (
            <form method="post" action={`${site.basePath}/Cart`} className="add">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={product.id} />
              {product.variantId !== null && <input type="hidden" name="variantId" value={product.variantId} />}
              <label>
                {t({ id: "site.product.quantity", defaultMessage: "Cantidad" })}
                <input type="number" name="quantity" defaultValue={1} min={1} max={product.stock} required inputMode="numeric" />
              </label>
              <button type="submit" className="button">
                {t({ id: "site.product.add", defaultMessage: "Agregar al carrito" })}
              </button>
            </form>
          )}
          {product.inCart > 0 && (
            <p className="muted">
              <Rich
                message={defineMessage({ id: "site.product.inCart", defaultMessage: "Ya tienes {count} en tu <a>carrito</a>." })}
                values={{
                  count: product.inCart,
                  a: (chunks) => (
                    <a key="a" href={`${site.basePath}/Cart`}>
                      {chunks}
                    </a>
                  ),
                }}
              />
            </p>
          )}
          {shipping && (
            <ShippingEstimateForm
              estimate={shipping}
              keep={product.variantId === null ? {} : { variante: String(product.variantId) }}
            />
          )}
        </div>
      </article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
    </SiteShell>
  );
}
