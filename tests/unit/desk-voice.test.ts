// The sales desk and the store's settings around it (sales, customers, payments, low stock) speak as the merchant's
// variant does (decision 0067): neutral by default, 'vos' for a merchant in Argentina or Uruguay.
// cspell:ignore Armá Buscá Reponé activás agregá buscá entrá enviale podés vinculá
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import type { Locale } from "~/domain/messages";
import StorePayments from "~/online-payments/routes/store-payments";
import PaymentMethodsPage from "~/payment-methods/routes/payment-methods";
import NewOrder from "~/sales/routes/new-order";
import { lowStockEmail } from "~/stock-alerts/emails";
import { inMerchantVoice } from "../support/messages";

/** A merchant page's component with its loader data, as the merchant layout renders it in `locale`. */
function render(locale: Locale, Page: unknown, loaderData: unknown): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => inMerchantVoice(locale, createElement(Page as never, { loaderData, actionData: undefined } as never)),
    },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
}

const draft = {
  storeId: "1234567890",
  search: "",
  lineas: "",
  results: [{ key: "p1", name: "Taza", price: "$ 5.000", left: 1 }],
  lines: [],
  subtotal: "$ 0",
  phoneExample: "11 2345-6789",
  idempotencyKey: "k",
};

const method = (name: "transfer" | "cash") => ({
  method: name,
  enabled: false,
  adjustPercent: 0,
  instructions: null,
  keyLabel: null,
  keyValue: null,
  holdHours: 24,
});
const payments = {
  storeId: "1234567890",
  linksPayments: true,
  transfer: method("transfer"),
  cash: method("cash"),
  arrangedHours: 24,
};

const online = {
  linked: true,
  accountId: "123",
  linkedOn: "1 de marzo de 2026",
  available: true,
  sandbox: false,
  holdMinutes: 30,
};

describe("the desk's pages in the merchant's variant", () => {
  it("'Armar pedido' reads as today in neutral Spanish and in 'vos' in Argentina", () => {
    const neutral = render("es", NewOrder, draft);
    expect(neutral).toContain("Busca y agrega los productos del pedido.");
    expect(neutral).toContain("Taza</strong> · $ 5.000 · queda 1");
    const argentine = render("es-AR", NewOrder, draft);
    expect(argentine).toContain("Buscá y agregá los productos del pedido.");
    expect(argentine).toContain("Armá el pedido que te pidieron por chat y enviale el enlace a tu cliente");
  });

  it("'Cobros' and 'Cobros en línea' say 'Elegí', 'vinculá' and 'entrá' in Argentina", () => {
    expect(render("es", PaymentMethodsPage, payments)).toContain(
      'Para cobrar en línea, vincula Mercado Pago en <a href="/Store/1234567890/payments"',
    );
    const argentine = render("es-AR", PaymentMethodsPage, payments);
    expect(argentine).toContain("Elegí cómo te pagan tus clientes al comprar. Si no activás ninguna");
    expect(argentine).toContain("Para cobrar en línea, vinculá Mercado Pago en <a");
    expect(argentine).toContain("el pedido sigue pendiente y podés completarlo si hay stock.");
    expect(render("es", StorePayments, online)).toContain("entra a tu cuenta de Mercado Pago");
    expect(render("es-AR", StorePayments, online)).toContain("entrá a tu cuenta de Mercado Pago, buscá en Seguridad");
  });

  it("the low-stock email speaks to the owner in their variant", () => {
    const email = (locale: Locale, available: number) =>
      lowStockEmail({
        to: "ana@correo.test",
        storeName: "Café Vega",
        productName: "Taza",
        available,
        pageUrl: "https://app.test/Store/1/products/poco-stock",
        t: translatorFor(locale),
      });
    expect(email("es", 0).text).toContain("«Taza» ya no tiene unidades disponibles. Repón el stock para seguir vendiéndolo");
    expect(email("es", 1).text).toContain("«Taza» tiene 1 unidad disponible.");
    expect(email("es", 3).subject).toBe("Poco stock en Café Vega: Taza");
    expect(email("es-AR", 3).text).toContain("«Taza» tiene 3 unidades disponibles. Reponé el stock");
  });
});
