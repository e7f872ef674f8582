// Health for whoever runs Vitrina (a load balancer, an uptime check, a container orchestrator), on both runtimes and
// answered before any routing, limit or session: `/healthz` says the process answers (no I/O), `/readyz` that the
// database and the file store answer, each within a short time. JSON, never cached, no secrets.
import { sql } from "drizzle-orm";
import type { Services } from "~/services/services";

/** How long each dependency may take before it counts as down. */
const READY_TIMEOUT_MS = 2_000;

type Check = "ok" | "failed" | "timeout";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

async function check(work: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    return await Promise.race([work().then((): Check => "ok"), late]);
  } catch {
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}

/** The answer to a health path on the platform's host, or null for any other path. */
export async function answerHealth(
  pathname: string,
  services: Pick<Services, "db" | "files">,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<Response | null> {
  if (pathname === "/healthz") return json(200, { status: "ok" });
  if (pathname !== "/readyz") return null;
  const [database, files] = await Promise.all([
    check(() => services.db.run(sql`select 1`), timeoutMs),
    // A read of a key nobody writes: the store answers 'none' when it is up.
    check(() => services.files.get("health/readyz"), timeoutMs),
  ]);
  const ready = database === "ok" && files === "ok";
  return json(ready ? 200 : 503, { status: ready ? "ok" : "unavailable", checks: { database, files } });
}
