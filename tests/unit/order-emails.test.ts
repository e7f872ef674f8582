import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { newOrderEmail } from "~/orders/emails";

const order = {
  to: "dueña@correo.test",
  merchantName: "Ana",
  storeName: "Demo",
  code: "1234567890",
  currency: "USD",
  amounts: { subtotal: 4000, discount: 400, discountCode: "BIENVENIDA", deliveryFee: 700, total: 4300 },
  lines: [{ name: "Café", quantity: 2, unitPrice: 2000 }],
  buyer: { name: "Lucía", delivery: "delivery" as const, zone: "Zona 1: Norte", address: "Calle 1", email: "lucia@correo.test" },
  salesUrl: "https://app.vitrina.test/Store/1/sales",
  t: translatorFor("es"),
};

describe("the merchant's new-order email", () => {
  it("lists the same amounts in text and HTML, a zone named with ': ' included", () => {
    const mail = newOrderEmail(order);
    expect(mail.text).toContain(
      "Subtotal: 40,00 USD\nDescuento (BIENVENIDA): -4,00 USD\nEnvío (Zona 1: Norte): 7,00 USD\nTotal: 43,00 USD",
    );
    const cells = [...mail.html.matchAll(/<tr><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><\/tr>/g)].map((m) => [m[1], m[2]]);
    expect(cells.slice(1)).toEqual([
      ["Subtotal", "40,00 USD"],
      ["Descuento (BIENVENIDA)", "-4,00 USD"],
      ["Envío (Zona 1: Norte)", "7,00 USD"],
      ["Total", "43,00 USD"],
    ]);
  });
});
