import { resolve } from "node:path";

/** VITRINA_TEST_TMP lets two vitest runs share a checkout without removing each other's files. */
export const TMP_DIR = resolve(process.env.VITRINA_TEST_TMP ?? "tests/.tmp/vitest");
export const BASE_DB = resolve(TMP_DIR, "base.db");
