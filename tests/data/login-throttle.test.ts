import { describe, expect, it } from "vitest";
import { authenticateLogin, LoginError } from "~/auth/login.server";
import { MAX_BACKOFF_MS } from "~/domain/login-throttle";
import { merchantAccount, testPasswordHash } from "../support/merchants";
import { createTestServices } from "../support/services";

const PASSWORD = "clave-de-la-tienda-1";

async function withMerchant() {
  const s = createTestServices();
  const email = `duena-${crypto.randomUUID().slice(0, 8)}@correo.test`;
  await merchantAccount(s, "standard", {
    name: "Rosa",
    lastname: "Prueba",
    email,
    passwordHash: await testPasswordHash(PASSWORD),
    trialStarted: false,
    billTotal: 0,
    billDueAt: null,
  });
  return { s, email };
}

function attempt(s: ReturnType<typeof createTestServices>, email: string, password: string, cookie = "") {
  const request = new Request("http://localhost:3999/Auth", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ email, password }),
  });
  return authenticateLogin(s, "10.0.0.1", request).then(
    (ok) => ({ status: 302, cookies: ok.cookies }),
    (error) => {
      if (!(error instanceof LoginError)) throw error;
      return { status: error.status, cookies: [] as string[] };
    },
  );
}

describe("sign-in backoff on real libSQL", () => {
  it("waits 1, 2, 4, 8 and then 15 minutes between counted failures, never more", async () => {
    const { s, email } = await withMerchant();
    for (let i = 0; i < 5; i++) expect((await attempt(s, email, "mal")).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      const row = await s.db.query.loginThrottles.findFirst();
      const wait = (row?.nextTryAt.getTime() ?? 0) - s.clock.now().getTime();
      waits.push(wait);
      // Just before the wait ends the try is refused unchecked; once it ends, the next one is checked.
      s.testClock.current = new Date(s.testClock.current.getTime() + wait - 1000);
      expect((await attempt(s, email, PASSWORD)).status).toBe(429);
      s.testClock.current = new Date(s.testClock.current.getTime() + 1000);
      expect((await attempt(s, email, "mal")).status).toBe(401);
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
  });

  it("20 simultaneous guesses are checked at most 5 times", async () => {
    const { s, email } = await withMerchant();
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt(s, email, "mal")));
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it("a known device skips the wait until it fails 10 times itself", async () => {
    const { s, email } = await withMerchant();
    const first = await attempt(s, email, PASSWORD);
    const device = first.cookies.find((c) => c.includes("vitrina_dispositivo="))?.split(";")[0] ?? "";
    expect(device).not.toBe("");
    for (let i = 0; i < 6; i++) await attempt(s, email, "mal");
    expect((await attempt(s, email, PASSWORD)).status).toBe(429);
    expect((await attempt(s, email, PASSWORD, device)).status).toBe(302);
    for (let i = 0; i < 10; i++) expect((await attempt(s, email, "mal", device)).status).toBe(401);
    expect((await attempt(s, email, PASSWORD, device)).status).toBe(429);
    expect(await s.db.query.knownDevices.findMany()).toHaveLength(0);
  });

  it("a hash made at the tests' cheap cost is re-hashed at the standard cost at the next sign-in", async () => {
    const { s, email } = await withMerchant();
    const standard = { ...s, config: { ...s.config, PASSWORD_HASHING: "standard" as const } };
    const storedHash = async () => (await s.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) }))?.passwordHash;
    expect(await storedHash()).toMatch(/^scrypt\$1024\$/);
    expect((await attempt(standard, email, PASSWORD)).status).toBe(302);
    expect(await storedHash()).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect((await attempt(standard, email, PASSWORD)).status).toBe(302);
  });
});
