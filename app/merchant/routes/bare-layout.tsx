import { Outlet } from "react-router";
import { PageMessagesProvider } from "~/ui/messages";
import { pageMessages } from "~/ui/messages.server";
import { merchantLocaleContext } from "~/workspace/context.server";
import { requireMerchant } from "../session.server";
import type { Route } from "./+types/bare-layout";

/** Merchant pages without the top header (/plans, /payment), behind the same guard. */
export const middleware: Route.MiddlewareFunction[] = [requireMerchant];

export const loader = ({ context }: Route.LoaderArgs) => ({ messages: pageMessages(context.get(merchantLocaleContext)) });

export default function BareLayout({ loaderData }: Route.ComponentProps) {
  return (
    <main className="bare">
      <PageMessagesProvider messages={loaderData.messages}>
        <Outlet />
      </PageMessagesProvider>
    </main>
  );
}
