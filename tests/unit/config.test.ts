import { describe, expect, it } from "vitest";
import { ConfigError, canKeepSecrets, parseConfig, publicStoreUrl } from "~/services/config";
import { TEST_VAPID } from "../support/services";

const base = { RUNTIME: "node", APP_ORIGIN: "http://localhost:3000", DATABASE_URL: "file:x.db" };
// The test VAPID pair: a real P-256 pair, published, used nowhere else.
const vapid = {
  VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
  VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
  VAPID_SUBJECT: TEST_VAPID.subject,
};
const production = {
  VITRINA_ENV: "production",
  RESEND_API_KEY: "re_x",
  ADMIN_SECRET: "una-clave-de-administracion",
  ...vapid,
};

describe("configuration", () => {
  it("fills defaults for a local run", () => {
    const c = parseConfig(base);
    expect(c.BILLING_CURRENCY).toBe("USD");
    expect(c.devTools).toBe(true);
    expect(c.paymentProvider).toBe("sandbox");
    expect(c.mailProvider).toBe("outbox");
  });

  it("hashes passwords at the standard cost unless a local run asks for the tests' cheap one, which production refuses", () => {
    expect(parseConfig(base).PASSWORD_HASHING).toBe("standard");
    expect(parseConfig({ ...base, PASSWORD_HASHING: "fast-for-tests" }).PASSWORD_HASHING).toBe("fast-for-tests");
    expect(() => parseConfig({ ...base, PASSWORD_HASHING: "rapido" })).toThrow(/PASSWORD_HASHING/);
    const productionRun = { ...base, ...production, PAYMENT_SANDBOX: "1" };
    expect(parseConfig(productionRun).PASSWORD_HASHING).toBe("standard");
    expect(() => parseConfig({ ...productionRun, PASSWORD_HASHING: "fast-for-tests" })).toThrow(
      /PASSWORD_HASHING: en producción las contraseñas se guardan siempre con el costo estándar/,
    );
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => parseConfig({ ...base, APP_ORIGIN: "no es una url" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, APP_ORIGIN: "no es una url" })).toThrow(/APP_ORIGIN/);
    expect(() => parseConfig({ ...base, DATABASE_URL: "" })).toThrow(/DATABASE_URL/);
  });

  it("requires the three MercadoPago settings together", () => {
    expect(() => parseConfig({ ...base, MERCADOPAGO_ACCESS_TOKEN: "x" })).toThrow(/MERCADOPAGO/);
    const c = parseConfig({
      ...base,
      MERCADOPAGO_ACCESS_TOKEN: "a",
      MERCADOPAGO_PUBLIC_KEY: "b",
      MERCADOPAGO_WEBHOOK_SECRET: "c",
    });
    expect(c.paymentProvider).toBe("mercadopago");
  });

  it("refuses production without real payments and mail", () => {
    expect(() => parseConfig({ ...base, VITRINA_ENV: "production" })).toThrow(/MERCADOPAGO_ACCESS_TOKEN|RESEND_API_KEY/);
    const c = parseConfig({ ...base, ...production, PAYMENT_SANDBOX: "1" });
    expect(c.devTools).toBe(false);
    expect(c.paymentProvider).toBe("sandbox");
  });

  it("allows the store-payments sandbox only outside production or with PAYMENT_SANDBOX; production without OAuth has none", () => {
    const mercadopago = { MERCADOPAGO_ACCESS_TOKEN: "a", MERCADOPAGO_PUBLIC_KEY: "b", MERCADOPAGO_WEBHOOK_SECRET: "c" };
    const oauth = { MERCADOPAGO_CLIENT_ID: "id", MERCADOPAGO_CLIENT_SECRET: "secret", PAYMENT_TOKEN_KEY: "x".repeat(43) };
    expect(parseConfig(base).storePaymentsProvider).toBe("sandbox");
    expect(parseConfig({ ...base, ...production, PAYMENT_SANDBOX: "1" }).storePaymentsProvider).toBe("sandbox");
    expect(parseConfig({ ...base, ...production, ...mercadopago }).storePaymentsProvider).toBeNull();
    expect(parseConfig({ ...base, ...production, ...mercadopago, ...oauth }).storePaymentsProvider).toBe("mercadopago");
  });

  it("sends ad conversions to the platforms in production, to CONVERSIONS_API_ORIGIN when set, else to the local stand-in", () => {
    const mercadopago = { MERCADOPAGO_ACCESS_TOKEN: "a", MERCADOPAGO_PUBLIC_KEY: "b", MERCADOPAGO_WEBHOOK_SECRET: "c" };
    expect(parseConfig(base).conversionsProvider).toBe("sandbox");
    expect(parseConfig({ ...base, ...production, ...mercadopago }).conversionsProvider).toBe("platforms");
    const standIn = parseConfig({ ...base, CONVERSIONS_API_ORIGIN: "http://127.0.0.1:4010/path" });
    expect(standIn).toMatchObject({ conversionsProvider: "platforms", CONVERSIONS_API_ORIGIN: "http://127.0.0.1:4010" });
    expect(() => parseConfig({ ...base, CONVERSIONS_API_ORIGIN: "ftp://stand-in" })).toThrow(/CONVERSIONS_API_ORIGIN/);
  });

  it("keeps secrets only with PAYMENT_TOKEN_KEY in production (the development key is published)", () => {
    expect(canKeepSecrets({ VITRINA_ENV: "local", PAYMENT_TOKEN_KEY: undefined })).toBe(true);
    expect(canKeepSecrets({ VITRINA_ENV: "production", PAYMENT_TOKEN_KEY: undefined })).toBe(false);
    expect(canKeepSecrets({ VITRINA_ENV: "production", PAYMENT_TOKEN_KEY: "x".repeat(43) })).toBe(true);
  });

  it("derives the statistics' salt from STATS_SECRET, else from ADMIN_SECRET (never ADMIN_SECRET itself), else a local one", () => {
    const payments = { PAYMENT_SANDBOX: "1" };
    expect(parseConfig({ ...base, STATS_SECRET: "estadisticas-0123456789" }).statsSecret).toBe("estadisticas-0123456789");
    const fromAdmin = parseConfig({ ...base, ...production, ...payments }).statsSecret;
    expect(fromAdmin).not.toBe(production.ADMIN_SECRET);
    expect(
      parseConfig({ ...base, ...production, ...payments, ADMIN_SECRET: "otra-clave-de-administracion" }).statsSecret,
    ).not.toBe(fromAdmin);
    expect(parseConfig(base).statsSecret).toBe(parseConfig(base).statsSecret);
    expect(parseConfig(base).statsSecret.length).toBeGreaterThanOrEqual(16);
    expect(() => parseConfig({ ...base, STATS_SECRET: "corta" })).toThrow(/STATS_SECRET: debe tener 16 caracteres o más/);
  });

  it("refuses production without an ADMIN_SECRET of 16 characters or more, or without APP_ORIGIN", () => {
    const { ADMIN_SECRET: _, ...withoutSecret } = production;
    expect(() => parseConfig({ ...base, ...withoutSecret, PAYMENT_SANDBOX: "1" })).toThrow(/ADMIN_SECRET/);
    expect(() => parseConfig({ ...base, ...production, ADMIN_SECRET: "corta", PAYMENT_SANDBOX: "1" })).toThrow(/ADMIN_SECRET/);
    const { APP_ORIGIN: __, ...withoutOrigin } = base;
    expect(() => parseConfig({ ...withoutOrigin, ...production, PAYMENT_SANDBOX: "1" })).toThrow(/APP_ORIGIN/);
  });

  it("seeds the demo merchant in local runs only, unless SEED_DEMO says so", () => {
    expect(parseConfig(base).seedDemo).toBe(true);
    expect(parseConfig({ ...base, ...production, PAYMENT_SANDBOX: "1" }).seedDemo).toBe(false);
    expect(parseConfig({ ...base, ...production, PAYMENT_SANDBOX: "1", SEED_DEMO: "1" }).seedDemo).toBe(true);
  });

  it("builds public store urls in both forms", () => {
    expect(publicStoreUrl({ APP_ORIGIN: "http://localhost:3000", STORES_DOMAIN: "localhost" }, "demo")).toBe(
      "http://demo.localhost:3000/",
    );
    expect(publicStoreUrl({ APP_ORIGIN: "https://app.vitrina.com", STORES_DOMAIN: undefined }, "demo")).toBe(
      "https://app.vitrina.com/site/demo",
    );
  });

  it("refuses production without the VAPID keys and contact; locally they are optional but go together", () => {
    for (const name of ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const) {
      expect(() => parseConfig({ ...base, ...production, PAYMENT_SANDBOX: "1", [name]: "" }), name).toThrow(/VAPID_PUBLIC_KEY/);
    }
    expect(parseConfig({ ...base, ...production, PAYMENT_SANDBOX: "1" }).vapid).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
      subject: vapid.VAPID_SUBJECT,
    });
    expect(parseConfig(base).vapid).toBeNull();
    expect(() => parseConfig({ ...base, VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY/,
    );
    // Wrong shapes name the variable: a compressed or short public key, a 31-byte private key, a subject that is no contact.
    expect(() => parseConfig({ ...base, ...vapid, VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY.slice(0, 44) })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => parseConfig({ ...base, ...vapid, VAPID_PRIVATE_KEY: "mnS3kRJ_DQC3QIxkm3jCrnqCXLxO8kmwExW_bFC9o" })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() => parseConfig({ ...base, ...vapid, VAPID_SUBJECT: "avisos@vitrina.test" })).toThrow(/VAPID_SUBJECT/);
  });
});
