// 'Logo y banner': the store's logo and the images of its home carousel, with where each one leads.

import { useState } from "react";
import { bannerTargets } from "~/domain/banner-links";
import { sendWithProgress } from "~/media/upload-progress";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { handleBrandAction } from "../brand-actions.server";
import { BannerPanel, LogoPanel } from "../brand-panels";
import { storeBrandReads } from "../page-reads.server";
import type { Route } from "./+types/store-brand";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "stores.pageTitle.brand", defaultMessage: "Logo y banner" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const [banners, sections, products] = await readPage(context, storeBrandReads, { request, params });
  return {
    store: { id: store.id, name: store.name, logo: store.logoKey ? fileUrl(store.logoKey) : null },
    banners: banners.map((b) => ({
      id: b.id,
      src: fileUrl(b.key),
      name: b.name,
      width: b.width,
      height: b.height,
      link: b.link,
    })),
    bannerTargets: bannerTargets(sections, products),
    plan: merchantPlanLimits(context),
    // 'Eliminar' without JavaScript opens ?eliminar={id}: the page asks there before the delete is posted.
    removing: removingBanner(banners, new URL(request.url).searchParams.get("eliminar")),
  };
}

/** The store's banner ?eliminar= names, to confirm its deletion; null for none or another store's. */
function removingBanner(banners: Array<{ id: number; name: string }>, id: string | null) {
  const banner = id ? banners.find((b) => String(b.id) === id) : undefined;
  return banner ? { id: banner.id, name: banner.name } : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleBrandAction(
    getServices(context),
    actingUser(context),
    merchantPlanLimits(context),
    context.get(ownedStoreContext),
    await request.formData(),
    merchantT(context),
  );
}

/** With JavaScript, files go up with a progress bar and 'Cancelar' (the same action answers). */
export async function clientAction(args: Route.ClientActionArgs) {
  return sendWithProgress(args);
}

export default function StoreBrand({ loaderData, actionData }: Route.ComponentProps) {
  const { store, banners, plan } = loaderData;
  const errorsOf = (intent: string): Record<string, string | undefined> =>
    actionData?.intent === intent ? actionData.errors : {};
  // One upload problem at a time, shown under the form it is about.
  const [uploadProblem, setUploadProblem] = useState<{ intent: string; message: string } | null>(null);
  const problemOf = (intent: string) => (uploadProblem?.intent === intent ? uploadProblem.message : undefined);
  const reportProblem = (intent: string) => (message: string | null) => setUploadProblem(message ? { intent, message } : null);
  return (
    <div className="info-grid">
      <LogoPanel store={store} errors={errorsOf("logo")} problem={problemOf("logo")} onProblem={reportProblem("logo")} />
      <BannerPanel
        banners={banners}
        removing={loaderData.removing}
        targets={loaderData.bannerTargets}
        linkErrors={errorsOf("banner-link")}
        plan={plan}
        errors={errorsOf("banner")}
        problem={problemOf("banner")}
        onProblem={reportProblem("banner")}
      />
    </div>
  );
}
