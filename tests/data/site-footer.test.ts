import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { loader as homeLoader } from "~/site/routes/store-home";
import { SiteShell } from "~/site/shell";
import type { SiteView } from "~/site/site.server";
import { stores } from "../../db/schema";
import { merchantWithStore } from "../support/merchants";
import { inStoreVoice } from "../support/messages";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

describe("the store's footer", () => {
  it("ends with its own line 'Tienda creada con Vitrina', no stray '·' before it", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "standard", { url: "pie" });
    await s.db
      .update(stores)
      .set({ location: "Cali", hours: "Lunes a sábado, 9 a 18", instagram: "cafe.pie", attentionNumber: "3001234567" })
      .where(eq(stores.id, store.id));
    const page = (await homeLoader(siteArgs(s, "pie") as never)) as unknown as { data: { site: SiteView } };
    const shell = { site: page.data.site, children: createElement("p", null, "La página") };
    const html = renderToStaticMarkup(inStoreVoice(page.data.site.locale, createElement(SiteShell, shell)));
    const footer = html.match(/<footer class="site-footer">(.*)<\/footer>/)?.[1] ?? "";
    expect(footer).toContain("Horario:");
    expect(footer.endsWith('<p class="muted footer-made">Tienda creada con Vitrina</p>')).toBe(true);
    // A '·' only ever joins two things on one line: the store's name and its place.
    expect(footer.match(/·/g)).toHaveLength(1);
    expect(footer).toContain("</span><span> · Cali</span>");
    // The WhatsApp link is a line of its own, never after a '·' that a narrow screen would leave at a line's end.
    expect(footer).toMatch(
      /<span> · Cali<\/span><span class="footer-contact-item"><a class="footer-contact" href="https:\/\/wa\.me\//,
    );
  });
});
