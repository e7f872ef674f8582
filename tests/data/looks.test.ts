import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { colorProblems, DEFAULT_LOOK, LOOK_MESSAGES, type Look, withPreset } from "~/domain/look";
import { translatorFor } from "~/domain/message-catalogs";
import { discardDraft, editedLook, lookPreviewToken, publishDraft, saveDraft } from "~/looks/looks.server";
import LookPage, * as lookPage from "~/looks/routes/look-page";
import { loadSitePage } from "~/site/site.server";
import { stores } from "../../db/schema";
import { merchantWithStore, signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { inMerchantVoice } from "../support/messages";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

const es = translatorFor("es");

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;

const storeRow = async (s: S, id: string) => {
  const row = await s.db.query.stores.findFirst({ where: eq(stores.id, id) });
  if (!row) throw new Error("store missing");
  return row;
};

const page = (s: S, url: string, query = "") => loadSitePage(siteArgs(s, url, query), () => []);

/** The look page ('Diseño') of the merchant's own store: its loader (no form) or its action. */
const lookRequest = (s: S, who: { cookie: string; store: { id: string } }, form?: Record<string, string>) =>
  workspaceRequest(s, {
    module: lookPage,
    cookie: who.cookie,
    method: form ? "POST" : "GET",
    path: `/Store/${who.store.id}/look`,
    params: { storeId: who.store.id },
    form,
  });

type LookPageData = Awaited<ReturnType<typeof lookPage.loader>>;

/** The look page as the server renders it, with what its loader answered. */
function renderLookPage(data: LookPageData) {
  const Page = createRoutesStub([
    {
      path: "/",
      Component: () =>
        createElement(LookPage, { loaderData: data, actionData: undefined, params: {}, matches: [] } as unknown as Parameters<
          typeof LookPage
        >[0]),
    },
  ]);
  return renderToStaticMarkup(inMerchantVoice("es", createElement(Page)));
}

describe("a store's look: draft, preview, publish", () => {
  it("keeps the public store on its look while a draft waits; the preview secret shows the draft, never cached", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const token = await lookPreviewToken(s.db, store);
    expect(token).toMatch(/^[\w-]{24}$/);
    // A second visit keeps the same secret.
    expect(await lookPreviewToken(s.db, await storeRow(s, store.id))).toBe(token);

    const before = await page(s, store.url);
    // Before any draft, the secret shows the published look, framable by the look page and never cached.
    const noDraft = await page(s, store.url, `?vista=${token}`);
    expect(noDraft.site.preview).toBe(true);
    expect(noDraft.site.look.css).toBe("");
    expect(noDraft.cache["Content-Security-Policy"]).toBe("frame-ancestors 'self'");
    expect(await saveDraft(s.db, await storeRow(s, store.id), withPreset(DEFAULT_LOOK, "oscuro"))).toEqual({ saved: true });

    const publicPage = await page(s, store.url);
    expect(publicPage.site.look.css).toBe("");
    expect(publicPage.site.preview).toBe(false);
    // Saving a draft changes nothing public: the cached pages stay valid.
    expect(publicPage.cache.ETag).toBe(before.cache.ETag);
    expect(publicPage.cache["Cache-Control"]).toMatch(/^public/);

    const preview = await page(s, store.url, `?vista=${token}`);
    expect(preview.site.preview).toBe(true);
    expect(preview.site.look.css).toContain("--bg:#121212");
    expect(preview.cache["Cache-Control"]).toBe("private, no-store");
    expect(preview.cache["Content-Security-Policy"]).toBe("frame-ancestors 'self'");

    const guessed = await page(s, store.url, "?vista=otra-cosa");
    expect(guessed.site.preview).toBe(false);
    expect(guessed.site.look.css).toBe("");
  });

  it("publishing makes the draft the store's look, bumps its public version and renews the preview secret", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const token = await lookPreviewToken(s.db, store);
    await saveDraft(s.db, await storeRow(s, store.id), withPreset(DEFAULT_LOOK, "calido"));
    const before = await page(s, store.url);
    const later = new Date(s.clock.now().getTime() + 1000);

    expect(await publishDraft(s.db, TEST_ACTOR, await storeRow(s, store.id), later)).toBe(true);
    const row = await storeRow(s, store.id);
    expect(row.lookDraft).toBeNull();
    expect(JSON.parse(row.look).preset).toBe("calido");
    expect(row.lookPreviewToken).not.toBe(token);
    expect(row.updatedAt.getTime()).toBeGreaterThan(before.store.updatedAt.getTime());

    const after = await page(s, store.url);
    expect(after.cache.ETag).not.toBe(before.cache.ETag);
    expect(after.site.look.css).toContain("--bg:#fbf5ee");
    expect(after.site.look.attrs).toMatchObject({
      "data-font": "Fraunces Variable",
      "data-font-src": expect.stringMatching(/fraunces/),
    });
    // The old preview address now shows what is published, as anyone sees it.
    expect((await page(s, store.url, `?vista=${token}`)).site.preview).toBe(false);
    // Nothing left to publish.
    expect(await publishDraft(s.db, TEST_ACTOR, row, later)).toBe(false);
  });

  it("discarding drops the draft and keeps the public look", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    await saveDraft(s.db, store, withPreset(DEFAULT_LOOK, "pastel"));
    expect(editedLook(await storeRow(s, store.id)).preset).toBe("pastel");
    await discardDraft(s.db, await storeRow(s, store.id));
    const row = await storeRow(s, store.id);
    expect(row.lookDraft).toBeNull();
    expect(row.look).toBe("");
    expect(editedLook(row)).toEqual(DEFAULT_LOOK);
  });

  it("never saves an unreadable draft", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const unreadable = { ...DEFAULT_LOOK, colors: { ...DEFAULT_LOOK.colors, background: "#ffffff", text: "#cccccc" } };
    const result = await saveDraft(s.db, store, unreadable);
    expect(result.saved).toBe(false);
    expect(Object.keys(result.saved ? {} : result.problems)).toEqual(["text"]);
    expect((await storeRow(s, store.id)).lookDraft).toBeNull();
  });
});

