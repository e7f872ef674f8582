import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { pageGroupsOf } from "~/domain/page-groups";
import { PageMessagesProvider } from "~/ui/messages";
import { pageMessages } from "~/ui/messages.server";
import { merchantLocaleContext } from "~/workspace/context.server";
import { requireMerchant } from "../session.server";
import type { Route } from "./+types/messages-layout";

/**
 * Every merchant page, behind the session guard, with the merchant's variant of the catalog (decision 0067): the
 * messages of the page's feature and of the layouts above it (`pageGroupsOf`). They come with the first page and
 * stay in the browser: after an action, a filter or a navigation inside the feature only the pages' own data is
 * fetched again; a navigation into a feature needing other groups fetches them.
 */
export const middleware: Route.MiddlewareFunction[] = [requireMerchant];

export const loader = ({ context, request }: Route.LoaderArgs) =>
  pageMessages(context.get(merchantLocaleContext), pageGroupsOf(new URL(request.url).pathname));

/** The actions that can change the merchant's variant: a new store, or a store's country changed or deleted. */
const CHANGES_LOCALE = /^\/(newStore|Store\/\d+\/info)$/;

export function shouldRevalidate({ currentUrl, nextUrl, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const sent = pageGroupsOf(currentUrl.pathname);
  if (pageGroupsOf(nextUrl.pathname).some((group) => !sent.includes(group))) return true;
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
