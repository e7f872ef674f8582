import { LegalPage, legalContact } from "~/auth/legal";
import { PLATFORM_TEXT_TITLES } from "~/auth/legal-texts";
import { platformText } from "~/auth/platform-texts.server";
import { getServices } from "~/services/services";
import { PageMessagesProvider } from "~/ui/messages";
import { authPageMessages } from "../messages.server";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [{ title: `${PLATFORM_TEXT_TITLES.terminos} | Vitrina` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  return {
    contact: legalContact(services.config.vapidSubject),
    text: await platformText(services.db, "terminos"),
    messages: authPageMessages(request),
  };
}

/** The terms a merchant accepts when signing up ('Acepto los términos y condiciones'): the operator's text or the default. */
export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={loaderData.messages}>
      <LegalPage title={PLATFORM_TEXT_TITLES.terminos} contact={loaderData.contact} text={loaderData.text} />
    </PageMessagesProvider>
  );
}
