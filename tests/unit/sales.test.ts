import { describe, expect, it } from "vitest";
import { csvCell, textCell } from "~/domain/csv";
import { translatorFor } from "~/domain/message-catalogs";
import { PENDING_BADGE_CAP, pendingBadgeText } from "~/domain/pending-badge";
import {
  type CsvSale,
  canChangeSale,
  formatSaleDate,
  isMobileUserAgent,
  isoLocalDateTime,
  nextSaleState,
  REFUND_MESSAGES,
  SALE_MESSAGES,
  safeTimeZone,
  salesCsv,
  stockNeeds,
  stockNote,
  todayRange,
} from "~/domain/sales";

describe("sale states", () => {
  it("only a pending sale changes: Completar → Confirmada, Cancelar → Cancelada", () => {
    expect(nextSaleState("Pendiente", "confirm")).toBe("Confirmada");
    expect(nextSaleState("Pendiente", "cancel")).toBe("Cancelada");
    for (const state of ["Confirmada", "Cancelada"] as const) {
      expect(nextSaleState(state, "confirm")).toBeNull();
      expect(nextSaleState(state, "cancel")).toBeNull();
      expect(canChangeSale(state)).toBe(false);
    }
    expect(canChangeSale("Pendiente")).toBe(true);
  });

  it("adds up quantities per product and skips deleted products", () => {
    const needs = stockNeeds([
      { productId: "1000001", quantity: 2 },
      { productId: null, quantity: 9 },
      { productId: "1000002", quantity: 1 },
      { productId: "1000001", quantity: 3 },
    ]);
    expect([...needs]).toEqual([
      ["1000001", 5],
      ["1000002", 1],
    ]);
  });

  it("names the product that lacks stock", () => {
    expect(translatorFor("es")(SALE_MESSAGES.noStock, { name: "Bolso wayuu" })).toBe("Stock insuficiente para Bolso wayuu");
  });

  it("answers in the merchant's words: the state a sale already has, and 'usá' for an Argentine merchant", () => {
    const es = translatorFor("es");
    expect(es(SALE_MESSAGES.notPending, { state: "Cancelada" })).toBe("Esta venta ya está cancelada y no se puede cambiar");
    expect(es(SALE_MESSAGES.notPending, { state: "Confirmada" })).toBe("Esta venta ya está confirmada y no se puede cambiar");
    expect(es(SALE_MESSAGES.paidOnline)).toBe("Esta venta está pagada en línea: para cancelarla usa 'Cancelar y reembolsar'");
    expect(translatorFor("es-AR")(SALE_MESSAGES.paidOnline)).toBe(
      "Esta venta está pagada en línea: para cancelarla usá 'Cancelar y reembolsar'",
    );
    expect(
      stockNote(
        { state: "Pendiente", stockState: "held", paymentMethod: "cash", paymentStatus: "none" },
        "UTC",
        translatorFor("es-AR"),
      ),
    ).toBe("Reservado");
  });

  it("says why a refund was not made in the merchant's words: 'Volvé a intentarlo' for an Argentine merchant", () => {
    expect(translatorFor("es")(REFUND_MESSAGES.providerFailed)).toBe(
      "Mercado Pago no hizo el reembolso ahora: no cambió nada. Vuelve a intentarlo en unos minutos",
    );
    expect(translatorFor("es-AR")(REFUND_MESSAGES.providerFailed)).toBe(
      "Mercado Pago no hizo el reembolso ahora: no cambió nada. Volvé a intentarlo en unos minutos",
    );
  });
});

