import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { newOrderEmail } from "~/orders/emails";

const order = {
  to: "dueña@correo.test",
  merchantName: "Ana",
  storeName: "Demo",
  code: "1234567890",
  currency: "ARS",
  country: "AR",
  amounts: { subtotal: 400000, discount: 40000, discountCode: "BIENVENIDA", deliveryFee: 70050, total: 430050 },
  lines: [{ name: "Café", quantity: 2, unitPrice: 200000 }],
  buyer: { name: "Lucía", delivery: "delivery" as const, zone: "Zona 1: Norte", address: "Calle 1", email: "lucia@correo.test" },
  salesUrl: "https://app.vitrina.test/Store/1/sales",
  t: translatorFor("es"),
};

describe("the merchant's new-order email", () => {
  it("lists the same amounts in text and HTML, a zone named with ': ' included", () => {
    const mail = newOrderEmail(order);
    expect(mail.text).toContain(
      "Subtotal: $\u00a04.000\nDescuento (BIENVENIDA): −$\u00a0400\nEnvío (Zona 1: Norte): $\u00a0700,50\nTotal: $\u00a04.300,50",
    );
    const cells = [...mail.html.matchAll(/<tr><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><\/tr>/g)].map((m) => [m[1], m[2]]);
    expect(cells.slice(1)).toEqual([
      ["Subtotal", "$\u00a04.000"],
      ["Descuento (BIENVENIDA)", "−$\u00a0400"],
      ["Envío (Zona 1: Norte)", "$\u00a0700,50"],
      ["Total", "$\u00a04.300,50"],
    ]);
  });
});
