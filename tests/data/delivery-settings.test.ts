import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELIVERY_MESSAGES, DELIVERY_ZONES_MAX, PICKUP_POINTS_MAX, zoneSummary } from "~/domain/delivery-settings";
import { translatorFor } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { addDeliveryRow, listDeliveryZones, listPickupPoints } from "~/stores/delivery-settings.server";
import * as info from "~/stores/routes/store-delivery";
import { deliveryZones, pickupPoints, stores } from "../../db/schema";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices, demoTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";

type S = ReturnType<typeof createTestServices>;
const es = translatorFor("es");

/** Posts the 'Entrega' page's form `form` as `who`, to `storeId` (their own store by default). */
function post(s: S, who: { cookie: string; store: { id: string } }, form: Record<string, string>, storeId = who.store.id) {
  return workspaceRequest(s, {
    module: info,
    cookie: who.cookie,
    method: "POST",
    path: `/Store/${storeId}/delivery`,
    params: { storeId },
    form,
  });
}

const failed = (answer: { data: unknown }) =>
  answer.data as { intent: string; errors: Record<string, string>; values: Record<string, string> };

/** The store's delivery methods, pickup points and zones, as the 'Entrega' page reads them. */
async function readDeliverySettings(db: S["db"], storeId: string) {
  const [[methods], pickupPoints, zones] = await db.batch([
    db
      .select({
        pickupEnabled: stores.pickupEnabled,
        homeDeliveryEnabled: stores.homeDeliveryEnabled,
        arrangeEnabled: stores.arrangeEnabled,
      })
      .from(stores)
      .where(eq(stores.id, storeId)),
    listPickupPoints(db, storeId),
    listDeliveryZones(db, storeId),
  ]);
  return { methods, pickupPoints, zones };
}

async function updatedAt(s: S, storeId: string) {
  const [row] = await s.db.select({ updatedAt: stores.updatedAt }).from(stores).where(eq(stores.id, storeId));
  return row?.updatedAt.getTime();
}

describe("delivery methods", () => {
  it("a new store offers pickup and home delivery; the merchant turns on 'A coordinar' and the store's updatedAt moves", async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s);
    expect((await readDeliverySettings(s.db, me.store.id)).methods).toEqual({
      pickupEnabled: true,
      homeDeliveryEnabled: true,
      arrangeEnabled: false,
    });
    const before = await updatedAt(s, me.store.id);
    s.testClock.current = new Date(s.testClock.current.getTime() + 60_000);
    const answer = await post(s, me, { intent: "delivery-methods", pickup: "on", arrange: "on" });
    expect(answer.status).toBe(302);
    expect((await readDeliverySettings(s.db, me.store.id)).methods).toEqual({
      pickupEnabled: true,
      homeDeliveryEnabled: false,
      arrangeEnabled: true,
    });
    expect(await updatedAt(s, me.store.id)).toBe((before ?? 0) + 60_000);
  });

  it("every method off is refused with 400 and the Spanish message, and nothing changes", async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s);
    const before = await updatedAt(s, me.store.id);
    s.testClock.current = new Date(s.testClock.current.getTime() + 60_000);
    const answer = await post(s, me, { intent: "delivery-methods" });
    expect(answer.status).toBe(400);
    expect(failed(answer).errors).toEqual({ methods: "Activa al menos un método de entrega" });
    expect(failed(answer).intent).toBe("delivery-methods");
    const settings = await readDeliverySettings(s.db, me.store.id);
    expect(settings.methods).toEqual({ pickupEnabled: true, homeDeliveryEnabled: true, arrangeEnabled: false });
    expect(await updatedAt(s, me.store.id)).toBe(before);
  });
});

