import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { markMany, markProgress, type ProgressRequest } from "~/fulfilment/progress.server";
import { applyMoves, deliveriesQuery } from "~/fulfilment/progress-records.server";
import { sales } from "../../db/schema";
import { TEST_ACTOR } from "../support/merchants";
import { cancelSale } from "../support/orders";
import { createTestServices } from "../support/services";
import { insertSale, merchantWithStore } from "./sales-fixtures";

const s = createTestServices();
let store: { id: string; name: string; url: string };

beforeAll(async () => {
  ({ store } = await merchantWithStore(s));
});

const delivered = (extra: Parameters<typeof insertSale>[1] extends infer F ? Partial<F> : never = {}) =>
  insertSale(s, {
    storeId: store.id,
    lines: [{ productId: null, name: "Mate de calabaza", quantity: 1 }],
    delivery: "delivery",
    buyerEmail: "lucia@correo.test",
    buyerName: "Lucía Gómez",
    ...extra,
  });

const rowOf = async (saleId: string) => (await deliveriesQuery(s.db, store.id, [saleId]))[0];

const move = (to: ProgressRequest["to"], over: Partial<ProgressRequest> = {}): ProgressRequest => ({
  to,
  back: false,
  seen: null,
  ...over,
});

const andreani = { carrier: "andreani", carrierName: null, trackingNumber: "360000123456789", trackingUrl: null };

