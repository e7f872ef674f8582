import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { AUTH_MESSAGES as M } from "~/auth/messages";
import { hitLimit } from "~/auth/rate-limit.server";
import {
  availableStoreUrl,
  checkCode,
  completeRegistration,
  getRegistration,
  saveStep1,
  saveStep2,
  sendCode,
} from "~/auth/registration.server";
import { completePasswordReset, requestPasswordReset } from "~/auth/reset.server";
import { action as registrationAction } from "~/auth/routes/registration";
import { createSession, destroySession, getSessionUser } from "~/auth/sessions.server";
import { servicesContext } from "~/services/services";
import { registrations, sessions, users, verificationCodes } from "../../db/schema";
import { merchantWithStore } from "../support/merchants";
import { createTestServices, demoTestServices } from "../support/services";

type S = ReturnType<typeof createTestServices>;
const PASSWORD = "Una-Clave-Muy-Propia-42";

async function draft(
  s: S,
  email = `m${crypto.randomUUID().slice(0, 8)}@correo.test`,
  storeName = `Tienda ${crypto.randomUUID().slice(0, 6)}`,
) {
  const id = await saveStep1(s, null, { name: "Ana", lastname: "Ruiz", email, password: PASSWORD });
  const d1 = await getRegistration(s, id);
  if (!d1) throw new Error("no draft");
  await saveStep2(s, d1, { storeName, category: 6, timeZone: "America/Lima" });
  const d2 = await getRegistration(s, id);
  if (!d2) throw new Error("no draft");
  const code = s.outbox.sent.at(-1)?.subject.match(/(\d{5})$/)?.[1] ?? "";
  return { draft: d2, code };
}

const minutes = (s: S, n: number) => {
  s.testClock.current = new Date(s.testClock.current.getTime() + n * 60_000);
};

describe("verification codes", () => {
  it("accepts the mailed code and stores only its hash", async () => {
    const s = createTestServices();
    const { draft: d, code } = await draft(s);
    expect(code).toMatch(/^\d{5}$/);
    const row = await s.db.query.verificationCodes.findFirst({ where: eq(verificationCodes.email, d.email) });
    expect(row?.codeHash).not.toContain(code);
    await expect(checkCode(s, d.email, code)).resolves.toBeUndefined();
  });

  it("refuses a wrong code, and an expired one after 10 minutes", async () => {
    const s = createTestServices();
    const { draft: d, code } = await draft(s);
    await expect(checkCode(s, d.email, code === "11111" ? "22222" : "11111")).rejects.toThrow(M.codeWrong);
    minutes(s, 10);
    await expect(checkCode(s, d.email, code)).rejects.toThrow(M.codeExpired);
  });

  it("stops after 5 wrong tries, counting concurrent guesses exactly", async () => {
    const s = createTestServices();
    const { draft: d, code } = await draft(s);
    const wrong = code === "11111" ? "22222" : "11111";
    await Promise.allSettled(Array.from({ length: 8 }, () => checkCode(s, d.email, wrong)));
    const row = await s.db.query.verificationCodes.findFirst({ where: eq(verificationCodes.email, d.email) });
    expect(row?.attempts).toBe(8);
    await expect(checkCode(s, d.email, code)).rejects.toThrow(M.codeTooManyTries);
  });

  it("allows a resend only after 60 s, and the new code replaces the old", async () => {
    const s = createTestServices();
    const { draft: d, code } = await draft(s);
    await expect(sendCode(s, d)).rejects.toThrow(/Podrás pedir otro código/);
    s.testClock.current = new Date(s.testClock.current.getTime() + 61_000);
    await sendCode(s, d);
    const fresh = s.outbox.sent.at(-1)?.subject.match(/(\d{5})$/)?.[1] ?? "";
    if (fresh !== code) await expect(checkCode(s, d.email, code)).rejects.toThrow(M.codeWrong);
    await expect(checkCode(s, d.email, fresh)).resolves.toBeUndefined();
  });
});

