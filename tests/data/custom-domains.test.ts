// 'Dominio propio' (docs/decisions/0061-custom-domains.md) on real libSQL and the custom hostnames stand-in: the
// hostname's way to active and back, what the provider's silence changes (nothing), one hostname per store and each
// store's own, the upkeep's back-off, and the public pages on an own hostname (one round trip, the 404 of an unknown
// one, the 301 of the subdomain and /site/ to it) through the app's real request path.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sessionCookie } from "~/auth/cookies.server";
import { HOSTNAME_MESSAGES } from "~/domain/hostnames";
import {
  addHostname,
  checkDueHostnames,
  checkHostname,
  findHostname,
  type HostnameError,
  removeHostname,
  simulateDnsReady,
} from "~/domains/hostnames.server";
import { createFetchHandler } from "~/request-handler.server";
import { StandInCustomHostnames } from "~/services/custom-hostnames";
import { isUniqueViolation } from "~/services/db";
import { FaultSwitch } from "~/services/faults";
import { loadSitePage } from "~/site/site.server";
import { routedPath } from "~/site/tenant";
import { countingSettings, visitFromRequest } from "~/stats/count-visit.server";
import { writeStatsEvents } from "~/stats/visit-counts.server";
import { deleteStore } from "~/stores/stores.server";
import { runUpkeep } from "~/upkeep.server";
import { storeHostnames, stores, storeVisitsDaily } from "../../db/schema";
import { appBuild } from "../support/app-build";
import { merchantWithStore, signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const faults = new FaultSwitch();
const s = createTestServices({ faults });
const standIn = s.customHostnames as StandInCustomHostnames;

let n = 0;
/** A premium merchant's store and a hostname no other test uses. */
async function premiumStore() {
  n++;
  const merchant = await merchantWithStore(s, "premium", { url: `dominio-${n}-${Date.now() % 100000}` });
  return { ...merchant, hostname: `www.tienda-${n}-${crypto.randomUUID().slice(0, 6)}.test` };
}

async function refusal(promise: Promise<unknown>): Promise<HostnameError> {
  try {
    await promise;
  } catch (error) {
    return error as HostnameError;
  }
  throw new Error("expected a refusal");
}

const customHostOf = async (storeId: string) =>
  (await s.db.select({ customHost: stores.customHost }).from(stores).where(eq(stores.id, storeId)))[0]?.customHost ?? null;

describe("a hostname's way to active", () => {
  it("waits for its DNS with the TXT to add, is verified, gets its certificate, is active; removed it is gone everywhere", async () => {
    expect(standIn).toBeInstanceOf(StandInCustomHostnames);
    const { store, hostname } = await premiumStore();
    const added = await addHostname(s, TEST_ACTOR, store.id, `  HTTPS://${hostname.toUpperCase()}/ `);
    expect(added).toMatchObject({ hostname, state: "pending", failure: null, checks: 0 });
    expect(added.txtName).toBe(`_cf-custom-hostname.${hostname}`);
    expect(added.txtValue).toMatch(/\w{8}/);
    expect(await customHostOf(store.id)).toBeNull();

    const states = [];
    for (let i = 0; i < 3; i++) states.push((await simulateDnsReady(s, store.id))?.state);
    expect(states).toEqual(["verifying", "issuing", "active"]);
    const active = await findHostname(s.db, store.id);
    expect(active).toMatchObject({ state: "active", txtName: null, nextCheckAt: null });
    expect(await customHostOf(store.id)).toBe(hostname);

    expect(await removeHostname(s, TEST_ACTOR, store.id)).toBe(true);
    expect(await findHostname(s.db, store.id)).toBeNull();
    expect(await customHostOf(store.id)).toBeNull();
    expect(await standIn.get(active?.providerId ?? "")).toBeNull();
  });

  it("a certificate that cannot be issued is a failure that says what to do, and the upkeep stops asking", async () => {
    const { store, hostname } = await premiumStore();
    const added = await addHostname(s, TEST_ACTOR, store.id, hostname);
    standIn.fail(added.providerId);
    const failed = await checkHostname(s, added);
    expect(failed).toMatchObject({ state: "failed", failure: "certificate", nextCheckAt: null });
    expect(await customHostOf(store.id)).toBeNull();
  });

  it("a hostname the provider no longer has is failed as missing", async () => {
    const { store, hostname } = await premiumStore();
    const added = await addHostname(s, TEST_ACTOR, store.id, hostname);
    await standIn.remove(added.providerId);
    expect(await checkHostname(s, added)).toMatchObject({ state: "failed", failure: "missing" });
  });

  it("the provider down or timing out changes nothing: not added, not checked, not removed", async () => {
    const { store, hostname } = await premiumStore();
    faults.set("hostnames", true);
    try {
      const down = await refusal(addHostname(s, TEST_ACTOR, store.id, hostname));
      expect([down.message, down.status]).toEqual([HOSTNAME_MESSAGES.unavailable, 503]);
      expect(await findHostname(s.db, store.id)).toBeNull();
    } finally {
      faults.set("hostnames", false);
    }
    const added = await addHostname(s, TEST_ACTOR, store.id, hostname);
    standIn.advance(added.providerId, true);
    faults.set("hostnames", true);
    try {
      expect((await refusal(checkHostname(s, added))).status).toBe(503);
      expect(await findHostname(s.db, store.id)).toMatchObject({ state: "pending", checks: 1 });
      expect((await refusal(removeHostname(s, TEST_ACTOR, store.id))).message).toBe(HOSTNAME_MESSAGES.unavailable);
      expect(await findHostname(s.db, store.id)).not.toBeNull();
    } finally {
      faults.set("hostnames", false);
    }
    expect(await standIn.get(added.providerId)).not.toBeNull();
  });
});

describe("a deleted store", () => {
  it("takes its hostname off the provider first; the provider down does not keep the store", async () => {
    const kept = await premiumStore();
    const added = await addHostname(s, TEST_ACTOR, kept.store.id, kept.hostname);
    await simulateDnsReady(s, kept.store.id, true);
    await deleteStore(s, TEST_ACTOR, kept.store);
    expect(await standIn.get(added.providerId)).toBeNull();
    expect(await findHostname(s.db, kept.store.id)).toBeNull();

    const down = await premiumStore();
    const orphan = await addHostname(s, TEST_ACTOR, down.store.id, down.hostname);
    faults.set("hostnames", true);
    try {
      await deleteStore(s, TEST_ACTOR, down.store);
    } finally {
      faults.set("hostnames", false);
    }
    expect((await s.db.select().from(stores).where(eq(stores.id, down.store.id))).length).toBe(0);
    expect(await standIn.get(orphan.providerId)).not.toBeNull();
  });
});

describe("which hostnames a store may take", () => {
  it("one store's hostname is no other store's: refused before the provider, and held by the database's unique index", async () => {
    const a = await premiumStore();
    const b = await premiumStore();
    await addHostname(s, TEST_ACTOR, a.store.id, a.hostname);
    const taken = await refusal(addHostname(s, TEST_ACTOR, b.store.id, a.hostname));
    expect([taken.message, taken.field, taken.status]).toEqual([HOSTNAME_MESSAGES.taken, "hostname", 409]);
    expect(await findHostname(s.db, b.store.id)).toBeNull();
    const duplicate = await s.db
      .insert(storeHostnames)
      .values({ storeId: b.store.id, hostname: a.hostname, providerId: "otro", state: "pending", createdAt: s.clock.now() })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate, "store_hostnames.hostname")).toBe(true);
    expect((await refusal(addHostname(s, TEST_ACTOR, a.store.id, b.hostname))).message).toBe(HOSTNAME_MESSAGES.already);
  });

  it("the platform's own names, well-known domains, names that never resolve and what is not a hostname are refused", async () => {
    const { store } = await premiumStore();
    const cases: Array<[string, string]> = [
      ["tienda.localhost", HOSTNAME_MESSAGES.platform],
      ["www.google.com", HOSTNAME_MESSAGES.wellKnown],
      ["mitienda.myshopify.com", HOSTNAME_MESSAGES.wellKnown],
      ["tienda.local", HOSTNAME_MESSAGES.reserved],
      ["1.2.3.4", HOSTNAME_MESSAGES.invalid],
      ["mitienda", HOSTNAME_MESSAGES.invalid],
      ["www.mi tienda.com", HOSTNAME_MESSAGES.invalid],
      ["www.mitienda.com:8080", HOSTNAME_MESSAGES.invalid],
    ];
    for (const [typed, message] of cases) {
      const refused = await refusal(addHostname(s, TEST_ACTOR, store.id, typed));
      expect([typed, refused.message, refused.field]).toEqual([typed, message, "hostname"]);
    }
    expect(await findHostname(s.db, store.id)).toBeNull();
  });
});

