/**
 * Fuzzing of the JPEG decoder (app/media/jpeg-scaled.ts), shared by the short pass in `npm test`
 * (tests/unit/jpeg-fuzz.test.ts) and the long one of `npm run fuzz` (tests/fuzz/jpeg.ts).
 * See docs/decisions/0048-fuzzing-the-jpeg-decoder.md.
 *
 * Inputs are real JPEGs (the seeds) changed by a few mutations of the kinds that break parsers: bit flips,
 * bytes set to edge values, truncation, inserted or deleted bytes, segment lengths and header fields
 * tampered with, segments dropped, repeated or spliced in from another seed. fast-check generates and
 * shrinks them, so a failure is reported as the fewest mutations that still fail.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fc from "fast-check";
import { isJpegRestartMarker, readImageSize } from "~/media/image-rules";
import { CorruptJpegError, decodeJpegScaled, type JpegScale, scaledSize, UnsupportedJpegError } from "~/media/jpeg-scaled";

const FUZZ_DIR = resolve("tests/fixtures/jpeg-fuzz");
const REGRESSIONS_DIR = join(FUZZ_DIR, "regressions");

export interface Seed {
  name: string;
  bytes: Uint8Array;
}

function jpegsIn(folder: string): Seed[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".jpg"))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(folder, name))) }));
}

/** The small seeds: every kind the decoder reads or refuses, phone layouts, attack shapes. */
export function seeds(): Seed[] {
  return jpegsIn(join(FUZZ_DIR, "seeds"));
}

/**
 * The small seeds and the decoder's fixtures (270 × 179, slower to decode at full size). Not the kept failures: several
 * declare pictures tens of thousands of pixels long, within the limits at 1/4 or 1/8 but a second each to decode,
 * which would take most of a long pass's time.
 */
export function committedSeeds(): Seed[] {
  return [...jpegsIn(resolve("tests/fixtures/jpeg")), ...seeds()];
}

/** Every input that ever failed, with the scale it failed at (its name ends in -1of4 for 1/4). */
export function regressions(): (Seed & { scale: JpegScale })[] {
  return jpegsIn(REGRESSIONS_DIR).map((seed) => ({
    ...seed,
    scale: Number(/-1of(\d)\.jpg$/.exec(seed.name)?.[1] ?? 1) as JpegScale,
  }));
}

/** Keeps an input that failed at `scale`, named by its content and that scale, so every later pass replays it. Returns its path. */
export function keepRegression(bytes: Uint8Array, scale: JpegScale): string {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const file = join(REGRESSIONS_DIR, `${hash}-1of${scale}.jpg`);
  writeFileSync(file, bytes);
  return file;
}

interface Segment {
  at: number;
  marker: number;
  /** Just past the segment, entropy-coded data included for a scan. */
  end: number;
}

/** The marker segments after SOI, as a lenient reader finds them (for mutations, not decoding). */
export function segments(b: Uint8Array): Segment[] {
  const found: Segment[] = [];
  let pos = 2;
  while (pos + 3 < b.length) {
    if (b[pos] !== 0xff || b[pos + 1] === 0xff) {
      pos++;
      continue;
    }
    const marker = b[pos + 1] as number;
    if (marker === 0xd9 || marker === 0xd8 || marker === 0x01 || marker === 0 || isJpegRestartMarker(marker)) {
      found.push({ at: pos, marker, end: pos + 2 });
      pos += 2;
      continue;
    }
    let end = Math.min(b.length, pos + 2 + (((b[pos + 2] as number) << 8) | (b[pos + 3] as number)));
    if (marker === 0xda)
      while (end + 1 < b.length && !(b[end] === 0xff && b[end + 1] !== 0 && !isJpegRestartMarker(b[end + 1] as number))) end++;
    found.push({ at: pos, marker, end });
    pos = end;
  }
  return found;
}

/** The size the first frame header declares, if any. */
function declaredSize(b: Uint8Array): { width: number; height: number } | undefined {
  const frame = segments(b).find((s) => s.marker >= 0xc0 && s.marker <= 0xc2);
  if (!frame || frame.at + 9 > b.length) return undefined;
  return {
    height: ((b[frame.at + 5] as number) << 8) | (b[frame.at + 6] as number),
    width: ((b[frame.at + 7] as number) << 8) | (b[frame.at + 8] as number),
  };
}

const EDGE_BYTES = [
  0, 1, 2, 3, 4, 7, 8, 15, 16, 0x11, 0x12, 0x22, 0x3f, 0x40, 0x41, 0x7f, 0x80, 0xc0, 0xc2, 0xd8, 0xd9, 0xda, 0xfe, 0xff,
];
const EDGE_WORDS = [0, 1, 2, 3, 7, 8, 9, 16, 17, 64, 255, 256, 1199, 4000, 6000, 8191, 0x7fff, 0x8000, 0xfffe, 0xffff];

