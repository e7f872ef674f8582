import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { PageMessagesProvider } from "~/ui/messages";
import { pageMessages } from "~/ui/messages.server";
import { merchantLocaleContext } from "~/workspace/context.server";
import { requireMerchant } from "../session.server";
import type { Route } from "./+types/messages-layout";

/**
 * Every merchant page, behind the session guard, with the merchant's variant of the catalog (decision 0067). The
 * catalog comes with the first page and stays in the browser: after an action or a filter only the pages' own data
 * is fetched again, never the catalog.
 */
export const middleware: Route.MiddlewareFunction[] = [requireMerchant];

export const loader = ({ context }: Route.LoaderArgs) => pageMessages(context.get(merchantLocaleContext));

/** The actions that can change the merchant's variant: a new store, or a store's country changed or deleted. */
const CHANGES_LOCALE = /^\/(newStore|Store\/\d+\/info)$/;

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formAction) return false;
  return CHANGES_LOCALE.test(new URL(formAction, "http://localhost").pathname) && defaultShouldRevalidate;
}

export default function MessagesLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={loaderData}>
      <Outlet />
    </PageMessagesProvider>
  );
}
