import { data } from "react-router";
import { storeCountry } from "~/domain/countries";
import { POLICY_KINDS, POLICY_PAGES, type PolicyKind, policyText } from "~/domain/policies";
import { notFound } from "~/http/responses";
import type { RouteHandle } from "~/root";
import { PlainText } from "~/ui/plain-text";
import { siteHeaders } from "../headers";
import { POLICY_TITLES } from "../policy-titles";
import { storePolicyQuery } from "../queries.server";
import { siteMeta } from "../seo";
import { SiteShell } from "../shell";
import { loadSitePage } from "../site.server";
import type { Route } from "./+types/store-policy";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

const COLUMNS = { returns: "returnsPolicy", shipping: "shippingPolicy", privacy: "privacyPolicy" } as const;

/** Which of the store's pages the address names ('/envios'…): one module answers the three. */
function kindOf(request: Request): PolicyKind {
  const path = new URL(request.url).pathname.toLowerCase().replace(/\/$/, "");
  const kind = POLICY_KINDS.find((k) => path.endsWith(POLICY_PAGES[k].path));
  if (!kind) notFound();
  return kind;
}

/** 'Cambios y devoluciones', 'Envíos' or 'Privacidad': the merchant's text or the template, in the store's one batch. */
export async function loader(args: Route.LoaderArgs) {
  const kind = kindOf(args.request);
  const p = await loadSitePage(args, (storeId, db) => [storePolicyQuery(db, storeId, COLUMNS[kind])]);
  const [[row]] = p.page;
  const text = policyText(kind, row?.text ?? null, { name: p.store.name, country: storeCountry(p.store) }, p.t);
  return data({ site: p.site, kind, title: p.t(POLICY_TITLES[kind]), path: POLICY_PAGES[kind].path, text }, { headers: p.cache });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const site = loaderData?.site;
  return siteMeta(site, { title: `${loaderData?.title ?? ""} | ${site?.name ?? ""}`, path: loaderData?.path ?? "" });
}

export default function StorePolicy({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell site={loaderData.site}>
      <article className="policy">
        <h1>{loaderData.title}</h1>
        <PlainText text={loaderData.text} />
      </article>
    </SiteShell>
  );
}
