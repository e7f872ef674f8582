import { defineConfig } from "@playwright/test";
import { E2E_SERVER, E2E_WORKERS, e2eServer } from "./tests/e2e/servers";
import { WHATSAPP_STAND_IN_FLAGS } from "./tests/e2e/whatsapp-stand-in";

// End-to-end journeys in Debian's Chromium against the built single-machine server, one server per worker.

/**
 * The desktop browser, for what only it does: reporting the merchant app installable and showing notifications
 * (tests/e2e/installable-app.spec.ts).
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? "/usr/bin/chromium";

const chromium = {
  // Debian's headless shell: Chromium's engine without the desktop browser around it, a quarter less CPU per journey.
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    ...WHATSAPP_STAND_IN_FLAGS,
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/whatsapp-stand-in.ts",
  // npm test runs the projects side by side, each with its own server and results folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  // A file's tests run in order in one worker; the files are shared out among the workers as they come free.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: E2E_SERVER.origin,
    launchOptions: chromium,
    locale: "es-CO",
    // A trace records every step's screenshot and DOM: a quarter of the journeys' CPU time. A failure keeps its
    // screenshot; E2E_TRACE=retain-on-failure records traces when a failure needs one to be understood.
    trace: (process.env.E2E_TRACE ?? "off") as "off" | "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // The public site must work without JavaScript; merchant pages are a hydrated app (the discount codes page, the look page, the new product form and signing out are checked without it too).
    {
      name: "no-js",
      use: { javaScriptEnabled: false },
      testMatch: /(storefront.*|discount-codes|looks|sign-out|product-form)\.spec\.ts/,
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => {
    const server = e2eServer(slot);
    return {
      command: "node tests/support/e2e-server.mjs",
      url: `${server.origin}/site/demo`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(server.port), E2E_DATA_DIR: server.dataDir },
      stdout: "pipe" as const,
    };
  }),
});
