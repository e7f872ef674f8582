import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { build, type Plugin } from "vite";
import { cloudflareHeadersFile } from "./cache-policy.ts";
import { renderFavicon, renderIcons } from "./icons.ts";
import { FAVICON, MANIFEST_PATH, OFFLINE_PATH, SERVICE_WORKER_PATH, VERSION_MARKER, webManifest } from "./manifest.ts";

const here = (file: string) => new URL(file, import.meta.url).pathname;
const ICON_SOURCE = here("./icon-source.png");
const OFFLINE_PAGE = here("./offline.html");
const WORKER_ENTRY = here("./sw.ts");

/**
 * The installable merchant app's files, emitted into the root of the client build of either target
 * (so each runtime serves them as it serves the rest of the build): the icons resized from the one
 * source image, /favicon.ico (which browsers ask every page for), the web app manifest, the offline
 * page and the service worker, bundled on its own as one classic script. On Cloudflare a `_headers`
 * file gives the asset server the cache lifetimes the Node server sends (app/pwa/cache-policy.ts):
 * hashed /assets/* immutable, /sw.js `no-cache`. docs/decisions/0018-installable-merchant-app.md.
 */
export function installableApp({ target }: { target: "node" | "cloudflare" }): Plugin {
  return {
    name: "vitrina-installable-app",
    apply: "build",
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        if (this.environment.name !== "client") return;
        const files = new Map<string, string | Uint8Array>();
        const iconSource = readFileSync(ICON_SOURCE);
        for (const { spec, png } of renderIcons(iconSource)) files.set(spec.path, png);
        files.set(FAVICON.path, renderFavicon(iconSource));
        files.set(MANIFEST_PATH, `${JSON.stringify(webManifest(), null, 2)}\n`);
        files.set(OFFLINE_PATH, readFileSync(OFFLINE_PAGE, "utf8"));

        const worker = await bundleWorker();
        if (!worker.includes(VERSION_MARKER)) throw new Error(`${WORKER_ENTRY} lost its version marker`);
        // The version follows everything the worker stores or may store: the precached files and
        // the build's hashed file names.
        const version = createHash("sha256");
        for (const name of Object.keys(bundle).sort()) version.update(`${name}\n`);
        for (const [path, content] of files) version.update(path).update(content);
        version.update(worker);
        files.set(SERVICE_WORKER_PATH, worker.replaceAll(VERSION_MARKER, version.digest("hex").slice(0, 12)));

        // The Node server's cache lifetimes, for Cloudflare's asset server (which reads this file and does not serve it).
        if (target === "cloudflare") files.set("/_headers", cloudflareHeadersFile());

        for (const [path, source] of files) this.emitFile({ type: "asset", fileName: path.slice(1), source });
      },
    },
  };
}

/** app/pwa/sw.ts and what it imports as one minified classic script (no imports: every browser runs it). */
async function bundleWorker(): Promise<string> {
  const result = await build({
    configFile: false,
    envFile: false,
    publicDir: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: true,
      target: "es2020",
      copyPublicDir: false,
      reportCompressedSize: false,
      modulePreload: false,
      rolldownOptions: { input: WORKER_ENTRY, output: { format: "iife", entryFileNames: "sw.js" } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []));
  const chunks = outputs.filter((o) => o.type === "chunk");
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk || outputs.length !== 1) {
    throw new Error(`the service worker must bundle into one script, not ${outputs.map((o) => o.fileName).join(", ")}`);
  }
  return chunk.code;
}
