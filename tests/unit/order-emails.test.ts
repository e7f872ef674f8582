import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { newOrderEmail, paymentApprovedEmail, receiptReceivedEmail } from "~/orders/emails";
import { RECEIPT_PUSH } from "~/orders/receipt-upload.server";

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
    const mail = newOrderEmail(order, translatorFor("es"));
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

  it("speaks in the merchant's variant: 'revisá', 'entrá', 'marcá' for a merchant in Argentina", () => {
    const ar = translatorFor("es-AR");
    const transfer = { ...order, amounts: { ...order.amounts, paymentMethod: "transfer" as const } };
    expect(newOrderEmail(transfer, ar).text).toContain(
      "Pago: transferencia o depósito (revisá que llegue antes de completar el pedido)",
    );
    expect(newOrderEmail(transfer, translatorFor("es")).text).toContain("(revisa que llegue antes");
    const paid = { ...order, amount: 430050, problem: "without_stock" as const };
    expect(paymentApprovedEmail(paid, ar).text).toContain("entrá a tus ventas para reembolsarlo");
    const receipt = receiptReceivedEmail({ ...order, buyerName: "Lucía", amount: 430050, saleUrl: order.salesUrl }, ar);
    expect(receipt.text).toContain("Revisalo y marcá el pago como verificado o rechazá el comprobante.");
  });

  it("tells the devices of a receipt in the merchant's variant, the same words in Argentina", () => {
    for (const t of [translatorFor("es"), translatorFor("es-AR")]) {
      expect(t(RECEIPT_PUSH.title, { code: "1234567890" })).toBe("Comprobante del pedido #1234567890");
      expect(t(RECEIPT_PUSH.body, { buyer: "Lucía" })).toBe("Lucía subió el comprobante de su transferencia");
    }
  });
});
