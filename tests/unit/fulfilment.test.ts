import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CARRIERS_BY_COUNTRY, carriersOf, findCarrier, safeTrackingUrl, trackingOf } from "~/domain/carriers";
import { DELIVERY_METHOD_MESSAGES } from "~/domain/delivery";
import {
  backwardText,
  checkMove,
  PROGRESS_FILTER_LABELS,
  progressLabel,
  progressWhatsappText,
  quotedStep,
  reached,
  timelineSteps,
  wrongKindText,
} from "~/domain/fulfilment";
import { translatorFor } from "~/domain/message-catalogs";
import { saleSearchExpression } from "~/domain/sale-search";
import { DeliveryTimeline } from "~/fulfilment/delivery-timeline";
import type { TimelineView } from "~/fulfilment/timeline";
import { inStoreVoice } from "../support/messages";

describe("delivery progress moves", () => {
  const home = { delivery: "delivery" as const, cancelled: false };
  const pickup = { delivery: "pickup" as const, cancelled: false };

  it("goes forward, skipping steps when the merchant wants, and back only when said so", () => {
    expect(checkMove(home, "none", "preparing")).toEqual({ ok: true });
    expect(checkMove(home, "preparing", "shipped")).toEqual({ ok: true });
    expect(checkMove(home, "none", "delivered")).toEqual({ ok: true });
    expect(checkMove(home, "shipped", "delivered")).toEqual({ ok: true });
    expect(checkMove(home, "delivered", "shipped")).toEqual({ ok: false, reason: "backward" });
    expect(checkMove(home, "delivered", "shipped", true)).toEqual({ ok: true });
    expect(checkMove(home, "preparing", "delivered", true)).toEqual({ ok: false, reason: "backward" });
    expect(checkMove(home, "shipped", "shipped")).toEqual({ ok: false, reason: "same" });
  });

  it("a pickup is made ready and a delivery sent; a cancelled sale does not move", () => {
    expect(checkMove(pickup, "preparing", "ready")).toEqual({ ok: true });
    expect(checkMove(pickup, "preparing", "shipped")).toEqual({ ok: false, reason: "wrong_kind" });
    expect(checkMove(home, "preparing", "ready")).toEqual({ ok: false, reason: "wrong_kind" });
    expect(checkMove({ delivery: "arrange", cancelled: false }, "none", "shipped")).toEqual({ ok: true });
    expect(checkMove({ ...home, cancelled: true }, "none", "preparing")).toEqual({ ok: false, reason: "cancelled" });
  });

  it("has a timeline of three steps for the sale's delivery method", () => {
    expect(timelineSteps("pickup")).toEqual(["preparing", "ready", "delivered"]);
    expect(timelineSteps("delivery")).toEqual(["preparing", "shipped", "delivered"]);
    expect(reached("shipped", "preparing")).toBe(true);
    expect(reached("preparing", "shipped")).toBe(false);
  });

  it("writes the buyer's WhatsApp message of a step with the carrier, number and link", () => {
    const text = progressWhatsappText(
      {
        step: "shipped",
        buyerName: "Lucía",
        storeName: "Mates del Sur",
        code: "4821937465",
        carrierName: "Andreani",
        trackingNumber: "360000123456789",
        trackingUrl: "https://www.andreani.com/#!/informacionEnvio/360000123456789",
        orderUrl: "https://mates.vitrina.test/Order/4821937465?t=abc",
      },
      translatorFor("es"),
    );
    expect(text).toBe(
      [
        "Hola Lucía, tu pedido 4821937465: Mates del Sur envió tu pedido.",
        "Lo lleva Andreani, número de seguimiento 360000123456789.",
        "Síguelo aquí: https://www.andreani.com/#!/informacionEnvio/360000123456789",
        "Detalle de tu pedido: https://mates.vitrina.test/Order/4821937465?t=abc",
      ].join("\n"),
    );
  });

  it("speaks as an Argentine store does: the WhatsApp message and the order page's timeline with 'vos'", () => {
    const shipped = { step: "shipped" as const, buyerName: "Lucía", storeName: "Mates del Sur", code: "4821937465" };
    const text = progressWhatsappText(
      { ...shipped, carrierName: "Andreani", trackingUrl: "https://correo.test/1", orderUrl: "https://mates.test/Order/1" },
      translatorFor("es-AR"),
    );
    expect(text).toContain("Seguilo acá: https://correo.test/1");
    const timeline: TimelineView = {
      current: "shipped",
      steps: [{ step: "shipped", label: "Enviado", done: true, at: null }],
      tracking: { carrierName: "Correo", url: "https://correo.test/1", number: "AB1", copyNumber: true },
    };
    const html = renderToStaticMarkup(inStoreVoice("es-AR", createElement(DeliveryTimeline, { timeline })));
    expect(html).toContain("Seguimiento de tu pedido");
    expect(html).toContain("Ir a Correo (copiá el número)");
  });

  it("tells an Argentine merchant's desk why a move is refused, with 'vos'", () => {
    expect(wrongKindText(translatorFor("es-AR"), "pickup")).toBe(
      "Esta venta se retira en la tienda: marcala 'Listo para retirar'",
    );
    expect(backwardText(translatorFor("es"), "shipped")).toBe(
      "Esta venta ya está en 'Enviado': para volver un paso atrás usa 'Volver al paso anterior'",
    );
  });
});

