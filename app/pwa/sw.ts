// The service worker's entry, bundled on its own into the client build's /sw.js by the build
// plugin (app/pwa/vite-plugin.ts), which also writes the build's version in place of VERSION_MARKER.
import { OFFLINE_PATH, VERSION_MARKER } from "./manifest";
import { startServiceWorker, type WorkerScope } from "./service-worker";

startServiceWorker(globalThis as unknown as WorkerScope, {
  version: VERSION_MARKER,
  // Only what is used offline: build files and icons are stored as pages fetch them (cache-first).
  precache: [OFFLINE_PATH],
  offlinePath: OFFLINE_PATH,
});