describe("the look page ('Diseño')", () => {
  it("takes only its own presets: a name every object has is refused and saves nothing", async () => {
    const s = createTestServices();
    const who = await signedInMerchant(s);
    for (const preset of ["__proto__", "constructor", "toString"]) {
      const answer = await lookRequest(s, who, { intent: "preset", preset });
      expect(answer.status, preset).toBe(400);
      expect(answer.data, preset).toMatchObject({ errors: { form: es(LOOK_MESSAGES.choice) } });
    }
    expect((await storeRow(s, who.store.id)).lookDraft).toBeNull();
    expect((await lookRequest(s, who, { intent: "preset", preset: "oscuro" })).status).toBe(302);
    expect(editedLook(await storeRow(s, who.store.id)).preset).toBe("oscuro");
  });

  it("offers the logo's colours in the nearest shade the brand colour can have, and takes the shade it offers", async () => {
    const s = createTestServices();
    const logo = ["#ffead3", "#5b3df5", "#fff200"];
    const who = await signedInMerchant(s, "standard", {
      logoColors: JSON.stringify(logo),
      logoKey: "stores/0000000001/logo.png",
    });
    const { data } = await lookRequest(s, who);
    const { logoColors, look } = data as { logoColors: Array<{ logo: string; brand: string }>; look: Look };
    expect(logoColors.map((c) => c.logo)).toEqual(logo);
    for (const { logo, brand } of logoColors) expect(colorProblems({ ...look.colors, brand }, es), logo).toEqual({});
    expect(logoColors[1]?.brand).toBe("#5b3df5");
    expect(logoColors[0]?.brand).not.toBe("#ffead3");

    const html = renderLookPage(data as LookPageData);
    expect(html).not.toContain('value="#ffead3"');
    const offered = logoColors[0]?.brand ?? "";
    expect(html).toMatch(new RegExp(`<button[^>]*value="${offered}"[^>]*name="color"`));
    expect((await lookRequest(s, who, { intent: "logo-color", color: offered })).status).toBe(302);
    expect(editedLook(await storeRow(s, who.store.id)).colors.brand).toBe(offered);
  });

  it("sends a store with no logo to 'Logo y banner' and one with no sections to 'Secciones'", async () => {
    const s = createTestServices();
    const who = await signedInMerchant(s);
    const html = renderLookPage((await lookRequest(s, who)).data as LookPageData);
    expect(html).not.toContain("en Información");
    expect(html).toMatch(new RegExp(`<a href="/Store/${who.store.id}/brand"[^>]*>Logo y banner</a>`));
    expect(html).toMatch(new RegExp(`<a href="/Store/${who.store.id}/sections"[^>]*>Secciones</a>`));
  });
});
