import { redirect } from "react-router";
import { appCookie } from "~/http/cookies.server";
import type { Config } from "~/services/config";
import { type Notice, noticeSchema } from "./notice";

/** Notifications that survive a redirect: a short-lived cookie read (and cleared) by the next page. */
const flashCookie = (config: Pick<Config, "VITRINA_ENV">) => appCookie(config, "vitrina_aviso", { maxAge: 60 });

export async function flashHeader(config: Pick<Config, "VITRINA_ENV">, value: Notice): Promise<string> {
  return flashCookie(config).serialize(value);
}

export async function redirectWithNotice(config: Pick<Config, "VITRINA_ENV">, to: string, value: Notice, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashHeader(config, value));
  return redirect(to, { ...init, headers });
}

/** Reads the pending notice; `headers` clears it and is only set when there was one. */
export async function readNotice(
  config: Pick<Config, "VITRINA_ENV">,
  request: Request,
): Promise<{ notice: Notice | null; headers?: Headers }> {
  const cookieHeader = request.headers.get("Cookie");
  const cookie = flashCookie(config);
  if (!cookieHeader?.includes(cookie.name)) return { notice: null };
  const parsed = noticeSchema.safeParse(await cookie.parse(cookieHeader));
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) });
  return { notice: parsed.success ? parsed.data : null, headers };
}
