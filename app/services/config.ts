import { z } from "zod";
import { fromBase64Url, isUncompressedPoint, toBase64Url } from "~/domain/base64url";
import { parseMoney } from "~/domain/money";

/**
 * Every setting of the platform, parsed once at start-up. A missing or bad value stops
 * start-up with a message naming the variable, never a half-working server.
 */
/** base64 or base64url, padded or not. */
const decodeKey = (v: string) => fromBase64Url(v.trim().replace(/\+/g, "-").replace(/\//g, "_"));

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const flag = z.preprocess(
  emptyToUndefined,
  z
    .enum(["1", "0", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
);

const configSchema = z
  .object({
    RUNTIME: z.enum(["node", "cloudflare"]),
    /** production turns off the sandbox, outbox and test clock unless enabled explicitly. */
    VITRINA_ENV: z.preprocess(emptyToUndefined, z.enum(["local", "production"]).default("local")),
    APP_ORIGIN: z
      .url({ protocol: /^https?$/, error: "hace falta el origen público de la app, como https://app.ejemplo.com" })
      .transform((u) => new URL(u).origin),
    STORES_DOMAIN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9.-]+$/, "debe ser un dominio, como tiendas.ejemplo.com")
        .optional(),
    ),
    DATABASE_URL: z.string().min(1),
    DATABASE_AUTH_TOKEN: optionalString,
    RESEND_API_KEY: optionalString,
    /** Where unexpected errors are reported (a Sentry project's DSN, or a compatible service's); none: only logged. */
    SENTRY_DSN: z.preprocess(
      emptyToUndefined,
      z.url("debe ser el DSN del proyecto, como https://clave@o1.ingest.sentry.io/1").optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Vitrina <no-responder@vitrina.local>")),
    MERCADOPAGO_ACCESS_TOKEN: optionalString,
    MERCADOPAGO_PUBLIC_KEY: optionalString,
    MERCADOPAGO_WEBHOOK_SECRET: optionalString,
    /** The MercadoPago application merchants link their own accounts to (OAuth, 'Cobros en línea'). */
    MERCADOPAGO_CLIENT_ID: optionalString,
    MERCADOPAGO_CLIENT_SECRET: optionalString,
    /** AES-256-GCM key (32 bytes, base64 or base64url) that encrypts the merchants' MercadoPago tokens at rest. */
    PAYMENT_TOKEN_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => decodeKey(v)?.length === 32, "debe ser una clave de 32 bytes en base64 (openssl rand -base64 32)")
        .optional(),
    ),
    PAYMENT_SANDBOX: flag,
    /**
     * Where the stores' ad conversions go instead of Meta's and Google's hosts (a stand-in answering both APIs); unset:
     * the real hosts in production, the local stand-in otherwise (docs/decisions/0052-ad-conversions-from-the-server.md).
     */
    CONVERSIONS_API_ORIGIN: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "debe ser un origen, como http://127.0.0.1:4010" })
        .transform((u) => new URL(u).origin)
        .optional(),
    ),
    /**
     * Cloudflare for SaaS ('Dominio propio', docs/decisions/0061-custom-domains.md): an API token with 'SSL and
     * Certificates: Edit' on the platform's zone, that zone's id, and the hostname merchants point their CNAME at.
     * Unset: local runs use the stand-in, production has no custom domains.
     */
    CLOUDFLARE_API_TOKEN: optionalString,
    CLOUDFLARE_ZONE_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-f0-9]{32}$/, "debe ser el id de la zona (32 caracteres hexadecimales)")
        .optional(),
    ),
    CUSTOM_HOSTNAME_TARGET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/, "debe ser un nombre de host, como dominios.ejemplo.com")
        .optional(),
    ),
    BILLING_CURRENCY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Z]{3}$/)
        .default("USD"),
    ),
    /** Price of one extra store bought on /buyStore, in BILLING_CURRENCY (0.50 by default). */
    STORE_UNLOCK_PRICE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{1,6}([.,]\d{1,3})?$/, "debe ser un precio como 0.50")
        .default("0.50"),
    ),
    ADMIN_SECRET: optionalString,
    /**
     * The secret the store statistics' daily salt is derived from (docs/decisions/0051-visit-statistics.md): unset, it is
     * derived from ADMIN_SECRET (required in production), or a fixed development one in local runs.
     */
    STATS_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, "debe tener 16 caracteres o más").optional()),
    /** Node only: the server sits behind one reverse proxy that appends the client to X-Forwarded-For. */
    TRUST_PROXY: flag,
    /** Create the demo merchant and store at start: always in local runs, never in production unless set. */
    SEED_DEMO: flag,
    /**
     * How costly new password hashes are. `fast-for-tests` (local runs only) is for the test servers, which register
     * and sign in hundreds of times; production always hashes at the standard cost (app/auth/password.server.ts).
     */
    PASSWORD_HASHING: z.preprocess(emptyToUndefined, z.enum(["standard", "fast-for-tests"]).default("standard")),
    /**
     * Web Push (VAPID, RFC 8292): the public key browsers subscribe with (uncompressed P-256 point,
     * 65 bytes) and its private scalar d (32 bytes), both base64url, and the contact push services
     * see. Local runs without them use a pair generated once and kept in the database.
     */
    VAPID_PUBLIC_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (v) => isUncompressedPoint(fromBase64Url(v)),
          "debe ser la clave pública P-256 sin comprimir (65 bytes) en base64url",
        )
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (v) => fromBase64Url(v)?.length === 32,
          "debe ser la clave privada P-256 (32 bytes, el «d» de su JWK) en base64url",
        )
        .optional(),
    ),
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
          "debe ser un contacto mailto: (o una URL https:), como mailto:soporte@ejemplo.com",
        )
        .optional(),
    ),
  })
  .superRefine((c, ctx) => {
    const mp = [c.MERCADOPAGO_ACCESS_TOKEN, c.MERCADOPAGO_PUBLIC_KEY, c.MERCADOPAGO_WEBHOOK_SECRET];
    if (mp.some(Boolean) && !mp.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["MERCADOPAGO_ACCESS_TOKEN"],
        message: "MercadoPago necesita MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY y MERCADOPAGO_WEBHOOK_SECRET juntos",
      });
    }
    if (c.VITRINA_ENV === "production" && !c.MERCADOPAGO_ACCESS_TOKEN && !c.PAYMENT_SANDBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["MERCADOPAGO_ACCESS_TOKEN"],
        message: "en producción hacen falta las credenciales de MercadoPago (o PAYMENT_SANDBOX=1 explícito)",
      });
    }
    if (Boolean(c.MERCADOPAGO_CLIENT_ID) !== Boolean(c.MERCADOPAGO_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["MERCADOPAGO_CLIENT_ID"],
        message: "los cobros en línea necesitan MERCADOPAGO_CLIENT_ID y MERCADOPAGO_CLIENT_SECRET juntos",
      });
    }
    if (c.MERCADOPAGO_CLIENT_ID && !c.MERCADOPAGO_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["MERCADOPAGO_WEBHOOK_SECRET"],
        message: "los cobros en línea necesitan MERCADOPAGO_WEBHOOK_SECRET para verificar los avisos de pago",
      });
    }
    if (c.VITRINA_ENV === "production" && c.MERCADOPAGO_CLIENT_ID && !c.PAYMENT_TOKEN_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_TOKEN_KEY"],
        message:
          "en producción, con MERCADOPAGO_CLIENT_ID, hace falta PAYMENT_TOKEN_KEY (32 bytes en base64: openssl rand -base64 32)",
      });
    }
    if (c.VITRINA_ENV === "production" && c.PASSWORD_HASHING !== "standard") {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASHING"],
        message: "en producción las contraseñas se guardan siempre con el costo estándar: quita PASSWORD_HASHING",
      });
    }
    if (c.VITRINA_ENV === "production" && (!c.ADMIN_SECRET || c.ADMIN_SECRET.length < 16)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_SECRET"],
        message: "en producción hace falta ADMIN_SECRET, la clave de /SSS (16 caracteres o más)",
      });
    }
    if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PUBLIC_KEY"],
        message: "los avisos necesitan VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY juntas (npm run vapid:keys las genera)",
      });
    }
    if (c.VITRINA_ENV === "production" && (!c.VAPID_PUBLIC_KEY || !c.VAPID_PRIVATE_KEY || !c.VAPID_SUBJECT)) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PUBLIC_KEY"],
        message:
          "en producción hacen falta VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY y VAPID_SUBJECT (avisos de pedidos; npm run vapid:keys genera las claves)",
      });
    }
    if (Boolean(c.CLOUDFLARE_API_TOKEN) !== Boolean(c.CLOUDFLARE_ZONE_ID)) {
      ctx.addIssue({
        code: "custom",
        path: ["CLOUDFLARE_API_TOKEN"],
        message: "los dominios propios necesitan CLOUDFLARE_API_TOKEN y CLOUDFLARE_ZONE_ID juntos",
      });
    }
    if (c.CLOUDFLARE_API_TOKEN && !c.CUSTOM_HOSTNAME_TARGET) {
      ctx.addIssue({
        code: "custom",
        path: ["CUSTOM_HOSTNAME_TARGET"],
        message: "con CLOUDFLARE_API_TOKEN hace falta CUSTOM_HOSTNAME_TARGET, el host al que apuntan los CNAME de las tiendas",
      });
    }
    if (c.VITRINA_ENV === "production" && !c.RESEND_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["RESEND_API_KEY"], message: "en producción hace falta RESEND_API_KEY" });
    }
  });

