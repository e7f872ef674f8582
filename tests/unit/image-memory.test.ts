import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { IMAGE_HEIGHTS, MAX_PIXELS, MAX_PIXELS_WITHOUT_SCALING } from "~/media/image-rules";
import { encodePng } from "~/media/png";
import { phoneJpeg } from "../http/pictures";

/**
 * The image pipeline the Worker runs (processImage: the same module on both runtimes), measured in a
 * fresh process: a Worker isolate has 128 MB for everything, and wasm memory never shrinks, so a
 * photo's peak is also what the isolate keeps.
 */
const BOUND_MIB = { jpeg: 48, unscaled: 80 };

const run = promisify(execFile);
const dir = mkdtempSync(join(process.env.VITRINA_TEST_TMP ?? tmpdir(), "image-memory-"));

async function measure(bytes: Uint8Array, name: string) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  // tsx as a loader of this Node, not its command (which starts a second Node to run the file).
  const { stdout } = await run(process.execPath, [
    "--expose-gc",
    "--import",
    "tsx",
    "tests/support/measure-image.ts",
    file,
    String(IMAGE_HEIGHTS.banner),
  ]);
  const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { peak: number; retained: number; height: number };
  console.log(`${name}: peak ${result.peak.toFixed(1)} MiB, kept ${result.retained.toFixed(1)} MiB`);
  return result;
}

const PHOTOS = [
  [2448, 1632],
  [3464, 2309],
  [4000, 3000],
  [6000, 4000],
] as const;

describe("memory of one photo through the image pipeline", () => {
  for (const [width, height] of PHOTOS) {
    const megapixels = Math.round((width * height) / 1e6);
    it(`a ${megapixels} MP phone photo peaks under ${BOUND_MIB.jpeg} MiB`, async () => {
      const result = await measure(phoneJpeg(width, height), `${megapixels}mp.jpg`);
      expect(result.height).toBe(IMAGE_HEIGHTS.banner);
      expect(result.peak).toBeLessThan(BOUND_MIB.jpeg);
      expect(result.retained).toBeLessThan(BOUND_MIB.jpeg);
    }, 60_000);
  }

  it("the 24 MP limit is the largest photo tested", () => {
    expect(Math.max(...PHOTOS.map(([width, height]) => width * height))).toBe(MAX_PIXELS);
  });

  it(`a PNG at the cap for pictures decoded whole (${MAX_PIXELS_WITHOUT_SCALING / 1e6} MP) peaks under ${BOUND_MIB.unscaled} MiB`, async () => {
    const width = 2000;
    const height = MAX_PIXELS_WITHOUT_SCALING / width;
    const rgba = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        rgba[i] = x & 255;
        rgba[i + 1] = y & 255;
        rgba[i + 2] = ((x ^ y) >> 3) & 255;
        rgba[i + 3] = 255;
      }
    const result = await measure(encodePng(rgba, width, height), "cap.png");
    expect(result.peak).toBeLessThan(BOUND_MIB.unscaled);
  }, 60_000);
});