describe("pickup points", () => {
  it("adds, edits and deletes points in the order they were added; bad input answers 400 with the typed values", async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s);
    const centro = { intent: "pickup-add", name: "Centro", address: "Calle 10 #5-20", hours: "Lun a sáb, 9 a 18 h" };
    expect((await post(s, me, centro)).status).toBe(302);
    expect((await post(s, me, { intent: "pickup-add", name: "Norte", address: "", hours: "" })).status).toBe(302);
    let points = (await readDeliverySettings(s.db, me.store.id)).pickupPoints;
    expect(points.map((p) => p.name)).toEqual(["Centro", "Norte"]);
    expect(points[0]).toMatchObject({ address: "Calle 10 #5-20", hours: "Lun a sáb, 9 a 18 h" });

    const unnamed = await post(s, me, { intent: "pickup-add", name: "  ", address: "Av. 1", hours: "" });
    expect(unnamed.status).toBe(400);
    expect(failed(unnamed).errors.name).toBe("Este campo es obligatorio");
    expect(failed(unnamed).values).toMatchObject({ name: "  ", address: "Av. 1" });
    const long = await post(s, me, { intent: "pickup-add", name: "Sur", address: "x".repeat(201), hours: "y".repeat(101) });
    expect(long.status).toBe(400);
    expect(failed(long).errors).toEqual({
      address: "Escribe como máximo 200 caracteres",
      hours: "Escribe como máximo 100 caracteres",
    });

    const norte = points[1]?.id ?? 0;
    const edit = { intent: "pickup-edit", id: String(norte), name: "Norte 2", address: "Cra. 15", hours: "Todos los días" };
    expect((await post(s, me, edit)).status).toBe(302);
    const badEdit = await post(s, me, { ...edit, name: "n".repeat(61) });
    expect(badEdit.status).toBe(400);
    expect(failed(badEdit).errors.name).toBe("Escribe como máximo 60 caracteres");
    expect(failed(badEdit).values.id).toBe(String(norte));
    points = (await readDeliverySettings(s.db, me.store.id)).pickupPoints;
    expect(points[1]).toEqual({ id: norte, name: "Norte 2", address: "Cra. 15", hours: "Todos los días" });

    expect((await post(s, me, { intent: "pickup-delete", id: String(points[0]?.id) })).status).toBe(302);
    points = (await readDeliverySettings(s.db, me.store.id)).pickupPoints;
    expect(points.map((p) => p.name)).toEqual(["Norte 2"]);
    // A new point goes last, after the remaining one.
    await post(s, me, { intent: "pickup-add", name: "Sur", address: "", hours: "" });
    expect((await readDeliverySettings(s.db, me.store.id)).pickupPoints.map((p) => p.name)).toEqual(["Norte 2", "Sur"]);
  });

  it(`holds at most ${PICKUP_POINTS_MAX} points per store, with a Spanish message`, async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s);
    const now = s.clock.now();
    for (let i = 1; i <= PICKUP_POINTS_MAX; i++)
      await addDeliveryRow(s.db, TEST_ACTOR, me.store.id, "pickup", { name: `Punto ${i}`, address: "", hours: "" }, now);
    const answer = await post(s, me, { intent: "pickup-add", name: "Uno más", address: "", hours: "" });
    expect(answer.status).toBe(409);
    expect(failed(answer).errors.form).toBe(es(DELIVERY_MESSAGES.pickupPointsFull, { max: PICKUP_POINTS_MAX }));
    expect(failed(answer).values.name).toBe("Uno más");
    expect(await s.db.$count(pickupPoints, eq(pickupPoints.storeId, me.store.id))).toBe(PICKUP_POINTS_MAX);
  });
});

