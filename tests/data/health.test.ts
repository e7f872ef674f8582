import { describe, expect, it } from "vitest";
import { answerHealth } from "~/http/health.server";
import { createTestServices } from "../support/services";

const body = async (r: Response | null) =>
  r ? { status: r.status, json: await r.json(), cache: r.headers.get("Cache-Control") } : null;

describe("health and readiness", () => {
  it("/healthz answers without touching anything; /readyz checks the database and the file store", async () => {
    const s = createTestServices();
    expect(await body(await answerHealth("/healthz", { db: null as never, files: null as never }))).toEqual({
      status: 200,
      json: { status: "ok" },
      cache: "no-store",
    });
    expect(await body(await answerHealth("/readyz", s))).toEqual({
      status: 200,
      json: { status: "ok", checks: { database: "ok", files: "ok" } },
      cache: "no-store",
    });
    expect(await answerHealth("/site/demo", s)).toBeNull();
  });

  it("a database that fails, or a file store that hangs, makes /readyz answer 503 within its time", async () => {
    const s = createTestServices();
    const down = { run: () => Promise.reject(new Error("SQLITE_CANTOPEN")) } as never;
    expect(await body(await answerHealth("/readyz", { db: down, files: s.files }))).toEqual({
      status: 503,
      json: { status: "unavailable", checks: { database: "failed", files: "ok" } },
      cache: "no-store",
    });
    const hanging = { get: () => new Promise(() => {}) } as never;
    const started = performance.now();
    const answer = await body(await answerHealth("/readyz", { db: s.db, files: hanging }, 100));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answer?.json).toEqual({ status: "unavailable", checks: { database: "ok", files: "timeout" } });
    // Nothing of the failure (messages, paths, settings) is told.
    expect(JSON.stringify(answer)).not.toMatch(/SQLITE|vitrina\.db|file:/);
  });
});