/**
 * Encrypts linked-account tokens when PAYMENT_TOKEN_KEY is not set: local runs and tests only (production
 * with MercadoPago OAuth refuses to start without a key). It is public, so it protects nothing.
 */
export const DEVELOPMENT_TOKEN_KEY = "dml0cmluYS1kZXNhcnJvbGxvLW5vLXNlY3JldGEtMDE";

/** The statistics' salt secret of local runs without STATS_SECRET or ADMIN_SECRET: public, so it hides nothing. */
const DEVELOPMENT_STATS_SECRET = "vitrina-estadisticas-desarrollo";

/** Contact sent in VAPID tokens by local runs without VAPID_SUBJECT. */
const LOCAL_VAPID_SUBJECT = "mailto:avisos@vitrina.local";

/** The Web Push sender's keys (base64url) and contact, resolved once at start (app/notifications/vapid-keys.server.ts). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export type Config = z.output<typeof configSchema> & {
  /** Local-only tools: outbox page, payment sandbox, test clock. */
  devTools: boolean;
  /** Whether start-up creates the demo merchant (its password is published in the README). */
  seedDemo: boolean;
  paymentProvider: "sandbox" | "mercadopago";
  /**
   * Where merchants link their own accounts: MercadoPago with an OAuth application, else the sandbox
   * where it is allowed (local runs, or PAYMENT_SANDBOX), else null: online payments to merchants are off.
   */
  storePaymentsProvider: "sandbox" | "mercadopago" | null;
  /** PAYMENT_TOKEN_KEY as base64url, or the fixed development key when it is not set. */
  paymentTokenKey: string;
  mailProvider: "outbox" | "resend";
  /** Where ad conversions go: the platforms (or CONVERSIONS_API_ORIGIN's stand-in), else the local stand-in. */
  conversionsProvider: "platforms" | "sandbox";
  /** Where stores' own hostnames are registered: Cloudflare for SaaS, the local stand-in, or nowhere (production without it). */
  customHostnamesProvider: "cloudflare" | "stand-in" | null;
  /** The host merchants point their CNAME at: CUSTOM_HOSTNAME_TARGET, or a made-up one in local runs. */
  customHostnameTarget: string;
  /** STORE_UNLOCK_PRICE in minor units of BILLING_CURRENCY. */
  storeUnlockPrice: number;
  /** What the statistics' daily salt is derived from: STATS_SECRET, else one derived from ADMIN_SECRET, else a development one. */
  statsSecret: string;
  /** The configured VAPID keys, or null (local runs then use the pair kept in the database). */
  vapid: VapidKeys | null;
  /** The contact push services see: VAPID_SUBJECT, or the local one. */
  vapidSubject: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, unknown>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(config)"}: ${i.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const vapidSubject = c.VAPID_SUBJECT ?? LOCAL_VAPID_SUBJECT;
  const storeUnlockPrice = parseMoney(c.STORE_UNLOCK_PRICE, c.BILLING_CURRENCY);
  if (!storeUnlockPrice) throw new ConfigError("Configuración inválida:\n  - STORE_UNLOCK_PRICE: debe ser un precio mayor que 0");
  return {
    ...c,
    devTools: c.VITRINA_ENV === "local",
    seedDemo: c.VITRINA_ENV === "local" || c.SEED_DEMO,
    paymentProvider: c.MERCADOPAGO_ACCESS_TOKEN ? "mercadopago" : "sandbox",
    storePaymentsProvider:
      c.MERCADOPAGO_CLIENT_ID && c.MERCADOPAGO_CLIENT_SECRET
        ? "mercadopago"
        : c.VITRINA_ENV !== "production" || c.PAYMENT_SANDBOX
          ? "sandbox"
          : null,
    paymentTokenKey: c.PAYMENT_TOKEN_KEY ? toBase64Url(decodeKey(c.PAYMENT_TOKEN_KEY) as Uint8Array) : DEVELOPMENT_TOKEN_KEY,
    mailProvider: c.RESEND_API_KEY ? "resend" : "outbox",
    conversionsProvider: c.VITRINA_ENV === "production" || c.CONVERSIONS_API_ORIGIN ? "platforms" : "sandbox",
    customHostnamesProvider:
      c.CLOUDFLARE_API_TOKEN && c.CLOUDFLARE_ZONE_ID ? "cloudflare" : c.VITRINA_ENV === "local" ? "stand-in" : null,
    customHostnameTarget: c.CUSTOM_HOSTNAME_TARGET ?? `dominios.${c.STORES_DOMAIN ?? new URL(c.APP_ORIGIN).hostname}`,
    storeUnlockPrice,
    statsSecret: c.STATS_SECRET ?? (c.ADMIN_SECRET ? `stats|${c.ADMIN_SECRET}` : DEVELOPMENT_STATS_SECRET),
    vapid:
      c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY
        ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject: vapidSubject }
        : null,
    vapidSubject,
  };
}