describe("delivery zones", () => {
  it("reads amounts in the store currency, keeps an empty minimum and free-from as none, and edits and deletes", async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s, "standard", { currency: "COP" });
    const norte = { intent: "zone-add", name: "Norte", fee: "5.000", minOrder: "20.000", freeFrom: "80.000" };
    expect((await post(s, me, norte)).status).toBe(302);
    expect((await post(s, me, { intent: "zone-add", name: "Centro", fee: "0", minOrder: "", freeFrom: "" })).status).toBe(302);
    let zones = (await readDeliverySettings(s.db, me.store.id)).zones;
    expect(zones.map(({ id: _, ...z }) => z)).toEqual([
      { name: "Norte", fee: 5000, minOrder: 20000, freeFrom: 80000, postalCodes: "" },
      { name: "Centro", fee: 0, minOrder: null, freeFrom: null, postalCodes: "" },
    ]);
    const cop = (minor: number) => formatMoney(minor, "COP", null);
    expect(zoneSummary(zones[0] as (typeof zones)[number], { country: "", currency: "COP" })).toBe(
      `Norte — ${cop(5000)} · mínimo ${cop(20000)} · gratis desde ${cop(80000)}`,
    );
    expect(zoneSummary(zones[1] as (typeof zones)[number], { country: "", currency: "COP" })).toBe("Centro — sin costo");

    const centro = zones[1]?.id ?? 0;
    const edit = { intent: "zone-edit", id: String(centro), name: "Centro", fee: "3.500", minOrder: "", freeFrom: "50.000" };
    expect((await post(s, me, edit)).status).toBe(302);
    zones = (await readDeliverySettings(s.db, me.store.id)).zones;
    expect(zones[1]).toEqual({ id: centro, name: "Centro", fee: 3500, minOrder: null, freeFrom: 50000, postalCodes: "" });

    expect((await post(s, me, { intent: "zone-delete", id: String(zones[0]?.id) })).status).toBe(302);
    expect((await readDeliverySettings(s.db, me.store.id)).zones.map((z) => z.name)).toEqual(["Centro"]);
  });

  it("refuses bad amounts and names with Spanish messages, 400, the typed values kept, nothing written", async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s);
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [
        { name: "", fee: "", minOrder: "", freeFrom: "" },
        { name: "Este campo es obligatorio", fee: "Este campo es obligatorio" },
      ],
      [
        { name: "Norte", fee: "abc", minOrder: "", freeFrom: "" },
        { fee: "Escribe un precio válido, por ejemplo 12.500 o 12,50" },
      ],
      [{ name: "Norte", fee: "-5", minOrder: "", freeFrom: "" }, { fee: "Escribe un precio válido, por ejemplo 12.500 o 12,50" }],
      [{ name: "Norte", fee: "5", minOrder: "", freeFrom: "0" }, { freeFrom: es(DELIVERY_MESSAGES.freeFromPositive) }],
      [{ name: "Norte", fee: "5", minOrder: "30", freeFrom: "20" }, { freeFrom: es(DELIVERY_MESSAGES.freeFromBelowMinimum) }],
      [{ name: "Norte", fee: "5,1234", minOrder: "", freeFrom: "" }, { fee: "Escribe como máximo 2 decimales" }],
      [{ name: "N".repeat(61), fee: "5", minOrder: "", freeFrom: "" }, { name: "Escribe como máximo 60 caracteres" }],
    ];
    for (const [fields, errors] of cases) {
      const answer = await post(s, me, { intent: "zone-add", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(failed(answer).errors, JSON.stringify(fields)).toEqual(errors);
      expect(failed(answer).values).toMatchObject(fields);
    }
    expect(await s.db.$count(deliveryZones)).toBe(0);
  });

  it("keeps a zone's postal codes in the store country's format, shows them in its summary, and clears them", async () => {
    const s = createTestServices();
    const ar = await signedInMerchant(s, "standard", { currency: "ARS", country: "AR" });
    const caba = { intent: "zone-add", name: "CABA", fee: "3.500", minOrder: "", freeFrom: "" };
    // An Argentine merchant reads the form's refusals in 'vos', zod's and the amounts' too.
    const typos = { ...caba, name: "N".repeat(61), fee: "abc", freeFrom: "0" };
    expect(failed(await post(s, ar, typos)).errors).toEqual({
      name: "Escribí como máximo 60 caracteres",
      fee: "Escribí un precio válido, por ejemplo 12.500 o 12,50",
    });
    expect(failed(await post(s, ar, { ...caba, freeFrom: "0" })).errors).toEqual({
      freeFrom: "Escribí un monto mayor que 0, o dejalo vacío",
    });
    expect((await post(s, ar, { ...caba, postalCodes: " 1000 - 1499 ;c1602abc\n16* , 1000-1499" })).status).toBe(302);
    let [zone] = (await readDeliverySettings(s.db, ar.store.id)).zones;
    expect(zone?.postalCodes).toBe("1000-1499, C1602ABC, 16*");
    // As Argentina writes the fee: '$ 3.500'.
    expect(zoneSummary(zone as NonNullable<typeof zone>, ar.store)).toBe("CABA — $\u00a03.500 · CP 1000-1499, C1602ABC, 16*");
    // The page shows the zone's summary and its codes in the edit form, and the country's example in the hint.
    const page = await workspaceRequest(s, {
      module: info,
      cookie: ar.cookie,
      method: "GET",
      path: `/Store/${ar.store.id}/delivery`,
      params: { storeId: ar.store.id },
    });
    const loaded = page.data as Awaited<ReturnType<typeof info.loader>>;
    expect(loaded.postalExample).toBe("1425");
    expect(loaded.delivery.zones[0]).toMatchObject({ postalCodes: "1000-1499, C1602ABC, 16*" });
    expect(loaded.delivery.zones[0]?.text).toContain("CP 1000-1499, C1602ABC, 16*");
    // Emptied, the zone is chosen by its name again.
    expect((await post(s, ar, { ...caba, intent: "zone-edit", id: String(zone?.id), postalCodes: "" })).status).toBe(302);
    [zone] = (await readDeliverySettings(s.db, ar.store.id)).zones;
    expect(zone?.postalCodes).toBe("");

    // Mexico's five digits keep their leading zero.
    const mx = await signedInMerchant(s, "standard", { currency: "MXN", country: "MX" });
    expect((await post(s, mx, { ...caba, name: "CDMX", postalCodes: "01*, 06000-06999, 11000" })).status).toBe(302);
    expect((await readDeliverySettings(s.db, mx.store.id)).zones[0]?.postalCodes).toBe("01*, 06000-06999, 11000");
  });

  it("refuses postal codes that are not the store country's, in the merchant's Spanish, 400, nothing written", async () => {
    const s = createTestServices();
    const cases: Array<[string, string, string]> = [
      [
        "AR",
        "1425, 14250",
        "“14250” no es un código postal: escribí códigos como 1425, prefijos como 14* o rangos como 1425-1429",
      ],
      ["AR", "1499-1000", "En “1499-1000” el primer código del rango debe ser menor o igual que el segundo"],
      ["MX", "6600", "“6600” no es un código postal: escribe códigos como 06600, prefijos como 06* o rangos como 06600-06609"],
      [
        "CO",
        "11011",
        "“11011” no es un código postal: escribe códigos como 110111, prefijos como 11* o rangos como 110111-110119",
      ],
      [
        "CL",
        "abc",
        "“abc” no es un código postal: escribe códigos como 8320000, prefijos como 83* o rangos como 8320000-8320009",
      ],
    ];
    for (const [country, postalCodes, message] of cases) {
      const me = await signedInMerchant(s, "standard", { country });
      const fields = { intent: "zone-add", name: "Zona", fee: "5", minOrder: "", freeFrom: "", postalCodes };
      const answer = await post(s, me, fields);
      expect(answer.status, postalCodes).toBe(400);
      expect(failed(answer).errors, postalCodes).toEqual({ postalCodes: message });
      expect(failed(answer).values).toMatchObject({ postalCodes });
    }
    const me = await signedInMerchant(s, "standard", { country: "AR" });
    const many = Array.from({ length: 301 }, (_, i) => String(1000 + i)).join(",");
    const tooMany = await post(s, me, {
      intent: "zone-add",
      name: "Zona",
      fee: "5",
      minOrder: "",
      freeFrom: "",
      postalCodes: many,
    });
    expect(tooMany.status).toBe(400);
    expect(failed(tooMany).errors).toEqual({ postalCodes: "Una zona lista como máximo 300 códigos, prefijos o rangos" });
    expect(await s.db.$count(deliveryZones)).toBe(0);
  });

  it(`holds at most ${DELIVERY_ZONES_MAX} zones per store, with a Spanish message`, async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s);
    const now = s.clock.now();
    for (let i = 1; i <= DELIVERY_ZONES_MAX; i++)
      await addDeliveryRow(
        s.db,
        TEST_ACTOR,
        me.store.id,
        "zone",
        { name: `Zona ${i}`, fee: 100, minOrder: null, freeFrom: null },
        now,
      );
    const answer = await post(s, me, { intent: "zone-add", name: "Una más", fee: "1", minOrder: "", freeFrom: "" });
    expect(answer.status).toBe(409);
    expect(failed(answer).errors.form).toBe(es(DELIVERY_MESSAGES.zonesFull, { max: DELIVERY_ZONES_MAX }));
    expect(await s.db.$count(deliveryZones, eq(deliveryZones.storeId, me.store.id))).toBe(DELIVERY_ZONES_MAX);
    // Another store has its own twenty.
    const other = await signedInMerchant(s);
    expect((await post(s, other, { intent: "zone-add", name: "Primera", fee: "1", minOrder: "", freeFrom: "" })).status).toBe(
      302,
    );
  });
});

