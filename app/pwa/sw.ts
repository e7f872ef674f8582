// The service worker's entry, bundled on its own into the client build's /sw.js by the build
// plugin (app/pwa/vite-plugin.ts), which also writes the build's version in place of the marker below.
import { ALL_ICONS, OFFLINE_PATH } from "./manifest";
import { startServiceWorker, type WorkerScope } from "./service-worker";

startServiceWorker(globalThis as unknown as WorkerScope, {
  version: "__VITRINA_SW_VERSION__",
  precache: [OFFLINE_PATH, ...ALL_ICONS.map((icon) => icon.path)],
  offlinePath: OFFLINE_PATH,
});
