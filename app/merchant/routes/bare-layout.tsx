import { Outlet } from "react-router";
import { requireMerchant } from "../session.server";
import type { Route } from "./+types/bare-layout";

/** Merchant pages without the top header (/plans, /payment), behind the same guard. */
export const middleware: Route.MiddlewareFunction[] = [requireMerchant];

export default function BareLayout() {
  return (
    <main className="bare">
      <Outlet />
    </main>
  );
}
