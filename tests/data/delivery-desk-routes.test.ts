import { beforeAll, describe, expect, it } from "vitest";
import { deliveriesQuery } from "~/fulfilment/progress-records.server";
import { loader as slipsLoader } from "~/sales/routes/packing-slips";
import { action as saleAction, loader as saleLoader } from "~/sales/routes/sale-detail";
import { loader as csvLoader } from "~/sales/routes/sales-csv";
import { action as listAction, loader as listLoader } from "~/sales/routes/sales-list";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";
import { insertSale } from "./sales-fixtures";

/** The desk's delivery progress through its routes, as a browser without JavaScript sends them. */
const s = createTestServices();
let storeId = "";
let cookie = "";
let otherStore = "";
const sale: Record<string, string> = {};

beforeAll(async () => {
  const me = await signedInMerchant(s, "standard", {
    country: "AR",
    timeZone: "America/Argentina/Buenos_Aires",
    currency: "ARS",
  });
  storeId = me.store.id;
  cookie = me.cookie;
  otherStore = (await signedInMerchant(s)).store.id;
  const lines = [{ productId: null, name: "Yerba mate 1 kg — Suave", quantity: 2 }];
  sale.home = await insertSale(s, {
    storeId,
    lines,
    delivery: "delivery",
    address: "Av. Corrientes 1234",
    note: "Timbre 3B",
    buyerName: "Lucía Fernández",
    buyerPhone: "+54 9 11 4444-5678",
    buyerEmail: "lucia@correo.test",
    currency: "ARS",
  });
  sale.pickup = await insertSale(s, {
    storeId,
    lines,
    delivery: "pickup",
    pickupPoint: "Local — Av. Santa Fe 100",
    currency: "ARS",
  });
  sale.theirs = await insertSale(s, { storeId: otherStore, lines, delivery: "delivery", currency: "ARS" });
});

const post = (
  module: { action?: (args: never) => unknown },
  path: string,
  params: Record<string, string>,
  form: Record<string, string | string[]>,
) => workspaceRequest(s, { module, cookie, method: "POST", path, params, form });
const get = (module: { loader?: (args: never) => unknown }, path: string, params: Record<string, string> = {}) =>
  workspaceRequest(s, { module, cookie, method: "GET", path, params: { storeId, ...params } });

