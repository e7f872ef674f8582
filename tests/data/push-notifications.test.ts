// New-order Web Push on real libSQL: the toggle's route (scoped to the owner's store, validated, capped)
// and the checkout sending to a loopback stand-in of the browsers' push services.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "~/auth/sessions.server";
import { toBase64Url } from "~/domain/base64url";
import type { MessageDescriptor } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import { notifyNewOrder } from "~/notifications/new-order-push.server";
import { merchantPushT, storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import * as pushRoute from "~/notifications/routes/push-subscriptions";
import { PUSH_MESSAGES } from "~/notifications/subscription-form";
import { resolveVapidKeys } from "~/notifications/vapid-keys.server";
import { checkVapidPair } from "~/notifications/vapid-pair";
import { vapidKeysMatch } from "~/notifications/web-push/vapid";
import { insertProduct } from "~/products/products.server";
import { parseConfig } from "~/services/config";
import { jsonLogger } from "~/services/log";
import type { Services } from "~/services/services";
import * as checkout from "~/site/routes/checkout";
import { pushSubscriptions, sales, stores } from "../../db/schema";
import { merchantWithStore } from "../support/merchants";
import { type PushServiceStandIn, type StandInSubscription, startPushService } from "../support/push-service";
import { createTestServices, TEST_VAPID } from "../support/services";
import { shownAmounts } from "../support/shown-amounts";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;

let push: PushServiceStandIn;
let s: S;

beforeAll(async () => {
  s = createTestServices();
  // The push service checks exp against the same clock the app signs with (the tests' fixed clock).
  push = await startPushService({ now: () => s.clock.now() });
});
afterAll(() => push?.stop());

async function owner(services: S = s) {
  const m = await merchantWithStore(services);
  const cookie = (await createSession(services, m.id)).split(";")[0] ?? "";
  return { ...m, cookie };
}

/** A form posted to the toggle's route through the workspace's middleware; `actionServices` for the action only. */
async function post(
  cookie: string,
  storeId: string,
  form: Record<string, string>,
  actionServices: Services = s,
): Promise<{ status: number; data: Record<string, unknown> }> {
  const { status, data } = await workspaceRequest(s, {
    module: pushRoute,
    cookie,
    method: "POST",
    path: `/Store/${storeId}/notifications`,
    params: { storeId },
    form,
    handlerServices: actionServices,
  });
  return { status, data: (data ?? {}) as Record<string, unknown> };
}

const subscribeForm = (sub: { endpoint: string; p256dh: string; auth: string }) => ({
  intent: "subscribe",
  endpoint: sub.endpoint,
  "keys.p256dh": sub.p256dh,
  "keys.auth": sub.auth,
});

async function rows(storeId: string) {
  return s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.storeId, storeId)).orderBy(pushSubscriptions.id);
}

/** Places an order on the store's public checkout, as the shopper's browser posts it. */
async function placeOrder(services: S, storeUrl: string, productId: string, key = crypto.randomUUID().replaceAll("-", "")) {
  const body = new FormData();
  for (const [k, v] of Object.entries({
    idempotencyKey: key,
    line: `${productId}:2`,
    buyerName: "Mateo Gil",
    delivery: "pickup",
    buyerPhone: "300 123 4567",
    // The checkout page's amounts: 2 × 127.50.
    ...shownAmounts({ subtotal: 25500 }),
  }))
    body.append(k, v);
  const reply = (await checkout.action(siteArgs(services, storeUrl, "/Checkout", { method: "POST", body }) as never)) as Response;
  return { reply, key };
}

async function shopWithProduct(services: S = s) {
  const m = await owner(services);
  const product = await insertProduct(
    services.db,
    { storeId: m.store.id, name: "Arequipe", price: 12_750, stock: 20 },
    services.clock.now(),
  );
  return { ...m, product };
}

