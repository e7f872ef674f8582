/**
 * Measures, in a fresh process, the memory the image pipeline takes for one photo: the peak resident
 * memory while it runs and what stays resident after it (wasm memory never shrinks). Run with
 * `node --expose-gc --import tsx tests/support/measure-image.ts FILE MAX_HEIGHT`; prints one JSON line in MiB.
 * Linux only: it resets and reads the process's high-water mark in /proc.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { processImage } from "~/media/images.server";

const [file, maxHeight] = process.argv.slice(2);
if (!file || !maxHeight) throw new Error("usage: measure-image.ts FILE MAX_HEIGHT");

function statusMiB(field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync("/proc/self/status", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, "") ?? Number.NaN) / 1024;
}

const collect = () => (globalThis as { gc?: () => void }).gc?.();
// Load both codecs first (a small photo), so only the photo's own memory is measured.
await processImage(readFileSync(new URL("../fixtures/photos/board.jpg", import.meta.url)), 400);
const bytes = new Uint8Array(readFileSync(file));
collect();
const before = statusMiB("VmRSS");
writeFileSync("/proc/self/clear_refs", "5");
const out = await processImage(bytes, Number(maxHeight));
const peak = statusMiB("VmHWM") - before;
collect();
const retained = statusMiB("VmRSS") - before;
console.log(JSON.stringify({ peak, retained, width: out.width, height: out.height, bytes: out.data.byteLength }));
