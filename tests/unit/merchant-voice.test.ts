import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import Payment from "~/billing/routes/payment";
import type { Locale } from "~/domain/messages";
import MerchantHome from "~/merchant/routes/store-list";
import { inMerchantVoice } from "../support/messages";

/** A merchant page's component as its layout renders it, in the merchant's variant. */
function html(locale: Locale, component: () => ReturnType<typeof createElement>) {
  const Page = createRoutesStub([{ path: "/", Component: component }]);
  return renderToStaticMarkup(inMerchantVoice(locale, createElement(Page)));
}

type HomeData = Parameters<typeof MerchantHome>[0]["loaderData"];
const member: HomeData = {
  name: "Ana",
  ownPlan: false,
  teamStores: [
    {
      id: "1",
      name: "Café Vega",
      role: "Ventas",
      home: "/Store/1/sales",
      publicUrl: "https://x.test",
      logo: null,
      pendingSales: 1,
    },
  ],
  storesLimit: 1,
  setup: null,
  stores: [],
};
const home = (loaderData: HomeData) => () => createElement(MerchantHome, { loaderData } as never);

describe("the merchant's pages in their variant", () => {
  it("the home: neutral 'tú' by default, 'vos' for a merchant in Argentina or Uruguay", () => {
    const neutral = html("es", home(member));
    expect(neutral).toContain("Tiendas en las que trabajas");
    expect(neutral).toContain("¿Quieres tu propia tienda? <a");
    expect(neutral).toContain("1 venta pendiente");
    const argentine = html("es-AR", home(member));
    expect(argentine).toContain("Tiendas en las que trabajás");
    expect(argentine).toContain("¿Querés tu propia tienda? <a");
    expect(argentine).toContain(">Elegí un plan</a>");
    const owner = html("es-AR", home({ ...member, ownPlan: true, storesLimit: 2, teamStores: [] }));
    expect(owner).toContain("Usás 0 de 2 tiendas de tu plan.");
  });

  it("billing: the bill's page in 'vos'", () => {
    const bill = { name: "Ana", total: "US$ 4,99", period: "monthly", dueAt: "2026-05-01T00:00:00Z", overdue: false };
    const page = () => createElement(Payment, { loaderData: bill, actionData: undefined } as never);
    expect(html("es", page)).toContain("Puedes pagar por adelantado si lo deseas.");
    const argentine = html("es-AR", page);
    expect(argentine).toContain("Podés pagar por adelantado si lo deseás.");
    expect(argentine).toContain("(mensual)");
  });
});
