import { eq } from "drizzle-orm";
import { useEffect, useRef, useState } from "react";
import { Form, redirect, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { STORE_CATEGORIES } from "~/domain/categories";
import { formatMoney } from "~/domain/money";
import { planPrice } from "~/domain/plans";
import { validTimeZone } from "~/domain/time-zones";
import { storesCount } from "~/domain/words";
import { failure } from "~/http/action-result";
import { getServices } from "~/services/services";
import { flashHeader } from "~/ui/flash.server";
import { Field, FormAlert, SelectField } from "~/ui/form";
import { notice } from "~/ui/notice";
import { ConfirmDialog } from "~/ui/overlays";
import { invalid, refusal } from "~/workspace/action-results.server";
import { merchantContext } from "~/workspace/context.server";
import { plans } from "../../../db/schema";
import { countStoresOfOwner, createStore } from "../stores.server";
import type { Route } from "./+types/new-store";

export const meta: Route.MetaFunction = () => [{ title: "Nueva tienda | Vitrina" }];

const newStoreSchema = z.object({
  name: z.string().trim().min(1, "Este campo es obligatorio").max(60),
  category: z.coerce.number().int().min(1, "Elige una categoría").max(11, "Elige una categoría"),
  timeZone: z.string().max(64).optional(),
  acceptExtraCost: z.literal("1").optional(),
});

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { db } = getServices(context);
  const [storeCount, plan] = await Promise.all([
    countStoresOfOwner(db, user.id),
    db.query.plans.findFirst({ where: eq(plans.id, user.plan) }),
  ]);
  if (!plan) throw new Error(`plan ${user.plan} missing`);
  const atLimit = storeCount >= user.storesLimit;
  return {
    stores: storeCount,
    storesLimit: user.storesLimit,
    extraPerBill: atLimit ? formatMoney(planPrice(plan, user.billingPeriod), plan.currency, null) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(merchantContext);
  const services = getServices(context);
  const parsed = newStoreSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return invalid("create", parsed.error);
  const { name, category, timeZone, acceptExtraCost } = parsed.data;
  try {
    const outcome = await createStore(
      services,
      user.id,
      { name, category, timeZone: validTimeZone(timeZone) },
      acceptExtraCost === "1",
    );
    if (outcome.kind === "needs_confirmation")
      return failure(
        {
          form: `Tu plan llegó al límite de tiendas. Esta tienda suma ${formatMoney(outcome.extraPerBill, outcome.currency, null)} a cada factura.`,
        },
        { intent: "create", status: 409 },
      );
    const cookie = await flashHeader(services.config, notice("Tienda creada", `La tienda ${outcome.store.name} está lista.`));
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
  return (
    <section className="narrow">
      <h1>Nueva tienda</h1>
      <p className="muted">
        Tienes {loaderData.stores} de {storesCount(loaderData.storesLimit)} en tu plan.
      </p>
      {extraPerBill && (
        <p className="form-info" data-testid="limit-warning">
          Llegaste al límite de tiendas de tu plan. Crear otra tienda suma {extraPerBill} a cada factura.
        </p>
      )}
      {errors.form && <FormAlert title="No se creó la tienda" description={errors.form} />}
      <Form
        method="post"
        className="form"
        ref={formRef}
        onSubmit={(event) => {
          if (!extraPerBill) return;
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <Field label="Nombre de la tienda" name="name" error={errors.name} required maxLength={60} />
        <SelectField
          label="Categoría"
          name="category"
          error={errors.category}
          defaultValue="0"
          options={[
            { value: "0", label: "Elige una categoría" },
            ...STORE_CATEGORIES.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        <input type="hidden" name="timeZone" value={zone} />
        <button type="submit" className="button" disabled={busy}>
          Crear tienda
        </button>
      </Form>
      <ConfirmDialog
        open={confirming}
        title="¿Crear una tienda adicional?"
        description={`Tu plan incluye ${storesCount(loaderData.storesLimit)}. Esta tienda suma ${extraPerBill} a cada factura.`}
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
