import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url } from "~/domain/base64url";
import { isAllowedPushEndpoint } from "~/notifications/push-endpoint";
import { encryptPushMessage, MAX_PLAINTEXT_BYTES, type SenderKeys } from "~/notifications/web-push/encryption";
import { pushRequest } from "~/notifications/web-push/send";
import {
  audienceOf,
  generateVapidKeyPair,
  importVapidPrivateKey,
  VAPID_TTL_SECONDS,
  vapidAuthorization,
  vapidJwt,
  vapidKeysMatch,
} from "~/notifications/web-push/vapid";
import { decryptPushBody, verifyVapid } from "../support/push-service";

const bytes = (b64url: string) => fromBase64Url(b64url) as Uint8Array<ArrayBuffer>;

// RFC 8291, Appendix A: the example message, with every input and the exact body it gives.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml" +
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT" +
    "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

async function rfcSender(): Promise<SenderKeys> {
  const pub = bytes(RFC.asPublic);
  const privateKey = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", d: RFC.asPrivate, x: toBase64Url(pub.subarray(1, 33)), y: toBase64Url(pub.subarray(33)) },
    { name: "ECDH", namedCurve: "P-256" },
    false,
    ["deriveBits"],
  );
  return { privateKey, publicKey: pub };
}

/** A browser's side of a subscription: its ECDH key and auth secret. */
function browser() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, auth: new Uint8Array(randomBytes(16)) };
}

describe("Web Push message encryption (RFC 8291, aes128gcm)", () => {
  it("reproduces the RFC 8291 Appendix A example byte for byte", async () => {
    const body = await encryptPushMessage({
      uaPublic: bytes(RFC.uaPublic),
      authSecret: bytes(RFC.authSecret),
      plaintext: RFC.plaintext,
      salt: bytes(RFC.salt),
      sender: await rfcSender(),
    });
    expect(toBase64Url(body)).toBe(RFC.body);
  });

  it("the stand-in's independent decryption opens the RFC example (it checks the app, so it is checked too)", () => {
    const ua = createECDH("prime256v1");
    ua.setPrivateKey(Buffer.from(RFC.uaPrivate, "base64url"));
    expect(ua.getPublicKey().toString("base64url")).toBe(RFC.uaPublic);
    expect(decryptPushBody(bytes(RFC.body), ua, bytes(RFC.authSecret)).toString("utf8")).toBe(RFC.plaintext);
  });

  it("round-trips with random keys: a fresh salt and sender key per message, any text up to the limit", async () => {
    const { ecdh, auth } = browser();
    const uaPublic = new Uint8Array(ecdh.getPublicKey());
    const texts = [
      '{"title":"Nuevo pedido #1234567890","body":"Total 25.500,00 US$ · Mateo Gil"}',
      "ñ€😀",
      "x".repeat(MAX_PLAINTEXT_BYTES),
    ];
    const bodies: Uint8Array[] = [];
    for (const text of texts) {
      const body = await encryptPushMessage({ uaPublic, authSecret: auth, plaintext: text });
      expect(body.length).toBeLessThanOrEqual(4096);
      expect(decryptPushBody(body, ecdh, auth).toString("utf8")).toBe(text);
      bodies.push(body);
    }
    const again = await encryptPushMessage({ uaPublic, authSecret: auth, plaintext: texts[0] as string });
    // Salt (first 16 bytes) and sender key (bytes 21–86) are new for every message.
    expect(toBase64Url(again.subarray(0, 16))).not.toBe(toBase64Url((bodies[0] as Uint8Array).subarray(0, 16)));
    expect(toBase64Url(again.subarray(21, 86))).not.toBe(toBase64Url((bodies[0] as Uint8Array).subarray(21, 86)));
  });

  it("refuses to decrypt for another browser, or a body changed on the way, and refuses oversized messages", async () => {
    const one = browser();
    const other = browser();
    const body = await encryptPushMessage({
      uaPublic: new Uint8Array(one.ecdh.getPublicKey()),
      authSecret: one.auth,
      plaintext: "hola",
    });
    expect(() => decryptPushBody(body, other.ecdh, other.auth)).toThrow();
    expect(() => decryptPushBody(body, one.ecdh, other.auth)).toThrow();
    const changed = new Uint8Array(body);
    changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 1;
    expect(() => decryptPushBody(changed, one.ecdh, one.auth)).toThrow();
    await expect(
      encryptPushMessage({
        uaPublic: new Uint8Array(one.ecdh.getPublicKey()),
        authSecret: one.auth,
        plaintext: "x".repeat(MAX_PLAINTEXT_BYTES + 1),
      }),
    ).rejects.toThrow(RangeError);
  });
});