describe("'Hoy' in the store's time zone", () => {
  const range = (iso: string, zone: string) => {
    const r = todayRange(new Date(iso), zone);
    return [r.from.toISOString(), r.to.toISOString()];
  };

  it("starts at local midnight, not UTC midnight", () => {
    expect(range("2026-03-10T15:00:00Z", "America/Bogota")).toEqual(["2026-03-10T05:00:00.000Z", "2026-03-11T05:00:00.000Z"]);
    // 20:00 on the 9th in Mexico City is already the 10th in UTC: 'Hoy' is still the 9th there.
    expect(range("2026-03-10T02:00:00Z", "America/Mexico_City")).toEqual([
      "2026-03-09T06:00:00.000Z",
      "2026-03-10T06:00:00.000Z",
    ]);
    expect(range("2026-03-10T15:00:00Z", "America/Argentina/Buenos_Aires")[0]).toBe("2026-03-10T03:00:00.000Z");
  });

  it("handles days of 23 and 25 hours, and a midnight that a DST jump skips", () => {
    // Chile springs forward at 00:00 on 6 Sep 2026: the day starts at 01:00 (-03).
    expect(range("2026-09-06T12:00:00Z", "America/Santiago")).toEqual(["2026-09-06T04:00:00.000Z", "2026-09-07T03:00:00.000Z"]);
    // …and falls back at 00:00 on 5 Apr 2026: 4 Apr lasts 25 hours.
    expect(range("2026-04-04T12:00:00Z", "America/Santiago")).toEqual(["2026-04-04T03:00:00.000Z", "2026-04-05T04:00:00.000Z"]);
  });

  it("contains now, at both edges of the local day", () => {
    for (const iso of ["2026-03-10T05:00:00.000Z", "2026-03-11T04:59:59.999Z"]) {
      const { from, to } = todayRange(new Date(iso), "America/Bogota");
      expect(from.getTime()).toBeLessThanOrEqual(new Date(iso).getTime());
      expect(to.getTime()).toBeGreaterThan(new Date(iso).getTime());
      expect(from.toISOString()).toBe("2026-03-10T05:00:00.000Z");
    }
  });

  it("falls back to America/Bogota for an unknown zone", () => {
    expect(safeTimeZone("Marte/Olympus")).toBe("America/Bogota");
    expect(safeTimeZone("America/Lima")).toBe("America/Lima");
    expect(range("2026-03-10T15:00:00Z", "Marte/Olympus")[0]).toBe("2026-03-10T05:00:00.000Z");
  });

  it("formats dates in the store's zone", () => {
    const date = new Date("2026-03-10T03:30:00Z");
    expect(isoLocalDateTime(date, "America/Bogota")).toBe("2026-03-09 22:30");
    expect(isoLocalDateTime(date, "UTC")).toBe("2026-03-10 03:30");
    expect(formatSaleDate(date, "America/Bogota")).toMatch(/9 mar 2026.*22:30/);
  });
});