/** One change to the bytes. Positions and segment indexes are taken modulo what the input has when applied. */
type Mutation =
  | { op: "flip"; at: number; bit: number }
  | { op: "set"; at: number; value: number }
  | { op: "truncate"; at: number }
  | { op: "insert"; at: number; bytes: number[] }
  | { op: "delete"; at: number; count: number }
  /** A segment's length field. */
  | { op: "length"; segment: number; value: number }
  /** A byte or a 16-bit word inside a segment's header (sizes, sampling, table ids, spectral selection). */
  | { op: "field"; segment: number; offset: number; value: number; wide: boolean }
  | { op: "drop"; segment: number }
  | { op: "repeat"; segment: number; times: number }
  /** A segment of another seed inserted before one of this input's. */
  | { op: "splice"; segment: number; donor: number; donorSegment: number };

const position = fc.nat({ max: 0x7fffffff });
const byteValue = fc.oneof(fc.constantFrom(...EDGE_BYTES), fc.integer({ min: 0, max: 255 }));
const wordValue = fc.oneof(fc.constantFrom(...EDGE_WORDS), fc.integer({ min: 0, max: 0xffff }));

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("flip" as const), at: position, bit: fc.integer({ min: 0, max: 7 }) }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant("set" as const), at: position, value: byteValue }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant("truncate" as const), at: position }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant("insert" as const),
      at: position,
      bytes: fc.array(byteValue, { minLength: 1, maxLength: 8 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ op: fc.constant("delete" as const), at: position, count: fc.integer({ min: 1, max: 16 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ op: fc.constant("length" as const), segment: position, value: wordValue }), weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant("field" as const),
      segment: position,
      offset: fc.integer({ min: 4, max: 24 }),
      value: wordValue,
      wide: fc.boolean(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant("drop" as const), segment: position }), weight: 1 },
  {
    arbitrary: fc.record({ op: fc.constant("repeat" as const), segment: position, times: fc.integer({ min: 1, max: 40 }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ op: fc.constant("splice" as const), segment: position, donor: position, donorSegment: position }),
    weight: 2,
  },
);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function apply(bytes: Uint8Array, m: Mutation, seeds: readonly Seed[]): Uint8Array {
  if (bytes.length === 0) return bytes;
  const at = "at" in m ? m.at % bytes.length : 0;
  switch (m.op) {
    case "flip": {
      const out = bytes.slice();
      out[at] = (out[at] as number) ^ (1 << m.bit);
      return out;
    }
    case "set": {
      const out = bytes.slice();
      out[at] = m.value;
      return out;
    }
    case "truncate":
      return bytes.slice(0, at);
    case "insert":
      return concat(bytes.subarray(0, at), Uint8Array.from(m.bytes), bytes.subarray(at));
    case "delete":
      return concat(bytes.subarray(0, at), bytes.subarray(at + m.count));
  }
  const list = segments(bytes);
  const segment = list[m.segment % Math.max(1, list.length)];
  if (!segment) return bytes;
  switch (m.op) {
    case "length":
    case "field": {
      const out = bytes.slice();
      const offset = m.op === "length" ? 2 : m.offset;
      const wide = m.op === "length" || m.wide;
      const where = segment.at + offset;
      if (where + (wide ? 1 : 0) >= Math.min(out.length, m.op === "length" ? out.length : segment.end)) return bytes;
      if (wide) {
        out[where] = m.value >> 8;
        out[where + 1] = m.value & 255;
      } else out[where] = m.value & 255;
      return out;
    }
    case "drop":
      return concat(bytes.subarray(0, segment.at), bytes.subarray(segment.end));
    case "repeat": {
      const copy = bytes.subarray(segment.at, segment.end);
      return concat(bytes.subarray(0, segment.end), ...Array.from({ length: m.times }, () => copy), bytes.subarray(segment.end));
    }
    case "splice": {
      const donor = seeds[m.donor % seeds.length] as Seed;
      const donorSegments = segments(donor.bytes);
      const taken = donorSegments[m.donorSegment % Math.max(1, donorSegments.length)];
      if (!taken) return bytes;
      return concat(bytes.subarray(0, segment.at), donor.bytes.subarray(taken.at, taken.end), bytes.subarray(segment.at));
    }
  }
}

/** The input a failure report describes: its seed's bytes with its mutations applied (`seeds` as the run had them, for splices). */
function mutated(bytes: Uint8Array, mutations: readonly Mutation[], seeds: readonly Seed[]): Uint8Array {
  return mutations.reduce((b, m) => apply(b, m, seeds), bytes);
}

