import { readFileSync } from "node:fs";
import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it } from "vitest";
import { checkImageUpload, MEDIA_MESSAGES } from "~/media/image-rules";
import {
  CorruptJpegError,
  decodeJpegScaled,
  type JpegScale,
  jpegScaleFor,
  orient,
  UnsupportedJpegError,
} from "~/media/jpeg-scaled";
import { segments } from "../support/jpeg-fuzz";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));

/** The whole picture as photon (the Rust `image` crate) decodes it: the reference. */
function reference(bytes: Uint8Array) {
  const image = PhotonImage.new_from_byteslice(bytes);
  try {
    return { width: image.get_width(), height: image.get_height(), rgba: image.get_raw_pixels() };
  } finally {
    image.free();
  }
}

/** Mean absolute difference per channel between `got` and the reference averaged over scale × scale boxes. */
function meanDifference(
  got: { width: number; height: number; rgba: Uint8Array },
  ref: ReturnType<typeof reference>,
  scale: number,
) {
  let sum = 0;
  let count = 0;
  const width = Math.floor(ref.width / scale);
  const height = Math.floor(ref.height / scale);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        let box = 0;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) box += ref.rgba[((y * scale + dy) * ref.width + x * scale + dx) * 4 + c] as number;
        sum += Math.abs(box / (scale * scale) - (got.rgba[(y * got.width + x) * 4 + c] as number));
        count++;
      }
  return sum / count;
}

const KINDS = [
  "jpeg/ycc420.jpg",
  "jpeg/ycc422.jpg",
  "jpeg/ycc444-restart.jpg",
  "jpeg/grey.jpg",
  "jpeg/rgb.jpg",
  "jpeg/progressive420-restart.jpg",
  "jpeg/progressive-grey.jpg",
  "photos/board.jpg",
  "photos/wide.jpg",
];

const SUBSAMPLED = ["jpeg/ycc420.jpg", "jpeg/ycc422.jpg", "jpeg/progressive420-restart.jpg", "photos/board.jpg"];