describe("CSV export", () => {
  const sale = (over: Partial<CsvSale> = {}): CsvSale => ({
    id: "4821937465",
    createdAt: new Date("2026-03-10T15:04:00Z"),
    state: "Pendiente",
    buyerName: "Carlos Díaz",
    buyerPhone: "573001112233",
    delivery: "delivery",
    address: "Calle 10 #5-20, Bogotá",
    note: null,
    total: 3480,
    currency: "USD",
    lines: [
      { name: "Taza", quantity: 2 },
      { name: 'Café "especial"', quantity: 1 },
    ],
    subtotal: 3480,
    discount: 0,
    discountCode: null,
    deliveryFee: 0,
    deliveryZone: null,
    pickupPoint: null,
    paymentMethod: "on_delivery",
    paymentStatus: "none",
    buyerEmail: null,
    paymentAdjustment: 0,
    ...over,
  });

  it("has a header, one row per sale, dates in the store's zone and plain decimal totals", () => {
    const csv = salesCsv(
      [sale(), sale({ id: "1000000001", total: 1500, subtotal: 1500, currency: "CLP", delivery: "pickup", address: null })],
      "America/Bogota",
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = csv.slice(1).split("\r\n");
    // The original eleven columns keep their places; the delivery, discount and payment ones follow them.
    expect(rows[0]).toBe(
      "Código;Fecha;Estado;Comprador;Teléfono;Entrega;Dirección;Nota;Productos;Total;Moneda;" +
        "Subtotal;Descuento;Código de descuento;Envío;Zona;Punto de retiro;Pago;Estado del pago;Correo;Descuento por forma de pago;Recargo por forma de pago",
    );
    expect(rows[1]).toBe(
      '4821937465;2026-03-10 10:04;Pendiente;Carlos Díaz;573001112233;Envío a domicilio;"Calle 10 #5-20, Bogotá";;"Taza x 2; Café ""especial"" x 1";34.80;USD;34.80;0.00;;0.00;;;Al recibir;;;0.00;0.00',
    );
    expect(rows[2]).toBe(
      '1000000001;2026-03-10 10:04;Pendiente;Carlos Díaz;573001112233;Retiro en tienda;;;"Taza x 2; Café ""especial"" x 1";1500;CLP;1500;0;;0;;;Al recibir;;;0;0',
    );
    expect(rows[3]).toBe("");
  });

  it("carries the discount with its code, the delivery fee and zone, the pickup point, the payment and the email", () => {
    const rows = [
      sale({
        subtotal: 3480,
        discount: 480,
        discountCode: "VERANO10",
        deliveryFee: 500,
        total: 3500,
        deliveryZone: "Chapinero",
        paymentMethod: "online",
        paymentStatus: "approved",
        buyerEmail: "carlos@correo.test",
      }),
      sale({
        id: "1000000002",
        delivery: "pickup",
        address: null,
        pickupPoint: "Centro — Calle 1 (lun a sáb)",
        paymentMethod: "online",
        paymentStatus: "rejected",
      }),
    ];
    const [header, delivered, picked] = parseCsv(salesCsv(rows, "America/Bogota").slice(1).replace(/\r\n$/, ""), ";");
    const cell = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell(delivered, "Total")).toBe("35.00");
    expect(cell(delivered, "Subtotal")).toBe("34.80");
    expect(cell(delivered, "Descuento")).toBe("4.80");
    expect(cell(delivered, "Código de descuento")).toBe("VERANO10");
    expect(cell(delivered, "Envío")).toBe("5.00");
    expect(cell(delivered, "Zona")).toBe("Chapinero");
    expect(cell(delivered, "Punto de retiro")).toBe("");
    expect(cell(delivered, "Pago")).toBe("En línea");
    expect(cell(delivered, "Estado del pago")).toBe("Aprobado");
    expect(cell(delivered, "Correo")).toBe("carlos@correo.test");
    expect(cell(picked, "Punto de retiro")).toBe("Centro — Calle 1 (lun a sáb)");
    expect(cell(picked, "Estado del pago")).toBe("Rechazado");
    expect(cell(picked, "Correo")).toBe("");
    expect(picked).toHaveLength(header?.length ?? 0);
  });

  it("names transfer and cash, with the way to pay's discount or surcharge in its own column", () => {
    const rows = [
      sale({ subtotal: 3480, paymentAdjustment: -348, total: 3132, paymentMethod: "transfer" }),
      sale({ id: "1000000003", subtotal: 3480, paymentAdjustment: 174, total: 3654, paymentMethod: "cash" }),
    ];
    const [header, transfer, cash] = parseCsv(salesCsv(rows, "America/Bogota").slice(1).replace(/\r\n$/, ""), ";");
    const cell = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
    const adjustments = (row: string[] | undefined) => [
      cell(row, "Pago"),
      cell(row, "Estado del pago"),
      cell(row, "Descuento por forma de pago"),
      cell(row, "Recargo por forma de pago"),
    ];
    expect(adjustments(transfer)).toEqual(["Transferencia", "", "3.48", "0.00"]);
    expect(adjustments(cash)).toEqual(["Efectivo", "", "0.00", "1.74"]);
    expect(cell(cash, "Total")).toBe("36.54");
  });

  it("keeps shopper text from becoming a spreadsheet formula, and quotes line breaks", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+57 300")).toBe("'+57 300");
    expect(csvCell("@juan")).toBe("'@juan");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvCell("Ana")).toBe("Ana");
  });

  it("quotes a cell with ';', the separator spreadsheets in Spanish use", () => {
    expect(csvCell("Dejar en portería; tocar timbre")).toBe('"Dejar en portería; tocar timbre"');
    expect(csvCell("sin comas ni punto y coma")).toBe("sin comas ni punto y coma");
    expect(csvCell("=1;2")).toBe(`"'=1;2"`);
    expect(csvCell("a\rb")).toBe('"a\rb"');
  });

  it.each([",", ";"])("a note with ';' survives a round trip with %j as the separator", (separator) => {
    const cells = [
      "Dejar en portería; tocar timbre",
      "Calle 10 #5-20, Bogotá",
      'Café "especial"',
      "línea 1\r\nlínea 2",
      "",
      "Ana",
    ];
    const row = cells.map(csvCell).join(separator);
    expect(parseCsv(`${row}\r\n${row}`, separator)).toEqual([cells, cells]);
  });

  it("the export keeps a note with ';' in its column", () => {
    const note = "Dejar en portería; tocar timbre";
    const [header, row] = parseCsv(
      salesCsv([sale({ note })], "America/Bogota")
        .slice(1)
        .replace(/\r\n$/, ""),
      ";",
    );
    expect(row?.[header?.indexOf("Nota") ?? -1]).toBe(note);
    expect(row).toHaveLength(header?.length ?? 0);
  });

  it("the desk's export: amounts in the country's decimal mark, phones as text without an apostrophe, the delivery progress", () => {
    const rows = [
      sale({
        buyerPhone: "11 4444-5678",
        currency: "ARS",
        total: 1234550,
        subtotal: 1234550,
        lines: [{ name: "Mate", quantity: 1 }],
      }),
      sale({ id: "1000000009", buyerPhone: "+57 300 111 2233", currency: "USD", total: 3480 }),
    ];
    const progress = new Map([["4821937465", { step: "Enviado", carrier: "Andreani", trackingNumber: "360000123456789" }]]);
    const text = salesCsv(rows, "America/Argentina/Buenos_Aires", { country: "AR", progress });
    const [header, argentine, colombian] = parseCsv(text.slice(1).replace(/\r\n$/, ""), ";");
    const cell = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(header?.slice(-3)).toEqual(["Avance", "Empresa de envío", "Número de seguimiento"]);
    expect(cell(argentine, "Total")).toBe("12345,50");
    expect(cell(argentine, "Descuento")).toBe("0,00");
    // Written ="…": Excel and Google Sheets show the number alone, as text (no formula, no apostrophe, no 5.49E+12).
    expect(cell(argentine, "Teléfono")).toBe('="+54 9 11 4444 5678"');
    expect(text).toContain(';"=""+54 9 11 4444 5678""";');
    expect([cell(argentine, "Avance"), cell(argentine, "Empresa de envío"), cell(argentine, "Número de seguimiento")]).toEqual([
      "Enviado",
      "Andreani",
      "360000123456789",
    ]);
    expect(cell(colombian, "Teléfono")).toBe('="+57 300 1112233"');
    expect(cell(colombian, "Avance")).toBe("");
    // Mexico's spreadsheets read a dot.
    const [, mexican] = parseCsv(salesCsv([sale()], "America/Mexico_City", { country: "MX", progress: new Map() }).slice(1), ";");
    expect(mexican?.[9]).toBe("34.80");
  });

  it("a text cell takes only a phone's characters, so nothing else reaches its formula", () => {
    expect(csvCell(textCell('+54 9 11")&HYPERLINK("http://x.test'))).toBe('"=""+54 9 11)("""');
    expect(csvCell(textCell(""))).toBe("");
  });
});

/** A small RFC 4180 reader: quoted fields may hold the separator, CR, LF and doubled quotes. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  row.push(cell);
  rows.push(row);
  return rows;
}

describe("chat with the buyer", () => {
  it("tells phones from desktops by user agent", () => {
    expect(isMobileUserAgent("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0")).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });
});

describe("the pending badge", () => {
  it("shows the count, nothing at zero, and 99+ from the cap on", () => {
    expect(pendingBadgeText(0)).toBeNull();
    expect(pendingBadgeText(1)).toBe("1");
    expect(pendingBadgeText(PENDING_BADGE_CAP - 1)).toBe("99");
    expect(pendingBadgeText(PENDING_BADGE_CAP)).toBe("99+");
  });
});
