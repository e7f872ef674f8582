import { LegalPage, legalContact } from "~/auth/legal";
import { PLATFORM_TEXT_TITLES } from "~/auth/legal-texts";
import { platformText } from "~/auth/platform-texts.server";
import { getServices } from "~/services/services";
import { PageMessagesProvider } from "~/ui/messages";
import { authPageMessages } from "../messages.server";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: `${PLATFORM_TEXT_TITLES.privacidad} | Vitrina` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  return {
    contact: legalContact(services.config.vapidSubject),
    text: await platformText(services.db, "privacidad"),
    messages: authPageMessages(request),
  };
}

/** What Vitrina keeps of the merchants and of their stores' buyers, why, and for how long: the operator's text or the default. */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={loaderData.messages}>
      <LegalPage title={PLATFORM_TEXT_TITLES.privacidad} contact={loaderData.contact} text={loaderData.text} />
    </PageMessagesProvider>
  );
}
