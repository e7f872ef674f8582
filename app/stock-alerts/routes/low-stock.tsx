import { data, Form, useActionData } from "react-router";
import { z } from "zod";
import type { Translate } from "~/domain/messages";
import { failure, isFailure, parseForm } from "~/http/action-result";
import { getServices } from "~/services/services";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { STOCK_ALERT_MESSAGES } from "../messages";
import { lowStockReads } from "../page-reads.server";
import { setProductThreshold, setStoreThreshold } from "../stock-alerts.server";
import type { Route } from "./+types/low-stock";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "stockAlerts.pageTitle.title", defaultMessage: "Aviso de poco stock" }), matches) }];
};

const actionSchema = (t: Translate) => {
  /** An empty field: no threshold; else a whole number of units. */
  const thresholdField = z
    .string()
    .trim()
    .regex(/^\d{0,7}$/, { error: t(STOCK_ALERT_MESSAGES.threshold) })
    .transform((s) => (s === "" ? null : Number(s)));
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("store"), threshold: thresholdField }),
      z.object({
        intent: z.literal("product"),
        productId: z.string().regex(/^\d{7}$/, { error: t(STOCK_ALERT_MESSAGES.product) }),
        threshold: thresholdField,
      }),
    ],
    { error: t({ id: "stockAlerts.refusal.intent", defaultMessage: "Acción no válida" }) },
  );
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const [[own], thresholds, rows] = await readPage(context, lowStockReads, { request, params });
  const byProduct = new Map(thresholds.map((t) => [t.productId, t.threshold]));
  const fallback = own?.threshold ?? null;
  return {
    storeId: store.id,
    threshold: fallback,
    products: rows.map((p) => {
      const threshold = byProduct.get(p.id) ?? null;
      const applies = threshold ?? fallback;
      return { id: p.id, name: p.name, available: p.available, threshold, low: applies !== null && p.available <= applies };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  const { db, clock } = getServices(context);
  const t = merchantT(context);
  const parsed = parseForm(actionSchema(t), Object.fromEntries(await request.formData()), t);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failure({ form: issue?.message ?? t(STOCK_ALERT_MESSAGES.threshold) });
  }
  const input = parsed.data;
  if (input.intent === "store") {
    await setStoreThreshold(db, actingUser(context), store.id, input.threshold, clock.now());
    return data({ message: t(STOCK_ALERT_MESSAGES.saved) });
  }
  if (!(await setProductThreshold(db, actingUser(context), store.id, input.productId, input.threshold, clock.now())))
    return failure({ form: t(STOCK_ALERT_MESSAGES.product) }, { status: 404 });
  return data({ message: t(STOCK_ALERT_MESSAGES.saved) });
}

export default function LowStock({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const t = useT();
  const noAlert = t({ id: "stockAlerts.page.noAlert", defaultMessage: "Sin aviso" });
  const save = t({ id: "stockAlerts.page.save", defaultMessage: "Guardar" });
  return (
    <section className="low-stock" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">{t({ id: "stockAlerts.page.title", defaultMessage: "Aviso de poco stock" })}</h2>
      <p className="muted">
        {t({
          id: "stockAlerts.page.intro",
          defaultMessage:
            "Cuando las unidades disponibles de un producto bajan hasta el número que elijas, te avisamos una vez en tus dispositivos y por correo. Volvemos a avisarte de ese producto cuando su stock suba y vuelva a bajar.",
        })}
      </p>
      {answer && (
        <p className={isFailure(answer) ? "field-error" : "muted"} role="status">
          {isFailure(answer) ? answer.errors.form : answer.message}
        </p>
      )}
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="store" />
        <div className="field">
          <label htmlFor="low-stock-store">
            {t({ id: "stockAlerts.page.storeThreshold", defaultMessage: "Avisar con (todos los productos)" })}
          </label>
          <input
            id="low-stock-store"
            name="threshold"
            inputMode="numeric"
            defaultValue={loaderData.threshold ?? ""}
            key={`s-${loaderData.threshold ?? ""}`}
            placeholder={noAlert}
          />
        </div>
        <button type="submit" className="button">
          {save}
        </button>
      </Form>
      <ul className="low-stock-products">
        {loaderData.products.map((p) => (
          <li key={p.id} data-product={p.id}>
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="product" />
              <input type="hidden" name="productId" value={p.id} />
              <div className="field">
                <label htmlFor={`low-stock-${p.id}`}>
                  {p.name} ·{" "}
                  {t(
                    {
                      id: "stockAlerts.page.available",
                      defaultMessage: "{count, plural, one {{count} disponible} other {{count} disponibles}}",
                    },
                    { count: p.available },
                  )}
                  {p.low && <span className="tag low-stock-tag"> {t(STOCK_ALERT_MESSAGES.lowStock)}</span>}
                </label>
                <input
                  id={`low-stock-${p.id}`}
                  name="threshold"
                  inputMode="numeric"
                  defaultValue={p.threshold ?? ""}
                  key={`p-${p.threshold ?? ""}`}
                  placeholder={
                    loaderData.threshold === null
                      ? noAlert
                      : t(
                          { id: "stockAlerts.page.storeDefault", defaultMessage: "{threshold} (de la tienda)" },
                          { threshold: loaderData.threshold },
                        )
                  }
                />
              </div>
              <button type="submit" className="button secondary">
                {save}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
