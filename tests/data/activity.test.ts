import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as pageLoader } from "~/activity/routes/activity";
import { loader as csvLoader } from "~/activity/routes/activity-csv";
import { createSession } from "~/auth/sessions.server";
import { removePlatform, saveGa4Settings, saveMetaSettings } from "~/conversions/settings.server";
import { createDiscountCode } from "~/discounts/discount-codes.server";
import { ACTIVITY_KIND_IDS, type Actor, actorLabel } from "~/domain/activity";
import { DEFAULT_LOOK, withPreset } from "~/domain/look";
import { addHostname, removeHostname } from "~/domains/hostnames.server";
import { markProgress } from "~/fulfilment/progress.server";
import { publishDraft, saveDraft } from "~/looks/looks.server";
import { completeLinking, startLinking, unlinkStore } from "~/online-payments/store-accounts.server";
import { createSale } from "~/orders/order-records.server";
import { changeSale } from "~/orders/sale-changes.server";
import { savePaymentMethod } from "~/payment-methods/payment-methods.server";
import { deletePhoto } from "~/products/photos.server";
import { createProduct, deleteProduct, insertProduct, updateProduct } from "~/products/products.server";
import { createPromotion } from "~/promotions/promotions.server";
import { action as saleDetailAction } from "~/sales/routes/sale-detail";
import { createSection } from "~/sections/sections.server";
import { setDeliveryMethods } from "~/stores/delivery-settings.server";
import { inviteMember, removeMember } from "~/team/members.server";
import { runUpkeep } from "~/upkeep.server";
import { recordActivity } from "~/workspace/activity.server";
import { planLimits } from "~/workspace/plan-limits.server";
import { productPhotos, storeActivity, stores, users } from "../../db/schema";
import { activityEntries, entryWrittenBefore } from "../support/activity";
import { signedInMerchant, staffMember } from "../support/merchants";
import { newOrder } from "../support/orders";
import { promotionInput } from "../support/promotion-input";
import { createTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";

const s = createTestServices();

const image = (name: string) => ({ key: `stores/x/products/p/${name}.webp`, width: 400, height: 400, filename: `${name}.jpg` });
const productInput = {
  name: "Taza esmaltada",
  description: "",
  category: 0,
  price: 1_000,
  compareAtPrice: null,
  published: true,
  stock: 5,
};

/** A premium store (its own domain is premium) whose owner is the actor, signed in for its pages. */
async function store(fields: Parameters<typeof signedInMerchant>[2] = {}) {
  const m = await signedInMerchant(s, "premium", { currency: "USD", ...fields });
  const owner = await s.db.query.users.findFirst({ where: eq(users.id, m.id) });
  if (!owner) throw new Error("owner missing");
  const row = await s.db.query.stores.findFirst({ where: eq(stores.id, m.store.id) });
  if (!row) throw new Error("store missing");
  const actor: Actor = { userId: owner.id, label: actorLabel(owner) };
  return { ...m, owner, row, actor };
}

/** The store's entries as kept, each said in the neutral base. */
const entriesOf = (storeId: string) => activityEntries(s, storeId);

async function product(storeId: string, actor: Actor, input = productInput) {
  const id = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  return createProduct(s.db, actor, storeId, await planLimits(s.db, "premium"), id, input, image(id), s.clock.now());
}

async function pendingSale(storeId: string, buyer: Partial<Parameters<typeof newOrder>[0]> = {}) {
  // Written as the demo seed writes it: no entry, so only the sale's changes are recorded.
  const mate = await insertProduct(s.db, { storeId, name: "Mate de calabaza", price: 2_500, stock: 10 }, s.clock.now());
  const { saleId } = await createSale(
    s.db,
    newOrder({
      key: `clave-${crypto.randomUUID()}`,
      storeId,
      currency: "USD",
      buyerName: "Lucía",
      lines: [{ productId: mate.id, name: "Mate de calabaza", imageKey: null, unitPrice: 2_500, quantity: 1 }],
      ...buyer,
    }),
    s.clock.now(),
  );
  return saleId;
}

describe("'Actividad': what the workspace's write functions record", () => {
  it("records every kind of change, with who made it, in the batch of the change", async () => {
    const m = await store();
    const { actor } = m;
    const now = () => s.clock.now();
    const taza = await product(m.store.id, actor);
    await updateProduct(
      s.db,
      actor,
      { product: taza, variantsBefore: [] },
      { ...productInput, price: 1_200, stock: 7 },
      null,
      now(),
    );
    await createSection(s.db, actor, m.store.id, await planLimits(s.db, "premium"), "Novedades", now());
    const saleId = await pendingSale(m.store.id);
    expect((await changeSale(s, actor, m.store, saleId, "confirm")).ok).toBe(true);
    expect(await markProgress(s, actor, m.store, saleId, { to: "preparing", back: false, seen: 0 })).toMatchObject({ ok: true });
    await setDeliveryMethods(
      s.db,
      actor,
      m.row,
      { pickupEnabled: true, homeDeliveryEnabled: false, arrangeEnabled: false },
      now(),
    );
    await savePaymentMethod(
      s.db,
      actor,
      m.store.id,
      { method: "cash", enabled: true, adjustPercent: 0, instructions: "", keyLabel: "", keyValue: "", holdHours: 24 },
      now(),
    );
    await saveDraft(s.db, m.row, withPreset(DEFAULT_LOOK, "oscuro"));
    expect(await publishDraft(s.db, actor, m.row, now())).toBe(true);
    await inviteMember(s, m.row, m.owner, { email: "eva@equipo.test", role: "sales" });
    const hostname = `www.actividad-${crypto.randomUUID().slice(0, 6)}.test`;
    await addHostname(s, actor, m.store.id, hostname);
    expect(await removeHostname(s, actor, m.store.id)).toBe(true);
    const { url, nonce } = await startLinking(s, m.store.id, m.id);
    const state = new URL(url).searchParams.get("state") ?? "";
    await completeLinking(s, actor, m.id, state, `SBX-555000111-${crypto.randomUUID().replaceAll("-", "")}`, nonce);
    await unlinkStore(s, actor, m.store.id);
    await createPromotion(
      s.db,
      actor,
      m.store.id,
      promotionInput({ name: "Otoño", kind: "discount", productIds: [taza.id], percent: 10 }),
      now(),
    );
    await createDiscountCode(
      s.db,
      actor,
      m.store.id,
      {
        code: "AMIGOS",
        kind: "percent",
        value: 10,
        minPurchase: null,
        startsOn: null,
        endsOn: null,
        maxUses: null,
        active: true,
      },
      now(),
    );
    expect(await deleteProduct(s.db, actor, s.files, m.store.id, taza.id, now())).toBe(true);

    const entries = await entriesOf(m.store.id);
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(ACTIVITY_KIND_IDS));
    expect(entries.every((e) => e.actorUserId === m.id && e.actorLabel === `Ana Ruiz (${m.owner.email})`)).toBe(true);
    expect(entries.every((e) => e.at.getTime() === now().getTime())).toBe(true);
    expect(entries.map((e) => [e.kind, e.summary])).toEqual([
      ["product", "Creó el producto “Taza esmaltada”"],
      ["price", "Cambió el precio de “Taza esmaltada”"],
      ["stock", "Cambió el stock de “Taza esmaltada”"],
      ["section", "Creó la sección “Novedades”"],
      ["sale", `Completó la venta ${saleId}`],
      ["delivery", `Marcó la venta ${saleId} como 'Preparando'`],
      ["settings", "Cambió las formas de entrega: envío a domicilio"],
      ["settings", "Guardó la forma de cobro “Efectivo” (activada)"],
      ["look", "Publicó el diseño de la tienda"],
      ["member", "Invitó a eva@equipo.test como Ventas"],
      ["domain", `Agregó el dominio ${hostname}`],
      ["domain", `Quitó el dominio ${hostname}`],
      ["payments", "Vinculó la cuenta de Mercado Pago"],
      ["payments", "Desvinculó la cuenta de Mercado Pago"],
      ["promotion", "Creó la promoción “Otoño”"],
      ["promotion", "Creó el código de descuento AMIGOS"],
      ["product", "Eliminó el producto “Taza esmaltada”"],
    ]);
  });

  it("records the ad platforms connected and removed, naming the platform only", async () => {
    const m = await store();
    await saveMetaSettings(s, m.actor, m.store.id, { datasetId: "123456789012345", token: "EAAB-token-secreto" });
    await saveGa4Settings(s, m.actor, m.store.id, { measurementId: "G-ABC123XYZ", apiSecret: "api-secreto-ga4" });
    await removePlatform(s, m.actor, m.store.id, "meta");
    const entries = await entriesOf(m.store.id);
    expect(entries.map((e) => [e.kind, e.summary])).toEqual([
      ["settings", "Guardó la conexión con Meta (Conversions API)"],
      ["settings", "Guardó la conexión con Google Analytics 4"],
      ["settings", "Quitó la conexión con Meta (Conversions API)"],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/123456789012345|EAAB|G-ABC123XYZ|secreto/);
  });

  it("keeps before → after of a price, a stock and a sale's state, and what else an edit changed", async () => {
    const m = await store();
    const taza = await product(m.store.id, m.actor);
    const edit = (input: typeof productInput) =>
      updateProduct(s.db, m.actor, { product: taza, variantsBefore: [] }, input, null, s.clock.now());
    await edit({ ...productInput, price: 1_550, stock: 8 });
    await edit({ ...productInput, price: 1_550, stock: 8, name: "Taza grande", description: "De cerámica" });
    const confirmed = await pendingSale(m.store.id);
    const cancelled = await pendingSale(m.store.id);
    expect((await changeSale(s, m.actor, m.store, confirmed, "confirm")).ok).toBe(true);
    expect((await changeSale(s, m.actor, m.store, cancelled, "cancel")).ok).toBe(true);
    const values = (await entriesOf(m.store.id)).map((e) => [e.kind, e.subject, e.before, e.after]);
    expect(values).toEqual([
      ["product", taza.id, null, "1000 USD"],
      ["price", taza.id, "1000 USD", "1550 USD"],
      ["stock", taza.id, "5", "8"],
      // The second save changes neither price nor stock (compared with the row then): only what it changed.
      ["product", taza.id, null, null],
      ["sale", confirmed, "Pendiente", "Confirmada"],
      ["sale", cancelled, "Pendiente", "Cancelada"],
    ]);
    expect((await entriesOf(m.store.id))[3]?.summary).toBe("Editó “Taza grande”: nombre, descripción");
  });

  it("writes no entry for a change that did not happen", async () => {
    const m = await store();
    const taza = await product(m.store.id, m.actor);
    const before = (await entriesOf(m.store.id)).length;
    const saleId = await pendingSale(m.store.id);
    expect((await changeSale(s, m.actor, m.store, saleId, "confirm")).ok).toBe(true);
    // A second 'Completar' (another device): refused, nothing recorded.
    expect(await changeSale(s, m.actor, m.store, saleId, "confirm")).toMatchObject({ ok: false, reason: "not_pending" });
    // The last photo cannot go; a person not in the team cannot be removed; an unknown product cannot be deleted.
    const [photo] = await s.db.select().from(productPhotos).where(eq(productPhotos.productId, taza.id));
    await expect(deletePhoto(s.db, m.actor, s.files, taza, photo?.id ?? 0, s.clock.now())).rejects.toThrow(/única foto/);
    expect(await removeMember(s.db, m.actor, m.store.id, crypto.randomUUID(), s.clock.now())).toBe(false);
    expect(await deleteProduct(s.db, m.actor, s.files, m.store.id, "1234567", s.clock.now())).toBe(false);
    // Over the plan's product limit: the insert is refused, and its entry with it.
    const standard = await planLimits(s.db, "standard");
    await expect(
      createProduct(s.db, m.actor, m.store.id, { ...standard, products: 1 }, "7654321", productInput, image("b"), s.clock.now()),
    ).rejects.toThrow(/Limite de productos/);
    expect((await entriesOf(m.store.id)).map((e) => e.kind)).toEqual([...Array(before).fill("product"), "sale"]);
  });

  it("never keeps a buyer's name, phone, email, address or note: a sale is named by its code", async () => {
    const m = await store();
    const buyer = {
      buyerName: "Valentina Torres",
      buyerPhone: "+57 300 555 1234",
      buyerEmail: "valentina.torres@casilla.example",
      delivery: "delivery" as const,
      address: "Carrera 7 # 45-10, Chapinero",
      note: "Tocar el timbre del 3B",
    };
    const confirmed = await pendingSale(m.store.id, buyer);
    const cancelled = await pendingSale(m.store.id, buyer);
    expect((await changeSale(s, m.actor, m.store, confirmed, "confirm")).ok).toBe(true);
    for (const [to, seen] of [
      ["preparing", 0],
      ["shipped", 1],
      ["delivered", 2],
    ] as const)
      expect(
        await markProgress(s, m.actor, m.store, confirmed, {
          to,
          back: false,
          seen,
          shipment:
            to === "shipped" ? { carrier: "otro", carrierName: "Moto", trackingNumber: "AB-12", trackingUrl: null } : undefined,
        }),
      ).toMatchObject({ ok: true });
    expect((await changeSale(s, m.actor, m.store, cancelled, "cancel")).ok).toBe(true);
    const entries = await entriesOf(m.store.id);
    expect(entries).toHaveLength(5);
    expect(entries.every((e) => e.subject === confirmed || e.subject === cancelled)).toBe(true);
    const written = JSON.stringify(entries);
    for (const personal of [
      "Valentina",
      "Torres",
      "3005551234",
      "300 555 1234",
      "valentina.torres",
      "casilla.example",
      "Carrera 7",
      "Chapinero",
      "timbre",
    ])
      expect(written).not.toContain(personal);
  });
});

describe("who the entry names", () => {
  it("a 'Ventas' member who confirms a sale through the sales desk is the entry's person, with the name they had", async () => {
    const m = await store();
    const memberId = await staffMember(s, m.store.id, "sales", { name: "Eva", lastname: "Paz", email: "eva.paz@equipo.test" });
    const cookie = (await createSession(s, memberId)).split(";")[0] ?? "";
    const saleId = await pendingSale(m.store.id);
    const answer = await workspaceRequest(s, {
      module: { action: saleDetailAction },
      cookie,
      method: "POST",
      path: `/Store/${m.store.id}/sales/${saleId}`,
      params: { storeId: m.store.id, saleId },
      form: { intent: "confirm" },
    });
    expect(answer.status).toBe(200);
    const [entry] = await entriesOf(m.store.id);
    expect(entry).toMatchObject({
      actorUserId: memberId,
      actorLabel: "Eva Paz (eva.paz@equipo.test)",
      kind: "sale",
      subject: saleId,
      before: "Pendiente",
      after: "Confirmada",
    });
    // The page is the owner's and the administrators': the member's 'Ventas' role does not open it.
    const refused = await workspaceRequest(s, {
      module: { loader: pageLoader },
      cookie,
      method: "GET",
      path: `/Store/${m.store.id}/actividad`,
      params: { storeId: m.store.id },
    });
    expect(refused.status).toBe(403);
  });
});

describe("the 'Actividad' page and its CSV", () => {
  it("shows the newest first, a page at a time, filtered by person, kind and dates (the store's days)", async () => {
    const m = await store({ timeZone: "America/Argentina/Buenos_Aires" });
    const helper: Actor = { userId: crypto.randomUUID(), label: "Eva Paz (eva@equipo.test)" };
    const start = s.clock.now().getTime() - 120 * 3_600_000;
    for (let i = 0; i < 120; i++)
      await entryWrittenBefore(
        s,
        m.store.id,
        i % 3 === 0 ? helper : m.actor,
        { kind: i % 2 === 0 ? "sale" : "stock", summary: `Cambio ${i}` },
        new Date(start + i * 3_600_000),
      );
    const open = async (query = "") =>
      workspaceRequest(s, {
        module: { loader: pageLoader },
        cookie: m.cookie,
        method: "GET",
        path: `/Store/${m.store.id}/actividad${query}`,
        params: { storeId: m.store.id },
      });
    type Page = { entries: { summary: string; who: string; kind: string }[]; next: string | null; people: { userId: string }[] };
    const first = (await open()).data as Page;
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.summary).toBe("Cambio 119");
    expect(first.people.map((p) => p.userId).sort()).toEqual([helper.userId, m.id].sort());
    const second = (await open(`?${first.next}`)).data as Page;
    expect(second.entries[0]?.summary).toBe("Cambio 69");
    const third = (await open(`?${second.next}`)).data as Page;
    expect(third.entries.map((e) => e.summary).at(-1)).toBe("Cambio 0");
    expect(third.next).toBeNull();

    const hers = (await open(`?persona=${helper.userId}&tipo=sale`)).data as Page;
    expect(hers.entries.every((e) => e.who === helper.label && e.kind === "Ventas")).toBe(true);
    expect(hers.entries).toHaveLength(20);
    // The test clock is 12:00 in Buenos Aires on 2026-03-10: the 9th there is from 36 to 12 hours before it.
    const ninth = (await open("?desde=2026-03-09&hasta=2026-03-09")).data as Page;
    expect(ninth.entries.map((e) => e.summary)).toEqual(Array.from({ length: 24 }, (_, n) => `Cambio ${107 - n}`));

    const refused = await open("?desde=09/03/2026");
    expect(refused.status).toBe(400);
    // The store is in Argentina: its merchant reads the refusal in 'vos' (decision 0067).
    expect(refused.data).toMatchObject({ error: "Escribí la fecha como aaaa-mm-dd" });
    expect((await open("?tipo=contraseñas")).status).toBe(400);
  });

  it("exports the entries as the store's spreadsheets read them, formulas neutralised", async () => {
    const m = await store({ timeZone: "America/Argentina/Buenos_Aires", country: "AR", currency: "ARS" });
    const vela = await product(m.store.id, m.actor, { ...productInput, name: "Vela", price: 150_050 });
    // A name typed at registration reaches the file: a spreadsheet must not run it.
    const formula: Actor = { userId: m.id, label: '=HYPERLINK("http://x.test") (ana@correo.test)' };
    await updateProduct(
      s.db,
      formula,
      { product: vela, variantsBefore: [] },
      { ...productInput, name: vela.name, price: 990_000, stock: 12 },
      null,
      s.clock.now(),
    );
    const answer = await workspaceRequest(s, {
      module: { loader: csvLoader },
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/actividad.csv?tipo=price`,
      params: { storeId: m.store.id },
    });
    const response = answer.response as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="actividad-${m.store.url}-2026-03-10.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split("\r\n")).toEqual([
      "Fecha;Persona;Tipo;Qué;Cambio;Antes;Después;Moneda",
      `2026-03-10 12:00;"'=HYPERLINK(""http://x.test"") (ana@correo.test)";Precios;${vela.id};Cambió el precio de “Vela”;"1500,50";"9900,00";ARS`,
      "",
    ]);
    const bad = await workspaceRequest(s, {
      module: { loader: csvLoader },
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/actividad.csv?hasta=mañana`,
      params: { storeId: m.store.id },
    });
    expect(bad.response?.status).toBe(400);
  });
});

