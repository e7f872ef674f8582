import { redirect } from "react-router";
import { destroySession } from "~/auth/sessions.server";
import { getServices } from "~/services/services";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  return redirect("/Auth", { headers: { "Set-Cookie": await destroySession(getServices(context), request) } });
}

export function loader() {
  return redirect("/");
}