describe("the minute upkeep", () => {
  it("asks again 1, 2, 4… minutes later while nothing changes, at once after a change, never once active", async () => {
    // A database of its own: the upkeep asks about every store's hostnames.
    const s = createTestServices({ faults });
    const { store } = await merchantWithStore(s, "premium");
    const hostname = `www.espera-${crypto.randomUUID().slice(0, 6)}.test`;
    const started = s.testClock.current.getTime();
    const at = (minutes: number) => {
      s.testClock.current = new Date(started + minutes * 60_000);
    };
    try {
      const added = await addHostname(s, TEST_ACTOR, store.id, hostname);
      expect(added.nextCheckAt?.getTime()).toBe(started + 60_000);
      expect(await checkDueHostnames(s)).toBe(0);
      at(1);
      expect((await runUpkeep(s)).hostnames).toBe(1);
      expect(await findHostname(s.db, store.id)).toMatchObject({ checks: 1, nextCheckAt: new Date(started + 3 * 60_000) });
      at(2);
      expect(await checkDueHostnames(s)).toBe(0);
      at(3);
      expect(await checkDueHostnames(s)).toBe(1);
      expect(await findHostname(s.db, store.id)).toMatchObject({ checks: 2, nextCheckAt: new Date(started + 7 * 60_000) });
      // The provider down: the ask backs off further, and the upkeep goes on.
      at(7);
      faults.set("hostnames", true);
      expect(await checkDueHostnames(s)).toBe(0);
      faults.set("hostnames", false);
      expect(await findHostname(s.db, store.id)).toMatchObject({ state: "pending", checks: 3 });
      at(15);
      standIn.advance(added.providerId);
      expect(await checkDueHostnames(s)).toBe(1);
      expect(await findHostname(s.db, store.id)).toMatchObject({
        state: "verifying",
        checks: 0,
        nextCheckAt: new Date(started + 16 * 60_000),
      });
      standIn.advance(added.providerId, true);
      at(16);
      expect(await checkDueHostnames(s)).toBe(1);
      expect(await findHostname(s.db, store.id)).toMatchObject({ state: "active", nextCheckAt: null });
      at(200);
      expect(await checkDueHostnames(s)).toBe(0);
    } finally {
      faults.set("hostnames", false);
      s.testClock.current = new Date(started);
    }
  });

  it("gives a hostname up after a week without its DNS", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "premium");
    const hostname = `www.semana-${crypto.randomUUID().slice(0, 6)}.test`;
    const started = s.testClock.current.getTime();
    try {
      await addHostname(s, TEST_ACTOR, store.id, hostname);
      s.testClock.current = new Date(started + 8 * 24 * 3600_000);
      expect(await checkDueHostnames(s)).toBe(1);
      expect(await findHostname(s.db, store.id)).toMatchObject({ state: "failed", failure: "expired", nextCheckAt: null });
    } finally {
      s.testClock.current = new Date(started);
    }
  });
});

