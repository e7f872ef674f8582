import { failure, parseForm } from "~/http/action-result";
import { getServices } from "~/services/services";
import { invalid } from "~/workspace/action-results.server";
import { ownedStoreContext, publicSiteUnchangedContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { subscribe, unsubscribe } from "../push-subscriptions.server";
import { PUSH_MESSAGES, subscriptionSchema, unsubscribeSchema } from "../subscription-form";
import type { Route } from "./+types/push-subscriptions";

/**
 * /Store/{storeId}/notifications: the push toggle of the sales page posts here. `subscribe` saves
 * this browser's subscription for the store, `unsubscribe` forgets it. The store is the one the
 * workspace guard resolved for the signed-in owner; another merchant's store id is a 404 before this runs.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  // Which devices hear of orders is not on the public site: its cached pages stay.
  context.set(publicSiteUnchangedContext, true);
  const { db, clock, config } = getServices(context);
  const form = await request.formData();
  const fields = Object.fromEntries(form);
  const intent = form.get("intent");
  const t = merchantT(context);
  if (intent === "subscribe") {
    const parsed = await subscriptionSchema(config.VITRINA_ENV, t).safeParseAsync(fields);
    if (!parsed.success) return invalid("subscribe", parsed.error);
    const target = { endpoint: parsed.data.endpoint, p256dh: parsed.data["keys.p256dh"], auth: parsed.data["keys.auth"] };
    const devices = await subscribe(db, store.id, target, clock.now());
    return { ok: true as const, intent: "subscribe" as const, devices };
  }
  if (intent === "unsubscribe") {
    const parsed = parseForm(unsubscribeSchema(t), fields, t);
    if (!parsed.success) return invalid("unsubscribe", parsed.error);
    const devices = await unsubscribe(db, store.id, parsed.data.endpoint);
    return { ok: true as const, intent: "unsubscribe" as const, devices };
  }
  return failure({ form: t(PUSH_MESSAGES.intent) }, { status: 400 });
}
