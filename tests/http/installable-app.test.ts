// The installable app's files on the single-machine server, as a browser receives them: their
// types and how long it may keep them (docs/decisions/0018-installable-merchant-app.md).
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readImageSize, sniffImageType } from "~/media/image-rules";
import { ALL_ICONS, MANIFEST_PATH, OFFLINE_PATH, SERVICE_WORKER_PATH, VERSION_MARKER } from "~/pwa/manifest";
import { CookieJar, type RunningServer, send, signIn, startServer } from "./server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 90_000);
afterAll(() => server?.stop());

describe("the installable app's files on Node", () => {
  it("/sw.js: JavaScript the browser must revalidate every time, precompressed", async () => {
    const head = await send(server, SERVICE_WORKER_PATH, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(head.headers["cache-control"]).toBe("no-cache");
    const reply = await send(server, SERVICE_WORKER_PATH);
    expect(reply.body).toBe(readFileSync(resolve("build/node/client/sw.js"), "utf8"));
    // One classic script: no module syntax, the build's version in place of its marker.
    expect(reply.body).not.toMatch(/^\s*(import|export)\b/m);
    expect(reply.body).not.toContain(VERSION_MARKER);
    expect(reply.body).toMatch(/`[0-9a-f]{12}`|"[0-9a-f]{12}"/);
    const br = await send(server, SERVICE_WORKER_PATH, { headers: { "Accept-Encoding": "br" }, method: "HEAD" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("no-cache");
    const sibling = brotliDecompressSync(readFileSync(resolve("build/node/client/sw.js.br"))).toString();
    expect(sibling).toBe(reply.body);
  });

  it("the manifest as application/manifest+json, the offline page as HTML, the icons as PNG, each for an hour", async () => {
    const manifest = await send(server, MANIFEST_PATH);
    expect(manifest.status).toBe(200);
    expect(manifest.headers["content-type"]).toBe("application/manifest+json");
    expect(manifest.headers["cache-control"]).toBe("public, max-age=3600");
    expect(JSON.parse(manifest.body)).toMatchObject({ name: "Vitrina", lang: "es", start_url: "/", scope: "/" });

    const offline = await send(server, OFFLINE_PATH);
    expect(offline.status).toBe(200);
    expect(offline.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(offline.body).toContain("Sin conexión");
    // Self-contained: no stylesheet, script or picture to fetch.
    expect(offline.body).not.toMatch(/<link|<img|\bsrc=|url\(/);

    for (const icon of ALL_ICONS) {
      const reply = await send(server, icon.path, { method: "HEAD" });
      expect(reply.status, icon.path).toBe(200);
      expect(reply.headers["content-type"], icon.path).toBe("image/png");
      expect(reply.headers["cache-control"], icon.path).toBe("public, max-age=3600");
    }
  });

  it("/favicon.ico, which browsers ask every page for: an icon file holding the app's 32 px mark", async () => {
    const head = await send(server, "/favicon.ico", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("image/x-icon");
    expect(head.headers["cache-control"]).toBe("public, max-age=3600");
    const ico = new Uint8Array(await (await fetch(`${server.origin}/favicon.ico`)).arrayBuffer());
    expect(ico).toEqual(new Uint8Array(readFileSync(resolve("build/node/client/favicon.ico"))));
    const view = new DataView(ico.buffer, ico.byteOffset, ico.byteLength);
    // ICONDIR: reserved, type 1 (icon), one image; its entry: 32 × 32, 32 bits, the PNG's length and offset.
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7], view.getUint16(12, true)]).toEqual([32, 32, 32]);
    const png = ico.subarray(view.getUint32(18, true), view.getUint32(18, true) + view.getUint32(14, true));
    expect(view.getUint32(18, true) + png.byteLength).toBe(ico.byteLength);
    expect(sniffImageType(png)).toBe("png");
    expect(readImageSize(png, "png")).toEqual({ width: 32, height: 32 });
  });

  it("hashed assets keep their year-long, immutable lifetime", async () => {
    const page = await send(server, "/Auth");
    const script = page.body.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script).toBeDefined();
    const asset = await send(server, script as string, { method: "HEAD" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("a merchant app page paints with its document alone: its stylesheet inline, no stylesheet to ask for", async () => {
    const page = await send(server, "/Auth");
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    expect(head).toMatch(/<style id="app-css">[\s\S]{1000,}<\/style>/);
    expect(head).not.toMatch(/rel="stylesheet"/);
    // The public stylesheet is the server's alone: public pages never run the app's code.
    const assets = resolve("build/node/client/assets");
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) expect(readFileSync(resolve(assets, name), "utf8"), name).not.toContain(".footer-contact-item{");
  });

  it("a merchant app page asks for its code only after it has painted: no module preload, no static import", async () => {
    const page = await send(server, "/Auth");
    expect(page.body).not.toMatch(/rel="modulepreload"/);
    expect(page.body).not.toMatch(/<script type="module"[^>]*>\s*import /);
    // The start script lists them, to be added once the page has painted.
    expect(page.body).toMatch(/for \(const href of \["\/assets\/entry\.client-/);
  });

  it("the products list's first photos come with the page, ahead of the app's code: eager, the first at high priority", async () => {
    const merchant = new CookieJar();
    await signIn(server, merchant);
    const store = (await server.db().execute("select id from stores where url = 'demo'")).rows[0]?.id;
    const page = await send(server, `/Store/${store}/products`, { headers: { Cookie: merchant.header } });
    const photos = [...page.body.matchAll(/<ul class="product-grid"[\s\S]*?<\/ul>/g)].flatMap(([grid]) =>
      [...grid.matchAll(/<img [^>]*>/g)].map(([img]) => img),
    );
    expect(photos.length).toBeGreaterThan(4);
    expect(photos[0]).toMatch(/fetchpriority="high"/i);
    expect(photos.slice(0, 4).filter((img) => img.includes('loading="lazy"'))).toEqual([]);
    expect(photos.slice(4).every((img) => img.includes('loading="lazy"') && !/fetchpriority/i.test(img))).toBe(true);
  });
});
