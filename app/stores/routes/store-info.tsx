import type { SoldOutListing } from "~/domain/catalog";
import { countryOptions, storeCountry } from "~/domain/countries";
import { currencyChoices } from "~/domain/currencies";
import { displayPhone, phoneExample, storedPhone } from "~/domain/phone";
import { setupSteps } from "~/domain/setup-steps";
import { timeZoneChoices } from "~/domain/time-zones";
import { publicStoreUrl } from "~/services/config";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext, storeRoleContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { setupFactsOf } from "~/workspace/setup-progress.server";
import { handleInfoAction } from "../info-actions.server";
import { CurrencyPanel, DeletePanel, InfoPanel, SetupPanel, SharePanel } from "../info-panels";
import { storeInfoReads } from "../page-reads.server";
import type { Route } from "./+types/store-info";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "stores.pageTitle.info", defaultMessage: "Información" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const country = storeCountry(store);
  const [facts] = await readPage(context, storeInfoReads, { request, params });
  const steps = setupSteps(store.id, setupFactsOf(facts, store), merchantT(context));
  const soldOut: SoldOutListing = store.hideSoldOut ? "hidden" : "last";
  return {
    store: {
      id: store.id,
      name: store.name,
      category: String(store.category),
      currency: store.currency,
      description: store.description,
      mainTitle: store.mainTitle,
      storeTitle: store.storeTitle,
      saleNumber: displayPhone(store.saleNumber),
      attentionNumber: displayPhone(store.attentionNumber),
      country,
      phoneExample: phoneExample(country),
      // A number saved before the country's rules that they do not read as any real number: the merchant is told.
      wrongNumbers: (["saleNumber", "attentionNumber"] as const).filter(
        (field) => store[field] !== "" && storedPhone(store[field], country) === null,
      ),
      location: store.location,
      instagram: store.instagram,
      facebook: store.facebook,
      tiktok: store.tiktok,
      hours: store.hours,
      timeZone: store.timeZone,
      soldOut,
      qrPng: store.qrPngKey ? fileUrl(store.qrPngKey) : null,
      qrSvg: store.qrSvgKey ? fileUrl(store.qrSvgKey) : null,
      publicUrl: publicStoreUrl(getServices(context).config, store),
    },
    // The domain and deleting the store are the owner's.
    owner: context.get(storeRoleContext) === "owner",
    // Shown until every step is done.
    setup: steps.every((step) => step.done) ? null : steps,
    // Built on the server: the browser's Intl data may differ, and the page must hydrate identically.
    currencies: currencyChoices(),
    // 'Buenos Aires (GMT−3)': each zone's offset today.
    timeZones: timeZoneChoices(getServices(context).clock.now(), store.timeZone),
    countries: countryOptions(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleInfoAction(
    getServices(context),
    actingUser(context),
    context.get(ownedStoreContext),
    await request.formData(),
    merchantT(context),
  );
}

export default function StoreInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { store } = loaderData;
  const errorsOf = (intent: string): Record<string, string | undefined> =>
    actionData?.intent === intent ? actionData.errors : {};
  return (
    <div className="info-grid">
      {loaderData.setup && <SetupPanel steps={loaderData.setup} />}
      <SharePanel store={store} owner={loaderData.owner} />
      <CurrencyPanel choices={loaderData.currencies} currency={store.currency} error={errorsOf("currency").currency} />
      <InfoPanel
        store={store}
        timeZones={loaderData.timeZones}
        countries={loaderData.countries}
        errors={errorsOf("info")}
        values={actionData?.intent === "info" ? actionData.values : undefined}
        title={actionData?.intent === "info" ? actionData.title : undefined}
      />
      {loaderData.owner && <DeletePanel storeName={store.name} />}
    </div>
  );
}