describe("public pages on an own hostname", () => {
  let handler: ReturnType<typeof createFetchHandler>;
  let shop: Awaited<ReturnType<typeof premiumStore>>;
  const port = () => new URL(s.config.APP_ORIGIN).port;

  beforeAll(async () => {
    handler = createFetchHandler(await appBuild(), () => s);
    shop = await premiumStore();
    await addHostname(s, TEST_ACTOR, shop.store.id, shop.hostname);
    await simulateDnsReady(s, shop.store.id, true);
  }, 60_000);

  it("a page asked on the active hostname finds its store in one round trip, with links and canonical on that host", async () => {
    const a = siteArgs(s, shop.hostname, "/Store", { storeHost: shop.hostname });
    const before = s.roundTrips.count;
    const page = await loadSitePage(a, () => []);
    expect(s.roundTrips.count - before).toBe(1);
    expect(page.store.id).toBe(shop.store.id);
    expect(page.site.basePath).toBe("");
    expect(page.site.canonicalBase).toBe(`http://${shop.hostname}:${port()}`);

    const trips = s.roundTrips.count;
    const reply = await handler(
      new Request(`http://${shop.hostname}:${port()}/`, { headers: { Host: `${shop.hostname}:${port()}` } }),
    );
    expect(reply.status).toBe(200);
    expect(s.roundTrips.count - trips).toBe(1);
    const html = await reply.text();
    expect(html).toContain(shop.store.name);
    expect(html).toContain(`<link rel="canonical" href="http://${shop.hostname}:${port()}/"`);
  });

  it("an ad's click id landing on the own hostname is remembered there, for the store's conversions", async () => {
    const reply = await handler(new Request(`http://${shop.hostname}/?fbclid=IwAR0abc123`, { headers: { Host: shop.hostname } }));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Set-Cookie")).toMatch(/(^|, )clic=[^;]+; Path=\/;/);
  });

  it("a Host no store has active is the platform's 404, never another store; /site/ on it too", async () => {
    const pending = await premiumStore();
    await addHostname(s, TEST_ACTOR, pending.store.id, pending.hostname);
    for (const host of ["www.nadie.test", pending.hostname]) {
      const reply = await handler(new Request(`http://${host}/`, { headers: { Host: host } }));
      expect([host, reply.status]).toEqual([host, 404]);
      expect(await reply.text()).not.toContain(pending.store.name);
    }
    const other = await handler(
      new Request(`http://${shop.hostname}/site/${pending.store.url}`, { headers: { Host: shop.hostname } }),
    );
    expect(other.status).toBe(404);
  });

  it("its subdomain and /site/{url} answer GETs with a 301 to the own hostname; the cart, checkout, orders and POSTs stay", async () => {
    const own = `http://${shop.hostname}:${port()}`;
    const sub = await handler(
      new Request(`http://${shop.store.url}.localhost:${port()}/Store?q=1`, {
        headers: { Host: `${shop.store.url}.localhost:${port()}` },
      }),
    );
    expect([sub.status, sub.headers.get("location")]).toEqual([301, `${own}/Store?q=1`]);
    const path = await handler(new Request(`${s.config.APP_ORIGIN}/site/${shop.store.url}`));
    expect([path.status, path.headers.get("location")]).toEqual([301, `${own}/`]);
    const cart = await handler(new Request(`${s.config.APP_ORIGIN}/site/${shop.store.url}/Cart`));
    expect(cart.status).toBe(200);
  });

  it("removed, the store is back on its subdomain and the hostname is a 404", async () => {
    const gone = await premiumStore();
    await addHostname(s, TEST_ACTOR, gone.store.id, gone.hostname);
    await simulateDnsReady(s, gone.store.id, true);
    expect((await handler(new Request(`http://${gone.hostname}/`, { headers: { Host: gone.hostname } }))).status).toBe(200);
    await removeHostname(s, TEST_ACTOR, gone.store.id);
    expect((await handler(new Request(`http://${gone.hostname}/`, { headers: { Host: gone.hostname } }))).status).toBe(404);
    expect((await handler(new Request(`${s.config.APP_ORIGIN}/site/${gone.store.url}`))).status).toBe(200);
  });
});

