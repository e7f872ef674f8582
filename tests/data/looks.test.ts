import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LOOK, withPreset } from "~/domain/look";
import { discardDraft, editedLook, lookPageData, publishDraft, saveDraft } from "~/looks/looks.server";
import { loadSitePage } from "~/site/site.server";
import { stores } from "../../db/schema";
import { merchantWithStore } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;

const storeRow = async (s: S, id: string) => {
  const row = await s.db.query.stores.findFirst({ where: eq(stores.id, id) });
  if (!row) throw new Error("store missing");
  return row;
};

const page = (s: S, url: string, query = "") => loadSitePage(siteArgs(s, url, query), () => []);

describe("a store's look: draft, preview, publish", () => {
  it("keeps the public store on its look while a draft waits; the preview secret shows the draft, never cached", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const { token } = await lookPageData(s.db, store);
    expect(token).toMatch(/^[\w-]{24}$/);
    // A second visit keeps the same secret.
    expect((await lookPageData(s.db, await storeRow(s, store.id))).token).toBe(token);

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
    const { token } = await lookPageData(s.db, store);
    await saveDraft(s.db, await storeRow(s, store.id), withPreset(DEFAULT_LOOK, "calido"));
    const before = await page(s, store.url);
    const later = new Date(s.clock.now().getTime() + 1000);

    expect(await publishDraft(s.db, await storeRow(s, store.id), later)).toBe(true);
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
    expect(await publishDraft(s.db, row, later)).toBe(false);
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
