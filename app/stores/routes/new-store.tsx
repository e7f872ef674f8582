import { useEffect, useRef, useState } from "react";
import { Form, redirect, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { STORE_CATEGORIES } from "~/domain/categories";
import type { Translate } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import { planPrice } from "~/domain/plans";
import { validTimeZone } from "~/domain/time-zones";
import { failure, parseForm } from "~/http/action-result";
import { getServices } from "~/services/services";
import { NEEDS_APP } from "~/ui/app-scripts";
import { flashHeader } from "~/ui/flash.server";
import { Field, FormAlert, SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { ConfirmDialog } from "~/ui/overlays";
import { invalid, refusal } from "~/workspace/action-results.server";
import { merchantContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { newStoreReads } from "../page-reads.server";
import { createStore } from "../stores.server";
import type { Route } from "./+types/new-store";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: accountPageTitle(t({ id: "stores.pageTitle.new", defaultMessage: "Nueva tienda" })) }];
};

const newStoreSchema = (t: Translate) => {
  const chooseCategory = t({ id: "stores.new.chooseCategory", defaultMessage: "Elige una categoría" });
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t({ id: "stores.new.required", defaultMessage: "Este campo es obligatorio" }))
      .max(60),
    category: z.coerce.number().int().min(1, chooseCategory).max(11, chooseCategory),
    timeZone: z.string().max(64).optional(),
    acceptExtraCost: z.literal("1").optional(),
  });
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const [[cost]] = await readPage(context, newStoreReads, { request, params });
  if (!cost) throw new Error(`plan ${user.plan} missing`);
  const atLimit = cost.ownedStores >= user.storesLimit;
  return {
    stores: cost.ownedStores,
    storesLimit: user.storesLimit,
    extraPerBill: atLimit ? formatMoney(planPrice(cost, cost.billingPeriod), cost.currency, null) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(merchantContext);
  const services = getServices(context);
  const t = merchantT(context);
  const parsed = parseForm(newStoreSchema(t), Object.fromEntries(await request.formData()), t);
  if (!parsed.success) return invalid("create", parsed.error);
  const { name, category, timeZone, acceptExtraCost } = parsed.data;
  try {
    const outcome = await createStore(
      services,
      user.id,
      { name, category, timeZone: validTimeZone(timeZone) },
      acceptExtraCost === "1",
      t,
    );
    if (outcome.kind === "needs_confirmation")
      return failure(
        {
          form: t(
            {
              id: "stores.new.limitReached",
              defaultMessage: "Tu plan llegó al límite de tiendas. Esta tienda suma {amount} a cada factura.",
            },
            { amount: formatMoney(outcome.extraPerBill, outcome.currency, null) },
          ),
        },
        { intent: "create", status: 409 },
      );
    const cookie = await flashHeader(
      services.config,
      notice(
        t({ id: "stores.new.created", defaultMessage: "Tienda creada" }),
        t({ id: "stores.new.createdText", defaultMessage: "La tienda {name} está lista." }, { name: outcome.store.name }),
      ),
    );
    return redirect(`/Store/${outcome.store.id}/info`, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return refusal("create", error, "name");
  }
}

export default function NewStore({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const { extraPerBill } = loaderData;
  const t = useT();
  const planStores = t(
    { id: "stores.new.planStores", defaultMessage: "{count, plural, one {{count} tienda} other {{count} tiendas}}" },
    { count: loaderData.storesLimit },
  );
  return (
    <section className="narrow">
      <h1>{t({ id: "stores.new.title", defaultMessage: "Nueva tienda" })}</h1>
      <p className="muted">
        {t(
          { id: "stores.new.count", defaultMessage: "Tienes {count} de {plan} en tu plan." },
          { count: String(loaderData.stores), plan: planStores },
        )}
      </p>
      {extraPerBill && (
        <p className="form-info" data-testid="limit-warning">
          {t(
            {
              id: "stores.new.atLimit",
              defaultMessage: "Llegaste al límite de tiendas de tu plan. Crear otra tienda suma {amount} a cada factura.",
            },
            { amount: extraPerBill },
          )}
        </p>
      )}
      {errors.form && (
        <FormAlert title={t({ id: "stores.new.notCreated", defaultMessage: "No se creó la tienda" })} description={errors.form} />
      )}
      <Form
        method="post"
        className="form"
        ref={formRef}
        {...(extraPerBill ? NEEDS_APP : {})}
        onSubmit={(event) => {
          if (!extraPerBill) return;
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <Field
          label={t({ id: "stores.new.name", defaultMessage: "Nombre de la tienda" })}
          name="name"
          error={errors.name}
          required
          maxLength={60}
        />
        <SelectField
          label={t({ id: "stores.new.category", defaultMessage: "Categoría" })}
          name="category"
          error={errors.category}
          defaultValue="0"
          options={[
            { value: "0", label: t({ id: "stores.new.chooseCategory", defaultMessage: "Elige una categoría" }) },
            ...STORE_CATEGORIES.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        <input type="hidden" name="timeZone" value={zone} />
        <button type="submit" className="button" disabled={busy}>
          {t({ id: "stores.new.submit", defaultMessage: "Crear tienda" })}
        </button>
      </Form>
      <ConfirmDialog
        open={confirming}
        title={t({ id: "stores.new.extraQuestion", defaultMessage: "¿Crear una tienda adicional?" })}
        description={t(
          { id: "stores.new.extraText", defaultMessage: "Tu plan incluye {plan}. Esta tienda suma {amount} a cada factura." },
          { plan: planStores, amount: extraPerBill },
        )}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const form = formRef.current;
          if (!form) return;
          const body = new FormData(form);
          body.set("acceptExtraCost", "1");
          await submit(body, { method: "post" });
          setConfirming(false);
        }}
      />
    </section>
  );
}
