import { Form } from "react-router";
import { z } from "zod";
import { setMailChoices } from "~/auth/users.server";
import { planLabel } from "~/domain/plans";
import { checkboxField } from "~/domain/product-fields";
import { failure, fieldErrors, textFields } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { CheckboxChoice, FormError } from "~/ui/form";
import { notice } from "~/ui/notice";
import { merchantContext } from "~/workspace/context.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Cuenta | Vitrina" }];

export async function loader({ context }: Route.LoaderArgs) {
  const u = context.get(merchantContext);
  return {
    name: u.name,
    lastname: u.lastname,
    email: u.email,
    // Written here, in UTC like the bills' dates: the browser's zone would write another day than the server's.
    created: new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(u.createdAt),
    plan: u.trialStarted ? planLabel(u.plan, u.billingPeriod) : "Sin plan",
    storesLimit: u.storesLimit,
    mails: { reminderMails: u.reminderMails, orderMails: u.orderMails },
  };
}

/** The optional emails; a checkbox posts 'on' when ticked and nothing when not. */
const MAIL_CHOICES = [
  {
    name: "reminderMails",
    label: "Recordatorios de pago",
    hint: "3 días antes de que termine tu mes gratis y 6 días antes de cada vencimiento.",
  },
  {
    name: "orderMails",
    label: "Un correo por cada pedido nuevo",
    hint: "Con el detalle del pedido. Las notificaciones del teléfono se eligen en Ventas, en cada dispositivo.",
  },
] as const;

const mailChoicesSchema = z.object({
  intent: z.literal("mails", "Elige qué guardar"),
  reminderMails: checkboxField,
  orderMails: checkboxField,
});

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const merchant = context.get(merchantContext);
  const parsed = mailChoicesSchema.safeParse(textFields(await request.formData()));
  if (!parsed.success) return failure(fieldErrors(parsed.error));
  const { reminderMails, orderMails } = parsed.data;
  await setMailChoices(services.db, merchant.id, { reminderMails, orderMails });
  return redirectWithNotice(
    services.config,
    "/Account#correos",
    notice("Correos guardados", "Los avisos de tus pagos a Vitrina te llegan siempre."),
  );
}

export default function Account({ loaderData: a, actionData }: Route.ComponentProps) {
  const rows: Array<[string, string]> = [
    ["Nombre", a.name],
    ["Apellido", a.lastname],
    ["Correo", a.email],
    ["Cuenta creada", a.created],
    ["Plan", a.plan],
    ["Tiendas permitidas", String(a.storesLimit)],
  ];
  return (
    <section>
      <h1>Cuenta</h1>
      <dl className="profile">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h2 id="correos">Correos</h2>
      <Form method="post" className="form" key={JSON.stringify(a.mails)}>
        <input type="hidden" name="intent" value="mails" />
        <FormError message={actionData?.errors.form ?? actionData?.errors.intent} />
        <fieldset className="choices">
          <legend>Qué correos quieres recibir</legend>
          {MAIL_CHOICES.map((c) => (
            <CheckboxChoice
              key={c.name}
              id={`f-${c.name}`}
              name={c.name}
              label={c.label}
              hint={c.hint}
              defaultChecked={a.mails[c.name]}
            />
          ))}
        </fieldset>
        <p className="muted">
          Siempre te escribimos cuando un pago a Vitrina se aprueba o se rechaza, y para tus códigos y tu contraseña.
        </p>
        <button type="submit" className="button">
          Guardar correos
        </button>
      </Form>
    </section>
  );
}