describe("the steps' and the delivery methods' names", () => {
  it("read as today in the Argentine variant, and keep their neutral words for 'Actividad'", () => {
    const ar = translatorFor("es-AR");
    expect(progressLabel("ready", "Confirmada", ar)).toBe("Listo para retirar");
    expect(progressLabel("ready", "Cancelada", ar)).toBeNull();
    expect(quotedStep("shipped", ar)).toBe("'Enviado'");
    expect(ar(DELIVERY_METHOD_MESSAGES.arrange)).toBe("A coordinar con el vendedor");
    expect(PROGRESS_FILTER_LABELS.delivered).toBe("Entregado");
    // Said through the catalog: a translator that answers with the message's id shows it.
    const ids = Object.assign((m: { id: string }) => m.id, { rich: () => [], locale: "es-AR" as const });
    expect(progressLabel("ready", "Confirmada", ids)).toBe("fulfilment.step.ready");
    expect(quotedStep("shipped", ids)).toBe("'fulfilment.step.shipped'");
  });
});

describe("carriers and their tracking links", () => {
  it("offers the store's country's carriers", () => {
    const names = (country: Parameters<typeof carriersOf>[0]) => carriersOf(country).map((c) => c.name);
    expect(names("AR")).toEqual(["Correo Argentino", "Andreani", "OCA"]);
    expect(names("MX")).toEqual(["Estafeta", "DHL", "FedEx", "Correos de México"]);
    expect(names("CO")).toEqual(["Servientrega", "Coordinadora", "Interrapidísimo", "4-72"]);
    expect(names("CL")).toEqual(["Chilexpress", "Starken", "Correos de Chile"]);
    expect(names("PE")).toEqual(["Olva Courier", "Shalom", "Serpost"]);
    expect(names("UY")).toEqual(["Correo Uruguayo", "DAC"]);
    expect(names("BR")).toEqual([]);
    expect(carriersOf("constructor" as never)).toEqual([]);
  });

  it("links each carrier's tracking page: the parcel itself where the page takes the number, else the page and the number to copy", () => {
    const links = Object.values(CARRIERS_BY_COUNTRY)
      .flat()
      .map((c) => {
        const t = trackingOf({ carrier: c?.id ?? "", trackingNumber: "AB 123/4", trackingUrl: null });
        return [c?.id, t?.url, t?.numberToCopy];
      });
    expect(links).toEqual([
      ["correo-argentino", "https://www.correoargentino.com.ar/formularios/e-commerce", "AB 123/4"],
      ["andreani", "https://www.andreani.com/#!/informacionEnvio/AB%20123%2F4", null],
      ["oca", "https://www.oca.com.ar/Busquedas/Envios", "AB 123/4"],
      ["estafeta", "https://www.estafeta.com/Herramientas/Rastreo", "AB 123/4"],
      ["dhl-mx", "https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=AB%20123%2F4&submit=1", null],
      ["fedex-mx", "https://www.fedex.com/fedextrack/?trknbr=AB%20123%2F4", null],
      ["correos-de-mexico", "https://www.correosdemexico.gob.mx/SSLServicios/SeguimientoEnvio/Seguimiento.aspx", "AB 123/4"],
      ["servientrega", "https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=AB%20123%2F4", null],
      ["coordinadora", "https://coordinadora.com/rastreo/rastreo-de-guia/detalle-de-rastreo-de-guia/?guia=AB%20123%2F4", null],
      ["interrapidisimo", "https://www.interrapidisimo.com/sigue-tu-envio/", "AB 123/4"],
      ["4-72", "https://www.4-72.com.co/publicaciones/236/personas/", "AB 123/4"],
      ["chilexpress", "https://centrodeayuda.chilexpress.cl/seguimiento/AB%20123%2F4", null],
      ["starken", "https://www.starken.cl/seguimiento?codigo=AB%20123%2F4", null],
      ["correos-de-chile", "https://www.correos.cl/web/guest/seguimiento-en-linea?codigos=AB%20123%2F4", null],
      ["olva", "https://tracking.olvaexpress.pe/", "AB 123/4"],
      ["shalom", "https://shalom.com.pe/rastrea", "AB 123/4"],
      ["serpost", "https://www.serpost.com.pe/", "AB 123/4"],
      ["correo-uruguayo", "https://www.correo.com.uy/seguimientodeenvios", "AB 123/4"],
      ["dac", "https://www.dac.com.uy/envios/rastrear", "AB 123/4"],
    ]);
  });

  it("a deep-linking carrier without a number links its site; 'Otro' links the pasted https address only", () => {
    expect(trackingOf({ carrier: "andreani", trackingNumber: null, trackingUrl: null })).toEqual({
      url: "https://www.andreani.com",
      carrierName: "Andreani",
      numberToCopy: null,
    });
    expect(
      trackingOf({ carrier: "otro", carrierName: "Moto Juan", trackingNumber: "77", trackingUrl: "https://motojuan.test/e/77" }),
    ).toEqual({ url: "https://motojuan.test/e/77", carrierName: "Moto Juan", numberToCopy: "77" });
    expect(trackingOf({ carrier: "otro", trackingNumber: null, trackingUrl: "javascript:alert(1)" })?.url).toBeNull();
    expect(safeTrackingUrl("javascript:alert(1)")).toBeNull();
    expect(safeTrackingUrl("data:text/html,hi")).toBeNull();
    expect(safeTrackingUrl("  https://x.test/a b ")).toBe("https://x.test/a%20b");
    expect(findCarrier("constructor")).toBeUndefined();
    expect(trackingOf({ carrier: null, trackingNumber: "1", trackingUrl: null })).toBeNull();
  });
});

describe("the desk's search expression", () => {
  it("reads a phone as typed and in the store's country", () => {
    expect(saleSearchExpression("11 4444 5678", "AR")).toBe('("1144445678" OR "5491144445678")');
    expect(saleSearchExpression("011 15 4444-5678", "AR")).toBe('("111544445678" OR "5491144445678")');
    expect(saleSearchExpression("300 555 1234", "CO")).toBe('("3005551234" OR "573005551234")');
    expect(saleSearchExpression("4444-5678", "AR")).toBe('("44445678")');
  });

  it("needs every word of 3 or more characters, quoting what the buyer typed", () => {
    expect(saleSearchExpression("Lucía Fernández", "AR")).toBe('"Lucía" AND "Fernández"');
    expect(saleSearchExpression('ana "OR" de', "AR")).toBe('"ana"');
    expect(saleSearchExpression('x"y" NEAR(a b)', "AR")).toBe('"x""y" AND "NEAR(a"');
    expect(saleSearchExpression("a b", "AR")).toBeNull();
    expect(saleSearchExpression("ana@correo.test", "AR")).toBe('"ana@correo.test"');
  });
});
