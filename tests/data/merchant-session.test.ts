import { describe, expect, it } from "vitest";
import { createSession, getSessionUser } from "~/auth/sessions.server";
import { PENDING_BADGE_CAP } from "~/domain/pending-badge";
import { insertStore } from "~/workspace/store-record.server";
import { merchantAccount, merchantWithStore } from "../support/merchants";
import { createTestServices } from "../support/services";
import { insertSale } from "./sales-fixtures";

type S = ReturnType<typeof createTestServices>;

async function signedIn(s: S, plan: "standard" | "premium") {
  const { id, store } = await merchantWithStore(s, plan);
  const cookie = (await createSession(s, id)).split(";")[0] ?? "";
  return { id, store, request: new Request("http://localhost:3999/", { headers: { cookie } }) };
}

describe("the merchant guard's one round trip", () => {
  it("brings the country of the merchant's first store, which their pages speak as (none without a store)", async () => {
    const s = createTestServices();
    const ana = await merchantWithStore(s, "standard", { country: "AR" });
    // A later store in another country does not change the voice.
    const later = new Date(s.clock.now().getTime() + 60_000);
    await insertStore(s.db, { ownerId: ana.id, name: "Sucursal", url: "sucursal-mx", category: 6, country: "MX" }, later);
    const cookie = (await createSession(s, ana.id)).split(";")[0] ?? "";
    const before = s.roundTrips.count;
    const session = await getSessionUser(s, new Request("http://localhost:3999/", { headers: { cookie } }));
    expect(s.roundTrips.count - before).toBe(1);
    expect(session?.firstStoreCountry).toBe("AR");
    const luis = await merchantAccount(s, "standard");
    const luisCookie = (await createSession(s, luis)).split(";")[0] ?? "";
    const alone = await getSessionUser(s, new Request("http://localhost:3999/", { headers: { cookie: luisCookie } }));
    expect(alone?.firstStoreCountry).toBeNull();
  });

  it("brings the plan's limits: premium's unlimited products stay a plan, not a missing one", async () => {
    const s = createTestServices();
    const premium = await signedIn(s, "premium");
    const standard = await signedIn(s, "standard");
    const limitsOf = async (m: { request: Request }) => (await getSessionUser(s, m.request))?.limits;
    expect(await limitsOf(premium)).toMatchObject({ products: null });
    expect((await limitsOf(premium))?.banner).toBeGreaterThan(0);
    expect(await limitsOf(standard)).toMatchObject({ products: 30 });
  });

  it("fetches the store of the page only when this merchant owns it, in the same round trip", async () => {
    const s = createTestServices();
    const ana = await signedIn(s, "standard");
    const luis = await signedIn(s, "premium");
    const before = s.roundTrips.count;
    const own = await getSessionUser(s, ana.request, { storeId: ana.store.id });
    expect(s.roundTrips.count - before).toBe(1);
    expect(own?.store?.id).toBe(ana.store.id);
    expect((await getSessionUser(s, ana.request, { storeId: luis.store.id }))?.store).toBeNull();
    expect((await getSessionUser(s, ana.request))?.store).toBeUndefined();
  });

  it("counts the store's pending sales for the tab bar in that same round trip, up to the badge's cap", async () => {
    const s = createTestServices();
    const ana = await signedIn(s, "standard");
    const luis = await signedIn(s, "standard");
    const sale = (storeId: string, state: "Pendiente" | "Confirmada" | "Cancelada" = "Pendiente") =>
      insertSale(s, { storeId, state, lines: [{ productId: null, name: "Café", quantity: 1 }] });
    const pendingOf = async (m: { request: Request; store: { id: string } }) =>
      (await getSessionUser(s, m.request, { storeId: m.store.id }))?.pendingSales;
    expect(await pendingOf(ana)).toBe(0);
    await sale(ana.store.id);
    await sale(ana.store.id);
    await sale(ana.store.id, "Confirmada");
    await sale(ana.store.id, "Cancelada");
    await sale(luis.store.id);
    const before = s.roundTrips.count;
    expect(await pendingOf(ana)).toBe(2);
    expect(s.roundTrips.count - before).toBe(1);
    expect(await pendingOf(luis)).toBe(1);
    for (let i = 0; i < PENDING_BADGE_CAP + 5; i++) await sale(luis.store.id);
    expect(await pendingOf(luis)).toBe(PENDING_BADGE_CAP);
    expect((await getSessionUser(s, ana.request, { storeId: luis.store.id }))?.pendingSales).toBeUndefined();
  });
});