async function saleIds(storeId: string) {
  return (await s.db.select({ id: sales.id }).from(sales).where(eq(sales.storeId, storeId))).map((r) => r.id);
}

describe("subscribing a device (the toggle's route)", () => {
  it("keeps the store's cached public pages: which devices hear of orders is not on the public site", async () => {
    const me = await owner();
    const sub = push.subscribe();
    const purged: string[] = [];
    const edgeCache = s.edgeCache;
    s.edgeCache = { purgeStore: async (storeId) => void purged.push(storeId) };
    try {
      expect((await post(me.cookie, me.store.id, subscribeForm(sub))).status).toBe(200);
      expect((await post(me.cookie, me.store.id, { intent: "unsubscribe", endpoint: sub.endpoint })).status).toBe(200);
      expect(purged).toEqual([]);
    } finally {
      s.edgeCache = edgeCache;
    }
  });

  it("stores the browser's subscription under the signed-in owner's store, whatever store id the form carries", async () => {
    const me = await owner();
    const them = await owner();
    const sub = push.subscribe();
    const reply = await post(me.cookie, me.store.id, { ...subscribeForm(sub), storeId: them.store.id });
    expect(reply).toEqual({ status: 200, data: { ok: true, intent: "subscribe", devices: 1 } });
    expect((await rows(me.store.id)).map((r) => [r.endpoint, r.p256dh, r.auth])).toEqual([[sub.endpoint, sub.p256dh, sub.auth]]);
    expect(await rows(them.store.id)).toEqual([]);
    // The same browser again: still one device (its keys refreshed).
    expect((await post(me.cookie, me.store.id, subscribeForm(sub))).data.devices).toBe(1);
    expect((await post(me.cookie, me.store.id, { intent: "unsubscribe", endpoint: sub.endpoint })).data).toEqual({
      ok: true,
      intent: "unsubscribe",
      devices: 0,
    });
    expect(await rows(me.store.id)).toEqual([]);
  });

  it("a store's notices speak as its owner does: the variant of the owner's first store's country", async () => {
    const me = await owner();
    await post(me.cookie, me.store.id, subscribeForm(push.subscribe()));
    expect(merchantPushT(await storeSubscriptionsQuery(s.db, me.store.id)).locale).toBe("es");
    await s.db.update(stores).set({ country: "UY" }).where(eq(stores.id, me.store.id));
    expect(merchantPushT(await storeSubscriptionsQuery(s.db, me.store.id)).locale).toBe("es-AR");
  });

  it("another merchant can neither subscribe to nor unsubscribe from a store they do not own: 404, nothing changes", async () => {
    const me = await owner();
    const them = await owner();
    const mine = push.subscribe();
    await post(me.cookie, me.store.id, subscribeForm(mine));
    const before = await rows(me.store.id);
    const intruder = push.subscribe();
    expect((await post(them.cookie, me.store.id, subscribeForm(intruder))).status).toBe(404);
    expect((await post(them.cookie, me.store.id, { intent: "unsubscribe", endpoint: mine.endpoint })).status).toBe(404);
    // Signed out: the guard sends the browser to sign in, nothing is stored.
    expect((await post("", me.store.id, subscribeForm(intruder))).status).toBeGreaterThanOrEqual(300);
    // Their own store's route cannot reach my row either: unsubscribing my endpoint there changes nothing of mine.
    expect((await post(them.cookie, them.store.id, { intent: "unsubscribe", endpoint: mine.endpoint })).status).toBe(200);
    expect(await rows(me.store.id)).toEqual(before);
    expect(await rows(them.store.id)).toEqual([]);
  });

  it("refuses bad subscriptions with a Spanish message and a 4xx, and stores nothing", async () => {
    const me = await owner();
    const good = push.subscribe();
    const offCurve = toBase64Url(new Uint8Array([4, ...new Array(64).fill(0)]));
    const cases: Array<[string, Record<string, string>, MessageDescriptor]> = [
      ["private network", { ...subscribeForm(good), endpoint: "https://10.0.0.7/push/abc" }, PUSH_MESSAGES.notAllowed],
      [
        "cloud metadata",
        { ...subscribeForm(good), endpoint: "http://169.254.169.254/latest/meta-data" },
        PUSH_MESSAGES.notAllowed,
      ],
      ["arbitrary host", { ...subscribeForm(good), endpoint: "https://evil.example/push" }, PUSH_MESSAGES.notAllowed],
      [
        "look-alike host",
        { ...subscribeForm(good), endpoint: "https://fcm.googleapis.com.evil.example/x" },
        PUSH_MESSAGES.notAllowed,
      ],
      ["not a URL", { ...subscribeForm(good), endpoint: "javascript:alert(1)" }, PUSH_MESSAGES.notAllowed],
      ["no endpoint", { intent: "subscribe", "keys.p256dh": good.p256dh, "keys.auth": good.auth }, PUSH_MESSAGES.endpoint],
      [
        "endpoint over 1000 characters",
        { ...subscribeForm(good), endpoint: `https://fcm.googleapis.com/fcm/send/${"a".repeat(1000)}` },
        PUSH_MESSAGES.endpointTooLong,
      ],
      ["p256dh off the curve", { ...subscribeForm(good), "keys.p256dh": offCurve }, PUSH_MESSAGES.p256dh],
      [
        "p256dh compressed",
        { ...subscribeForm(good), "keys.p256dh": toBase64Url(new Uint8Array(33).fill(2)) },
        PUSH_MESSAGES.p256dh,
      ],
      ["p256dh not base64url", { ...subscribeForm(good), "keys.p256dh": "no/es+base64==" }, PUSH_MESSAGES.p256dh],
      ["auth of 15 bytes", { ...subscribeForm(good), "keys.auth": toBase64Url(new Uint8Array(15)) }, PUSH_MESSAGES.auth],
      ["unknown intent", { ...subscribeForm(good), intent: "borrar-todo" }, PUSH_MESSAGES.intent],
    ];
    for (const [name, form, message] of cases) {
      const reply = await post(me.cookie, me.store.id, form);
      expect(reply.status, name).toBe(400);
      expect(Object.values(reply.data.errors as Record<string, string>), name).toContain(message.defaultMessage);
    }
    expect(await rows(me.store.id)).toEqual([]);
  });

  it("in production refuses the loopback stand-in, accepted only in local runs", async () => {
    const me = await owner();
    const sub = push.subscribe();
    const production = { ...s, config: { ...s.config, VITRINA_ENV: "production" as const } };
    const refused = await post(me.cookie, me.store.id, subscribeForm(sub), production);
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual({ endpoint: PUSH_MESSAGES.notAllowed.defaultMessage });
    expect(await rows(me.store.id)).toEqual([]);
    expect((await post(me.cookie, me.store.id, subscribeForm(sub))).status).toBe(200);
  });

  it("keeps at most 20 devices per store: the 21st replaces the oldest, and a device subscribing again counts as new", async () => {
    const me = await owner();
    const subs: StandInSubscription[] = [];
    const start = s.testClock.current.getTime();
    try {
      for (let i = 0; i < 21; i++) {
        s.testClock.current = new Date(start + i * 1000);
        const sub = push.subscribe();
        subs.push(sub);
        const reply = await post(me.cookie, me.store.id, subscribeForm(sub));
        expect(reply.status).toBe(200);
        expect(reply.data.devices).toBe(Math.min(i + 1, 20));
      }
      let kept = (await rows(me.store.id)).map((r) => r.endpoint);
      expect(kept).toHaveLength(20);
      expect(kept).not.toContain(subs[0]?.endpoint);
      expect(kept).toContain(subs[20]?.endpoint);
      // The oldest left is subs[1]; it subscribes again, so the next newcomer replaces subs[2] instead.
      s.testClock.current = new Date(start + 30_000);
      await post(me.cookie, me.store.id, subscribeForm(subs[1] as StandInSubscription));
      s.testClock.current = new Date(start + 31_000);
      const newcomer = push.subscribe();
      expect((await post(me.cookie, me.store.id, subscribeForm(newcomer))).data.devices).toBe(20);
      kept = (await rows(me.store.id)).map((r) => r.endpoint);
      expect(kept).toContain(subs[1]?.endpoint);
      expect(kept).not.toContain(subs[2]?.endpoint);
      expect(kept).toContain(newcomer.endpoint);
    } finally {
      s.testClock.current = new Date(start);
    }
  });
});

