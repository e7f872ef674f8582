import { redirect } from "react-router";
import { destroySession } from "~/auth/sessions.server";
import { getServices } from "~/services/services";
import type { Route } from "./+types/logout";

/** Signs out, and has the browser drop what it kept of the site: Back must not show the merchant's pages again. */
export async function action({ request, context }: Route.ActionArgs) {
  return redirect("/Auth", {
    headers: { "Set-Cookie": await destroySession(getServices(context), request), "Clear-Site-Data": '"cache"' },
  });
}

export function loader() {
  return redirect("/");
}
