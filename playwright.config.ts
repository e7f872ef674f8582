import { defineConfig } from "@playwright/test";

/** End-to-end journeys in Debian's Chromium against the built single-machine server. */
const PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_ORIGIN = `http://localhost:${PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // npm test runs the projects side by side, each with its own server and results folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: E2E_ORIGIN,
    launchOptions: chromium,
    locale: "es-CO",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // The public site must work without JavaScript; merchant pages are a hydrated app (the discount codes page, the look page and signing out are checked without it too).
    { name: "no-js", use: { javaScriptEnabled: false }, testMatch: /(storefront.*|discount-codes|looks|sign-out)\.spec\.ts/ },
  ],
  webServer: {
    command: "node tests/support/e2e-server.mjs",
    url: `${E2E_ORIGIN}/site/demo`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    stdout: "pipe",
  },
});
