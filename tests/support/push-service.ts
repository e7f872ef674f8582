// A stand-in for a browser and its push service, on loopback: it makes subscriptions the way a
// browser does (its own P-256 key pair and 16-byte auth secret per subscription), and receives the
// server's messages the way FCM or Mozilla's autopush do: it checks the VAPID JWT (signature with the
// `k` key, aud, exp, sub) and the headers, then decrypts the aes128gcm body (RFC 8291) with the
// subscription's private key. Written on node:crypto, apart from the app's WebCrypto code, so a
// mistake the app makes in both directions cannot hide.
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInSubscription {
  id: string;
  endpoint: string;
  /** base64url, as PushSubscription.toJSON() gives them. */
  p256dh: string;
  auth: string;
}

export interface ReceivedMessage {
  subscriptionId: string;
  /** The decrypted plaintext. */
  text: string;
  headers: IncomingHttpHeaders;
  claims: { aud: string; exp: number; sub: string };
  /** The `k` of the Authorization header: the application server's public key. */
  k: string;
}

/** A request the stand-in refused (bad JWT, bad encryption, missing header): the server sent it wrong. */
interface RefusedRequest {
  subscriptionId: string;
  status: number;
  reason: string;
}

type Behaviour = { status: number } | "hang";

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/**
 * RFC 8291 §3.4 and RFC 8188 §2, receiving side: the plaintext of an aes128gcm body for the browser
 * whose ECDH key is `ua` and auth secret `authSecret`. Throws on anything malformed.
 */
export function decryptPushBody(body: Uint8Array, ua: ECDH, authSecret: Uint8Array): Buffer {
  if (body.length < 21) throw new Error("body shorter than its header");
  const salt = body.subarray(0, 16);
  const rs = Buffer.from(body.subarray(16, 20)).readUInt32BE(0);
  const idlen = body[20] ?? 0;
  if (idlen !== 65) throw new Error(`keyid must be the sender's 65-byte public key, got ${idlen} bytes`);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error("more than one record");
  if (ciphertext.length < 17) throw new Error("record shorter than its tag");
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const record = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // Padding: the delimiter is the last non-zero byte; 0x02 marks the last record.
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end--;
  if (record[end] !== 0x02) throw new Error(`last record must end with the delimiter 0x02, got ${record[end]}`);
  return record.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292) and returns the claims; throws with the reason. */
export function verifyVapid(
  authorization: string | undefined,
  expected: { audience: string; now: Date; key?: string },
): { claims: ReceivedMessage["claims"]; k: string } {
  const match = authorization?.match(/^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/);
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${authorization}`);
  const [, jwt = "", k = ""] = match;
  const raw = Buffer.from(k, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  if (expected.key && k !== expected.key) throw new Error("k is not the key this subscription was made with");
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
  if (head.alg !== "ES256" || (head.typ !== undefined && head.typ !== "JWT"))
    throw new Error(`JWT header ${JSON.stringify(head)}`);
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("JWT signature does not verify with k");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  if (claims.aud !== expected.audience) throw new Error(`aud ${claims.aud}, expected ${expected.audience}`);
  const now = Math.floor(expected.now.getTime() / 1000);
  if (!Number.isInteger(claims.exp) || claims.exp <= now || claims.exp > now + 24 * 3600) {
    throw new Error(`exp ${claims.exp} is not within the next 24 hours of ${now}`);
  }
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, k };
}

/**
 * Starts the stand-in on 127.0.0.1. `now` is the push service's clock for checking `exp` (tests on a
 * fixed test clock pass theirs).
 */
export async function startPushService(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer; key?: string }>();
  const behaviour = new Map<string, Behaviour>();
  const received: ReceivedMessage[] = [];
  const refused: RefusedRequest[] = [];
  const hanging = new Set<() => void>();
  let next = 1;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = req.url?.match(/^\/push\/([\w-]+)$/)?.[1] ?? "";
      const browser = browsers.get(id);
      const answer = (status: number, reason = "") => {
        if (status >= 400 && reason) refused.push({ subscriptionId: id, status, reason });
        res.writeHead(status, { "Content-Type": "text/plain" });
        res.end(reason);
      };
      if (req.method !== "POST") return answer(405, "POST only");
      if (!browser) return answer(404, "no such subscription");
      const rule = behaviour.get(id);
      if (rule === "hang") {
        hanging.add(() => res.destroy());
        return;
      }
      if (rule) {
        res.writeHead(rule.status, { "Content-Type": "text/plain" });
        res.end("stand-in told to refuse");
        return;
      }
      try {
        const { claims, k } = verifyVapid(req.headers.authorization, { audience: origin, now: now(), key: browser.key });
        if (req.headers["content-encoding"] !== "aes128gcm")
          throw new Error(`Content-Encoding ${req.headers["content-encoding"]}`);
        if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) throw new Error(`TTL ${req.headers.ttl}`);
        const body = Buffer.concat(chunks);
        if (body.length > 4096) throw new Error(`body of ${body.length} bytes, over 4096`);
        const text = decryptPushBody(body, browser.ecdh, browser.auth).toString("utf8");
        received.push({ subscriptionId: id, text, headers: req.headers, claims, k });
        answer(201);
      } catch (error) {
        answer(400, error instanceof Error ? error.message : String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    /**
     * A new subscription, as `pushManager.subscribe()` would give one. With `applicationServerKey`,
     * messages signed with another key are refused (403), as the real services do.
     */
    subscribe(applicationServerKey?: string): StandInSubscription {
      const id = `s${next++}-${randomBytes(6).toString("hex")}`;
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth, key: applicationServerKey });
      return { id, endpoint: `${origin}/push/${id}`, p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) };
    },
    /** Answer this subscription's next messages with `status` (410, 404, 500…), or never answer ("hang"). */
    behave(id: string, rule: Behaviour | null) {
      if (rule === null) behaviour.delete(id);
      else behaviour.set(id, rule);
    },
    /** The messages one subscription received, decrypted. */
    messagesFor(id: string): ReceivedMessage[] {
      return received.filter((m) => m.subscriptionId === id);
    },
    async stop() {
      for (const drop of hanging) drop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushService>>;
