import { defineConfig } from "vitest/config";
import { commonPasswords } from "./app/auth/vite-common-passwords.ts";

export default defineConfig({
  plugins: [commonPasswords()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/data/**/*.test.ts", "tests/http/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    // Files share their worker's loaded modules instead of loading the app again for each of the 100 files: the
    // domain and data tests took 181 s alone and take 83 s so. Every file builds its own database and services
    // (tests/support/services.ts), so nothing a test asserts lives in a module between files; the suite also
    // passes with the files shuffled (--sequence.shuffle.files).
    isolate: false,
    testTimeout: 20_000,
  },
});
