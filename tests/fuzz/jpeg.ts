/**
 * The long fuzz pass of the JPEG decoder: `npm run fuzz` (5 minutes), `npm run fuzz -- --minutes 30`,
 * `npm run fuzz -- --runs 100000`, `npm run fuzz -- --seed 42` to repeat a pass. Every input that fails is
 * shrunk to its fewest mutations and kept in tests/fixtures/jpeg-fuzz/regressions/, which the short pass in
 * `npm test` replays. Besides the committed seeds, it mutates phone photos drawn by the tests' helper and
 * the two real photographs. See docs/decisions/0048-fuzzing-the-jpeg-decoder.md.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import fc from "fast-check";
import type { JpegScale } from "~/media/jpeg-scaled";
import { phoneJpeg } from "../http/pictures";
import { committedSeeds, type FuzzInput, fuzzInputs, keepRegression, type Seed } from "../support/jpeg-fuzz";

const { values } = parseArgs({
  options: { minutes: { type: "string" }, runs: { type: "string" }, seed: { type: "string" } },
});
const runs = values.runs ? Number(values.runs) : Number.POSITIVE_INFINITY;
const deadline = Date.now() + (values.runs && !values.minutes ? Number.POSITIVE_INFINITY : Number(values.minutes ?? 5) * 60_000);
let seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);

/** An input still decoding after this long is a hang: its thread is stopped and the input kept as it is. */
const HANG_MS = 20_000;

const seeds: Seed[] = [
  ...committedSeeds(),
  { name: "phone 640×480", bytes: phoneJpeg(640, 480) },
  { name: "photos/board.jpg", bytes: new Uint8Array(readFileSync("tests/fixtures/photos/board.jpg")) },
  { name: "photos/wide.jpg", bytes: new Uint8Array(readFileSync("tests/fixtures/photos/wide.jpg")) },
];

/** A decoding thread, its port, and the flag it raises when an answer waits on the port (one per thread: a stopped one cannot raise another's). */
function startWorker() {
  const channel = new MessageChannel();
  const done = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./jpeg-worker.ts", import.meta.url), {
    workerData: { port: channel.port2, done },
    transferList: [channel.port2],
  });
  worker.unref();
  return { worker, port: channel.port1, done };
}
let decoder = startWorker();

/** Decodes in the worker and waits for it synchronously, at most HANG_MS. */
function decodeInWorker(bytes: Uint8Array, scale: JpegScale): { outcome?: string; ms?: number; failure?: string } {
  const { worker, port, done } = decoder;
  Atomics.store(done, 0, 0);
  port.postMessage({ bytes, scale });
  if (Atomics.wait(done, 0, 0, HANG_MS) === "timed-out") {
    void worker.terminate();
    decoder = startWorker();
    return { failure: `still decoding after ${HANG_MS / 1000} s at 1/${scale}` };
  }
  const message = receiveMessageOnPort(port)?.message as { verdict?: { outcome: string; ms: number }; failure?: string };
  return message.failure ? { failure: message.failure } : { outcome: message.verdict?.outcome, ms: message.verdict?.ms };
}

let generated = 0;
let decodes = 0;
let decoded = 0;
let slowest = { ms: 0, seed: "" };
const kept: string[] = [];
const started = Date.now();
let shown = started;
console.log(`Fuzzing the JPEG decoder from ${seeds.length} seeds, seed ${seed}`);

while (Date.now() < deadline && generated < runs) {
  const property = fc.property(fuzzInputs(seeds), (input: FuzzInput) => {
    const result = decodeInWorker(input.bytes, input.scale);
    decodes++;
    if (Date.now() - shown > 10_000) {
      shown = Date.now();
      process.stdout.write(
        `\r${decodes} decodes in ${((shown - started) / 1000).toFixed(0)} s (${decoded} pictures, the rest refused)   `,
      );
    }
    if (result.failure) {
      // A hang is kept at once: shrinking it may take long.
      if (result.failure.startsWith("still decoding")) keepRegression(input.bytes, input.scale);
      throw new Error(result.failure);
    }
    if (result.outcome === "decoded") decoded++;
    if ((result.ms ?? 0) > slowest.ms) slowest = { ms: result.ms ?? 0, seed: input.seed };
  });
  const report = fc.check(property, {
    seed,
    numRuns: Math.min(runs - generated, 1_000_000_000),
    interruptAfterTimeLimit: Math.max(1, deadline - Date.now()),
  });
  generated += report.numRuns;
  if (report.failed && report.counterexample) {
    const [input] = report.counterexample;
    const file = keepRegression(input.bytes, input.scale);
    kept.push(file);
    const error = report.errorInstance instanceof Error ? report.errorInstance.message : String(report.errorInstance);
    console.log(`\nFAILED (seed ${seed}, path ${report.counterexamplePath}): ${error}`);
    console.log(`  from ${input.seed} at 1/${input.scale}, mutations ${JSON.stringify(input.mutations)}`);
    console.log(`  kept in ${file}`);
  }
  seed = (seed + 1) % 2 ** 31;
}

console.log(
  `\n${generated} inputs generated, ${decodes} decodes with shrinking (${decoded} pictures, the rest refused) in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
    `slowest ${slowest.ms.toFixed(0)} ms (from ${slowest.seed}); ${kept.length} failure(s) kept${kept.length ? `:\n${kept.join("\n")}` : ""}`,
);
await decoder.worker.terminate();
process.exit(kept.length ? 1 : 0);
