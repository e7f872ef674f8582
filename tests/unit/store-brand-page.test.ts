import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { BannerPanel } from "~/stores/brand-panels";
import { inMerchantVoice } from "../support/messages";

/** The banner panel of 'Logo y banner' as the server sends it, with one banner, and the one ?eliminar= names. */
function banners(removing: { id: number; name: string } | null) {
  const banner = { id: 7, src: "/files/b.webp", name: "verano.jpg", width: 1800, height: 600, link: "" };
  const Page = createRoutesStub([
    {
      path: "/Store/:storeId/brand",
      Component: () =>
        createElement(BannerPanel, {
          banners: [banner],
          removing,
          targets: [],
          linkErrors: {},
          plan: { banner: 3 } as never,
          errors: {},
          onProblem: () => {},
        }),
    },
  ]);
  return renderToStaticMarkup(inMerchantVoice("es", createElement(Page, { initialEntries: ["/Store/1234567890/brand"] })));
}

describe("'Logo y banner'", () => {
  it("says the size and shape a banner should have before it is chosen", () => {
    const html = banners(null);
    expect(html).toContain('aria-describedby="f-banner-hint"');
    expect(html).toContain(
      "Horizontales, de 1800 × 600 px (3:1) o más grandes: ocupan todo el ancho de la tienda. Deja lo importante en el centro, los bordes pueden recortarse.",
    );
  });

  it("asks before deleting a banner, without JavaScript too: 'Eliminar' opens the question, whose form deletes", () => {
    const html = banners(null);
    expect(html).toMatch(
      /<a[^>]*href="\/Store\/1234567890\/brand\?eliminar=7"[^>]*aria-label="Eliminar verano.jpg"|<a[^>]*aria-label="Eliminar verano.jpg"[^>]*href="\/Store\/1234567890\/brand\?eliminar=7"/,
    );
    expect(html).not.toContain('value="banner-delete"');
    const asking = banners({ id: 7, name: "verano.jpg" });
    expect(asking).toContain("¿Eliminar imagen del banner?");
    expect(asking).toContain("“verano.jpg” deja de mostrarse en el carrusel de tu tienda. No se puede deshacer.");
    const form = asking.match(/<form class="confirm-actions"[^>]*>.*?<\/form>/)?.[0] ?? "";
    expect(form).toContain('action="/Store/1234567890/brand" method="post"');
    expect(form).toContain('<input type="hidden" name="intent" value="banner-delete"/>');
    expect(form).toContain('<input type="hidden" name="id" value="7"/>');
    expect(form).toContain('href="/Store/1234567890/brand"');
  });
});
