import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import type { Config } from "~/services/config";

/**
 * Password hashes: scrypt with its parameters inside the stored string
 * (`scrypt$N$r$p$salt$hash`), so they can be raised later and old hashes re-hashed at login.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const STANDARD_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
/**
 * Test servers only (PASSWORD_HASHING=fast-for-tests, which production refuses): 32 times less work per hash, so
 * the hundreds of registrations and sign-ins of the test suite do not cost a minute of CPU. Production's hashes
 * are never made so; one that was would be re-hashed at the next sign-in, as any weaker hash is.
 */
const FAST_FOR_TESTS_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** The parameters new hashes are made with, by the platform's setting. */
export const passwordHashParams = (config: Pick<Config, "PASSWORD_HASHING">): ScryptParams =>
  config.PASSWORD_HASHING === "fast-for-tests" ? FAST_FOR_TESTS_PARAMS : STANDARD_PARAMS;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(
      password.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParams = STANDARD_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p) return null;
  return { params: { N, r, p }, salt: Buffer.from(parts[4] ?? "", "base64"), key: Buffer.from(parts[5] ?? "", "base64") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with weaker parameters than `params`: re-hash at the next login. */
export function needsRehash(stored: string, params: ScryptParams = STANDARD_PARAMS): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}
