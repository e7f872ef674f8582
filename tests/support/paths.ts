import { resolve } from "node:path";

export const TMP_DIR = resolve("tests/.tmp/vitest");
export const BASE_DB = resolve(TMP_DIR, "base.db");