/**
 * Whether secrets can be kept encrypted: with PAYMENT_TOKEN_KEY, or in local runs (the development key protects
 * nothing, so production without the key keeps none).
 */
export const canKeepSecrets = (config: Pick<Config, "VITRINA_ENV" | "PAYMENT_TOKEN_KEY">) =>
  Boolean(config.PAYMENT_TOKEN_KEY) || config.VITRINA_ENV !== "production";

/**
 * The public site of a store: its own hostname once active ('Dominio propio', stores.custom_host), else its subdomain
 * when STORES_DOMAIN is set, else /site/{url} (every form keeps working; the older ones move GETs to the own hostname).
 */
export function publicStoreUrl(
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">,
  store: string | { url: string; customHost?: string | null },
): string {
  const slug = typeof store === "string" ? store : store.url;
  const customHost = typeof store === "string" ? null : store.customHost;
  if (customHost) {
    const app = new URL(config.APP_ORIGIN);
    return `${app.protocol}//${customHost}${app.port ? `:${app.port}` : ""}/`;
  }
  if (config.STORES_DOMAIN) {
    const app = new URL(config.APP_ORIGIN);
    return `${app.protocol}//${slug}.${config.STORES_DOMAIN}${app.port ? `:${app.port}` : ""}/`;
  }
  return `${config.APP_ORIGIN}/site/${slug}`;
}