describe("another store's delivery settings", () => {
  it("cannot be read, edited or deleted: 404 and nothing changes", async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s);
    const them = await signedInMerchant(s);
    const now = s.clock.now();
    await addDeliveryRow(
      s.db,
      TEST_ACTOR,
      them.store.id,
      "zone",
      { name: "Suya", fee: 500, minOrder: null, freeFrom: null, postalCodes: "5000-5099" },
      now,
    );
    await addDeliveryRow(s.db, TEST_ACTOR, them.store.id, "pickup", { name: "Su local", address: "Calle 1", hours: "" }, now);
    const theirs = await readDeliverySettings(s.db, them.store.id);
    const zoneId = String(theirs.zones[0]?.id);
    const pointId = String(theirs.pickupPoints[0]?.id);
    const theirUpdatedAt = await updatedAt(s, them.store.id);

    // Their page is not mine to read, and my page shows none of their rows.
    const theirPage = await workspaceRequest(s, {
      module: info,
      cookie: me.cookie,
      method: "GET",
      path: `/Store/${them.store.id}/delivery`,
      params: { storeId: them.store.id },
    });
    expect(theirPage.status).toBe(404);
    const myPage = await workspaceRequest(s, {
      module: info,
      cookie: me.cookie,
      method: "GET",
      path: `/Store/${me.store.id}/delivery`,
      params: { storeId: me.store.id },
    });
    expect(myPage.status).toBe(200);
    const delivery = (myPage.data as Awaited<ReturnType<typeof info.loader>>).delivery;
    expect({ zones: delivery.zones, points: delivery.pickupPoints }).toEqual({ zones: [], points: [] });
    expect((await readDeliverySettings(s.db, me.store.id)).zones).toEqual([]);

    s.testClock.current = new Date(s.testClock.current.getTime() + 60_000);
    const attempts: Array<[Record<string, string>, string?]> = [
      // Their ids through my own store's page…
      [{ intent: "zone-edit", id: zoneId, name: "Mía", fee: "1", minOrder: "", freeFrom: "" }],
      [{ intent: "zone-delete", id: zoneId }],
      [{ intent: "pickup-edit", id: pointId, name: "Mío", address: "", hours: "" }],
      [{ intent: "pickup-delete", id: pointId }],
      // …or through theirs.
      [{ intent: "zone-edit", id: zoneId, name: "Mía", fee: "1", minOrder: "", freeFrom: "" }, them.store.id],
      [{ intent: "zone-delete", id: zoneId }, them.store.id],
      [{ intent: "zone-add", name: "Intrusa", fee: "1", minOrder: "", freeFrom: "" }, them.store.id],
      [{ intent: "pickup-delete", id: pointId }, them.store.id],
      [{ intent: "delivery-methods", arrange: "on" }, them.store.id],
      // Not an id at all.
      [{ intent: "zone-delete", id: "1 or 1=1" }],
      [{ intent: "pickup-edit", id: "", name: "Mío", address: "", hours: "" }],
    ];
    for (const [form, storeId] of attempts) expect((await post(s, me, form, storeId)).status, JSON.stringify(form)).toBe(404);

    expect(await readDeliverySettings(s.db, them.store.id)).toEqual(theirs);
    expect(await updatedAt(s, them.store.id)).toBe(theirUpdatedAt);
    expect(await s.db.$count(deliveryZones, eq(deliveryZones.storeId, me.store.id))).toBe(0);
  });
});

describe("the demo store", () => {
  it("delivers to two zones, has a pickup point and offers all three methods", async () => {
    const s = await demoTestServices();
    const demo = await s.db.query.stores.findFirst({ where: eq(stores.url, "demo") });
    const settings = await readDeliverySettings(s.db, demo?.id ?? "");
    expect(settings.methods).toEqual({ pickupEnabled: true, homeDeliveryEnabled: true, arrangeEnabled: true });
    expect(settings.zones.map(({ id: _, ...z }) => z)).toEqual([
      { name: "Centro", fee: 300, minOrder: null, freeFrom: null, postalCodes: "" },
      { name: "Afueras", fee: 700, minOrder: 2000, freeFrom: 6000, postalCodes: "" },
    ]);
    expect(settings.pickupPoints).toHaveLength(1);
  });
});
