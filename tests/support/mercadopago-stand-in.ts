import { copyFileSync, mkdirSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createClient } from "@libsql/client";
// The SDK calls one hard-coded base URL; the stand-in takes its place for the test process.
import { AppConfig } from "mercadopago/dist/utils/config";
import { signNotification } from "../../app/billing/webhook-signature";
import { createServices } from "../../app/compose-services.server";
import { deletingRenditions } from "../../app/media/renditions";
import { parseConfig } from "../../app/services/config";
import { DiskFileStore } from "../../server/disk-files";
import { forThisFile } from "./for-this-file";
import { BASE_DB, TMP_DIR } from "./paths";
import { MemoryMailer, TEST_VAPID, TestClock } from "./services";

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

interface StandInPayment {
  id: number;
  status: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  /** The merchant account the payment went to; only that merchant's token reads it. Unset: the platform's. */
  collector_id?: number;
}

export const ACCESS_TOKEN = "APP_USR-stand-in-token";
export const WEBHOOK_SECRET = "stand-in-webhook-secret";
/** The platform's OAuth application that merchants link their accounts to. */
export const CLIENT_ID = "1234567890123456";
export const CLIENT_SECRET = "stand-in-client-secret";
/** What /oauth/token says a fresh access token lasts (MercadoPago: 180 days). */
export const TOKEN_LIFETIME_S = 15_552_000;

interface MerchantGrant {
  accountId: number;
  accessToken: string;
  refreshToken: string;
}

/**
 * A local HTTP stand-in for the MercadoPago API: answers the calls the product makes (create
 * preference, get payment, OAuth token exchange and refresh) the way MercadoPago does, and records
 * every request the SDK sends so tests can check them. Refuses requests without a known access token,
 * as MercadoPago does: the platform's, or a merchant's issued by /oauth/token, which reads only the
 * payments made to that merchant.
 */