describe("VAPID (RFC 8292)", () => {
  const now = new Date("2026-03-10T15:00:00Z");

  it("signs an ES256 JWT for the endpoint's origin, valid 12 hours from the services clock, that verifies with k", async () => {
    const keys = await generateVapidKeyPair();
    expect(bytes(keys.publicKey).length).toBe(65);
    expect(bytes(keys.privateKey).length).toBe(32);
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc:def";
    expect(audienceOf(endpoint)).toBe("https://fcm.googleapis.com");
    const jwt = await vapidJwt(await importVapidPrivateKey(keys), audienceOf(endpoint), "mailto:soporte@vitrina.test", now);
    const header = vapidAuthorization(jwt, keys.publicKey);
    expect(header).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const { claims, k } = verifyVapid(header, { audience: "https://fcm.googleapis.com", now, key: keys.publicKey });
    expect(k).toBe(keys.publicKey);
    expect(claims).toEqual({
      aud: "https://fcm.googleapis.com",
      exp: Math.floor(now.getTime() / 1000) + VAPID_TTL_SECONDS,
      sub: "mailto:soporte@vitrina.test",
    });
    expect(VAPID_TTL_SECONDS).toBeLessThanOrEqual(12 * 3600);
    expect(JSON.parse(Buffer.from(jwt.split(".")[0] as string, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" });
    // The audience keeps a port (the stand-in's); a token for one origin does not pass at another.
    expect(audienceOf("http://127.0.0.1:4567/push/a")).toBe("http://127.0.0.1:4567");
    expect(() => verifyVapid(header, { audience: "https://updates.push.services.mozilla.com", now })).toThrow(/aud/);
    // Expired for a push service whose clock is 13 hours later.
    expect(() =>
      verifyVapid(header, { audience: "https://fcm.googleapis.com", now: new Date(now.getTime() + 13 * 3600_000) }),
    ).toThrow(/exp/);
  });

  it("a token signed by another key does not verify with k, and a mismatched pair is caught", async () => {
    const mine = await generateVapidKeyPair();
    const theirs = await generateVapidKeyPair();
    const jwt = await vapidJwt(await importVapidPrivateKey(theirs), "https://fcm.googleapis.com", "mailto:a@b.co", now);
    expect(() => verifyVapid(vapidAuthorization(jwt, mine.publicKey), { audience: "https://fcm.googleapis.com", now })).toThrow(
      /signature/,
    );
    expect(await vapidKeysMatch(mine)).toBe(true);
    expect(await vapidKeysMatch({ publicKey: mine.publicKey, privateKey: theirs.privateKey })).toBe(false);
  });

  it("sends the headers push services require: VAPID, aes128gcm, TTL and urgency", async () => {
    const keys = await generateVapidKeyPair();
    const { ecdh, auth } = browser();
    const target = {
      endpoint: "https://web.push.apple.com/QGuQyav",
      p256dh: toBase64Url(ecdh.getPublicKey()),
      auth: toBase64Url(auth),
    };
    const init = await pushRequest(target, '{"title":"t","body":"b","url":"/"}', {
      signingKey: await importVapidPrivateKey(keys),
      publicKey: keys.publicKey,
      subject: "mailto:a@b.co",
      now,
      ttl: 86400,
      urgency: "high",
    });
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe("POST");
    expect(headers["Content-Encoding"]).toBe("aes128gcm");
    expect(headers.TTL).toBe("86400");
    expect(headers.Urgency).toBe("high");
    verifyVapid(headers.Authorization, { audience: "https://web.push.apple.com", now, key: keys.publicKey });
    expect(decryptPushBody(init.body as Uint8Array, ecdh, auth).toString()).toBe('{"title":"t","body":"b","url":"/"}');
  });
});

describe("push endpoints the server may POST to", () => {
  const browsers = [
    "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
    "https://eu.push.services.mozilla.com/wpush/v2/x",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    "https://web.push.apple.com/QGuQyavXutnMH6Ig2uYOJDwA",
    "https://api.push.apple.com/3/device/x",
  ];
  const refusedEverywhere = [
    "https://evil.example/push",
    "https://10.0.0.5/push",
    "https://192.168.1.1/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::1]/push",
    "https://0x7f000001/push",
    "https://fcm.googleapis.com.evil.example/fcm/send/x",
    "https://evilfcm.googleapis.com/fcm/send/x",
    "https://push.apple.com.evil.example/x",
    "https://notify.windows.com/x",
    "https://push.services.mozilla.com/wpush/v2/x",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://user:pass@fcm.googleapis.com/fcm/send/x",
    "http://fcm.googleapis.com/fcm/send/x",
    "ftp://fcm.googleapis.com/x",
    "http://10.0.0.2:8080/push",
    "http://127.0.0.1/push",
    "no es una url",
    `https://fcm.googleapis.com/fcm/send/${"x".repeat(1000)}`,
  ];

  it("production: only the browsers' push services over https", () => {
    for (const endpoint of browsers) expect(isAllowedPushEndpoint(endpoint, "production"), endpoint).toBe(true);
    for (const endpoint of [...refusedEverywhere, "http://127.0.0.1:4567/push/a", "http://localhost:4567/push/a"]) {
      expect(isAllowedPushEndpoint(endpoint, "production"), endpoint).toBe(false);
    }
  });

  it("local runs: also the loopback stand-in, nothing else", () => {
    for (const endpoint of [...browsers, "http://127.0.0.1:4567/push/a", "http://localhost:4567/push/a"]) {
      expect(isAllowedPushEndpoint(endpoint, "local"), endpoint).toBe(true);
    }
    for (const endpoint of refusedEverywhere) expect(isAllowedPushEndpoint(endpoint, "local"), endpoint).toBe(false);
  });
});