describe("what an entry says, kept as a sentence and its values", () => {
  it("keeps the sentence's id and values, says them when read, and reads older and unknown entries without failing", async () => {
    const m = await store({ country: "AR", currency: "ARS" });
    const taza = await product(m.store.id, m.actor);
    await updateProduct(
      s.db,
      m.actor,
      { product: taza, variantsBefore: [] },
      { ...productInput, name: "Taza grande", description: "De cerámica" },
      null,
      s.clock.now(),
    );
    const stored = await s.db
      .select({ summary: storeActivity.summary, id: storeActivity.summaryId, values: storeActivity.summaryValues })
      .from(storeActivity)
      .where(eq(storeActivity.storeId, m.store.id))
      .orderBy(storeActivity.id);
    // No finished sentence: the reader's words say it.
    expect(stored).toEqual([
      { summary: "", id: "activity.entry.productCreated", values: '{"name":"Taza esmaltada"}' },
      { summary: "", id: "activity.entry.productEdited", values: '{"name":"Taza grande","fields":["name","description"]}' },
    ]);
    // An entry written before (its sentence only), one of a sentence this version does not know, and values that are
    // not what their sentence takes.
    const later = (minutes: number) => new Date(s.clock.now().getTime() + minutes * 60_000);
    await entryWrittenBefore(s, m.store.id, m.actor, { kind: "stock", summary: "Cambió el stock de “Vela”" }, later(1));
    const odd = { storeId: m.store.id, actorUserId: m.id, actorLabel: m.actor.label, kind: "product", summary: "" };
    await s.db.insert(storeActivity).values([
      { ...odd, at: later(2), summaryId: "activity.entry.productRenamedTwice", summaryValues: '{"name":"Taza"}' },
      { ...odd, at: later(3), summaryId: "activity.entry.productCreated", summaryValues: '{"nombre":"Taza"' },
    ]);
    // A name its batch read from a product gone by then: the sentence with a stand-in, never the product's id.
    const gone = sql`(select name from products where id = '9999999')`;
    const deleted = { kind: "product", subject: "9999999", summary: { says: "productDeleted", values: { name: gone } } } as const;
    await recordActivity(s.db, m.store.id, m.actor, deleted, later(4));
    const page = await workspaceRequest(s, {
      module: { loader: pageLoader },
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/actividad`,
      params: { storeId: m.store.id },
    });
    expect(page.status).toBe(200);
    const fallback = "Cambio registrado (sin descripción)";
    expect((page.data as { entries: { summary: string }[] }).entries.map((e) => e.summary)).toEqual([
      "Eliminó el producto “(sin nombre)”",
      fallback,
      fallback,
      "Cambió el stock de “Vela”",
      "Editó “Taza grande”: nombre, descripción",
      "Creó el producto “Taza esmaltada”",
    ]);
    const csv = await workspaceRequest(s, {
      module: { loader: csvLoader },
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/actividad.csv?tipo=product`,
      params: { storeId: m.store.id },
    });
    const lines = (await (csv.response as Response).text()).split("\r\n").map((line) => line.split(";")[4]);
    expect(lines).toEqual([
      "Cambio",
      "Eliminó el producto “(sin nombre)”",
      fallback,
      fallback,
      '"Editó “Taza grande”: nombre, descripción"',
      "Creó el producto “Taza esmaltada”",
      undefined,
    ]);
  });
});

