import { describe, expect, it } from "vitest";
import { formatAmount, isMobileUserAgent, orderMessage, whatsappUrl } from "~/domain/whatsapp";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

describe("WhatsApp order", () => {
  it("writes greeting, code, one line per item, total with currency and the buyer", () => {
    const text = orderMessage({
      storeName: "Demo",
      code: "1234567890",
      currency: "USD",
      total: 3490,
      lines: [
        { name: "Taza de cerámica", quantity: 2, unitPrice: 1250 },
        { name: "Café  de\nColombia", quantity: 1, unitPrice: 990 },
      ],
      buyer: { name: "Lucía", delivery: "delivery", address: "Calle 1 # 2-3", phone: "3001234567", note: "Sin azúcar" },
    });
    expect(text.split("\n")).toEqual([
      "¡Hola Demo! Quiero hacer este pedido:",
      "Pedido 1234567890",
      "Taza de cerámica x 2 = 25,00",
      "Café de Colombia x 1 = 9,90",
      "Total: 34,90 USD",
      "",
      "Nombre: Lucía",
      "Entrega: Envío a domicilio",
      "Dirección: Calle 1 # 2-3",
      "Teléfono: 3001234567",
      "Nota: Sin azúcar",
    ]);
  });

  it("leaves the address out for pickup and uses the currency's digits", () => {
    const text = orderMessage({
      storeName: "Tienda",
      code: "1",
      currency: "COP",
      total: 1250000,
      lines: [{ name: "Mochila", quantity: 1, unitPrice: 1250000 }],
      buyer: { name: "Ana", delivery: "pickup", address: "ignorada" },
    });
    expect(text).toContain("Mochila x 1 = 1.250.000");
    expect(text).toContain("Total: 1.250.000 COP");
    expect(text).toContain("Entrega: Retiro en tienda");
    expect(text).not.toContain("Dirección");
    expect(formatAmount(50, "USD")).toBe("0,50");
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
