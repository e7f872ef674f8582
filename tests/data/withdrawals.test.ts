// Argentina's 'Botón de arrepentimiento': the buyer's request through the public page's action (one batch, then one
// write), and the merchant's answer from the sale's dialog.
import { describe, expect, it, vi } from "vitest";
import { SALE_MESSAGES } from "~/domain/sales";
import * as saleDetail from "~/sales/routes/sale-detail";
import { clientIpContext, type Services } from "~/services/services";
import * as withdrawal from "~/site/routes/withdrawal";
import { withdrawalRequests } from "../../db/schema";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";
import { insertSale, type TestServices } from "./sales-fixtures";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const BUENOS_AIRES = "America/Argentina/Buenos_Aires";
const DAY = 86_400_000;
const line = [{ productId: null, name: "Mate de calabaza", quantity: 1 }];

// Every store here is in Argentina: the page's refusals read in 'vos', the store's variant (decision 0067).
const REFUSALS = {
  notFound:
    "No encontramos un pedido de esta tienda con ese código y ese correo o teléfono. Revisá los datos: están en el mensaje o el correo de tu pedido.",
  code: "Escribí el código de tu pedido: son 10 números",
  contact: "Escribí el correo o el teléfono que diste en el pedido",
  expired:
    "Este pedido se hizo hace más de 10 días: ya no se puede cancelar con el Botón de arrepentimiento. Escribile a la tienda.",
  tooMany: "Demasiados intentos con datos que no coinciden: volvé a intentarlo en 15 minutos.",
};

async function argentineStore(s: TestServices, url = "mate-y-cia") {
  return signedInMerchant(s, "standard", { name: "Mate y Cía", url, country: "AR", timeZone: BUENOS_AIRES, currency: "ARS" });
}

type Answer = { status: number; data: { ok: boolean; requestId?: string; errors?: Record<string, string>; again?: boolean } };

/** The page's form as a browser without JavaScript posts it. */
async function ask(s: Services, site: string, form: Record<string, string>, ip = "203.0.113.7"): Promise<Answer> {
  const args = siteArgs(s, site, "/arrepentimiento", { method: "POST", body: new URLSearchParams(form) });
  args.context.set(clientIpContext, ip);
  const result = (await withdrawal.action(args as never)) as unknown as { data: Answer["data"]; init?: ResponseInit };
  return { status: result.init?.status ?? 200, data: result.data };
}

const dialog = (
  s: Services,
  merchant: { cookie: string; store: { id: string } },
  saleId: string,
  form?: Record<string, string>,
) =>
  workspaceRequest(s, {
    module: saleDetail,
    cookie: merchant.cookie,
    method: form ? "POST" : "GET",
    path: `/Store/${merchant.store.id}/sales/${saleId}`,
    params: { storeId: merchant.store.id, saleId },
    form,
  });