describe("a new sale notifies the store's devices", () => {
  it("each subscription of the store gets one message that decrypts to the sale's title, total, buyer and page", async () => {
    const shop = await shopWithProduct();
    const other = await shopWithProduct();
    const phone = push.subscribe(s.vapid.publicKey);
    const laptop = push.subscribe(s.vapid.publicKey);
    const elsewhere = push.subscribe(s.vapid.publicKey);
    await post(shop.cookie, shop.store.id, subscribeForm(phone));
    await post(shop.cookie, shop.store.id, subscribeForm(laptop));
    await post(other.cookie, other.store.id, subscribeForm(elsewhere));

    const refusedBefore = push.refused.length;
    const trips = s.roundTrips.count;
    const { reply, key } = await placeOrder(s, shop.store.url, shop.product.id);
    expect(reply.status).toBe(303);
    // The store's subscriptions came with the store's batch; the sale is the second trip; nothing else.
    expect(s.roundTrips.count - trips).toBe(2);
    const [code] = await saleIds(shop.store.id);
    expect(code).toMatch(/^\d{10}$/);
    expect(push.refused.slice(refusedBefore)).toEqual([]);

    for (const sub of [phone, laptop]) {
      const messages = push.messagesFor(sub.id);
      expect(messages).toHaveLength(1);
      const message = messages[0];
      const payload = JSON.parse(message?.text ?? "");
      expect(Object.keys(payload).sort()).toEqual(["body", "title", "url"]);
      expect(payload.title).toBe(`Nuevo pedido #${code}`);
      expect(payload.body).toContain(formatMoney(25_500, shop.store.currency, shop.store.country));
      expect(payload.body).toContain("Mateo Gil");
      expect(payload.url).toBe(`/Store/${shop.store.id}/sales/${code}`);
      expect(message?.headers.urgency).toBe("high");
      expect(Number(message?.headers.ttl)).toBeGreaterThan(0);
      expect(message?.claims.sub).toBe(s.vapid.subject);
      expect(message?.claims.aud).toBe(push.origin);
    }
    expect(push.messagesFor(elsewhere.id)).toEqual([]);

    // The same form again (double submit): the first sale, no second message.
    await placeOrder(s, shop.store.url, shop.product.id, key);
    expect(push.messagesFor(phone.id)).toHaveLength(1);
  });

  it("forgets a subscription the push service answers 410 or 404 for, in one statement, and keeps one it answers 500 for", async () => {
    const shop = await shopWithProduct();
    const [gone, missing, failing, fine] = [0, 1, 2, 3].map(() => push.subscribe(s.vapid.publicKey)) as StandInSubscription[];
    for (const sub of [gone, missing, failing, fine])
      await post(shop.cookie, shop.store.id, subscribeForm(sub as StandInSubscription));
    push.behave(gone?.id ?? "", { status: 410 });
    push.behave(missing?.id ?? "", { status: 404 });
    push.behave(failing?.id ?? "", { status: 500 });
    const trips = s.roundTrips.count;
    const { reply } = await placeOrder(s, shop.store.url, shop.product.id);
    expect(reply.status).toBe(303);
    expect(s.roundTrips.count - trips).toBe(3);
    expect((await rows(shop.store.id)).map((r) => r.endpoint).sort()).toEqual([failing?.endpoint, fine?.endpoint].sort());
    expect(push.messagesFor(fine?.id ?? "")).toHaveLength(1);
    expect(await saleIds(shop.store.id)).toHaveLength(1);
  });

  it("an unreachable or silent push service never fails the checkout: the sale is saved, the subscription kept", async () => {
    const shop = await shopWithProduct();
    // A stand-in that stopped: its port refuses connections.
    const dead = await startPushService({ now: () => s.clock.now() });
    const unreachable = dead.subscribe();
    await post(shop.cookie, shop.store.id, subscribeForm(unreachable));
    await dead.stop();
    const fine = push.subscribe();
    await post(shop.cookie, shop.store.id, subscribeForm(fine));
    const lines: string[] = [];
    const log = s.log;
    s.log = jsonLogger((line) => lines.push(line));
    try {
      const { reply } = await placeOrder(s, shop.store.url, shop.product.id);
      expect(reply.status).toBe(303);
      expect(reply.headers.get("Location")).toMatch(/\/Order\/\d{10}\?t=[A-Za-z0-9_-]{32}$/);
      const events = lines.map((line) => JSON.parse(line));
      expect(events).toContainEqual(expect.objectContaining({ level: "warn", event: "push.failed", gone: false }));
      expect(events).toContainEqual(expect.objectContaining({ event: "push.sent", sent: 1, failed: 1 }));
    } finally {
      s.log = log;
    }
    expect(await saleIds(shop.store.id)).toHaveLength(1);
    expect(push.messagesFor(fine.id)).toHaveLength(1);
    expect((await rows(shop.store.id)).map((r) => r.endpoint)).toContain(unreachable.endpoint);

    // A push service that never answers is given up on at the timeout, and its subscription kept.
    const silent = push.subscribe();
    await post(shop.cookie, shop.store.id, subscribeForm(silent));
    push.behave(silent.id, "hang");
    const subscriptions = (await storeSubscriptionsQuery(s.db, shop.store.id)).filter((r) => r.endpoint === silent.endpoint);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const started = performance.now();
    try {
      const report = await notifyNewOrder(
        s,
        subscriptions,
        { storeId: shop.store.id, saleId: "1234567890", total: 100, currency: "USD", country: "", buyerName: "Ana" },
        { timeoutMs: 300 },
      );
      expect(report).toEqual({ sent: 0, gone: 0, failed: 1 });
    } finally {
      quiet.mockRestore();
    }
    expect(performance.now() - started).toBeLessThan(3000);
    expect((await rows(shop.store.id)).map((r) => r.endpoint)).toContain(silent.endpoint);
  });
});

describe("the sender's VAPID keys", () => {
  it("local runs without settings generate a pair once and keep it; configured keys win and must be one pair", async () => {
    const fresh = createTestServices();
    const first = await resolveVapidKeys(fresh.config, fresh.db, fresh.clock.now());
    expect(await vapidKeysMatch(first)).toBe(true);
    expect(first.subject).toMatch(/^mailto:/);
    // A restart (or a second process on the same database) gets the same pair: browsers' subscriptions stay valid.
    expect(await resolveVapidKeys(fresh.config, fresh.db, fresh.clock.now())).toEqual(first);
    const configured = parseConfig({
      RUNTIME: "node",
      APP_ORIGIN: "http://localhost:3999",
      DATABASE_URL: "file:x.db",
      VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
      VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
      VAPID_SUBJECT: TEST_VAPID.subject,
    });
    expect(await resolveVapidKeys(configured, fresh.db, fresh.clock.now())).toEqual(TEST_VAPID);
    const mismatched = { ...configured, vapid: { ...TEST_VAPID, privateKey: first.privateKey } };
    await expect(checkVapidPair(mismatched)).rejects.toThrow(/VAPID_PRIVATE_KEY/);
    await expect(checkVapidPair(configured)).resolves.toBeUndefined();
  });
});
