import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url } from "~/domain/base64url";
import { STATE_LIFETIME_MS, signOAuthState, verifyOAuthState } from "~/online-payments/oauth-state";
import { decryptToken, encryptToken, importTokenKey, TokenDecryptionError } from "~/online-payments/token-crypto";
import { DEVELOPMENT_TOKEN_KEY, parseConfig } from "~/services/config";

const keyText = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
const TOKEN = "APP_USR-1234567890-merchant-access-token";

describe("linked-account token encryption (AES-256-GCM)", () => {
  it("round-trips, with a fresh IV each time and the token nowhere in the text", async () => {
    const key = await importTokenKey(keyText());
    const a = await encryptToken(key, "1111111111", TOKEN);
    const b = await encryptToken(key, "1111111111", TOKEN);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("APP_USR");
    expect(await decryptToken(key, "1111111111", a)).toBe(TOKEN);
    expect(await decryptToken(key, "1111111111", b)).toBe(TOKEN);
  });

  it("refuses altered ciphertext, another key, another store and an unknown format", async () => {
    const keyBytes = keyText();
    const key = await importTokenKey(keyBytes);
    const sealed = await encryptToken(key, "1111111111", TOKEN);
    const [version, iv, body] = sealed.split(".") as [string, string, string];
    const bytes = fromBase64Url(body) as Uint8Array;
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = `${version}.${iv}.${toBase64Url(bytes)}`;
    await expect(decryptToken(key, "1111111111", tampered)).rejects.toThrow(TokenDecryptionError);
    await expect(decryptToken(await importTokenKey(keyText()), "1111111111", sealed)).rejects.toThrow(TokenDecryptionError);
    await expect(decryptToken(key, "2222222222", sealed)).rejects.toThrow(TokenDecryptionError);
    await expect(decryptToken(key, "1111111111", sealed.replace(/^v1/, "v2"))).rejects.toThrow(TokenDecryptionError);
    await expect(decryptToken(key, "1111111111", "v1.abc")).rejects.toThrow(TokenDecryptionError);
  });

  it("PAYMENT_TOKEN_KEY takes base64 or base64url of 32 bytes; production with OAuth requires it", () => {
    const base = { RUNTIME: "node", APP_ORIGIN: "http://localhost:3000", DATABASE_URL: "file:x.db" };
    const bytes = new Uint8Array(32).fill(251);
    const standard = btoa(String.fromCharCode(...bytes));
    expect(standard).toMatch(/[+/]/);
    expect(parseConfig({ ...base, PAYMENT_TOKEN_KEY: standard }).paymentTokenKey).toBe(toBase64Url(bytes));
    expect(parseConfig(base).paymentTokenKey).toBe(DEVELOPMENT_TOKEN_KEY);
    expect(() => parseConfig({ ...base, PAYMENT_TOKEN_KEY: "corta" })).toThrow(/PAYMENT_TOKEN_KEY/);
    const production = {
      ...base,
      VITRINA_ENV: "production",
      PAYMENT_SANDBOX: "1",
      ADMIN_SECRET: "a-very-long-admin-secret",
      RESEND_API_KEY: "re_x",
      VAPID_SUBJECT: "mailto:a@b.co",
      MERCADOPAGO_CLIENT_ID: "123",
      MERCADOPAGO_CLIENT_SECRET: "s",
      MERCADOPAGO_WEBHOOK_SECRET: "w",
    };
    expect(() => parseConfig(production)).toThrow(/PAYMENT_TOKEN_KEY/);
    expect(() => parseConfig({ ...base, MERCADOPAGO_CLIENT_ID: "123" })).toThrow(/MERCADOPAGO_CLIENT_SECRET/);
  });
});

describe("OAuth state", () => {
  const now = new Date("2026-03-10T15:00:00Z");
  it("names its store for its owner while fresh; another owner, an edit or an old state is refused", async () => {
    const key = keyText();
    const { state, nonce } = await signOAuthState(key, "1111111111", "owner-a", now);
    expect(await verifyOAuthState(key, state, "owner-a", now, nonce)).toBe("1111111111");
    expect(await verifyOAuthState(key, state, "owner-b", now, nonce)).toBeNull();
    expect(await verifyOAuthState(key, state.replace("1111111111", "2222222222"), "owner-a", now, nonce)).toBeNull();
    expect(await verifyOAuthState(keyText(), state, "owner-a", now, nonce)).toBeNull();
    const later = new Date(now.getTime() + STATE_LIFETIME_MS + 1000);
    expect(await verifyOAuthState(key, state, "owner-a", later, nonce)).toBeNull();
    expect((await signOAuthState(key, "1111111111", "owner-a", now)).state).not.toBe(state);
  });

  it("is refused without the nonce of the browser that asked, or with another one", async () => {
    const key = keyText();
    const { state, nonce } = await signOAuthState(key, "1111111111", "owner-a", now);
    const other = await signOAuthState(key, "1111111111", "owner-a", now);
    expect(state).toContain(`.${nonce}.`);
    expect(await verifyOAuthState(key, state, "owner-a", now, null)).toBeNull();
    expect(await verifyOAuthState(key, state, "owner-a", now, "")).toBeNull();
    expect(await verifyOAuthState(key, state, "owner-a", now, other.nonce)).toBeNull();
    expect(await verifyOAuthState(key, state, "owner-a", now, nonce)).toBe("1111111111");
  });
});
