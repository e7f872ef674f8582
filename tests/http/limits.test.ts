// Per-client limits on the single-machine server, through real sockets from distinct loopback addresses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantAccount, testPasswordHash } from "../support/merchants";
import { CookieJar, FORM, form, type RunningServer, send, startServer } from "./server";

const PASSWORD = "clave-de-la-tienda-1";
const ADMIN_SECRET = "clave-admin-de-pruebas-http";
let server: RunningServer;
let passwordHash: string;

beforeAll(async () => {
  [server, passwordHash] = await Promise.all([startServer({ ADMIN_SECRET }), testPasswordHash(PASSWORD)]);
}, 90_000);
afterAll(() => server?.stop());

let merchants = 0;
/** A merchant with an account, straight into the database. */
async function merchant(): Promise<string> {
  const email = `comerciante-${++merchants}-${Date.now()}@correo.test`;
  await merchantAccount(server.db(), "standard", {
    name: "Rosa",
    lastname: "Prueba",
    email,
    passwordHash,
    trialStarted: false,
    billTotal: 0,
    billDueAt: null,
  });
  return email;
}

const signIn = (email: string, password: string, from: string, jar?: CookieJar) =>
  send(server, "/Auth", {
    from,
    headers: { ...FORM, ...(jar ? { Cookie: jar.header } : {}) },
    body: form({ email, password, redirectTo: "/" }),
  }).then((reply) => (jar ? jar.take(reply) : reply));

const signedIn = (reply: { status: number; cookies: string[] }) =>
  reply.status === 302 && reply.cookies.some((c) => c.startsWith("vitrina_sesion="));

describe("per-client limits count each client, not the whole platform", () => {
  it("40 merchants behind one carrier address all sign in (successes are not counted)", async () => {
    const emails = await Promise.all(Array.from({ length: 40 }, merchant));
    for (const email of emails) expect(signedIn(await signIn(email, PASSWORD, "127.0.0.2")), email).toBe(true);
  });

  it("100 failures from one address stop that address only", async () => {
    for (let i = 0; i < 100; i++) {
      const reply = await signIn(`nadie-${i}@correo.test`, "no-es-la-clave", "127.0.0.3");
      expect(reply.status).toBe(401);
    }
    expect((await signIn(await merchant(), PASSWORD, "127.0.0.3")).status).toBe(429);
    expect(signedIn(await signIn(await merchant(), PASSWORD, "127.0.0.4"))).toBe(true);
  }, 60_000);

  it("forgot-password requests from others never keep a merchant's email from being sent", async () => {
    for (let i = 0; i < 12; i++) {
      const reply = await send(server, "/Auth/ForgotPassword", {
        from: "127.0.0.5",
        headers: FORM,
        body: form({ email: `alguien-${i}@correo.test` }),
      });
      expect(reply.status).toBe(302);
    }
    const email = await merchant();
    const reply = await send(server, "/Auth/ForgotPassword", { from: "127.0.0.6", headers: FORM, body: form({ email }) });
    expect(reply.status).toBe(302);
    expect(server.mails(email)).toHaveLength(1);
  });

  it("asking for a reset link five times in a row sends one email, not five", async () => {
    const email = await merchant();
    for (let i = 0; i < 5; i++) {
      const reply = await send(server, "/Auth/ForgotPassword", { from: "127.0.0.7", headers: FORM, body: form({ email }) });
      expect(reply.status).toBe(302);
    }
    expect(server.mails(email)).toHaveLength(1);
  });

  it("/SSS: five wrong guesses block the guesser's address, not the administrator's", async () => {
    for (let i = 0; i < 5; i++) {
      const reply = await send(server, "/SSS", { from: "127.0.0.8", headers: FORM, body: form({ secret: `intento-${i}` }) });
      expect(reply.status).toBe(401);
    }
    const guesser = await send(server, "/SSS", { from: "127.0.0.8", headers: FORM, body: form({ secret: ADMIN_SECRET }) });
    expect(guesser.status).toBe(401);
    const admin = await send(server, "/SSS", { from: "127.0.0.9", headers: FORM, body: form({ secret: ADMIN_SECRET }) });
    expect(admin.status).toBe(302);
    expect(admin.cookies.some((c) => c.startsWith("vitrina_admin="))).toBe(true);
  });
});

