import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { buyerChatUrl, buyerWhatsappNumber, isMobileUserAgent, orderMessage, whatsappUrl } from "~/domain/whatsapp";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

describe("WhatsApp order", () => {
  it("writes greeting, code, one line per item, the amounts as the store's country writes them, and the buyer", () => {
    const text = orderMessage({
      t: translatorFor("es"),
      storeName: "Demo",
      code: "1234567890",
      currency: "MXN",
      country: "MX",
      amounts: { subtotal: 3490, discount: 349, discountCode: "BIENVENIDA", deliveryFee: 500, total: 3641 },
      lines: [
        { name: "Taza de cerámica", quantity: 2, unitPrice: 1250 },
        { name: "Café  de\nColombia", quantity: 1, unitPrice: 990 },
      ],
      buyer: {
        name: "Lucía",
        delivery: "delivery",
        zone: "Norte",
        address: "Calle 1 # 2-3",
        phone: "3001234567",
        note: "Sin azúcar",
      },
    });
    expect(text.split("\n")).toEqual([
      "¡Hola Demo! Quiero hacer este pedido:",
      "Pedido 1234567890",
      "Taza de cerámica x 2 = $25.00",
      "Café de Colombia x 1 = $9.90",
      "Subtotal: $34.90",
      "Descuento (BIENVENIDA): −$3.49",
      "Envío (Norte): $5.00",
      "Total: $36.41",
      "",
      "Nombre: Lucía",
      "Entrega: Envío a domicilio — Norte",
      "Dirección: Calle 1 # 2-3",
      "Teléfono: 3001234567",
      "Nota: Sin azúcar",
    ]);
    // No link: the order page's secret would travel in the WhatsApp address.
    expect(text).not.toMatch(/https?:|\/Order\//);
  });

  it("leaves the address out for pickup and uses the currency's digits", () => {
    const text = orderMessage({
      t: translatorFor("es"),
      storeName: "Tienda",
      code: "1",
      currency: "COP",
      country: "CO",
      amounts: {
        subtotal: 1250000,
        discount: 0,
        discountCode: null,
        paymentMethod: "online",
        deliveryFee: 0,
        total: 1250000,
      },
      lines: [{ name: "Mochila", quantity: 1, unitPrice: 1250000 }],
      buyer: { name: "Ana", delivery: "pickup", pickupPoint: "Local — Calle 5", address: "ignorada", zone: "ignorada" },
    });
    expect(text).toContain("Mochila x 1 = $\u00a01.250.000");
    expect(text).toContain("Subtotal: $\u00a01.250.000\nTotal: $\u00a01.250.000");
    expect(text).toContain("Entrega: Retiro en tienda — Local — Calle 5");
    expect(text).toContain("Pago: en línea con Mercado Pago");
    expect(text).not.toContain("Dirección");
    expect(text).not.toContain("Envío");
    expect(text).not.toContain("Descuento");
  });

  it("writes the transfer's discount among the amounts and how the buyer pays", () => {
    const text = orderMessage({
      t: translatorFor("es"),
      storeName: "Tienda",
      code: "3",
      currency: "ARS",
      country: "AR",
      amounts: {
        subtotal: 1000000,
        discount: 100000,
        discountCode: "HOLA",
        paymentAdjustment: -90000,
        paymentMethod: "transfer",
        deliveryFee: 0,
        total: 810000,
      },
      lines: [{ name: "Mate", quantity: 1, unitPrice: 1000000 }],
      buyer: { name: "Ana", delivery: "arrange" },
    });
    expect(text).toContain("Descuento (HOLA): −$\u00a01.000\nDescuento por transferencia: −$\u00a0900\nTotal: $\u00a08.100");
    expect(text).toContain("Pago: transferencia o depósito");
  });

  it("writes free delivery of a zone as such, and arranged delivery without a place", () => {
    const text = orderMessage({
      t: translatorFor("es"),
      storeName: "T",
      code: "2",
      currency: "USD",
      // A store without a country: a symbol no country shares.
      country: "",
      amounts: { subtotal: 9000, discount: 0, discountCode: null, deliveryFee: 0, total: 9000 },
      lines: [{ name: "Bolso", quantity: 1, unitPrice: 9000 }],
      buyer: { name: "Ana", delivery: "delivery", zone: "Sur", address: "Calle 9" },
    });
    expect(text).toContain("Envío (Sur): Gratis\nTotal: 90,00\u00a0US$");
    const arranged = orderMessage({
      t: translatorFor("es"),
      storeName: "T",
      code: "3",
      currency: "USD",
      country: "",
      amounts: { subtotal: 9000, discount: 0, discountCode: null, deliveryFee: 0, total: 9000 },
      lines: [{ name: "Bolso", quantity: 1, unitPrice: 9000 }],
      buyer: { name: "Ana", delivery: "arrange" },
    });
    expect(arranged.split("\n").at(-1)).toBe("Entrega: A coordinar con el vendedor");
  });

  it("opens the app on phones and WhatsApp Web on computers", () => {
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
    const mobile = new URL(whatsappUrl("+57 300 123-4567", "Hola & chao ¿?", true) ?? "");
    expect(mobile.origin).toBe("https://api.whatsapp.com");
    expect(mobile.pathname).toBe("/send");
    expect(mobile.searchParams.get("phone")).toBe("573001234567");
    expect(mobile.searchParams.get("text")).toBe("Hola & chao ¿?");
    expect(whatsappUrl("573001234567", "x", false)).toBe("https://web.whatsapp.com/send?phone=573001234567&text=x");
    // No sales number: no WhatsApp link (a link without a phone would make the shopper pick a contact).
    expect(whatsappUrl("", "x", false)).toBeNull();
    expect(whatsappUrl(" - ", "x", true)).toBeNull();
  });
});

/** Every link to a buyer's chat (the sale's dialog, a built order's link, the customer's page) reads the number one way. */
describe("the buyer's WhatsApp", () => {
  it.each([
    // Argentina: the mobile 9 after 54, and the 0 and 15 of the national form, as the buyer typed it at checkout.
    ["AR", "11 4444-5678", "5491144445678"],
    ["AR", "011 15 6666-7777", "5491166667777"],
    ["AR", "0351 15 555-1234", "5493515551234"],
    ["AR", "+54 9 11 4444-5678", "5491144445678"],
    // Mexico (and its old mobile 1), Colombia, Chile.
    ["MX", "55 1234 5678", "525512345678"],
    ["MX", "+52 1 55 1234 5678", "525512345678"],
    ["CO", "300 555 1234", "573005551234"],
    ["CO", "+57 300 555 1234", "573005551234"],
    ["CL", "9 8765 4321", "56987654321"],
    // Stored as E.164 digits (a customer's number, an order from another country's buyer).
    ["AR", "5491144445678", "5491144445678"],
    ["CL", "573005551234", "573005551234"],
  ] as const)("%s: '%s' → %s", (country, typed, digits) => {
    expect(buyerWhatsappNumber(typed, country)).toBe(digits);
    expect(new URL(buyerChatUrl(typed, country, "hola", true) ?? "").searchParams.get("phone")).toBe(digits);
  });

  it("opens the app on phones and WhatsApp Web on computers; no number, or no valid one, gives no link", () => {
    const text = "Hola Carlos, te escribimos de Demo por tu pedido 4821937465.";
    expect(buyerChatUrl("+57 300 111 2233", "CO", text, true)).toBe(
      `https://api.whatsapp.com/send?phone=573001112233&text=${encodeURIComponent(text)}`,
    );
    expect(buyerChatUrl("573001112233", "CO", "hola", false)).toBe("https://web.whatsapp.com/send?phone=573001112233&text=hola");
    expect(buyerChatUrl(null, "CO", "hola", false)).toBeNull();
    expect(buyerChatUrl("", "AR", "hola", false)).toBeNull();
    expect(buyerChatUrl("12-34", "CO", "hola", false)).toBeNull();
  });
});
