import { Form } from "react-router";
import { z } from "zod";
import { setMailChoices } from "~/auth/users.server";
import { checkboxField } from "~/domain/form-fields";
import { defineMessages, type Translate } from "~/domain/messages";
import { planLabel } from "~/domain/plans";
import { failure, fieldErrors, parseForm, textFields } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { CheckboxChoice, FormError } from "~/ui/form";
import { useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { merchantContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: accountPageTitle(t({ id: "merchant.account.title", defaultMessage: "Cuenta" })) }];
};

export async function loader({ context }: Route.LoaderArgs) {
  const u = context.get(merchantContext);
  const t = merchantT(context);
  return {
    name: u.name,
    lastname: u.lastname,
    email: u.email,
    // Written here, in UTC like the bills' dates: the browser's zone would write another day than the server's.
    created: new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(u.createdAt),
    plan: u.trialStarted ? planLabel(u.plan, u.billingPeriod) : t({ id: "merchant.account.noPlan", defaultMessage: "Sin plan" }),
    storesLimit: u.storesLimit,
    mails: { reminderMails: u.reminderMails, orderMails: u.orderMails },
  };
}

/** The optional emails; a checkbox posts 'on' when ticked and nothing when not. */
const MAIL_TEXTS = defineMessages({
  reminderMails: { id: "merchant.account.mails.reminder", defaultMessage: "Recordatorios de pago" },
  reminderMailsHint: {
    id: "merchant.account.mails.reminderHint",
    defaultMessage: "3 días antes de que termine tu mes gratis y 6 días antes de cada vencimiento.",
  },
  orderMails: { id: "merchant.account.mails.order", defaultMessage: "Un correo por cada pedido nuevo" },
  orderMailsHint: {
    id: "merchant.account.mails.orderHint",
    defaultMessage: "Con el detalle del pedido. Las notificaciones del teléfono se eligen en Ventas, en cada dispositivo.",
  },
});
const MAIL_CHOICES = ["reminderMails", "orderMails"] as const;

const mailChoicesSchema = (t: Translate) =>
  z.object({
    intent: z.literal("mails", t({ id: "merchant.account.chooseIntent", defaultMessage: "Elige qué guardar" })),
    reminderMails: checkboxField,
    orderMails: checkboxField,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const merchant = context.get(merchantContext);
  const t = merchantT(context);
  const parsed = parseForm(mailChoicesSchema(t), textFields(await request.formData()), t);
  if (!parsed.success) return failure(fieldErrors(parsed.error));
  const { reminderMails, orderMails } = parsed.data;
  await setMailChoices(services.db, merchant.id, { reminderMails, orderMails });
  return redirectWithNotice(
    services.config,
    "/Account#correos",
    notice(
      t({ id: "merchant.account.saved", defaultMessage: "Correos guardados" }),
      t({ id: "merchant.account.savedText", defaultMessage: "Los avisos de tus pagos a Vitrina te llegan siempre." }),
    ),
  );
}

export default function Account({ loaderData: a, actionData }: Route.ComponentProps) {
  const t = useT();
  const rows: Array<[string, string]> = [
    [t({ id: "merchant.account.name", defaultMessage: "Nombre" }), a.name],
    [t({ id: "merchant.account.lastname", defaultMessage: "Apellido" }), a.lastname],
    [t({ id: "merchant.account.email", defaultMessage: "Correo" }), a.email],
    [t({ id: "merchant.account.created", defaultMessage: "Cuenta creada" }), a.created],
    [t({ id: "merchant.account.plan", defaultMessage: "Plan" }), a.plan],
    [t({ id: "merchant.account.storesLimit", defaultMessage: "Tiendas permitidas" }), String(a.storesLimit)],
  ];
  return (
    <section>
      <h1>{t({ id: "merchant.account.title", defaultMessage: "Cuenta" })}</h1>
      <dl className="profile">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h2 id="correos">{t({ id: "merchant.account.mails", defaultMessage: "Correos" })}</h2>
      <Form method="post" className="form" key={JSON.stringify(a.mails)}>
        <input type="hidden" name="intent" value="mails" />
        <FormError message={actionData?.errors.form ?? actionData?.errors.intent} />
        <fieldset className="choices">
          <legend>{t({ id: "merchant.account.mails.legend", defaultMessage: "Qué correos quieres recibir" })}</legend>
          {MAIL_CHOICES.map((name) => (
            <CheckboxChoice
              key={name}
              id={`f-${name}`}
              name={name}
              label={t(MAIL_TEXTS[name])}
              hint={t(MAIL_TEXTS[`${name}Hint`])}
              defaultChecked={a.mails[name]}
            />
          ))}
        </fieldset>
        <p className="muted">
          {t({
            id: "merchant.account.mails.always",
            defaultMessage:
              "Siempre te escribimos cuando un pago a Vitrina se aprueba o se rechaza, y para tus códigos y tu contraseña.",
          })}
        </p>
        <button type="submit" className="button">
          {t({ id: "merchant.account.mails.save", defaultMessage: "Guardar correos" })}
        </button>
      </Form>
    </section>
  );
}
