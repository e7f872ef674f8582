import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { commonPasswords } from "./app/auth/vite-common-passwords.ts";
import { installableApp } from "./app/pwa/vite-plugin.ts";
import { isCompressible, MIN_BYTES } from "./server/compression.ts";
import { contentTypeOf } from "./server/static.ts";

// One app, two runtimes: VITRINA_TARGET=cloudflare builds the Worker (workers/app.ts),
// anything else the single-machine Node server (server/main.ts).
const target = process.env.VITRINA_TARGET === "cloudflare" ? "cloudflare" : "node";

/**
 * The public site's one enhancement script (carousel, 'Cargar más', dialogs) is its own entry of the
 * client build; server code imports its hashed URL from `virtual:site-script` (the client builds first).
 */
function siteScript(): Plugin {
  const entry = new URL("./app/site/enhance.client.ts", import.meta.url).pathname;
  const virtualId = "virtual:site-script";
  let ref: string | undefined;
  let built: string | undefined;
  return {
    name: "vitrina-site-script",
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
    load(id) {
      if (id !== `\0${virtualId}`) return;
      return `export default ${JSON.stringify(built ? `/${built}` : "/app/site/enhance.client.ts")};`;
    },
    buildStart() {
      if (this.environment.name === "client" && this.environment.mode === "build") {
        ref = this.emitFile({ type: "chunk", id: entry, name: "site" });
      }
    },
    generateBundle() {
      if (this.environment.name === "client" && ref) built = this.getFileName(ref);
    },
  };
}

/**
 * The Node server sends build assets already compressed: each text file of the client build gets
 * `.br` (quality 11) and `.gz` siblings, written once here instead of on every request
 * (server/static.ts picks one by Accept-Encoding). Which files are text is the server's answer (its
 * type for the file's name, compressible or not), so the two cannot disagree. Cloudflare compresses
 * at its edge instead.
 */
function precompressedAssets(): Plugin {
  return {
    name: "vitrina-precompressed-assets",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!isCompressible(contentTypeOf(fileName))) continue;
        const bytes = Buffer.from(output.type === "chunk" ? output.code : output.source);
        if (bytes.byteLength < MIN_BYTES) continue;
        const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        writeFileSync(join(options.dir, `${fileName}.br`), brotli);
        writeFileSync(join(options.dir, `${fileName}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    siteScript(),
    installableApp({ target }),
    commonPasswords(),
    ...(target === "cloudflare" ? [cloudflare({ viteEnvironment: { name: "ssr" } })] : [precompressedAssets()]),
    reactRouter(),
  ],
  resolve: {
    alias: [
      // The WebP encoder's Wasm: read from node_modules on Node, bundled as a module in the Worker.
      ...(target === "cloudflare"
        ? [
            {
              find: /^~\/media\/webp-wasm$/,
              replacement: `${new URL("./app/media/webp-wasm.workerd.ts", import.meta.url).pathname}`,
            },
          ]
        : []),
      // Catalogs are compiled ahead (app/messages/compiled/): the runtime needs no ICU parser (decision 0067).
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" },
      { find: /^~\//, replacement: `${new URL("./app/", import.meta.url).pathname}` },
      // photon's export map lists "node" before "workerd"; with nodejs_compat the Worker would pick the
      // Node build, which compiles Wasm from bytes at run time (workerd forbids that).
      ...(target === "cloudflare" ? [{ find: /^@cf-wasm\/photon$/, replacement: "@cf-wasm/photon/workerd" }] : []),
    ],
  },
  environments:
    target === "node"
      ? {
          ssr: {
            build: { target: "node22", rollupOptions: { input: { index: "./server/index.ts", main: "./server/main.ts" } } },
          },
        }
      : {
          // The Worker is held to a gzip budget for what it uploads (tests/worker/smoke.mjs): its code goes minified.
          ssr: { build: { minify: true } },
        },
});