export interface FuzzInput {
  seed: string;
  mutations: Mutation[];
  scale: JpegScale;
  bytes: Uint8Array;
}

/** A seed with 0 to `maxMutations` mutations, decoded at any of the four scales. */
export function fuzzInputs(seeds: readonly Seed[], maxMutations = 6): fc.Arbitrary<FuzzInput> {
  return fc
    .record({
      seed: fc.integer({ min: 0, max: seeds.length - 1 }),
      mutations: fc.array(mutation, { maxLength: maxMutations }),
      scale: fc.constantFrom<JpegScale>(1, 2, 4, 8),
    })
    .map(({ seed, mutations, scale }) => {
      const from = seeds[seed] as Seed;
      const bytes = mutated(from.bytes, mutations, seeds);
      return { seed: from.name, mutations, scale, bytes };
    });
}

/** Nanoseconds a declared pixel may cost at each scale: several times what real photos take (docs/decisions/0048). */
const NS_PER_PIXEL: Record<JpegScale, number> = { 1: 3000, 2: 1000, 4: 600, 8: 400 };

/**
 * Time any input may take: a fixed allowance plus a generous cost per pixel its frame header declares. More is
 * work out of proportion to the picture (a hang by another name), such as a scan repeated over and over.
 */
function timeBoundMs(bytes: Uint8Array, scale: JpegScale): number {
  const size = declaredSize(bytes);
  return 500 + (size ? (size.width * size.height * NS_PER_PIXEL[scale]) / 1e6 : 0);
}

/** Memory one decode may add: the 48 MiB the whole pipeline is held to for a photo (docs/decisions/0016). */
const MEMORY_BOUND_BYTES = 48 * 1024 * 1024;

/** A field of /proc/self/status in bytes (Linux, where CI and the developers run). */
function statusBytes(field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync("/proc/self/status", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, "") ?? Number.NaN) * 1024;
}

export interface Verdict {
  outcome: "decoded" | "refused";
  ms: number;
  /** The process's peak resident memory during the decode over what it had before (as tests/support/measure-image.ts measures). */
  peakBytes: number;
}

/**
 * The oracle. A decode must end in a picture of the declared size (after EXIF orientation) or in the module's own
 * refusal (UnsupportedJpegError, CorruptJpegError), within the time and memory bounds; anything else throws, saying why.
 * `timeSlack` widens the time bound where other work shares the cores (the suite's two lanes).
 */
export function judge(bytes: Uint8Array, scale: JpegScale, { timeSlack = 1 } = {}): Verdict {
  const before = statusBytes("VmRSS");
  // Resets the high-water mark of resident memory to what the process has now.
  writeFileSync("/proc/self/clear_refs", "5");
  const started = performance.now();
  let outcome: Verdict["outcome"] = "refused";
  let size: { width: number; height: number } | undefined;
  try {
    const image = decodeJpegScaled(bytes, scale);
    outcome = "decoded";
    size = { width: image.width, height: image.height };
    if (image.rgba.length !== image.width * image.height * 4)
      throw new Error(`${image.rgba.length} bytes of pixels for ${image.width}×${image.height}`);
  } catch (error) {
    if (!(error instanceof UnsupportedJpegError || error instanceof CorruptJpegError)) {
      const crash = new Error(`crashed at 1/${scale}: ${String(error)}`);
      crash.cause = error;
      throw crash;
    }
  }
  const ms = performance.now() - started;
  const peakBytes = statusBytes("VmHWM") - before;
  // The size the upload check read, which chose the scale and held the picture to the pixel limits: the decoder must
  // produce that picture, not another frame. A file it reads no size from is never decoded in the app.
  const declared = readImageSize(bytes, "jpeg");
  if (size && declared) {
    const expected = scaledSize(declared.width, declared.height, scale);
    const sane =
      (size.width === expected.width && size.height === expected.height) ||
      (size.width === expected.height && size.height === expected.width);
    if (!sane)
      throw new Error(
        `decoded ${size.width}×${size.height} at 1/${scale}, the upload check read ${declared.width}×${declared.height}`,
      );
  }
  const bound = timeBoundMs(bytes, scale) * timeSlack;
  if (ms > bound) throw new Error(`took ${ms.toFixed(0)} ms at 1/${scale} (bound ${bound.toFixed(0)} ms)`);
  if (peakBytes > MEMORY_BOUND_BYTES)
    throw new Error(`peaked ${(peakBytes / 2 ** 20).toFixed(1)} MiB over its start at 1/${scale}`);
  return { outcome, ms, peakBytes };
}