describe("keeping 'Actividad' 12 months", () => {
  it("the minute upkeep deletes entries older than 12 months and keeps the newer ones", async () => {
    const m = await store();
    const now = s.clock.now();
    const monthsAgo = (months: number, extraMs = 0) => {
      const at = new Date(now);
      at.setUTCMonth(at.getUTCMonth() - months);
      return new Date(at.getTime() + extraMs);
    };
    await entryWrittenBefore(s, m.store.id, m.actor, { kind: "stock", summary: "Hace 13 meses" }, monthsAgo(13));
    await entryWrittenBefore(
      s,
      m.store.id,
      m.actor,
      { kind: "stock", summary: "Hace 12 meses y un minuto" },
      monthsAgo(12, -60_000),
    );
    await entryWrittenBefore(
      s,
      m.store.id,
      m.actor,
      { kind: "stock", summary: "Hace 12 meses menos un minuto" },
      monthsAgo(12, 60_000),
    );
    await entryWrittenBefore(s, m.store.id, m.actor, { kind: "stock", summary: "Hace 11 meses" }, monthsAgo(11));
    const report = await runUpkeep(s);
    expect(report.activityPurged).toBeGreaterThanOrEqual(2);
    expect((await entriesOf(m.store.id)).map((e) => e.summary)).toEqual(["Hace 12 meses menos un minuto", "Hace 11 meses"]);
  });
});
