// Journeys in Debian's Chromium against the Worker build in local workerd, the production runtime
// (tests/worker/workerd-e2e-server.mjs): `playwright test -c playwright.workerd.config.ts`.
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";
import { freePort } from "./tests/http/server";

// The runner loads this file first and picks the port; its worker processes inherit it.
process.env.WORKERD_E2E_PORT ??= String(await freePort());
const PORT = Number(process.env.WORKERD_E2E_PORT);
const WORKERD_ORIGIN = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/workerd",
  // Its own folder: Playwright empties its output folder at start, and npm test runs this beside the Node journeys.
  outputDir: "test-results/workerd",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: WORKERD_ORIGIN,
    launchOptions: base.use?.launchOptions,
    locale: base.use?.locale,
    trace: base.use?.trace,
    screenshot: base.use?.screenshot,
  },
  projects: [{ name: "workerd", use: { javaScriptEnabled: true } }],
  webServer: {
    command: "node tests/worker/workerd-e2e-server.mjs",
    url: `${WORKERD_ORIGIN}/site/demo`,
    // Builds the Worker first when build/cloudflare is missing or older than the sources.
    timeout: 300_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
