import { RouterContextProvider } from "react-router";
import { requireMerchant } from "~/merchant/session.server";
import { type Services, servicesContext } from "~/services/services";
import { requireOwnedStore } from "~/workspace/context.server";

/** A route module's loader and action, as the tests call them. */
export type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

/**
 * Runs a route module's loader (GET) or action (POST) behind the middleware chain the app runs for
 * `/Store/{storeId}/…` (session guard, then the owned store; the guard only without a storeId param), and answers its HTTP status and data.
 * `handlerServices` replaces the services for the loader or action only (other settings).
 */
export async function workspaceRequest(
  services: Services,
  request: {
    module: RouteModule;
    cookie: string;
    method: "GET" | "POST";
    path: string;
    params: Record<string, string>;
    /** Form fields; a File makes it a multipart upload. */
    form?: Record<string, string | File | Array<string | File>>;
    handlerServices?: Services;
    /** The route's pattern as the router gives it ('Store/:storeId/products'): the guard then batches the page's reads. */
    pattern?: string;
  },
): Promise<{ status: number; data: unknown; response?: Response }> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  let body: FormData | undefined;
  if (request.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(request.form)) for (const value of [v].flat()) body.append(k, value);
  }
  const req = new Request(`${services.config.APP_ORIGIN}${request.path}`, {
    method: request.method,
    headers: { cookie: request.cookie },
    body,
  });
  const args = { request: req, params: request.params, context, pattern: request.pattern } as never;
  const answer = (value: unknown, thrown: boolean): { status: number; data: unknown; response?: Response } => {
    if (value instanceof Response) return { status: value.status, data: undefined, response: value };
    if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
      const v = value as unknown as { data: unknown; init?: ResponseInit | null };
      return { status: v.init?.status ?? 200, data: v.data };
    }
    if (thrown) throw value;
    return { status: 200, data: value };
  };
  try {
    let result: unknown;
    const handle = async () => {
      if (request.handlerServices) context.set(servicesContext, request.handlerServices);
      const handler = request.method === "GET" ? request.module.loader : request.module.action;
      result = await (handler as (a: unknown) => unknown)(args);
      return new Response(null);
    };
    await requireMerchant(args, async () => {
      // A page outside any store (the store list) has the merchant guard only.
      if (request.params.storeId === undefined) await handle();
      else await requireOwnedStore(args, handle);
      return new Response(null);
    });
    return answer(result, false);
  } catch (thrown) {
    return answer(thrown, true);
  }
}
