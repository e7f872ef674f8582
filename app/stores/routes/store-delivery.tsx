// 'Entrega': how the store's orders reach the buyer (pickup, home delivery by zones, arranged), its own page.

import { storeCountry } from "~/domain/countries";
import { pickupPointText } from "~/domain/delivery";
import { zoneSummary } from "~/domain/delivery-settings";
import { postalCodeExample } from "~/domain/postal-codes";
import { amountInputText } from "~/domain/product-fields";
import { failure, textFields } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { handleDeliveryAction, isDeliveryIntent } from "../delivery-actions.server";
import { DeliveryPanel } from "../delivery-panel";
import { storeDeliveryReads } from "../page-reads.server";
import type { Route } from "./+types/store-delivery";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "stores.pageTitle.delivery", defaultMessage: "Entrega" }), matches) }];
};

const deliveryPagePath = (storeId: string) => `/Store/${storeId}/delivery`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const [pickupPoints, zones] = await readPage(context, storeDeliveryReads, { request, params });
  const amount = (minor: number | null) => (minor === null ? "" : amountInputText(minor, store.currency, store.country));
  return {
    currency: store.currency,
    location: store.location,
    postalExample: postalCodeExample(storeCountry(store)),
    delivery: {
      methods: {
        pickupEnabled: store.pickupEnabled,
        homeDeliveryEnabled: store.homeDeliveryEnabled,
        arrangeEnabled: store.arrangeEnabled,
      },
      pickupPoints: pickupPoints.map((p) => ({ ...p, text: pickupPointText(p) })),
      zones: zones.map((z) => ({
        id: z.id,
        name: z.name,
        text: zoneSummary(z, store),
        fee: amount(z.fee),
        minOrder: amount(z.minOrder),
        freeFrom: amount(z.freeFrom),
        postalCodes: z.postalCodes,
      })),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  const t = merchantT(context);
  if (!isDeliveryIntent(intent))
    return failure({ form: t({ id: "stores.delivery.unknownIntent", defaultMessage: "Elige qué guardar" }) });
  // A save stays on this page and confirms in place.
  return handleDeliveryAction(
    services.db,
    actingUser(context),
    store,
    intent,
    fields,
    services.clock.now(),
    (title, description) => redirectWithNotice(services.config, deliveryPagePath(store.id), notice(title, description)),
    t,
  );
}

export default function StoreDelivery({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="info-grid">
      <DeliveryPanel
        delivery={loaderData.delivery}
        currency={loaderData.currency}
        location={loaderData.location}
        postalExample={loaderData.postalExample}
        answer={actionData}
      />
    </div>
  );
}
