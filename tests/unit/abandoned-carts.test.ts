import { describe, expect, it } from "vitest";
import {
  ABANDONED_AFTER_CHOICES,
  afterLabel,
  hoursLabel,
  isAbandoned,
  readSavedLines,
  recoveryChatUrl,
  recoveryMessage,
  restoreCart,
  restoreNoticeText,
  savedLinesText,
} from "~/domain/abandoned-carts";
import { translatorFor } from "~/domain/message-catalogs";

const es = translatorFor("es");

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 10, 15, 0) + minutes * MINUTE);

describe("abandoned carts' rules", () => {
  it("names the delays as the settings offer them", () => {
    expect(ABANDONED_AFTER_CHOICES.map((m) => afterLabel(m, es))).toEqual([
      "30 minutos",
      "1 hora",
      "2 horas",
      "4 horas",
      "12 horas",
      "24 horas",
    ]);
    expect(hoursLabel(1, translatorFor("es-AR"))).toBe("1 hora");
  });

  it("a checkout is abandoned from the store's delay until 30 days after its last change", () => {
    expect(isAbandoned(at(0), at(59), 60)).toBe(false);
    expect(isAbandoned(at(0), at(60), 60)).toBe(true);
    expect(isAbandoned(at(0), at(30 * 24 * 60 - 1), 60)).toBe(true);
    expect(isAbandoned(at(0), at(30 * 24 * 60), 60)).toBe(false);
  });

  it("restores what is still for sale at today's price and units, and tells each change", () => {
    const saved = readSavedLines(
      savedLinesText([
        { productId: "1000001", variantId: null, quantity: 5, name: "Taza", unitPrice: 1000 },
        { productId: "1000002", variantId: 7, quantity: 1, name: "Remera — Talla M", unitPrice: 2000 },
        { productId: "1000003", variantId: null, quantity: 1, name: "Mate", unitPrice: 500 },
      ]),
    );
    const restored = restoreCart(saved, [
      { key: "1000001", name: "Taza", price: 1200, stock: 2 },
      { key: "1000002-7", name: "Remera — Talla M", price: 2000, stock: 0 },
    ]);
    expect(restored.lines).toEqual([{ productId: "1000001", quantity: 2 }]);
    expect(restored.notices.map((n) => restoreNoticeText(n, { country: "AR", currency: "ARS" }, es))).toEqual([
      "“Taza” cambió de precio: ahora $\u00a012 (antes $\u00a010).",
      "De “Taza” quedan 2: tu carrito tiene esa cantidad.",
      "“Remera — Talla M” está agotado y quedó fuera de tu carrito.",
      "“Mate” ya no está a la venta y quedó fuera de tu carrito.",
    ]);
  });

  it("reads no line from a malformed record", () => {
    expect(readSavedLines("no es json")).toEqual([]);
    expect(readSavedLines('[{"productId":"x","quantity":1}]')).toEqual([]);
  });

  it("writes to the buyer on wa.me in international form, with the restore link in the message", () => {
    const text = recoveryMessage(
      {
        buyerName: "Lucía Pérez",
        storeName: "Panadería Ana",
        link: "https://ana.example/carrito/recuperar/t",
      },
      es,
    );
    expect(text).toBe(
      "Hola Lucía, te escribimos de Panadería Ana. Vimos que tu pedido quedó sin terminar: te lo guardamos tal cual para que lo completes cuando quieras: https://ana.example/carrito/recuperar/t",
    );
    expect(recoveryChatUrl("11 5555-1234", "AR", text)).toBe(`https://wa.me/5491155551234?text=${encodeURIComponent(text)}`);
    expect(recoveryChatUrl("123", "AR", text)).toBeNull();
    expect(recoveryChatUrl(null, "AR", text)).toBeNull();
  });
});
