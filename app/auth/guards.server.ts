import { type RouterContextProvider, redirect } from "react-router";
import { getServices } from "~/services/services";
import { getSessionUser } from "./sessions.server";

/** Authenticated users opening /Auth pages go to /. */
export async function redirectIfSignedIn(request: Request, context: Readonly<RouterContextProvider>) {
  if (await getSessionUser(getServices(context), request)) throw redirect("/");
}
