// workerd forbids compiling Wasm from bytes at run time: the module is bundled with the Worker.
import webpWasm from "@jsquash/webp/codec/enc/webp_enc.wasm?module";

/** libwebp's encoder (from @jsquash/webp), bundled as a Wasm module: the Worker runtime (see vite.config.ts). */
export async function loadWebpWasm(): Promise<WebAssembly.Module> {
  return webpWasm;
}