describe("a sale's delivery progress", () => {
  it("goes Preparando → Enviado → Entregado, each step timed, the buyer emailed at Enviado and Entregado only", async () => {
    const saleId = await delivered();
    const sent = s.outbox.sent.length;
    s.testClock.current = new Date("2026-03-11T12:00:00Z");
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("preparing", { seen: 0 }))).toEqual({
      ok: true,
      step: "preparing",
    });
    expect(s.outbox.sent.length).toBe(sent);
    s.testClock.current = new Date("2026-03-12T09:30:00Z");
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { seen: 1, shipment: andreani }))).toEqual({
      ok: true,
      step: "shipped",
    });
    s.testClock.current = new Date("2026-03-13T17:00:00Z");
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("delivered", { seen: 2 }))).toEqual({
      ok: true,
      step: "delivered",
    });
    const row = await rowOf(saleId);
    expect(row).toMatchObject({
      step: "delivered",
      carrier: "andreani",
      trackingNumber: "360000123456789",
      preparingAt: new Date("2026-03-11T12:00:00Z"),
      shippedAt: new Date("2026-03-12T09:30:00Z"),
      deliveredAt: new Date("2026-03-13T17:00:00Z"),
      version: 3,
    });
    const mails = s.outbox.sent.slice(sent);
    expect(mails.map((m) => m.subject)).toEqual([
      `Tu pedido ${saleId} de ${store.name} va en camino`,
      `Tu pedido ${saleId} de ${store.name} fue entregado`,
    ]);
    expect(mails[0]?.to).toBe("lucia@correo.test");
    expect(mails[0]?.text).toContain("https://www.andreani.com/#!/informacionEnvio/360000123456789");
    expect(mails[0]?.html).toContain("Seguir el envío en Andreani");
  });

  it("of two devices marking one sale 'Enviado' at once, one moves it and the other is told where it is now", async () => {
    const saleId = await delivered();
    await markProgress(s, TEST_ACTOR, store, saleId, move("preparing", { seen: 0 }));
    const sent = s.outbox.sent.length;
    const both = await Promise.all([
      markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { seen: 1, shipment: andreani })),
      markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { seen: 1, shipment: { ...andreani, trackingNumber: "999" } })),
    ]);
    expect(both.filter((o) => o.ok)).toHaveLength(1);
    expect(both.find((o) => !o.ok)).toEqual({
      ok: false,
      status: 409,
      message: "Esta venta ya está en 'Enviado' (la marcaron desde otro dispositivo): revisa su avance",
    });
    expect((await rowOf(saleId))?.version).toBe(2);
    expect(s.outbox.sent.length - sent).toBe(1);
  });

  it("of two first marks at once, one row is made", async () => {
    const saleId = await delivered();
    const both = await Promise.all([
      markProgress(s, TEST_ACTOR, store, saleId, move("preparing")),
      markProgress(s, TEST_ACTOR, store, saleId, move("preparing")),
    ]);
    expect(both.filter((o) => o.ok)).toHaveLength(1);
    expect((await rowOf(saleId))?.version).toBe(1);
  });

  it("never goes a step back unless the merchant says so, and then forgets the later step's time", async () => {
    const saleId = await delivered();
    await markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { shipment: andreani }));
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("preparing"))).toEqual({
      ok: false,
      status: 409,
      message: "Esta venta ya está en 'Enviado': para volver un paso atrás usa 'Volver al paso anterior'",
    });
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { shipment: andreani }))).toMatchObject({
      ok: false,
    });
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("preparing", { back: true }))).toEqual({
      ok: true,
      step: "preparing",
    });
    expect(await rowOf(saleId)).toMatchObject({ step: "preparing", shippedAt: null });
  });

  it("a sent sale's carrier and number are corrected in place, its time kept, the buyer told only of a new number", async () => {
    const saleId = await delivered();
    s.testClock.current = new Date("2026-03-14T10:00:00Z");
    await markMany(s, TEST_ACTOR, store, [saleId], "shipped", { ...andreani, trackingNumber: null });
    const sent = s.outbox.sent.length;
    s.testClock.current = new Date("2026-03-14T12:00:00Z");
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { seen: 1, shipment: andreani }))).toEqual({
      ok: true,
      step: "shipped",
      corrected: true,
    });
    expect(await rowOf(saleId)).toMatchObject({
      step: "shipped",
      trackingNumber: "360000123456789",
      shippedAt: new Date("2026-03-14T10:00:00Z"),
      version: 2,
    });
    expect(s.outbox.sent.slice(sent).map((m) => m.text.includes("360000123456789"))).toEqual([true]);
    // The same number again: nothing new to tell; an old page's correction is refused.
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { seen: 2, shipment: andreani }))).toMatchObject({
      ok: true,
    });
    expect(s.outbox.sent.length - sent).toBe(1);
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { seen: 2, shipment: andreani }))).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("refuses a move from a page that showed an older step", async () => {
    const saleId = await delivered();
    await markProgress(s, TEST_ACTOR, store, saleId, move("preparing"));
    expect(await markProgress(s, TEST_ACTOR, store, saleId, move("shipped", { seen: 0, shipment: andreani }))).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("a pickup is made ready, never sent; a delivery is sent, never made ready", async () => {
    const pickup = await delivered({ delivery: "pickup", address: null, pickupPoint: "Local — Av. Corrientes 1234" });
    expect(await markProgress(s, TEST_ACTOR, store, pickup, move("shipped", { shipment: andreani }))).toEqual({
      ok: false,
      status: 409,
      message: "Esta venta se retira en la tienda: márcala 'Listo para retirar'",
    });
    const sent = s.outbox.sent.length;
    expect(await markProgress(s, TEST_ACTOR, store, pickup, move("ready"))).toEqual({ ok: true, step: "ready" });
    expect(s.outbox.sent.at(-1)?.text).toContain("Dónde retirarlo: Local — Av. Corrientes 1234");
    expect(s.outbox.sent.length - sent).toBe(1);
    const home = await delivered();
    expect(await markProgress(s, TEST_ACTOR, store, home, move("ready"))).toMatchObject({ ok: false, status: 409 });
  });

  it("a cancelled sale takes no progress, even when it is cancelled between the read and the write", async () => {
    const cancelled = await delivered();
    await cancelSale(s, TEST_ACTOR, store.id, cancelled);
    expect(await markProgress(s, TEST_ACTOR, store, cancelled, move("preparing"))).toEqual({
      ok: false,
      status: 409,
      message: "Esta venta está cancelada: no se prepara ni se envía",
    });
    expect(await rowOf(cancelled)).toBeUndefined();

    const racing = await delivered();
    await markProgress(s, TEST_ACTOR, store, racing, move("preparing"));
    await s.db.update(sales).set({ state: "Cancelada" }).where(eq(sales.id, racing));
    const moved = await applyMoves(s.db, TEST_ACTOR, [
      {
        move: { storeId: store.id, saleId: racing, from: { step: "preparing", version: 1 }, to: "shipped", now: s.clock.now() },
        back: false,
      },
    ]);
    expect(moved.size).toBe(0);
    expect((await rowOf(racing))?.step).toBe("preparing");
  });

  it("another store's sale is not found", async () => {
    const { store: other } = await merchantWithStore(s);
    const theirs = await insertSale(s, { storeId: other.id, lines: [{ productId: null, name: "Taza", quantity: 1 }] });
    expect(await markProgress(s, TEST_ACTOR, store, theirs, move("preparing"))).toMatchObject({ ok: false, status: 404 });
    expect(await deliveriesQuery(s.db, other.id, [theirs])).toEqual([]);
  });

  it("marks the ticked sales at once, leaving and naming those that cannot move", async () => {
    const a = await delivered();
    const b = await delivered();
    const pickup = await delivered({ delivery: "pickup", address: null });
    const cancelled = await delivered();
    await cancelSale(s, TEST_ACTOR, store.id, cancelled);
    await markProgress(s, TEST_ACTOR, store, b, move("shipped", { shipment: andreani }));
    const outcome = await markMany(s, TEST_ACTOR, store, [a, b, pickup, cancelled], "shipped", andreani);
    expect(outcome.moved).toBe(1);
    expect(outcome.skipped).toEqual([
      { saleId: b, message: "Esta venta ya está en 'Enviado'" },
      { saleId: pickup, message: "Esta venta se retira en la tienda: márcala 'Listo para retirar'" },
      { saleId: cancelled, message: "Esta venta está cancelada: no se prepara ni se envía" },
    ]);
    expect((await rowOf(a))?.step).toBe("shipped");
  });
});
