import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { progressEmail } from "~/fulfilment/emails";
import { type BuyerSaleNotice, buyerSaleEmail, receiptReviewEmail } from "~/orders/buyer-emails";
import { cartReminderEmail } from "~/orders/cart-reminder-email";

const notice = (over: Partial<BuyerSaleNotice> = {}): BuyerSaleNotice => ({
  kind: "confirmed",
  to: "carlos@correo.test",
  buyerName: "Carlos Díaz",
  storeName: "Café Vega",
  code: "4821937465",
  currency: "USD",
  country: "",
  lines: [
    { name: "Taza", quantity: 2, unitPrice: 1000 },
    { name: "Café molido", quantity: 1, unitPrice: 1480 },
  ],
  subtotal: 3480,
  discount: 0,
  discountCode: null,
  paymentAdjustment: 0,
  paymentMethod: "on_delivery",
  deliveryFee: 0,
  total: 3480,
  delivery: "pickup",
  orderUrl: "http://cafe-vega.localhost:3999/Order/4821937465?t=0123456789abcdef0123456789abcdef",
  t: translatorFor("es"),
  ...over,
});

describe("the buyer's email when the store confirms or cancels the order", () => {
  it("confirmed: subject, code, lines, total and the order page link", () => {
    const mail = buyerSaleEmail(notice());
    expect(mail.to).toBe("carlos@correo.test");
    expect(mail.subject).toBe("Tu pedido 4821937465 en Café Vega fue confirmado");
    expect(mail.text).toContain("Café Vega confirmó tu pedido 4821937465.");
    expect(mail.text).toMatch(/Taza x 2 = .*20,00/);
    expect(mail.text).toMatch(/Total: .*34,80/);
    expect(mail.text).toContain(
      "Ver tu pedido: http://cafe-vega.localhost:3999/Order/4821937465?t=0123456789abcdef0123456789abcdef",
    );
    expect(mail.text).not.toContain("Subtotal");
    expect(mail.html).toContain('href="http://cafe-vega.localhost:3999/Order/4821937465?t=0123456789abcdef0123456789abcdef"');
    expect(mail.html).toMatch(/34,80/);
  });

  it("cancelled: its own subject and words", () => {
    const mail = buyerSaleEmail(notice({ kind: "cancelled" }));
    expect(mail.subject).toBe("Tu pedido 4821937465 en Café Vega fue cancelado");
    expect(mail.text).toContain("Café Vega canceló tu pedido 4821937465.");
    expect(mail.html).toContain("fue cancelado");
    expect(mail.text).not.toContain("confirm");
  });

  it("shows the subtotal, the discount with its code and the delivery fee when there are any", () => {
    const mail = buyerSaleEmail(
      notice({ discount: 480, discountCode: "VERANO10", deliveryFee: 500, total: 3500, delivery: "delivery" }),
    );
    expect(mail.text).toMatch(/Subtotal: .*34,80/);
    expect(mail.text).toMatch(/Descuento \(VERANO10\): −.*4,80/);
    expect(mail.text).toMatch(/Envío: .*5,00/);
    expect(mail.text).toMatch(/Total: .*35,00/);
    expect(mail.text).toContain("Entrega: Envío a domicilio");
  });

  it("escapes shopper and store text in the HTML, and keeps it as written in the text", () => {
    const mail = buyerSaleEmail(
      notice({
        buyerName: '<img src=x onerror="alert(1)">',
        storeName: "Tom & Jerry's",
        lines: [{ name: "<script>alert(1)</script>", quantity: 1, unitPrice: 3480 }],
        discount: 100,
        discountCode: '"><b>',
        total: 3380,
        orderUrl: 'http://x.localhost/Order/1?t=a"b<c',
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    expect(mail.html).toContain("Tom &#38; Jerry&#39;s");
    expect(mail.html).toContain('href="http://x.localhost/Order/1?t=a&#34;b&#60;c"');
    expect(mail.text).toContain("<script>alert(1)</script> x 1");
    expect(mail.subject).toBe("Tu pedido 4821937465 en Tom & Jerry's fue confirmado");
  });
});

describe("the buyer's email when the store reviews a transfer receipt", () => {
  const review = {
    to: "ana@correo.test",
    buyerName: "Ana",
    storeName: "Café Vega",
    code: "4821937465",
    total: "31,32 US$",
    t: translatorFor("es"),
  };
  const orderUrl = "http://cafe-vega.localhost:3999/Order/4821937465?t=0123456789abcdef0123456789abcdef";

  it("verified: the transfer arrived", () => {
    const mail = receiptReviewEmail({ ...review, verdict: "verified", orderUrl });
    expect(mail.subject).toBe("Café Vega recibió tu transferencia del pedido 4821937465");
    expect(mail.text).toContain("Café Vega verificó tu transferencia de 31,32 US$ para el pedido 4821937465.");
    expect(mail.text).toContain(`Ver tu pedido: ${orderUrl}`);
  });

  it("refused: send the right receipt, or write to the store", () => {
    const mail = receiptReviewEmail({ ...review, verdict: "rejected", orderUrl });
    expect(mail.subject).toBe("Café Vega no pudo verificar tu transferencia del pedido 4821937465");
    expect(mail.text).toContain("sube el comprobante correcto en tu pedido");
  });
});

describe("the buyer's email of an order paid by transfer with a discount", () => {
  it("lists the discount for paying by transfer among the amounts", () => {
    const mail = buyerSaleEmail(notice({ paymentMethod: "transfer", paymentAdjustment: -348, total: 3132 }));
    expect(mail.text).toMatch(/Subtotal: 34,80\sUS\$\nDescuento por transferencia: −3,48\sUS\$\nTotal: 31,32\sUS\$/);
  });
});

describe("the buyer's emails of a store in Argentina", () => {
  it("speak with 'vos' where the neutral ones use 'tú'", () => {
    const cancelled = buyerSaleEmail(notice({ kind: "cancelled", t: translatorFor("es-AR") }));
    expect(cancelled.text).toContain("Café Vega canceló tu pedido 4821937465. Si tenés dudas, escribile a la tienda.");
    expect(buyerSaleEmail(notice({ kind: "cancelled" })).text).toContain("Si tienes dudas, escríbele a la tienda.");
    const refused = receiptReviewEmail({
      to: "ana@correo.test",
      buyerName: "Ana",
      storeName: "Café Vega",
      code: "4821937465",
      total: "$ 31",
      verdict: "rejected",
      orderUrl: "http://cafe-vega.localhost:3999/Order/4821937465?t=0123456789abcdef0123456789abcdef",
      t: translatorFor("es-AR"),
    });
    expect(refused.text).toContain(
      "Revisá que la hayas hecho y subí el comprobante correcto en tu pedido, o escribile a la tienda.",
    );
  });

  it("the cart's reminder and the delivery's progress too", () => {
    const reminder = (locale: "es" | "es-AR") =>
      cartReminderEmail({
        to: "ana@correo.test",
        buyerName: "Ana",
        storeName: "Café Vega",
        currency: "USD",
        country: "",
        lines: [{ productId: "1", variantId: null, name: "Taza", quantity: 1, unitPrice: 1000 }] as never,
        total: 1000,
        restoreUrl: "http://cafe-vega.localhost/carrito/x",
        optOutUrl: "http://cafe-vega.localhost/recordatorios/x",
        t: translatorFor(locale),
      }).text;
    expect(reminder("es")).toContain("Puedes terminar tu pedido cuando quieras");
    expect(reminder("es")).toContain("¿No quieres más recordatorios de Café Vega?");
    expect(reminder("es-AR")).toContain("Podés terminar tu pedido cuando quieras");
    expect(reminder("es-AR")).toContain("¿No querés más recordatorios de Café Vega?");
    const shipped = (locale: "es" | "es-AR") =>
      progressEmail({
        step: "shipped",
        to: "ana@correo.test",
        buyerName: "Ana",
        storeName: "Café Vega",
        code: "4821937465",
        pickupPoint: null,
        tracking: { carrier: "other", carrierName: "Correo", number: "AB1", url: "https://correo.test/AB1" } as never,
        orderUrl: "http://cafe-vega.localhost/Order/4821937465?t=x",
        t: translatorFor(locale),
      }).text;
    expect(shipped("es")).toContain("Síguelo en https://correo.test/AB1");
    expect(shipped("es-AR")).toContain("Seguilo en https://correo.test/AB1");
  });
});