describe("statistics on an own hostname", () => {
  it("a page view there counts for its store, as on its subdomain", async () => {
    const own = createTestServices();
    const { store } = await merchantWithStore(own, "premium", { timeZone: "UTC" });
    const host = `www.cuenta-${crypto.randomUUID().slice(0, 6)}.test`;
    await addHostname(own, TEST_ACTOR, store.id, host);
    await simulateDnsReady(own, store.id, true);
    const settings = countingSettings(own.config, {
      sessionCookie: sessionCookie(own.config).name,
      cartCookie: "carrito",
      routedPath: (request) => routedPath(request, own.config.STORES_DOMAIN, own.config.APP_ORIGIN),
    });
    const at = Date.parse("2026-03-10T12:00:00Z");
    const phone = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36";
    const events = [`http://${host}/`, `http://${store.url}.localhost:3999/Store`].map((url) =>
      visitFromRequest(
        new Request(url, { headers: { Host: new URL(url).host, "User-Agent": phone } }),
        200,
        settings,
        "190.24.8.17",
        at,
      ),
    );
    expect(events.map((e) => e?.store)).toEqual([host, store.url]);
    await writeStatsEvents(
      own.db,
      events.filter((e) => e !== null),
      at,
    );
    const rows = await own.db
      .select({ visits: storeVisitsDaily.visits })
      .from(storeVisitsDaily)
      .where(eq(storeVisitsDaily.storeId, store.id));
    expect(rows.reduce((sum, r) => sum + r.visits, 0)).toBe(2);
  });
});

