// The store's QR as a poster for a shop counter: the logo, the name, the same QR as the downloads and the address,
// laid out for A4 or A6 by @page; only for the store's owner.

import { describe, expect, it } from "vitest";
import * as qrPoster from "~/stores/routes/qr-poster";
import { qrSvg, qrTarget } from "~/workspace/store-qr.server";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";

type S = ReturnType<typeof createTestServices>;

const poster = async (s: S, cookie: string, storeId: string, query = "") => {
  const answer = await workspaceRequest(s, {
    module: qrPoster,
    cookie,
    method: "GET",
    path: `/Store/${storeId}/qr/cartel${query}`,
    params: { storeId },
  });
  return { status: answer.status, html: answer.response ? await answer.response.text() : "", response: answer.response };
};

describe("the QR poster", () => {
  it("prints the logo, the name, the downloads' QR and the address, on A4 unless A6 is asked for", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "standard", {
      name: "Dulce Abuela <Alfajores>",
      url: "dulce-abuela",
      logoKey: "stores/logo/abc.webp",
    });
    const a4 = await poster(s, m.cookie, m.store.id);
    expect(a4.status).toBe(200);
    expect(a4.response?.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(a4.html).toContain("<h1>Dulce Abuela &#60;Alfajores&#62;</h1>");
    expect(a4.html).toContain('<img class="logo" src="/files/stores/logo/abc.webp"');
    expect(a4.html).toContain(qrSvg(qrTarget(s.config.APP_ORIGIN, m.store.id)));
    // The address as a shopper types it: no scheme, no trailing slash.
    expect(a4.html).toMatch(new RegExp(`<p class="address">dulce-abuela\\.${s.config.STORES_DOMAIN}(:\\d+)?</p>`));
    expect(a4.html).toContain("@page{size:A4;margin:15mm}");
    expect(a4.html).not.toContain("<script");

    const a6 = await poster(s, m.cookie, m.store.id, "?papel=a6");
    expect(a6.html).toContain("@page{size:A6;margin:6mm}");
    expect(a6.html).toContain('<body class="paper-a6">');
    expect((await poster(s, m.cookie, m.store.id, "?papel=carta")).html).toContain("@page{size:A4;margin:15mm}");
  });

  it("speaks as the store's country to its shoppers and as its merchant on the tools: 'vos' in Argentina", async () => {
    const s = createTestServices();
    const neutral = await signedInMerchant(s, "standard", { country: "CO" });
    const argentine = await signedInMerchant(s, "standard", { country: "AR" });
    const [co, ar] = [await poster(s, neutral.cookie, neutral.store.id), await poster(s, argentine.cookie, argentine.store.id)];
    expect(co.html).toContain('<p class="invite">Escanea y mira nuestra tienda</p>');
    expect(co.html).toContain("<span>Imprime con el menú de tu navegador");
    expect(ar.html).toContain('<p class="invite">Escaneá y mirá nuestra tienda</p>');
    expect(ar.html).toContain("<span>Imprimí con el menú de tu navegador");
  });

  it("a store without a logo still has its name and QR; another merchant's store is a 404", async () => {
    const s = createTestServices();
    const me = await signedInMerchant(s, "standard", { name: "Sin logo" });
    const them = await signedInMerchant(s);
    const mine = await poster(s, me.cookie, me.store.id);
    expect(mine.html).not.toContain('class="logo"');
    expect(mine.html).toContain("<h1>Sin logo</h1>");
    expect((await poster(s, me.cookie, them.store.id)).status).toBe(404);
  });
});
