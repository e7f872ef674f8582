import { CONSUMER_DEFENSE_TEXT, CONSUMER_DEFENSE_URL } from "~/domain/withdrawals";
import { useT } from "~/ui/messages";
import type { SiteView } from "./site.server";

/**
 * The footer's legal part on every store page: the store's own pages, its fiscal identity when the merchant gave it,
 * and in Argentina the 'Botón de arrepentimiento' and the consumer-protection link. Plain links: no JavaScript needed.
 */
export function FooterLegal({ site }: { site: Pick<SiteView, "policies" | "fiscal" | "withdrawalHref"> }) {
  const t = useT();
  return (
    <div className="footer-legal">
      <ul className="footer-policies" aria-label={t({ id: "site.footer.policies", defaultMessage: "Políticas de la tienda" })}>
        {site.policies.map((page) => (
          <li key={page.href}>
            <a href={page.href}>{page.title}</a>
          </li>
        ))}
        {site.withdrawalHref && (
          <li>
            <a className="footer-withdrawal" href={site.withdrawalHref}>
              {t({ id: "site.withdrawal.title", defaultMessage: "Botón de arrepentimiento" })}
            </a>
          </li>
        )}
      </ul>
      {site.withdrawalHref && (
        <p className="footer-consumer">
          <a href={CONSUMER_DEFENSE_URL} rel="noopener">
            {CONSUMER_DEFENSE_TEXT}
          </a>
        </p>
      )}
      {site.fiscal && <p className="footer-fiscal">{site.fiscal}</p>}
    </div>
  );
}
