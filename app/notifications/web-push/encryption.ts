// Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188), with
// WebCrypto only, so the same code runs on Node and in workerd.
//
//   ecdh_secret = ECDH(sender private key, browser public key)
//   IKM   = HKDF-SHA-256(salt = auth secret, ikm = ecdh_secret, info = "WebPush: info" 0x00 ua_public as_public, 32)
//   CEK   = HKDF-SHA-256(salt, IKM, "Content-Encoding: aes128gcm" 0x00, 16)
//   NONCE = HKDF-SHA-256(salt, IKM, "Content-Encoding: nonce" 0x00, 12)
//   body  = salt(16) | rs(4, big-endian) | idlen(1) | as_public(65) | AES-128-GCM(CEK, NONCE, plaintext 0x02)
//
// One record only: the message plus its delimiter 0x02 ("last record") and the 16-byte tag fit in rs.

import { isUncompressedPoint } from "~/domain/base64url";

const encoder = new TextEncoder();

/** Record size announced in the header: the most a push service accepts for the whole record. */
const RECORD_SIZE = 4096;
/** salt + rs + idlen + the sender's 65-byte public key. */
const HEADER_BYTES = 16 + 4 + 1 + 65;
/**
 * The longest plaintext sent: push services take at most 4096 bytes of body (FCM, Mozilla, Apple),
 * which holds the header, the delimiter and the tag.
 */
export const MAX_PLAINTEXT_BYTES = RECORD_SIZE - HEADER_BYTES - 1 - 16;

export interface SenderKeys {
  /** ECDH P-256 private key of this message (a fresh one per message unless a test injects one). */
  privateKey: CryptoKey;
  /** Its public key, uncompressed (65 bytes, 0x04 | x | y). */
  publicKey: Uint8Array<ArrayBuffer>;
}

export interface EncryptOptions {
  /** The browser's `p256dh`: its ECDH public key, uncompressed (65 bytes). */
  uaPublic: Uint8Array<ArrayBuffer>;
  /** The browser's 16-byte `auth` secret. */
  authSecret: Uint8Array<ArrayBuffer>;
  plaintext: Uint8Array<ArrayBuffer> | string;
  /** 16 random bytes unless given (tests reproduce RFC 8291 Appendix A with its salt). */
  salt?: Uint8Array<ArrayBuffer>;
  /** A fresh key pair unless given (tests inject the RFC's). */
  sender?: SenderKeys;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8);
  return new Uint8Array(bits);
}

/** A fresh ECDH P-256 key pair for one message, with its raw public key. */
async function generateSenderKeys(): Promise<SenderKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { privateKey: pair.privateKey, publicKey };
}

/** Whether `bytes` is an uncompressed point on P-256 (what a browser's p256dh must be). */
export async function isP256Point(bytes: Uint8Array<ArrayBuffer>): Promise<boolean> {
  if (!isUncompressedPoint(bytes)) return false;
  try {
    await crypto.subtle.importKey("raw", bytes, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** The whole aes128gcm body of one push message (RFC 8291 §4). */
export async function encryptPushMessage(options: EncryptOptions): Promise<Uint8Array<ArrayBuffer>> {
  const { uaPublic, authSecret } = options;
  if (!isUncompressedPoint(uaPublic)) throw new RangeError("p256dh must be an uncompressed P-256 point");
  if (authSecret.length !== 16) throw new RangeError("auth must be 16 bytes");
  const plaintext = typeof options.plaintext === "string" ? encoder.encode(options.plaintext) : options.plaintext;
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new RangeError(`push message over ${MAX_PLAINTEXT_BYTES} bytes`);
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  if (salt.length !== 16) throw new RangeError("salt must be 16 bytes");
  const sender = options.sender ?? (await generateSenderKeys());

  const uaKey = await crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: uaKey }, sender.privateKey, 256));
  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, sender.publicKey);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);

  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  // The padding delimiter 0x02 marks the last (here the only) record; no further padding.
  const record = concat(plaintext, new Uint8Array([0x02]));
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce, tagLength: 128 }, aes, record));

  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = sender.publicKey.length;
  header.set(sender.publicKey, 21);
  return concat(header, ciphertext);
}
