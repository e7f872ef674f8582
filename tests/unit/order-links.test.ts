import { describe, expect, it } from "vitest";
import { orderPageWhatsapp } from "~/orders/order-links";

describe("the order page's WhatsApp button", () => {
  const placed = { draft: false, showsTransfer: false };

  it("leads back to WhatsApp only when the checkout sent the shopper there (paid in cash or on delivery)", () => {
    expect(orderPageWhatsapp({ ...placed, paymentMethod: "on_delivery" })).toBe("Volver a WhatsApp");
    expect(orderPageWhatsapp({ ...placed, paymentMethod: "cash" })).toBe("Volver a WhatsApp");
    expect(orderPageWhatsapp({ ...placed, paymentMethod: "online" })).toBeNull();
    expect(orderPageWhatsapp({ ...placed, paymentMethod: "transfer" })).toBeNull();
  });

  it("sends a transfer order from the page while its details show, and a draft not yet confirmed has none", () => {
    expect(orderPageWhatsapp({ draft: false, showsTransfer: true, paymentMethod: "transfer" })).toBe(
      "Enviar pedido por WhatsApp",
    );
    expect(orderPageWhatsapp({ draft: true, showsTransfer: false, paymentMethod: "on_delivery" })).toBeNull();
  });
});