describe("completing a registration", () => {
  it("creates the account and its store atomically, with no plaintext password anywhere", async () => {
    const s = createTestServices();
    const { draft: d } = await draft(s);
    const userId = await completeRegistration(s, d);
    const user = await s.db.query.users.findFirst({ where: eq(users.id, userId) });
    expect(user?.trialStarted).toBe(false);
    const stores = await s.db.query.stores.findMany({ where: (t, { eq }) => eq(t.ownerId, userId) });
    expect(stores).toHaveLength(1);
    expect(stores[0]?.timeZone).toBe("America/Lima");
    // Registered from Lima, the store is Peruvian and prices in soles.
    expect(stores[0]).toMatchObject({ country: "PE", currency: "PEN" });
    expect(await s.files.list(`stores/${stores[0]?.id}/qr/`)).toHaveLength(2);
    expect(await s.db.select().from(registrations)).toHaveLength(0);
    expect(readFileSync(s.dbPath).includes(Buffer.from(PASSWORD))).toBe(false);
  });

  it("leaves nothing behind when the store name is taken at the last moment", async () => {
    const s = createTestServices();
    const name = `Carrera ${crypto.randomUUID().slice(0, 6)}`;
    const a = await draft(s, undefined, name);
    const b = await draft(s, undefined, `${name} `);
    await completeRegistration(s, a.draft);
    const filesBefore = await s.files.list("stores/");
    await expect(completeRegistration(s, b.draft)).rejects.toThrow(M.storeNameTaken);
    expect(await s.db.query.users.findFirst({ where: eq(users.email, b.draft.email) })).toBeUndefined();
    expect(await s.files.list("stores/")).toEqual(filesBefore);
  });

  it("treats accents and case as the same store url, and refuses reserved names", async () => {
    const s = await demoTestServices();
    expect(await availableStoreUrl(s.db, "DÉMO")).toEqual({ error: M.storeNameTaken });
    expect(await availableStoreUrl(s.db, "Admin")).toEqual({ error: M.storeNameTaken });
    expect(await availableStoreUrl(s.db, "Café Niño")).toEqual({ url: "cafe-nino" });
  });

  it("refuses an email that already has an account", async () => {
    const s = await demoTestServices();
    await expect(
      saveStep1(s, null, { name: "A", lastname: "B", email: "demo@vitrina.local", password: PASSWORD }),
    ).rejects.toThrow(M.emailTaken);
  });
});