describe("the 'Botón de arrepentimiento'", () => {
  it("gives the buyer a request number at once and by email, tells the merchant, and the merchant cancels from the sale", async () => {
    const s = createTestServices();
    const merchant = await argentineStore(s);
    const code = await insertSale(s, {
      storeId: merchant.store.id,
      lines: line,
      currency: "ARS",
      buyerName: "Lucía Pérez",
      buyerEmail: "lucia@correo.test",
      buyerPhone: "5491155551234",
      createdAt: new Date(s.clock.now().getTime() - 3 * DAY),
    });
    const answer = await ask(s, "mate-y-cia", { code, contact: "LUCIA@correo.test " });
    expect(answer.status).toBe(200);
    expect(answer.data.ok).toBe(true);
    expect(answer.data.requestId).toMatch(/^\d{10}$/);
    const number = answer.data.requestId ?? "";
    // The buyer's copy with the number, and the merchant's notice with the sale's page.
    const buyerMail = s.outbox.sent.find((m) => m.to === "lucia@correo.test");
    expect(buyerMail?.text).toContain(`Número de solicitud: ${number}`);
    const merchantMail = s.outbox.sent.find((m) => m.to !== "lucia@correo.test");
    expect(merchantMail?.subject).toBe(`Solicitud de cancelación del pedido ${code} en Mate y Cía`);
    expect(merchantMail?.text).toContain(`/Store/${merchant.store.id}/sales/${code}`);
    // The merchant's first store is in Argentina: their notice speaks in 'vos'.
    expect(merchantMail?.text).toContain("cancelá el pedido desde la venta");
    expect(merchantMail?.text).toContain("o escribile para coordinar la devolución");

    // Asking again (a second tap, or the phone instead of the email) is the same request: no second row, no mail.
    const again = await ask(s, "mate-y-cia", { code, contact: "11 5555-1234" });
    expect(again.data).toMatchObject({ ok: true, requestId: number, again: true });
    expect(s.outbox.sent).toHaveLength(2);
    expect(await s.db.select().from(withdrawalRequests)).toHaveLength(1);

    // The sale's dialog shows it; 'Cancelar pedido' answers it.
    const before = await dialog(s, merchant, code);
    expect(before.data).toMatchObject({ state: "Pendiente", withdrawal: { id: number } });
    const cancelled = await dialog(s, merchant, code, { intent: "cancel" });
    expect(cancelled).toEqual({ status: 200, data: { message: SALE_MESSAGES.cancelled.defaultMessage } });
    expect((await dialog(s, merchant, code)).data).toMatchObject({ state: "Cancelada", withdrawal: { id: number } });
    // Once cancelled, the same request is still found (its number again), and a new one is refused as cancelled.
    expect((await ask(s, "mate-y-cia", { code, contact: "lucia@correo.test" })).data.requestId).toBe(number);
  });

  it("answers an unknown code, a wrong contact and another store's order with the same words and status", async () => {
    const s = createTestServices();
    const merchant = await argentineStore(s);
    const other = await argentineStore(s, "otra-tienda");
    const own = await insertSale(s, { storeId: merchant.store.id, lines: line, buyerEmail: "lucia@correo.test" });
    const elsewhere = await insertSale(s, { storeId: other.store.id, lines: line, buyerEmail: "lucia@correo.test" });
    const tries = [
      { code: "1234567890", contact: "lucia@correo.test" },
      { code: own, contact: "otra@correo.test" },
      { code: own, contact: "11 4444-0000" },
      { code: elsewhere, contact: "lucia@correo.test" },
    ];
    for (const form of tries) {
      expect(await ask(s, "mate-y-cia", form), JSON.stringify(form)).toEqual({
        status: 404,
        data: { ok: false, errors: { form: REFUSALS.notFound }, values: form },
      });
    }
    expect(await s.db.select().from(withdrawalRequests)).toEqual([]);
    expect(s.outbox.sent).toEqual([]);
  });

  it("counts wrong tries per address: past 10 nothing is looked at for 15 minutes, even the right data", async () => {
    const s = createTestServices();
    const merchant = await argentineStore(s);
    const code = await insertSale(s, { storeId: merchant.store.id, lines: line, buyerEmail: "lucia@correo.test" });
    for (let i = 0; i < 10; i++) {
      expect((await ask(s, "mate-y-cia", { code: `12345678${String(i).padStart(2, "0")}`, contact: "x@y.test" })).status).toBe(
        404,
      );
    }
    const blocked = await ask(s, "mate-y-cia", { code, contact: "lucia@correo.test" });
    expect(blocked.status).toBe(429);
    expect(blocked.data.errors?.form).toBe(REFUSALS.tooMany);
    // Another address is not held back; the first one is looked at again once the window passed.
    expect((await ask(s, "mate-y-cia", { code, contact: "lucia@correo.test" }, "198.51.100.4")).status).toBe(200);
    s.testClock.current = new Date(s.testClock.current.getTime() + 16 * 60_000);
    expect((await ask(s, "mate-y-cia", { code, contact: "lucia@correo.test" })).data.ok).toBe(true);
  });

  it("takes orders placed within the last 10 days as the store's calendar reads them", async () => {
    const s = createTestServices();
    const merchant = await argentineStore(s);
    // Now: 10 March 12:00 in Buenos Aires (15:00 UTC).
    const placed = (iso: string) =>
      insertSale(s, { storeId: merchant.store.id, lines: line, buyerEmail: "a@b.test", createdAt: new Date(iso) });
    // 27 Feb 23:30 in Buenos Aires (28 Feb in UTC): 11 days there, too late.
    const late = await placed("2026-02-28T02:30:00Z");
    // 28 Feb 00:30 in Buenos Aires: the 10th day after, still in time.
    const inTime = await placed("2026-02-28T03:30:00Z");
    expect(await ask(s, "mate-y-cia", { code: late, contact: "a@b.test" })).toMatchObject({
      status: 409,
      data: { errors: { form: REFUSALS.expired } },
    });
    expect((await ask(s, "mate-y-cia", { code: inTime, contact: "a@b.test" })).data.ok).toBe(true);
  });

  it("records one request however many arrive at once", async () => {
    const s = createTestServices();
    const merchant = await argentineStore(s);
    const code = await insertSale(s, { storeId: merchant.store.id, lines: line, buyerEmail: "a@b.test" });
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(s, "mate-y-cia", { code, contact: "a@b.test" })));
    expect(new Set(answers.map((a) => a.data.requestId)).size).toBe(1);
    expect(await s.db.select().from(withdrawalRequests)).toHaveLength(1);
  });

  it("refuses a bad code in Spanish, and exists only for stores in Argentina", async () => {
    const s = createTestServices();
    await argentineStore(s);
    expect(await ask(s, "mate-y-cia", { code: "12ab", contact: "" })).toMatchObject({
      status: 400,
      data: { errors: { code: REFUSALS.code, contact: REFUSALS.contact } },
    });
    const colombian = await signedInMerchant(s, "standard", { url: "cafe-bogota", country: "CO" });
    expect(colombian.store.url).toBe("cafe-bogota");
    await expect(withdrawal.loader(siteArgs(s, "cafe-bogota", "/arrepentimiento") as never)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
