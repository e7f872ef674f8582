import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/** libwebp's encoder (from @jsquash/webp), compiled from the package's file: the Node runtime. */
export async function loadWebpWasm(): Promise<WebAssembly.Module> {
  const path = createRequire(import.meta.url).resolve("@jsquash/webp/codec/enc/webp_enc.wasm");
  return WebAssembly.compile(await readFile(path));
}