describe("sessions, resets and limits", () => {
  it("a session works until it is destroyed or expires", async () => {
    const s = await demoTestServices();
    const user = await s.db.query.users.findFirst();
    const cookie = (await createSession(s, user?.id ?? "")).split(";")[0] ?? "";
    const request = () => new Request("http://x/", { headers: { Cookie: cookie } });
    expect((await getSessionUser(s, request()))?.user.id).toBe(user?.id);
    s.testClock.current = new Date(s.testClock.current.getTime() + 31 * 86_400_000);
    expect(await getSessionUser(s, request())).toBeNull();
    s.testClock.current = new Date("2026-03-10T15:00:00Z");
    await destroySession(s, request());
    expect(await getSessionUser(s, request())).toBeNull();
    expect(
      await s.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? "")),
    ).toHaveLength(0);
  });

  it("a reset link works once, changes the password and ends every session", async () => {
    const s = await demoTestServices();
    const user = await s.db.query.users.findFirst();
    await createSession(s, user?.id ?? "");
    await requestPasswordReset(s, "demo@vitrina.local");
    await requestPasswordReset(s, "nadie@correo.test");
    expect(s.outbox.sent).toHaveLength(1);
    const token = s.outbox.sent[0]?.text.match(/ResetPassword\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    expect(s.outbox.sent[0]?.text).toContain("http://localhost:3999/Auth/ResetPassword/");
    expect(await completePasswordReset(s, token, "Nueva-Clave-Propia-9")).toBe(true);
    expect(await completePasswordReset(s, token, "Otra-Clave-Propia-9")).toBe(false);
    expect(await s.db.select().from(sessions)).toHaveLength(0);
  });

  it("two simultaneous submits of one reset link change the password once", async () => {
    const s = await demoTestServices();
    await requestPasswordReset(s, "demo@vitrina.local");
    const token = s.outbox.sent[0]?.text.match(/ResetPassword\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    const results = await Promise.all([
      completePasswordReset(s, token, "Primera-Clave-Propia-1"),
      completePasswordReset(s, token, "Segunda-Clave-Propia-2"),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("rate limits count exactly and restart after the window", async () => {
    const s = createTestServices();
    const limit = { max: 3, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 5 }, () => hitLimit(s.db, "k", limit, s.clock.now())));
    expect(results.map((r) => r.count).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(results.filter((r) => r.blocked)).toHaveLength(2);
    minutes(s, 2);
    expect(await hitLimit(s.db, "k", limit, s.clock.now())).toEqual({ count: 1, blocked: false });
  });

  it("knows the most common passwords", async () => {
    for (const p of ["123456", "password", "qwerty", "contraseña", "iloveyou"]) expect(await isCommonPassword(p)).toBe(true);
    expect(await isCommonPassword(PASSWORD)).toBe(false);
  });
});

describe("registration step 1", () => {
  /** What the step's form answers for these fields: the message of each refused field. */
  async function refused(s: S, fields: Record<string, string>, language = "es-419") {
    const context = new RouterContextProvider();
    context.set(servicesContext, s);
    const body = new URLSearchParams(fields);
    const headers = { "Accept-Language": language };
    const request = new Request(`${s.config.APP_ORIGIN}/Auth/Registration`, { method: "POST", body, headers });
    const answer = (await registrationAction({ request, context, params: {} } as never)) as { data?: { errors?: object } };
    return answer.data?.errors;
  }

  it("shows every field's error at once, a common password beside the others", async () => {
    const s = createTestServices();
    expect(await refused(s, {})).toEqual({
      name: M.required,
      lastname: M.required,
      email: M.required,
      password: M.required,
      terms: M.terms,
    });
    expect(await refused(s, { name: "Ana", lastname: "", email: "no-es-correo", password: "password" })).toEqual({
      lastname: M.required,
      email: M.emailInvalid,
      password: M.passwordCommon,
      terms: M.terms,
    });
    expect(await s.db.select().from(registrations)).toHaveLength(0);
  });

  it("speaks the visitor's variant: an Argentine browser reads 'vos', and so does a merchant's reset email", async () => {
    const s = createTestServices();
    expect(await refused(s, { name: "Ana", lastname: "B", email: "no-es-correo", password: PASSWORD }, "es-AR,es")).toEqual({
      email: "Escribí un correo válido",
      terms: "Debés aceptar los términos y condiciones",
    });
    const m = await merchantWithStore(s, "standard", { country: "AR", timeZone: "America/Argentina/Buenos_Aires" });
    const user = await s.db.query.users.findFirst({ where: eq(users.id, m.id) });
    await requestPasswordReset(s, user?.email ?? "");
    const mail = s.outbox.sent.at(-1);
    expect(mail?.subject).toBe("Cambiá tu contraseña de Vitrina");
    expect(mail?.text).toContain("Si no lo pediste, ignorá este correo");
  });
});

describe("the account page", () => {
  it("writes the day the account was made on the server, in UTC like the bills, so the browser shows the same day", async () => {
    const { loader } = await import("~/merchant/routes/account");
    const { merchantContext } = await import("~/workspace/context.server");
    const context = new RouterContextProvider();
    // Late on the 28th in UTC: already the 29th east of it, still the 28th in the Americas.
    context.set(merchantContext, {
      name: "Ana",
      lastname: "Paz",
      email: "ana@correo.test",
      createdAt: new Date("2026-11-28T23:30:00Z"),
      trialStarted: false,
      storesLimit: 1,
      reminderMails: true,
      orderMails: true,
    } as never);
    const page = await loader({ context } as never);
    expect(page.created).toBe("28 de noviembre de 2026");
  });
});
