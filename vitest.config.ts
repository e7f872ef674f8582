import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/data/**/*.test.ts", "tests/http/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    // One fork per core: the default leaves one idle, and most files here wait on their database file as much as
    // they compute (measured on 2 cores: 231 s with the default, 133 s with both).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
  },
});
