import { data } from "react-router";
import { bannerHref } from "~/domain/banner-links";
import { soldOutLast } from "~/domain/catalog";
import type { RouteHandle } from "~/root";
import { fileUrl } from "~/services/files";
import { useT } from "~/ui/messages";
import { siteHeaders } from "../headers";
import { Picture } from "../picture";
import { bannersQuery, HOME_PRODUCT_LIMIT, productListQuery, sectionItemsQuery } from "../queries.server";
import { siteMeta } from "../seo";
import { FIRST_SCREEN_CARDS, ProductCard, ProductGrid, SiteShell } from "../shell";
import { type Card, cardOf, imageOf, loadSitePage, type SiteImage } from "../site.server";
import type { Route } from "./+types/store-home";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

type SectionItem =
  | { kind: "product"; card: Card }
  | { kind: "image"; image: SiteImage }
  | { kind: "video"; src: string; poster: string | null; width: number; height: number };

const VIDEO_TYPES = new Map([
  ["mp4", "video/mp4"],
  ["webm", "video/webm"],
  ["m4v", "video/mp4"],
  ["mov", "video/quicktime"],
]);

export async function loader(args: Route.LoaderArgs) {
  const p = await loadSitePage(args, (storeId, db) => [
    bannersQuery(db, storeId),
    sectionItemsQuery(db, storeId),
    productListQuery(db, storeId, { limit: HOME_PRODUCT_LIMIT }),
  ]);
  const [bannerRows, sectionRows, newest] = p.page;
  const { basePath } = p.site;
  const sections: Array<{ id: string; title: string; items: SectionItem[] }> = [];
  for (const row of sectionRows) {
    let section = sections.at(-1);
    if (section?.id !== row.sectionId) {
      section = { id: row.sectionId, title: row.title, items: [] };
      sections.push(section);
    }
    if (row.type === "product" && row.product?.id) {
      section.items.push({ kind: "product", card: cardOf(basePath, p.site, row.product, p.promotions) });
    } else if (row.type === "image" && row.fileKey) {
      const image = imageOf(row.fileKey, row.width, row.height);
      if (image) section.items.push({ kind: "image", image });
    } else if (row.type === "video" && row.fileKey) {
      section.items.push({
        kind: "video",
        src: fileUrl(row.fileKey),
        poster: row.thumbKey ? fileUrl(row.thumbKey) : null,
        width: row.width ?? 711,
        height: row.height ?? 400,
      });
    }
  }
  return data(
    {
      site: p.site,
      banners: bannerRows.flatMap((b) => {
        const image = imageOf(b.key, b.width, b.height);
        return image ? [{ ...image, href: bannerHref(b.link, p.site) }] : [];
      }),
      // Products the store does not list came back empty; sold-out ones that it lists go last.
      sections: sections
        .filter((s) => s.items.length > 0)
        .map((s) => ({ ...s, items: soldOutLast(s.items, (item) => item.kind === "product" && item.card.soldOut) })),
      newest: newest.slice(0, HOME_PRODUCT_LIMIT).map((row) => cardOf(basePath, p.site, row, p.promotions)),
    },
    { headers: p.cache },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const site = loaderData?.site;
  return siteMeta(site, {
    title: site?.name ?? "",
    path: "/",
    description: site ? site.description || site.mainTitle : undefined,
    image: loaderData?.banners[0] ?? null,
  });
}

export default function StoreHome({ loaderData }: Route.ComponentProps) {
  const { site, banners, sections, newest } = loaderData;
  const hasBanner = banners.length > 0;
  const t = useT();
  const productsLabel = t({ id: "site.home.products", defaultMessage: "Productos" });
  return (
    <SiteShell site={site} current="home">
      {hasBanner && (
        <section
          className="carousel"
          data-carousel=""
          aria-roledescription={t({ id: "site.home.carousel", defaultMessage: "carrusel" })}
          aria-label={t({ id: "site.home.carouselLabel", defaultMessage: "Promociones" })}
        >
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls with the keyboard */}
          <div className="slides" tabIndex={0} style={{ aspectRatio: `${banners[0]?.width} / ${banners[0]?.height}` }}>
            {banners.map((b, i) => {
              const picture = (
                <Picture
                  key={b.src}
                  image={b}
                  sizes="(min-width: 1100px) 1100px, 100vw"
                  alt={t(
                    { id: "site.home.bannerAlt", defaultMessage: "Banner {number} de {count}" },
                    { number: i + 1, count: banners.length },
                  )}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding={i === 0 ? "sync" : "async"}
                />
              );
              return b.href ? (
                <a key={b.src} href={b.href} className="slide-link">
                  {picture}
                </a>
              ) : (
                picture
              );
            })}
          </div>
        </section>
      )}
      <section className="site-intro">
        <h1>{site.mainTitle || site.name}</h1>
        {site.description && <p>{site.description}</p>}
      </section>
      {sections.map((section, s) => (
        <section key={section.id} className="section" aria-labelledby={`s-${section.id}`}>
          <h2 id={`s-${section.id}`}>{section.title}</h2>
          <ul className="grid" aria-label={section.title}>
            {section.items.map((item, i) => {
              const eager = !hasBanner && s === 0 && i < FIRST_SCREEN_CARDS;
              if (item.kind === "product")
                return (
                  <ProductCard
                    key={`p${item.card.id}`}
                    card={item.card}
                    eager={eager}
                    priority={eager && i === 0}
                    behind={hasBanner}
                  />
                );
              if (item.kind === "image")
                return (
                  <li key={`i${item.image.src}`} className="tile">
                    <Picture
                      image={item.image}
                      sizes="(min-width: 1100px) 360px, 90vw"
                      alt=""
                      loading={eager ? "eager" : "lazy"}
                      fetchPriority={hasBanner ? "low" : undefined}
                      decoding="async"
                    />
                  </li>
                );
              return (
                <li key={`v${item.src}`} className="tile">
                  {/* biome-ignore lint/a11y/useMediaCaption: merchants upload their videos without caption tracks */}
                  <video
                    controls
                    playsInline
                    preload="none"
                    poster={item.poster ?? undefined}
                    width={item.width}
                    height={item.height}
                  >
                    <source src={item.src} type={VIDEO_TYPES.get(item.src.split(".").pop() ?? "")} />
                    <a href={item.src}>{t({ id: "site.home.watchVideo", defaultMessage: "Ver video" })}</a>
                  </video>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <section className="section" aria-labelledby="newest">
        <h2 id="newest">{site.storeTitle || productsLabel}</h2>
        {newest.length === 0 ? (
          <p className="empty">{t({ id: "site.home.empty", defaultMessage: "Esta tienda todavía no tiene productos." })}</p>
        ) : (
          <ProductGrid
            cards={newest}
            label={productsLabel}
            eager={!hasBanner && sections.length === 0 ? FIRST_SCREEN_CARDS : 0}
            priority={!hasBanner && sections.length === 0}
            behind={hasBanner}
          />
        )}
        {newest.length > 0 && (
          <p className="more">
            <a className="button secondary" href={`${site.basePath}/Store`}>
              {t({ id: "site.home.allProducts", defaultMessage: "Ver todos los productos" })}
            </a>
          </p>
        )}
      </section>
    </SiteShell>
  );
}