describe("a stranger cannot lock an owner out", () => {
  it("wrong passwords from 10 addresses slow guessing, but the owner's known device still gets in and clears them", async () => {
    const email = await merchant();
    const phone = new CookieJar();
    expect(signedIn(await signIn(email, PASSWORD, "127.0.1.1", phone))).toBe(true);
    phone.signOut();

    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push((await signIn(email, `adivinanza-${i}`, `127.0.2.${i}`)).status);
    // Five free tries, then one try per wait: the rest are refused unchecked.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const refused = await signIn(email, PASSWORD, "127.0.2.11");
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("Por seguridad, espera 1 min");
    // Even the right password from an unknown device waits: that is what stops guessing.
    expect(signedIn(refused)).toBe(false);

    expect(signedIn(await signIn(email, PASSWORD, "127.0.1.1", phone))).toBe(true);
    // The success cleared the count: a new browser signs in at once.
    expect(signedIn(await signIn(email, PASSWORD, "127.0.1.2"))).toBe(true);
  });

  it("a known device loses its pass after 10 failures of its own", async () => {
    const email = await merchant();
    const laptop = new CookieJar();
    expect(signedIn(await signIn(email, PASSWORD, "127.0.3.1", laptop))).toBe(true);
    laptop.signOut();
    for (let i = 0; i < 10; i++) expect((await signIn(email, `mal-${i}`, "127.0.3.1", laptop)).status).toBe(401);
    expect((await signIn(email, PASSWORD, "127.0.3.1", laptop)).status).toBe(429);
  });

  it("a password reset by email clears the wait, so an owner without a known device gets in", async () => {
    const email = await merchant();
    for (let i = 0; i < 8; i++) await signIn(email, `adivinanza-${i}`, `127.0.4.${i + 1}`);
    expect((await signIn(email, PASSWORD, "127.0.5.1")).status).toBe(429);

    expect((await send(server, "/Auth/ForgotPassword", { from: "127.0.5.1", headers: FORM, body: form({ email }) })).status).toBe(
      302,
    );
    const link = server.mails(email)[0]?.text.match(/\/Auth\/ResetPassword\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeTruthy();
    const reset = await send(server, link as string, {
      from: "127.0.5.1",
      headers: FORM,
      body: form({ password: "una-clave-nueva-9", confirm: "una-clave-nueva-9" }),
    });
    expect(reset.status).toBe(302);
    expect(signedIn(await signIn(email, "una-clave-nueva-9", "127.0.5.1"))).toBe(true);
  });

  it("a day without failures forgets them", async () => {
    const email = await merchant();
    for (let i = 0; i < 7; i++) await signIn(email, `adivinanza-${i}`, `127.0.6.${i + 1}`);
    expect((await signIn(email, PASSWORD, "127.0.6.100")).status).toBe(429);
    // A day later (the platform's test clock), the account starts afresh.
    expect((await send(server, "/_dev/reloj", { headers: FORM, body: form({ intent: "advance", days: "1" }) })).status).toBe(302);
    try {
      expect(signedIn(await signIn(email, PASSWORD, "127.0.6.200"))).toBe(true);
    } finally {
      await send(server, "/_dev/reloj", { headers: FORM, body: form({ intent: "reset" }) });
    }
  });
});

describe("registration codes", () => {
  async function startRegistration(email: string, from: string): Promise<CookieJar> {
    const jar = new CookieJar();
    const step1 = jar.take(
      await send(server, "/Auth/Registration", {
        from,
        headers: FORM,
        body: form({ name: "Lucía", lastname: "Prueba", email, password: PASSWORD, terms: "on" }),
      }),
    );
    expect(step1.status).toBe(302);
    return jar;
  }
  const step2 = (jar: CookieJar, from: string, storeName: string) =>
    send(server, "/Auth/Registration/Step2", {
      from,
      headers: { ...FORM, Cookie: jar.header },
      body: form({ storeName, category: "3", timeZone: "America/Bogota" }),
    });

  it("35 merchants behind one address each type their right code and all get their account", async () => {
    for (let i = 0; i < 35; i++) {
      const email = `registro-${i}-${Date.now()}@correo.test`;
      const jar = await startRegistration(email, "127.0.7.1");
      expect((await step2(jar, "127.0.7.1", `Tienda Registro ${i} ${Date.now()}`)).status).toBe(302);
      const code = server.mails(email)[0]?.subject.match(/\d{5}/)?.[0] ?? server.mails(email)[0]?.text.match(/\b\d{5}\b/)?.[0];
      expect(code, email).toBeTruthy();
      const done = await send(server, "/Auth/Registration/Step3", {
        from: "127.0.7.1",
        headers: { ...FORM, Cookie: jar.header },
        body: form({ code: code as string }),
      });
      expect(done.status, `merchant ${i}`).toBe(302);
      expect(done.headers.location).toBe("/");
    }
  }, 120_000);

  it("posting step 2 again and again sends one code and keeps its tries", async () => {
    const email = `repost-${Date.now()}@correo.test`;
    const jar = await startRegistration(email, "127.0.7.2");
    const name = `Tienda Repost ${Date.now()}`;
    const replies = await Promise.all(Array.from({ length: 5 }, () => step2(jar, "127.0.7.2", name)));
    expect(replies.map((r) => r.status)).toEqual([302, 302, 302, 302, 302]);
    expect(server.mails(email)).toHaveLength(1);
    const [row] = (await server.db().execute({ sql: "select attempts from verification_codes where email = ?", args: [email] }))
      .rows;
    expect(Number(row?.attempts)).toBe(0);
  });
});