describe("JPEG decoded at a reduced scale", () => {
  for (const name of KINDS) {
    it(`${name}: the whole picture matches the reference decoder, and 1/2, 1/4, 1/8 match its average`, () => {
      const bytes = fixture(name);
      const ref = reference(bytes);
      const whole = decodeJpegScaled(bytes, 1);
      expect([whole.width, whole.height]).toEqual([ref.width, ref.height]);
      // Identical up to rounding, except where chroma is subsampled: the reference smooths it when
      // upsampling, this decoder repeats it (it is only ever used to shrink further).
      expect(meanDifference(whole, ref, 1)).toBeLessThan(SUBSAMPLED.includes(name) ? 3.5 : 0.1);
      for (const scale of [2, 4, 8] as JpegScale[]) {
        const scaled = decodeJpegScaled(bytes, scale);
        expect([scaled.width, scaled.height]).toEqual([Math.ceil(ref.width / scale), Math.ceil(ref.height / scale)]);
        // 1/8 is each block's mean; 1/2 and 1/4 keep fewer of the highest frequencies than a box average does.
        expect(meanDifference(scaled, ref, scale)).toBeLessThan(scale === 8 ? 2 : 5.5);
      }
    });
  }

  it("refuses kinds it does not read, so the pipeline can fall back (arithmetic coding)", () => {
    expect(() => decodeJpegScaled(fixture("jpeg/arithmetic.jpg"), 2)).toThrow(UnsupportedJpegError);
  });

  it("a damaged file is an error, never a hang", () => {
    const bytes = fixture("jpeg/ycc420.jpg");
    const garbage = bytes.slice();
    for (let i = 700; i < garbage.length - 2; i += 3) garbage[i] = 0xff;
    expect(() => decodeJpegScaled(garbage, 2)).toThrow();
    expect(() => decodeJpegScaled(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 1)).toThrow();
    // A truncated photo decodes what it has (grey below), as browsers show it.
    const truncated = decodeJpegScaled(bytes.subarray(0, Math.floor(bytes.length / 2)), 2);
    expect(truncated.width).toBe(135);
  });

  it("refuses a progressive scan past the 64th coefficient, as libjpeg does, instead of crashing", () => {
    const bytes = fixture("jpeg/progressive420-restart.jpg");
    // An AC refinement scan of one component: Ns, Cs, tables, then Ss, Se, Ah/Al.
    const refinement = segments(bytes).find(
      (s) => s.marker === 0xda && bytes[s.at + 7] !== 0 && (bytes[s.at + 9] as number) >> 4,
    );
    if (!refinement) throw new Error("no AC refinement scan in the fixture");
    bytes[refinement.at + 8] = 0x80;
    for (const scale of [1, 2, 4, 8] as JpegScale[]) expect(() => decodeJpegScaled(bytes, scale)).toThrow(CorruptJpegError);
  });

  it("refuses a frame over the pixel limits before making its planes", () => {
    const big = fixture("jpeg-fuzz/seeds/declares-6001x4000.jpg");
    for (const scale of [1, 2, 4, 8] as JpegScale[]) expect(() => decodeJpegScaled(big, scale)).toThrow(CorruptJpegError);
    // 6000 × 4000 is within the upload limit, but not at full size.
    const frame = segments(big).find((s) => s.marker === 0xc0)?.at ?? 0;
    big[frame + 8] = 0x70;
    expect(() => decodeJpegScaled(big, 1)).toThrow(CorruptJpegError);
  });

  it("reads the frame the upload check read: fill bytes, FF 00 and FF D8 between segments have no length to either", () => {
    // FF FF 00 04 was a 4-byte segment to the upload check, then a small picture's segments; the decoder read the first
    // FF as fill, then FF 00 as a segment of 0x0400 bytes ending where a 6000 × 4000 frame's segments start. Both now
    // skip FF 00; the bytes after it are not a marker, which the upload check refuses.
    const hidden = fixture("jpeg-fuzz/seeds/fill-byte-hides-a-frame.jpg");
    expect(() => checkImageUpload(hidden)).toThrow(MEDIA_MESSAGES.format.defaultMessage);
    expect(decodeJpegScaled(hidden, 1)).toMatchObject({ width: 41, height: 29 });
    const small = fixture("jpeg-fuzz/seeds/baseline-420.jpg");
    const twoStarts = new Uint8Array([...small.subarray(0, 2), 0xff, 0xd8, ...small.subarray(2)]);
    expect(checkImageUpload(twoStarts)).toMatchObject({ width: 41, height: 29 });
    expect(decodeJpegScaled(twoStarts, 1)).toMatchObject({ width: 41, height: 29 });
    // FF FF C0 00 was a segment of 0xC000 bytes to the upload check, which found the small frame after it; to the decoder
    // it is a fill byte, then the frame header of a 3999 × 1000 picture.
    const wide = small.slice();
    const frame = segments(wide).find((s) => s.marker === 0xc0) ?? { at: 0, end: 0 };
    new DataView(wide.buffer).setUint32(frame.at + 5, (1000 << 16) | 3999);
    const fill = new Uint8Array(4 + 0xc000 + small.length - 2);
    fill.set([
      0xff,
      0xd8,
      0xff,
      ...wide.subarray(frame.at, frame.end),
      ...wide.subarray(2, frame.at),
      ...wide.subarray(frame.end),
    ]);
    fill.set(small.subarray(2), 4 + 0xc000);
    expect(checkImageUpload(fill)).toMatchObject({ width: 3999, height: 1000 });
    expect(decodeJpegScaled(fill, 8)).toMatchObject({ width: 500, height: 125 });
  });

  it("refuses a scan repeated over the picture: a baseline component scanned twice, progressive scans past 100", () => {
    const baseline = fixture("jpeg/ycc420.jpg");
    const scan = segments(baseline).find((s) => s.marker === 0xda);
    if (!scan) throw new Error("no scan in the fixture");
    const twice = new Uint8Array([...baseline.subarray(0, scan.end), ...baseline.subarray(scan.at)]);
    expect(() => decodeJpegScaled(twice, 8)).toThrow(CorruptJpegError);

    const progressive = fixture("jpeg/progressive420-restart.jpg");
    const scans = segments(progressive).filter((s) => s.marker === 0xda);
    expect(scans.length).toBe(10);
    const last = scans.at(-1)?.end ?? 0;
    // Three components, then Ss, Se, Ah/Al: Ah is not 0 (refinement bits need no Huffman table, which later scans redefine).
    const dcRefinement = scans.find((s) => progressive[s.at + 4] === 3 && (progressive[s.at + 13] as number) >> 4 !== 0);
    const copies = Array.from({ length: 91 }, () => progressive.subarray(dcRefinement?.at, dcRefinement?.end));
    const many = new Uint8Array([
      ...progressive.subarray(0, last),
      ...copies.flatMap((c) => [...c]),
      ...progressive.subarray(last),
    ]);
    expect(() => decodeJpegScaled(many, 8)).toThrow(CorruptJpegError);
    // 100 scans are still read.
    const hundred = new Uint8Array([
      ...progressive.subarray(0, last),
      ...copies.slice(1).flatMap((c) => [...c]),
      ...progressive.subarray(last),
    ]);
    expect(decodeJpegScaled(hundred, 8).width).toBe(34);
  });

  it("a file of Huffman table segments costs little more than reading them (each table is built when a scan uses it)", () => {
    const small = fixture("jpeg-fuzz/seeds/baseline-420.jpg");
    // A minimal DHT segment (DC table 0, one code of length 1), 100,000 times: 2 MB, which took 5.8 s.
    const dht = [0xff, 0xc4, 0, 20, 0, 1, ...new Array<number>(15).fill(0), 0];
    const flood = new Uint8Array(small.length + 100_000 * dht.length);
    flood.set(small.subarray(0, 2));
    for (let i = 0; i < 100_000; i++) flood.set(dht, 2 + i * dht.length);
    flood.set(small.subarray(2), 2 + 100_000 * dht.length);
    const started = performance.now();
    expect(decodeJpegScaled(flood, 8).width).toBe(6);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("applies the EXIF orientation phones write instead of turning the pixels", () => {
    const bytes = fixture("jpeg/ycc444-restart.jpg");
    const upright = decodeJpegScaled(bytes, 2);
    const rotated = decodeJpegScaled(withOrientation(bytes, 6), 2);
    expect([rotated.width, rotated.height]).toEqual([upright.height, upright.width]);
    // Orientation 6: the stored top-left pixel is shown at the top right.
    const pixel = (img: typeof upright, x: number, y: number) =>
      Array.from(img.rgba.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
    expect(pixel(rotated, rotated.width - 1, 0)).toEqual(pixel(upright, 0, 0));
    expect(pixel(rotated, 0, rotated.height - 1)).toEqual(pixel(upright, upright.width - 1, upright.height - 1));
  });

  it("orient: all eight orientations keep every pixel", () => {
    const image = { width: 3, height: 2, rgba: new Uint8Array(Uint32Array.from([1, 2, 3, 4, 5, 6]).buffer) };
    const values = (o: number) => {
      const out = orient({ ...image, rgba: image.rgba.slice() }, o);
      return [out.width, out.height, ...new Uint32Array(out.rgba.buffer)];
    };
    expect(values(1)).toEqual([3, 2, 1, 2, 3, 4, 5, 6]);
    expect(values(2)).toEqual([3, 2, 3, 2, 1, 6, 5, 4]);
    expect(values(3)).toEqual([3, 2, 6, 5, 4, 3, 2, 1]);
    expect(values(4)).toEqual([3, 2, 4, 5, 6, 1, 2, 3]);
    expect(values(5)).toEqual([2, 3, 1, 4, 2, 5, 3, 6]);
    expect(values(6)).toEqual([2, 3, 4, 1, 5, 2, 6, 3]);
    expect(values(7)).toEqual([2, 3, 6, 3, 5, 2, 4, 1]);
    expect(values(8)).toEqual([2, 3, 3, 6, 2, 5, 1, 4]);
  });

  it("picks the largest reduction that keeps the short side at the target or more", () => {
    expect(jpegScaleFor(3000, 600)).toBe(4);
    expect(jpegScaleFor(4000, 600)).toBe(4);
    expect(jpegScaleFor(4800, 600)).toBe(8);
    expect(jpegScaleFor(2309, 600)).toBe(2);
    expect(jpegScaleFor(1199, 600)).toBe(1);
    expect(jpegScaleFor(3000, 400)).toBe(4);
    expect(jpegScaleFor(3200, 400)).toBe(8);
  });
});

/** The JPEG with an EXIF APP1 segment (big-endian TIFF, one IFD entry: Orientation) after SOI. */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const segment = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255, ...body];
  return new Uint8Array([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)]);
}
