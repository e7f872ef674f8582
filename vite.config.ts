import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// One app, two runtimes: VITRINA_TARGET=cloudflare builds the Worker (workers/app.ts),
// anything else the single-machine Node server (server/main.ts).
const target = process.env.VITRINA_TARGET === "cloudflare" ? "cloudflare" : "node";

export default defineConfig({
  plugins: [...(target === "cloudflare" ? [cloudflare({ viteEnvironment: { name: "ssr" } })] : []), reactRouter()],
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
      { find: /^~\//, replacement: `${new URL("./app/", import.meta.url).pathname}` },
      // photon's export map lists "node" before "workerd"; with nodejs_compat the Worker would pick the
      // Node build, which compiles Wasm from bytes at run time (workerd forbids that).
      ...(target === "cloudflare" ? [{ find: /^@cf-wasm\/photon$/, replacement: "@cf-wasm/photon/workerd" }] : []),
    ],
  },
  environments: target === "node" ? { ssr: { build: { target: "node22", rollupOptions: { input: "./server/main.ts" } } } } : {},
});
