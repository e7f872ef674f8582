import { data, redirect } from "react-router";
import { offerView } from "~/domain/catalog";
import { productCategoryName } from "~/domain/categories";
import { formatMoney, toDecimalString } from "~/domain/money";
import { notFound } from "~/http/responses";
import type { RouteHandle } from "~/root";
import { ProductGallery } from "../gallery";
import { galleryPhotos } from "../gallery.server";
import { siteHeaders } from "../headers";
import { productPhotosQuery, productQuery } from "../queries.server";
import { jsonLd, siteMeta } from "../seo";
import { Offer, SiteShell } from "../shell";
import { imageOf, loadSitePage, productPath } from "../site.server";
import type { Route } from "./+types/product";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

function productNotFound(): never {
  notFound("not_found", { "Cache-Control": "no-store" });
}

export async function loader(args: Route.LoaderArgs) {
  const { id, title } = args.params;
  if (!/^\d{7}$/.test(id)) productNotFound();
  const p = await loadSitePage(args, (storeId, db) => [productQuery(db, storeId, id), productPhotosQuery(db, storeId, id)]);
  const [[product], photoRows] = p.page;
  if (!product) productNotFound();
  const href = productPath(p.site.basePath, product);
  // One address per product: a renamed product's old title redirects to the current one.
  if (href.split("/").at(-2) !== title) throw redirect(href, 301);
  const inCart = p.cart.find((l) => l.productId === product.id)?.quantity ?? 0;
  const image = imageOf(product.imageKey, product.imageWidth, product.imageHeight);
  const offer = offerView(product.price, product.compareAtPrice, p.site.currency);
  const path = href.slice(p.site.basePath.length);
  return data(
    {
      site: p.site,
      path,
      product: {
        id: product.id,
        name: product.name,
        description: product.description,
        price: formatMoney(product.price, p.site.currency),
        priceDecimal: toDecimalString(product.price, p.site.currency),
        offer,
        // An offer's old price is the compare-at price (null without an offer).
        compareAtDecimal:
          offer && product.compareAtPrice !== null ? toDecimalString(product.compareAtPrice, p.site.currency) : null,
        stock: product.stock,
        category: productCategoryName(product.category) ?? null,
        image,
        photos: galleryPhotos(photoRows, product),
        inCart,
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
  const { site, product, path } = loaderData;
  const url = `${site.canonicalBase}${path}`;
  const soldOut = product.stock < 1;
  const structured = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.id,
    description: product.description || undefined,
    image: product.photos.length ? product.photos.map((photo) => `${site.canonicalBase}${photo.image.src}`) : undefined,
    category: product.category ?? undefined,
    brand: { "@type": "Brand", name: site.name },
    offers: {
      "@type": "Offer",
      url,
      price: product.priceDecimal,
      priceCurrency: site.currency,
      availability: soldOut ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
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
    },
  };
  return (
    <SiteShell site={site}>
      <article className="product">
        <ProductGallery photos={product.photos} name={product.name} />
        <div className="product-info">
          <h1>{product.name}</h1>
          <p className="prices">
            <span className="price big">{product.price}</span>
            <Offer offer={product.offer} />
          </p>
          <p className={soldOut ? "stock out" : "stock"}>{soldOut ? "Agotado" : `Disponible: ${product.stock}`}</p>
          {product.category && <p className="muted">{product.category}</p>}
          {product.description && <p className="description">{product.description}</p>}
          {soldOut ? (
            <p className="muted">Este producto no tiene unidades por ahora.</p>
          ) : (
            <form method="post" action={`${site.basePath}/Cart`} className="add">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={product.id} />
              <label>
                Cantidad
                <input type="number" name="quantity" defaultValue={1} min={1} max={product.stock} required inputMode="numeric" />
              </label>
              <button type="submit" className="button">
                Agregar al carrito
              </button>
            </form>
          )}
          {product.inCart > 0 && (
            <p className="muted">
              Ya tienes {product.inCart} en tu <a href={`${site.basePath}/Cart`}>carrito</a>.
            </p>
          )}
        </div>
      </article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
    </SiteShell>
  );
}