describe("the merchant's page", () => {
  it("adds a hostname for a premium store and refuses it, in Spanish, on the standard plan", async () => {
    const handler = createFetchHandler(await appBuild(), () => s);
    const post = (merchant: { cookie: string; store: { id: string } }, body: string) =>
      handler(
        new Request(`${s.config.APP_ORIGIN}/Store/${merchant.store.id}/dominio`, {
          method: "POST",
          headers: {
            Cookie: merchant.cookie,
            Origin: s.config.APP_ORIGIN,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body,
        }),
      );
    const standard = await signedInMerchant(s, "standard");
    const refused = await post(standard, "intent=add&hostname=www.estandar.test");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(HOSTNAME_MESSAGES.plan);
    expect(await findHostname(s.db, standard.store.id)).toBeNull();

    const premium = await signedInMerchant(s, "premium");
    const bad = await post(premium, "intent=add&hostname=www.google.com");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(HOSTNAME_MESSAGES.wellKnown);
    const added = await post(premium, `intent=add&hostname=www.premium-${n}.test`);
    expect([added.status, added.headers.get("location")]).toEqual([302, `/Store/${premium.store.id}/dominio`]);
    const page = await handler(
      new Request(`${s.config.APP_ORIGIN}/Store/${premium.store.id}/dominio`, { headers: { Cookie: premium.cookie } }),
    );
    const html = await page.text();
    expect(html).toContain("Esperando los registros DNS");
    expect(html).toContain(s.config.customHostnameTarget);
    expect(html).toContain("Simular DNS listo");

    // An Argentine merchant reads the same refusals in 'vos'.
    const argentine = await signedInMerchant(s, "premium", { country: "AR" });
    const vos = await post(argentine, "intent=add&hostname=www.google.com");
    expect(vos.status).toBe(400);
    expect(await vos.text()).toContain(
      "Ese dominio no puede ser el de tu tienda: escribí uno que hayas registrado, como www.mitienda.com",
    );
    await post(argentine, `intent=add&hostname=www.argentina-${n}.test`);
    const again = await post(argentine, `intent=add&hostname=www.otra-${n}.test`);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Tu tienda ya tiene un dominio propio: quitalo antes de poner otro");
  });
});