async function startMercadoPagoStandIn() {
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, StandInPayment>();
  let preferenceStatus = 201;
  let paymentStatus = 200;
  /** How refund calls go wrong: refused with a status, or made but its answer lost (the connection drops). */
  let refundFault: { kind: "status"; status: number } | { kind: "no_answer" } | null = null;
  /** Refunds made, by the idempotency key that asked for them. */
  const refunds = new Map<string, { id: number; payment_id: number; amount: number; status: string }>();
  let next = 1;
  /** Authorization codes the merchant's 'Autorizar' would have produced: code → account. */
  const codes = new Map<string, number>();
  const grants: MerchantGrant[] = [];
  const issue = (accountId: number) => {
    const grant = {
      accountId,
      accessToken: `APP_USR-merchant-${accountId}-${crypto.randomUUID()}`,
      refreshToken: `TG-${accountId}-${crypto.randomUUID()}`,
    };
    grants.push(grant);
    return {
      access_token: grant.accessToken,
      token_type: "bearer",
      expires_in: TOKEN_LIFETIME_S,
      scope: "offline_access payments read write",
      user_id: accountId,
      refresh_token: grant.refreshToken,
      public_key: `APP_USR-public-${accountId}`,
      live_mode: false,
    };
  };
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : null;
      const path = req.url ?? "/";
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (req.method === "POST" && path === "/oauth/token") {
        const invalid = () => send(400, { message: "invalid_grant", error: "invalid_grant", status: 400, cause: [] });
        if (body?.client_id !== CLIENT_ID || body?.client_secret !== CLIENT_SECRET) {
          return send(401, { message: "invalid client", error: "invalid_client", status: 401, cause: [] });
        }
        if (body.grant_type === "authorization_code") {
          const accountId = codes.get(body.code);
          if (accountId === undefined) return invalid();
          codes.delete(body.code);
          return send(200, issue(accountId));
        }
        if (body.grant_type === "refresh_token") {
          const index = grants.findIndex((g) => g.refreshToken === body.refresh_token);
          const grant = grants[index];
          if (!grant) return invalid();
          // A refresh token is good once; the old access token stops working too.
          grants.splice(index, 1);
          return send(200, issue(grant.accountId));
        }
        return invalid();
      }
      const merchant = grants.find((g) => req.headers.authorization === `Bearer ${g.accessToken}`);
      if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}` && !merchant) {
        return send(401, { message: "invalid access token", error: "unauthorized", status: 401, cause: [] });
      }
      if (req.method === "POST" && path === "/checkout/preferences/") {
        if (preferenceStatus !== 201) return send(preferenceStatus, { message: "invalid", error: "bad_request", status: 400 });
        const id = `123-pref-${next++}`;
        return send(201, {
          id,
          init_point: `https://www.mercadopago.com.co/checkout/v1/redirect?pref_id=${id}`,
          external_reference: body?.external_reference,
          items: body?.items,
        });
      }
      const refundOf = req.method === "POST" && path.match(/^\/v1\/payments\/(\d+)\/refunds$/);
      if (refundOf) {
        const payment = payments.get(refundOf[1] ?? "");
        if (!payment || !merchant || payment.collector_id !== merchant.accountId)
          return send(404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
        const fault = refundFault;
        if (fault?.kind === "status")
          return send(fault.status, { message: "refund refused", error: "bad_request", status: fault.status });
        const key = String(req.headers["x-idempotency-key"] ?? "");
        // The same key is the same refund; a payment is given back once.
        let refund = key ? refunds.get(key) : undefined;
        if (!refund) {
          if (payment.status === "refunded")
            return send(400, { message: "Payment already refunded", error: "bad_request", status: 400, cause: [] });
          refund = { id: 9_000_000 + next++, payment_id: payment.id, amount: payment.transaction_amount, status: "approved" };
          if (key) refunds.set(key, refund);
          payment.status = "refunded";
        }
        if (fault?.kind === "no_answer") {
          req.socket.destroy();
          return;
        }
        return send(201, refund);
      }
      const match = req.method === "GET" && path.match(/^\/v1\/payments\/(\d+)$/);
      if (match) {
        if (paymentStatus !== 200)
          return send(paymentStatus, { message: "forbidden", error: "forbidden", status: paymentStatus });
        const payment = payments.get(match[1] ?? "");
        const readable = payment && (merchant ? payment.collector_id === merchant.accountId : payment.collector_id === undefined);
        if (!readable) return send(404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
        return send(200, payment);
      }
      send(404, { message: "not found", error: "not_found", status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // BASE_URL is declared readonly; at runtime it is a plain static field.
  const sdkConfig = AppConfig as { BASE_URL: string };
  const previous = sdkConfig.BASE_URL;
  sdkConfig.BASE_URL = url;
  return {
    url,
    requests,
    payments,
    failPreferences(status = 400) {
      preferenceStatus = status;
    },
    failPayments(status = 403) {
      paymentStatus = status;
    },
    /** Refunds are refused with `status`, or made without their answer ever arriving ('no_answer'); null: as usual. */
    failRefunds(fault: { kind: "status"; status: number } | { kind: "no_answer" } | null) {
      refundFault = fault;
    },
    /** Refunds made, by idempotency key. */
    refunds,
    /** How many refund calls arrived for the payment. */
    refundCalls(id: string) {
      return requests.filter((r) => r.method === "POST" && r.path === `/v1/payments/${id}/refunds`).length;
    },
    /** The code MercadoPago sends back after the merchant of `accountId` authorizes the application. */
    authorizationCode(accountId: number) {
      const code = `TG-code-${crypto.randomUUID()}`;
      codes.set(code, accountId);
      return code;
    },
    /** The merchant tokens currently valid. */
    grants,
    /** How many times the payment was asked for (GET /v1/payments/{id}). */
    paymentGets(id: string) {
      return requests.filter((r) => r.method === "GET" && r.path === `/v1/payments/${id}`).length;
    },
    async close() {
      sdkConfig.BASE_URL = previous;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MercadoPagoStandIn = Awaited<ReturnType<typeof startMercadoPagoStandIn>>;

/** The stand-in for the calling test file: started before its tests, stopped after them. */
export const mercadoPagoStandInForThisFile = (): MercadoPagoStandIn => forThisFile(startMercadoPagoStandIn);

/**
 * A payment notification as MercadoPago posts it to `webhookUrl`, signed with `secret` (x-signature)
 * at `now`.
 */
export async function signedNotification(
  webhookUrl: string,
  dataId: string,
  options: { now: Date; secret?: string; requestId?: string },
): Promise<Request> {
  const requestId = options.requestId ?? crypto.randomUUID();
  const ts = String(Math.floor(options.now.getTime() / 1000));
  return new Request(`${webhookUrl}?data.id=${dataId}&type=payment`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-request-id": requestId,
      "x-signature": await signNotification(options.secret ?? WEBHOOK_SECRET, dataId, requestId, ts),
    },
    body: JSON.stringify({
      action: "payment.updated",
      api_version: "v1",
      data: { id: dataId },
      type: "payment",
      live_mode: false,
    }),
  });
}

/**
 * Real services on a fresh database copy, configured for MercadoPago (the SDK talks to the stand-in);
 * `env` changes settings (undefined removes one).
 */
export function createMercadoPagoServices(env: Record<string, string | undefined> = {}) {
  const dir = join(TMP_DIR, `mp-${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  const dbPath = join(dir, "vitrina.db");
  copyFileSync(BASE_DB, dbPath);
  const config = parseConfig({
    RUNTIME: "node",
    APP_ORIGIN: "https://app.vitrina.test",
    DATABASE_URL: `file:${dbPath}`,
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_PUBLIC_KEY: "APP_USR-public-key",
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MERCADOPAGO_CLIENT_ID: CLIENT_ID,
    MERCADOPAGO_CLIENT_SECRET: CLIENT_SECRET,
    ...env,
  });
  const testClock = new TestClock(new Date());
  const outbox = new MemoryMailer();
  const services = createServices({
    config,
    client: createClient({ url: config.DATABASE_URL, timeout: 5000 }),
    files: deletingRenditions(new DiskFileStore(join(dir, "files"))),
    outbox,
    clock: testClock,
    vapid: TEST_VAPID,
  });
  return { ...services, testClock, outbox };
}