describe("delivery progress on the desk's routes", () => {
  // The merchant's store is in Argentina: the desk answers with 'vos'.
  it("the list's form marks the ticked sales, names those left, and ignores another store's", async () => {
    const answer = await post(
      { action: listAction },
      `/Store/${storeId}/sales`,
      { storeId },
      {
        to: "shipped",
        carrier: "andreani",
        sale: [sale.home as string, sale.pickup as string, sale.theirs as string],
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      ok: true,
      message: `1 venta marcada como 'Enviado'. Sin cambios: ${sale.pickup}: Esta venta se retira en la tienda: marcala 'Listo para retirar'. ${sale.theirs}: No encontramos esa venta`,
    });
    expect(await deliveriesQuery(s.db, otherStore, [sale.theirs as string])).toEqual([]);
    const list = await get({ loader: listLoader }, `/Store/${storeId}/sales?progress=shipped`);
    expect((list.data as { rows: Array<{ id: string; progress: string }> }).rows.map((r) => [r.id, r.progress])).toEqual([
      [sale.home, "Enviado"],
    ]);
  });

  it("the list's 'Otro' marks the sales sent without a carrier (its name is asked per sale)", async () => {
    const sent = await insertSale(s, { storeId, lines: [{ productId: null, name: "Termo", quantity: 1 }], delivery: "arrange" });
    const answer = await post(
      { action: listAction },
      `/Store/${storeId}/sales`,
      { storeId },
      { to: "shipped", carrier: "otro", sale: sent },
    );
    expect(answer).toEqual({ status: 200, data: { ok: true, message: "1 venta marcada como 'Enviado'" } });
    expect((await deliveriesQuery(s.db, storeId, [sent]))[0]).toMatchObject({ step: "shipped", carrier: null });
  });

  it("refuses a form without sales, an unknown step, and a bad tracking address, in Spanish with a 4xx", async () => {
    expect(await post({ action: listAction }, `/Store/${storeId}/sales`, { storeId }, { to: "shipped" })).toMatchObject({
      status: 400,
      data: { ok: false, message: "Elegí al menos una venta" },
    });
    expect(
      await post({ action: listAction }, `/Store/${storeId}/sales`, { storeId }, { to: "volar", sale: sale.home as string }),
    ).toMatchObject({
      status: 400,
      data: { ok: false, message: "Elegí 'Preparando' o 'Marcar como enviado'" },
    });
    const params = { storeId, saleId: sale.pickup as string };
    expect(
      await post({ action: saleAction }, `/Store/${storeId}/sales/${sale.pickup}`, params, { intent: "progress", to: "volar" }),
    ).toMatchObject({
      status: 400,
      data: { errors: { form: "Elegí el paso de la entrega" } },
    });
    const home = { storeId, saleId: sale.home as string };
    const backAndOther = await post({ action: saleAction }, `/Store/${storeId}/sales/${sale.home}`, home, {
      intent: "progress",
      to: "delivered",
      carrier: "otro",
      trackingUrl: "javascript:alert(1)",
    });
    // 'Entregado' takes no shipment: the address is not read.
    expect(backAndOther.status).toBe(200);
    const pickupShip = await post({ action: saleAction }, `/Store/${storeId}/sales/${sale.pickup}`, params, {
      intent: "progress",
      to: "shipped",
      carrier: "otro",
      carrierName: "Moto Juan",
      trackingUrl: "javascript:alert(1)",
    });
    expect(pickupShip).toMatchObject({
      status: 400,
      data: { errors: { trackingUrl: "Pegá el enlace de seguimiento (empieza con https://), o dejalo vacío" } },
    });
  });

  it("the dialog's form moves a pickup to 'Listo para retirar' and the dialog then offers 'Entregado'", async () => {
    const params = { storeId, saleId: sale.pickup as string };
    expect(
      await post({ action: saleAction }, `/Store/${storeId}/sales/${sale.pickup}`, params, {
        intent: "progress",
        to: "ready",
        seen: "0",
      }),
    ).toEqual({
      status: 200,
      data: { message: "Venta marcada como 'Listo para retirar'" },
    });
    const before = s.roundTrips.count;
    const view = (await get({ loader: saleLoader }, `/Store/${storeId}/sales/${sale.pickup}`, { saleId: sale.pickup as string }))
      .data as {
      progress: { step: string; next: string[]; back: string | null; version: number };
    };
    expect(view.progress).toMatchObject({ step: "ready", next: ["delivered"], back: "preparing", version: 1 });
    // The session's check, then the sale with its lines, request and progress: two round trips, as every merchant page.
    expect(s.roundTrips.count - before).toBe(2);
  });

  it("prints the chosen sales' slips: store, code, QR, buyer, address, lines with variants, note, delivery; never another store's", async () => {
    const page = await get(
      { loader: slipsLoader },
      `/Store/${storeId}/sales/imprimir?sale=${sale.home}&sale=${sale.theirs}&papel=80mm`,
    );
    expect(page.status).toBe(200);
    const html = (await page.response?.text()) ?? "";
    expect(page.response?.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(html).toContain(`Pedido ${sale.home}`);
    expect(html).toContain("Lucía Fernández");
    expect(html).toContain("Av. Corrientes 1234");
    expect(html).toContain("Yerba mate 1 kg — Suave");
    expect(html).toContain("× 2");
    expect(html).toContain("Timbre 3B");
    // An Argentine store's slip, and its merchant's tools, speak with 'vos'.
    expect(html).toContain('<p class="scan">Escaneá para ver tu pedido</p>');
    expect(html).toContain("Imprimí con el menú de tu navegador");
    expect(html).toContain("<dt>Entrega</dt><dd>Envío a domicilio</dd>");
    expect(html).toContain("<svg");
    expect(html).toContain("@page{size:80mm auto");
    expect(html).not.toContain(`data-slip="${sale.theirs}"`);
    expect(html).not.toContain("<script");
    expect((await get({ loader: slipsLoader }, `/Store/${storeId}/sales/imprimir`)).status).toBe(400);
    expect((await get({ loader: slipsLoader }, `/Store/${storeId}/sales/imprimir?sale=${sale.theirs}`)).status).toBe(404);
  });

  it("the CSV has the progress, the carrier and the number, Argentine decimals and the phone as text", async () => {
    const csv = await get({ loader: csvLoader }, `/Store/${storeId}/sales.csv?q=lucia`);
    const text = (await csv.response?.text()) ?? "";
    const [header, row] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header?.endsWith(";Avance;Empresa de envío;Número de seguimiento")).toBe(true);
    expect(row).toContain(';"=""+54 9 11 4444 5678""";');
    // A decimal comma is quoted (the dialect quotes ','), which every spreadsheet reads as the number.
    expect(row).toContain(';"20,00";ARS;"20,00";"0,00";');
    expect(row?.endsWith(";Entregado;Andreani;")).toBe(true);
  });
});
