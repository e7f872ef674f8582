import { createContext, type ReactNode, useContext } from "react";
import { storeLinkHref } from "~/domain/banner-links";
import { cardPriceText, type OfferView } from "~/domain/catalog";
import { useT } from "~/ui/messages";
import { FooterLegal } from "./footer-legal";
import { Picture } from "./picture";
import type { Card, SiteView } from "./site.server";
import { SITE_SCRIPT_LOADER } from "./site-script-loader";

/** Header (logo, search, Inicio / Tienda / Carrito with the badge), page, footer, and the one script. */
export function SiteShell({
  site,
  current,
  query,
  children,
}: {
  site: SiteView;
  current?: "home" | "store" | "cart";
  query?: string;
  children: ReactNode;
}) {
  const b = site.basePath;
  const { look } = site;
  const nameShown = look.header.showName || !site.logoIcon;
  const t = useT();
  const searchLabel = t({ id: "site.shell.searchLabel", defaultMessage: "Buscar productos" });
  return (
    <div className="site" {...look.attrs}>
      {look.announcement && <Announcement text={look.announcement.text} link={look.announcement.link} basePath={b} />}
      <header className="site-header">
        <a className="brand" href={site.homeHref}>
          {/* Low: the page's largest picture (a banner, the first cards) is asked for first and gets the first connection. */}
          {site.logoIcon && <img src={site.logoIcon} alt="" width={40} height={40} fetchPriority="low" />}
          <span className={nameShown ? undefined : "sr-only"}>{site.name}</span>
        </a>
        <search className="search">
          <form method="get" action={`${b}/Search`}>
            <input type="search" name="q" defaultValue={query} placeholder={searchLabel} aria-label={searchLabel} />
            <button type="submit">{t({ id: "site.shell.search", defaultMessage: "Buscar" })}</button>
          </form>
        </search>
        <nav className="site-nav" aria-label={t({ id: "site.shell.navLabel", defaultMessage: "Principal" })}>
          <a href={site.homeHref} aria-current={current === "home" ? "page" : undefined}>
            {t({ id: "site.shell.home", defaultMessage: "Inicio" })}
          </a>
          <a href={`${b}/Store`} aria-current={current === "store" ? "page" : undefined}>
            {t({ id: "site.shell.store", defaultMessage: "Tienda" })}
          </a>
          <a href={`${b}/Cart`} aria-current={current === "cart" ? "page" : undefined}>
            {t({ id: "site.shell.cart", defaultMessage: "Carrito" })}{" "}
            <span className="badge" data-cart-count={site.cartCount}>
              <span className="sr-only">(</span>
              {site.cartCount}
              <span className="sr-only">{t({ id: "site.shell.cartCountUnit", defaultMessage: " productos)" })}</span>
            </span>
          </a>
        </nav>
      </header>
      <main className="site-main">
        {site.notice && (
          <p className={`site-notice ${site.notice.tone}`} role={site.notice.tone === "error" ? "alert" : "status"}>
            {site.notice.text}
          </p>
        )}
        <CardsContext value={{ addTo: look.cards.addButton ? `${b}/Cart` : null }}>{children}</CardsContext>
      </main>
      <footer className="site-footer">
        <span>{site.name}</span>
        {site.location && <span> · {site.location}</span>}
        {site.contactHref && (
          // A line of its own: joined by a '·', a phone wrapped it to the next line and left the '·' at the end of this one.
          <span className="footer-contact-item">
            <a className="footer-contact" href={site.contactHref} rel="noopener">
              {t({ id: "site.shell.whatsapp", defaultMessage: "Escríbenos por WhatsApp" })}
            </a>
          </span>
        )}
        {site.hours && (
          <p className="footer-hours">
            <strong>{t({ id: "site.shell.hours", defaultMessage: "Horario:" })}</strong> {site.hours}
          </p>
        )}
        {site.social.length > 0 && (
          <ul className="footer-social" aria-label={t({ id: "site.shell.social", defaultMessage: "Redes sociales" })}>
            {site.social.map((link) => (
              <li key={link.label}>
                <a href={link.href} rel="noopener me">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
        <FooterLegal site={site} />
        <p className="muted footer-made">{t({ id: "site.shell.madeWith", defaultMessage: "Tienda creada con Vitrina" })}</p>
      </footer>
      {/* Asks for the enhancement script after the page's load on a first visit, at once on later ones. */}
      <script data-site-script={site.script} dangerouslySetInnerHTML={{ __html: SITE_SCRIPT_LOADER }} />
    </div>
  );
}

/** The look's announcement bar; its link is a page of the store (a path under it) or an https address. */
function Announcement({ text, link, basePath }: { text: string; link: string; basePath: string }) {
  const href = link ? storeLinkHref(link, basePath) : null;
  return <p className="announce">{href ? <a href={href}>{text}</a> : text}</p>;
}

/** Where a card's 'Agregar' button posts (the store's cart), or null when the look shows no button. */
const CardsContext = createContext<{ addTo: string | null }>({ addTo: null });

/** A card's name cut where a search matched, the matched parts marked. */
type NameParts = Array<{ text: string; match: boolean }>;

export function ProductCard({
  card,
  eager,
  priority,
  behind,
}: {
  card: Card & { nameParts?: NameParts };
  eager?: boolean;
  priority?: boolean;
  /** Under the page's largest picture (a banner): its picture asks after it, at low priority, even on the first screen. */
  behind?: boolean;
}) {
  const { addTo } = useContext(CardsContext);
  const t = useT();
  return (
    <li className="card">
      <a href={card.href}>
        {card.image ? (
          <Picture
            image={card.image}
            sizes="(min-width: 1100px) 200px, (min-width: 600px) 30vw, 45vw"
            alt={card.name}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : behind ? "low" : undefined}
            decoding="async"
          />
        ) : (
          <span className="noimg" aria-hidden="true" />
        )}
        <span className="card-body">
          <span className="card-name">
            {card.nameParts
              ? card.nameParts.map((part, i) =>
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never reordered
                  part.match ? <mark key={i}>{part.text}</mark> : part.text,
                )
              : card.name}
          </span>
          <span className="prices">
            <span className="price">{cardPriceText(card)}</span>
            <Offer offer={card.offer} />
            <PromotionBadge promotion={card.promotion} />
          </span>
          {card.soldOut && <span className="sold-out">{t({ id: "site.card.soldOut", defaultMessage: "Agotado" })}</span>}
        </span>
      </a>
      {addTo && !card.soldOut && <CardAdd card={card} addTo={addTo} />}
    </li>
  );
}

/** A card's 'Agregar': one unit to the cart, or 'Elegir' on the product's page when it has options. */
function CardAdd({ card, addTo }: { card: Card; addTo: string }) {
  const t = useT();
  if (card.hasOptions)
    return (
      <p className="card-add">
        <a
          className="button secondary"
          href={card.href}
          aria-label={t({ id: "site.card.chooseLabel", defaultMessage: "Elegir opciones de {name}" }, { name: card.name })}
        >
          {t({ id: "site.card.choose", defaultMessage: "Elegir" })}
        </a>
      </p>
    );
  return (
    <form method="post" action={addTo} className="card-add">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={card.id} />
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        className="button"
        aria-label={t({ id: "site.card.addLabel", defaultMessage: "Agregar {name} al carrito" }, { name: card.name })}
      >
        {t({ id: "site.card.add", defaultMessage: "Agregar" })}
      </button>
    </form>
  );
}

/** A live promotion's badge ('2x1', '-20 %'), titled with its name. */
export function PromotionBadge({ promotion }: { promotion: { badge: string; name: string } | null }) {
  const t = useT();
  if (!promotion) return null;
  return (
    <>
      {" "}
      <span className="discount" title={promotion.name} data-promotion="">
        <span className="sr-only">{t({ id: "site.card.promotion", defaultMessage: "Promoción: " })}</span>
        {promotion.badge}
      </span>
    </>
  );
}

/** The price before the offer, struck through (named for screen readers), and the '-N %' badge. */
export function Offer({ offer }: { offer: OfferView }) {
  const t = useT();
  if (!offer) return null;
  return (
    <>
      {" "}
      <s className="was">
        <span className="sr-only">{t({ id: "site.card.previousPrice", defaultMessage: "Precio anterior: " })}</span>
        {offer.compareAt}
      </s>
      {offer.badge && (
        <>
          {" "}
          <span className="discount">{offer.badge}</span>
        </>
      )}
    </>
  );
}

/**
 * Cards whose pictures load at once: the first two rows on a phone, where the page's largest picture is (a lazy
 * one would start only after the layout, and the picture a phone shows first must not wait).
 */
export const FIRST_SCREEN_CARDS = 4;

/** A product grid; `eager` first cards load at once (above the fold), the first may be the LCP image. */
export function ProductGrid({
  cards,
  label,
  eager = 0,
  priority = false,
  behind = false,
  list = false,
}: {
  cards: Array<Card & { nameParts?: NameParts }>;
  label: string;
  eager?: number;
  priority?: boolean;
  behind?: boolean;
  list?: boolean;
}) {
  return (
    <ul className="grid" aria-label={label} data-list={list ? "" : undefined}>
      {cards.map((card, i) => (
        <ProductCard key={card.id} card={card} eager={i < eager} priority={priority && i === 0} behind={behind} />
      ))}
    </ul>
  );
}

/** 'Cargar más productos' (a link showing the next page too; the script appends in place) or the end text. */
export function Pager({ nextHref, endText }: { nextHref: string | null; endText: string }) {
  const t = useT();
  return (
    <div className="pager" data-pager="">
      {nextHref ? (
        <a className="button" href={nextHref} data-more="" rel="nofollow">
          {t({ id: "site.pager.more", defaultMessage: "Cargar más productos" })}
        </a>
      ) : (
        <p className="muted" role="status">
          {endText}
        </p>
      )}
    </div>
  );
}
