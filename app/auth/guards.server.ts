import { type RouterContextProvider, redirect } from "react-router";
import { getServices } from "~/services/services";
import { registrationCookie } from "./cookies.server";
import { getRegistration } from "./registration.server";
import { getSessionUser } from "./sessions.server";

/** Authenticated users opening /Auth pages go to /. */
export async function redirectIfSignedIn(request: Request, context: Readonly<RouterContextProvider>) {
  if (await getSessionUser(getServices(context), request)) throw redirect("/");
}

/** The registration draft this browser is filling in; without one, back to step 1 (or step 2 when the store is missing). */
export async function requireRegistrationDraft(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: { needsStore: boolean },
) {
  const services = getServices(context);
  const draft = await getRegistration(services, await registrationCookie(services.config).parse(request.headers.get("Cookie")));
  if (!draft) throw redirect("/Auth/Registration");
  if (options.needsStore && !draft.storeUrl) throw redirect("/Auth/Registration/Step2");
  return { services, draft };
}
