/**
 * A JPEG decoder that produces the picture directly at 1/1, 1/2, 1/4 or 1/8 of its size, the way
 * libjpeg's "DCT scaling" does: each 8×8 block is turned into N×N pixels (N = 8 / scale) by an N-point
 * inverse DCT of its N×N lowest frequencies. A 12-megapixel phone photo needed for a 600-px picture is
 * decoded as 1000×750 pixels; the full-size pixels never exist in memory.
 *
 * Memory: sequential (baseline) JPEGs decode block by block into the scaled planes. Progressive JPEGs
 * keep, per block, only the coefficients the scaled transform reads plus one bit per other
 * coefficient (whether it is non-zero, which later refinement scans need): 16 bytes a luma block at 1/4.
 * See docs/decisions/0016-photos-decoded-at-reduced-scale.md.
 *
 * Supported: 8-bit Huffman-coded sequential and progressive JPEGs with 1 or 3 components (grey, YCbCr,
 * Adobe RGB), any sampling factors, restart intervals, EXIF orientation. Anything else (arithmetic
 * coding, 12-bit, lossless, CMYK) raises UnsupportedJpegError so the caller can decide.
 */
import { ascii, isJpegFrameMarker, isJpegRestartMarker, MAX_DECODED_PIXELS, MAX_PIXELS, tiffTags } from "./image-rules";

export type JpegScale = 1 | 2 | 4 | 8;

export interface ScaledJpeg {
  /** Width and height after scaling and orientation. */
  width: number;
  height: number;
  rgba: Uint8Array;
}

export class UnsupportedJpegError extends Error {
  override name = "UnsupportedJpegError";
}

/**
 * Each scan is a pass over every block of its components: more scans than any encoder writes (libjpeg's progressive
 * JPEGs have 10) would be a picture's work over and over from a few bytes each.
 */
const MAX_SCANS = 100;

/** Zig-zag position → natural (row-major) index in the 8×8 block. */
const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42,
  49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/**
 * The largest reduction that still leaves at least `minHeight` pixels on a side of `side` pixels (the
 * caller resizes the rest); it passes the short side, since EXIF orientation may turn either into rows.
 */
export function jpegScaleFor(side: number, minHeight: number): JpegScale {
  for (const scale of [8, 4, 2] as const) if (Math.floor(side / scale) >= minHeight) return scale;
  return 1;
}

/** Width × height the decoder will produce for a scale (before orientation). */
export function scaledSize(width: number, height: number, scale: JpegScale) {
  return { width: Math.ceil(width / scale), height: Math.ceil(height / scale) };
}

interface Component {
  id: number;
  h: number;
  v: number;
  quantTable: number;
  blocksPerLine: number;
  blocksPerColumn: number;
  /** Blocks per line and column rounded up to whole MCUs (interleaved scans cover them). */
  paddedPerLine: number;
  paddedPerColumn: number;
  /** Pixels each 8×8 block becomes, across and down: N, or more for subsampled chroma (up to 8). */
  nx: number;
  ny: number;
  basisX: Float64Array;
  basisY: Float64Array;
  gain: number;
  /** Natural index → position among the kept ny×nx coefficients, or -1. */
  keptIndex: Int8Array;
  plane: Uint8Array;
  planeWidth: number;
  dcTable: Uint32Array | undefined;
  acTable: Uint32Array | undefined;
  predictor: number;
  /** Progressive only: the kept N×N coefficients of every block, and one non-zero bit per coefficient. */
  kept: Int16Array | undefined;
  nonZero: Uint8Array | undefined;
}

interface Frame {
  progressive: boolean;
  width: number;
  height: number;
  components: Component[];
  maxH: number;
  maxV: number;
  mcusPerLine: number;
  mcusPerColumn: number;
}

/** A file this decoder cannot make sense of: a refusal, like UnsupportedJpegError, but with nothing to fall back on. */
export class CorruptJpegError extends Error {
  override name = "CorruptJpegError";
}

/** Reads Huffman-coded bits, un-stuffing 0xFF00 and stopping (feeding zeros) at a marker. */
class BitReader {
  buffer = 0;
  count = 0;
  atMarker = false;
  constructor(
    readonly data: Uint8Array,
    public pos: number,
  ) {}

  private fill() {
    const data = this.data;
    while (this.count <= 24) {
      let byte = 0;
      if (!this.atMarker && this.pos < data.length) {
        byte = data[this.pos] as number;
        if (byte === 0xff) {
          if (data[this.pos + 1] === 0) this.pos += 2;
          else {
            this.atMarker = true;
            byte = 0;
          }
        } else this.pos++;
      }
      this.buffer = ((this.buffer << 8) | byte) >>> 0;
      this.count += 8;
    }
  }

  bits(n: number): number {
    if (n === 0) return 0;
    if (this.count < n) this.fill();
    this.count -= n;
    return (this.buffer >>> this.count) & ((1 << n) - 1);
  }

  /** A value of `n` bits read as the signed coefficient JPEG's "EXTEND" procedure defines. */
  signed(n: number): number {
    if (n === 0) return 0;
    const value = this.bits(n);
    return value < 1 << (n - 1) ? value - (1 << n) + 1 : value;
  }

  symbol(table: Uint32Array | undefined): number {
    if (!table) throw new CorruptJpegError("scan uses an undefined Huffman table");
    if (this.count < 16) this.fill();
    const entry = table[(this.buffer >>> (this.count - 16)) & 0xffff] as number;
    if (entry === 0) throw new CorruptJpegError("invalid Huffman code");
    this.count -= entry >>> 8;
    return entry & 0xff;
  }

  /** Skips to just after the next RSTn marker (restart intervals). */
  restart() {
    this.buffer = 0;
    this.count = 0;
    this.atMarker = false;
    const data = this.data;
    while (this.pos + 1 < data.length) {
      const next = data[this.pos + 1] as number;
      if (data[this.pos] === 0xff && isJpegRestartMarker(next)) {
        this.pos += 2;
        return;
      }
      this.pos++;
    }
  }
}

/** A DHT table as read; its lookup is built when a scan first uses it (a table nothing uses costs nothing). */
interface HuffmanSpec {
  counts: Uint8Array;
  symbols: Uint8Array;
  table?: Uint32Array;
}

function codeLookup(spec: HuffmanSpec | undefined): Uint32Array | undefined {
  if (spec) spec.table ??= buildHuffmanTable(spec.counts, spec.symbols);
  return spec?.table;
}

/** A 16-bit lookup: the next 16 bits of the stream → (code length << 8) | symbol. */
function buildHuffmanTable(counts: Uint8Array, symbols: Uint8Array): Uint32Array {
  const table = new Uint32Array(65536);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < (counts[length - 1] as number); i++) {
      if (code >= 1 << length) throw new CorruptJpegError("bad Huffman table");
      const shift = 16 - length;
      table.fill((length << 8) | (symbols[k++] as number), code << shift, (code + 1) << shift);
      code++;
    }
    code <<= 1;
  }
  return table;
}

/** N-point inverse DCT basis, orthonormal: basis[x * N + u] (the reduced transforms of IJG's libjpeg 7+). */
function idctBasis(n: number): Float64Array {
  const basis = new Float64Array(n * n);
  for (let x = 0; x < n; x++)
    for (let u = 0; u < n; u++)
      basis[x * n + u] = (u === 0 ? Math.sqrt(1 / n) : Math.sqrt(2 / n)) * Math.cos(((2 * x + 1) * u * Math.PI) / (2 * n));
  return basis;
}

export function decodeJpegScaled(data: Uint8Array, scale: JpegScale): ScaledJpeg {
  const n = 8 / scale;

  const quantTables: Uint16Array[] = [];
  const dcTables: HuffmanSpec[] = [];
  const acTables: HuffmanSpec[] = [];
  let frame: Frame | undefined;
  let restartInterval = 0;
  let adobeTransform: number | undefined;
  let orientation = 1;
  let eobRun = 0;
  let scans = 0;
  /** Sequential frames only: each component is in one scan. */
  const scanned = new Set<Component>();
  const coefficients = new Float64Array(64);
  const rows = new Float64Array(64);

  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // Header fields past the end of the file read as 0, like missing bytes of the entropy-coded data.
  const byteAt = (at: number) => data[at] ?? 0;
  const u16 = (at: number) => (byteAt(at) << 8) | byteAt(at + 1);

  /** Writes the ny×nx pixels of one block (its dequantized low coefficients) into the component's plane. */
  function writeBlock(component: Component, blockRow: number, blockCol: number, input: Float64Array) {
    const { nx, ny, basisX, basisY, gain, plane, planeWidth } = component;
    for (let v = 0; v < ny; v++)
      for (let x = 0; x < nx; x++) {
        let sum = 0;
        for (let u = 0; u < nx; u++) sum += (basisX[x * nx + u] as number) * (input[v * nx + u] as number);
        rows[v * nx + x] = sum;
      }
    for (let y = 0; y < ny; y++) {
      const rowStart = (blockRow * ny + y) * planeWidth + blockCol * nx;
      for (let x = 0; x < nx; x++) {
        let sum = 0;
        for (let v = 0; v < ny; v++) sum += (basisY[y * ny + v] as number) * (rows[v * nx + x] as number);
        plane[rowStart + x] = clamp(sum * gain + 128);
      }
    }
  }

  function quantOf(component: Component): Uint16Array {
    const table = quantTables[component.quantTable];
    if (!table) throw new CorruptJpegError("undefined quantization table");
    return table;
  }

  function decodeSequentialBlock(reader: BitReader, component: Component, blockRow: number, blockCol: number) {
    const quant = quantOf(component);
    coefficients.fill(0);
    const dcSize = reader.symbol(component.dcTable);
    component.predictor += reader.signed(dcSize);
    coefficients[0] = component.predictor * (quant[0] as number);
    for (let k = 1; k < 64; ) {
      const rs = reader.symbol(component.acTable);
      const size = rs & 15;
      const run = rs >> 4;
      if (size === 0) {
        if (run < 15) break;
        k += 16;
        continue;
      }
      k += run;
      if (k > 63) break;
      const z = ZIGZAG[k] as number;
      const value = reader.signed(size);
      const at = component.keptIndex[z] as number;
      if (at >= 0) coefficients[at] = value * (quant[z] as number);
      k++;
    }
    writeBlock(component, blockRow, blockCol, coefficients);
  }

  // Progressive scans: coefficients are kept (ny×nx per block) until every scan is read.
  function isNonZero(component: Component, block: number, z: number): boolean {
    const at = component.keptIndex[z] as number;
    if (at >= 0) return (component.kept as Int16Array)[block * component.nx * component.ny + at] !== 0;
    return (((component.nonZero as Uint8Array)[block * 8 + (z >> 3)] as number) & (1 << (z & 7))) !== 0;
  }

  function setCoefficient(component: Component, block: number, z: number, value: number) {
    const at = component.keptIndex[z] as number;
    if (at >= 0) (component.kept as Int16Array)[block * component.nx * component.ny + at] = value;
    else if (value !== 0) {
      const flags = component.nonZero as Uint8Array;
      const byte = block * 8 + (z >> 3);
      flags[byte] = (flags[byte] as number) | (1 << (z & 7));
    }
  }

  /** A correction bit for a coefficient already non-zero (only kept ones change value). */
  function refine(reader: BitReader, component: Component, block: number, z: number, bit: number) {
    if (!reader.bits(1)) return;
    const at = component.keptIndex[z] as number;
    if (at < 0) return;
    const kept = component.kept as Int16Array;
    const index = block * component.nx * component.ny + at;
    const value = kept[index] as number;
    if ((value & bit) === 0) kept[index] = value >= 0 ? value + bit : value - bit;
  }

  interface Scan {
    start: number;
    end: number;
    high: number;
    low: number;
  }

  function decodeProgressiveBlock(reader: BitReader, component: Component, block: number, scan: Scan) {
    const kept = component.kept as Int16Array;
    const dc = block * component.nx * component.ny;
    if (scan.start === 0) {
      if (scan.high === 0) {
        const size = reader.symbol(component.dcTable);
        component.predictor += reader.signed(size);
        kept[dc] = component.predictor * (1 << scan.low);
      } else if (reader.bits(1)) kept[dc] = (kept[dc] as number) | (1 << scan.low);
      return;
    }
    if (scan.high === 0) {
      if (eobRun > 0) {
        eobRun--;
        return;
      }
      for (let k = scan.start; k <= scan.end; ) {
        const rs = reader.symbol(component.acTable);
        const size = rs & 15;
        const run = rs >> 4;
        if (size === 0) {
          if (run < 15) {
            eobRun = (1 << run) - 1 + reader.bits(run);
            break;
          }
          k += 16;
          continue;
        }
        k += run;
        if (k > 63) break;
        setCoefficient(component, block, ZIGZAG[k] as number, reader.signed(size) * (1 << scan.low));
        k++;
      }
      return;
    }
    // Successive approximation of AC coefficients (ITU T.81 G.1.2.3).
    const plus = 1 << scan.low;
    let k = scan.start;
    if (eobRun === 0) {
      for (; k <= scan.end; k++) {
        const rs = reader.symbol(component.acTable);
        let run = rs >> 4;
        let value = 0;
        if ((rs & 15) !== 0) value = reader.bits(1) ? plus : -plus;
        else if (run !== 15) {
          eobRun = (1 << run) + reader.bits(run);
          break;
        }
        while (k <= scan.end) {
          const z = ZIGZAG[k] as number;
          if (isNonZero(component, block, z)) refine(reader, component, block, z, plus);
          else if (--run < 0) break;
          k++;
        }
        if (value !== 0 && k <= 63) setCoefficient(component, block, ZIGZAG[k] as number, value);
      }
    }
    if (eobRun > 0) {
      for (; k <= scan.end; k++) {
        const z = ZIGZAG[k] as number;
        if (isNonZero(component, block, z)) refine(reader, component, block, z, plus);
      }
      eobRun--;
    }
  }

  function readFrame(at: number, progressive: boolean) {
    if (frame) throw new UnsupportedJpegError("more than one frame");
    if (byteAt(at) !== 8) throw new UnsupportedJpegError("not 8-bit");
    const height = u16(at + 1);
    const width = u16(at + 3);
    const count = byteAt(at + 5);
    if (width === 0 || height === 0) throw new UnsupportedJpegError("height defined by a DNL marker");
    // The upload check held the size it read to these limits, but it may have read another frame than this one.
    const scaled = scaledSize(width, height, scale);
    if (width * height > MAX_PIXELS || scaled.width * scaled.height > MAX_DECODED_PIXELS)
      throw new CorruptJpegError(`${width} × ${height} at 1/${scale} is over the pixel limits`);
    if (count !== 1 && count !== 3) throw new UnsupportedJpegError(`${count} components`);
    const sampling = Array.from({ length: count }, (_, i) => {
      const factors = byteAt(at + 7 + i * 3);
      const h = factors >> 4;
      const v = factors & 15;
      if (h < 1 || h > 4 || v < 1 || v > 4) throw new CorruptJpegError("bad sampling factors");
      return { h, v };
    });
    const maxH = Math.max(...sampling.map((c) => c.h));
    const maxV = Math.max(...sampling.map((c) => c.v));
    const mcusPerLine = Math.ceil(width / (8 * maxH));
    const mcusPerColumn = Math.ceil(height / (8 * maxV));
    const components = sampling.map(({ h, v }, i): Component => {
      // Subsampled chroma is decoded larger, to the luma's scale where 8 pixels a block allow it
      // (libjpeg does the same), so it needs no upsampling at reduced scales.
      const nx = Math.min(8, (n * maxH) / h);
      const ny = Math.min(8, (n * maxV) / v);
      if (!Number.isInteger(nx) || !Number.isInteger(ny)) throw new UnsupportedJpegError("sampling factors");
      const paddedPerLine = mcusPerLine * h;
      const paddedPerColumn = mcusPerColumn * v;
      const keptIndex = new Int8Array(64).fill(-1);
      for (let row = 0; row < ny; row++) for (let col = 0; col < nx; col++) keptIndex[row * 8 + col] = row * nx + col;
      const blocks = paddedPerLine * paddedPerColumn;
      return {
        id: byteAt(at + 6 + i * 3),
        h,
        v,
        quantTable: byteAt(at + 8 + i * 3),
        blocksPerLine: Math.ceil(Math.ceil((width * h) / maxH) / 8),
        blocksPerColumn: Math.ceil(Math.ceil((height * v) / maxV) / 8),
        paddedPerLine,
        paddedPerColumn,
        nx,
        ny,
        basisX: idctBasis(nx),
        basisY: idctBasis(ny),
        // A block's orthonormal DCT coefficients are √(8/N) times those of its N-point reduction, per axis.
        gain: Math.sqrt(nx * ny) / 8,
        keptIndex,
        plane: new Uint8Array(paddedPerLine * nx * paddedPerColumn * ny),
        planeWidth: paddedPerLine * nx,
        dcTable: undefined,
        acTable: undefined,
        predictor: 0,
        kept: progressive ? new Int16Array(blocks * nx * ny) : undefined,
        nonZero: progressive && nx * ny < 64 ? new Uint8Array(blocks * 8) : undefined,
      };
    });
    frame = { progressive, width, height, components, maxH, maxV, mcusPerLine, mcusPerColumn };
  }

  function readScan(at: number): number {
    if (!frame) throw new CorruptJpegError("scan before frame");
    const f = frame;
    if (++scans > MAX_SCANS) throw new CorruptJpegError(`more than ${MAX_SCANS} scans`);
    const count = byteAt(at);
    const components: Component[] = [];
    for (let i = 0; i < count; i++) {
      const id = byteAt(at + 1 + i * 2);
      const tables = byteAt(at + 2 + i * 2);
      const component = f.components.find((c) => c.id === id);
      if (!component) throw new CorruptJpegError("scan names an unknown component");
      if (!f.progressive) {
        if (scanned.has(component)) throw new CorruptJpegError("a component in two scans of a sequential frame");
        scanned.add(component);
      }
      component.dcTable = codeLookup(dcTables[tables >> 4]);
      component.acTable = codeLookup(acTables[tables & 15]);
      components.push(component);
    }
    const params = at + 1 + count * 2;
    const scan: Scan = {
      start: byteAt(params),
      end: byteAt(params + 1),
      high: byteAt(params + 2) >> 4,
      low: byteAt(params + 2) & 15,
    };
    // The progression libjpeg accepts: a band past the 64th coefficient would index past the block.
    const badBand = scan.start === 0 ? scan.end !== 0 : scan.start > scan.end || scan.end > 63 || count !== 1;
    const badBits = (scan.high !== 0 && scan.low !== scan.high - 1) || scan.low > 13;
    if (f.progressive && (badBand || badBits)) throw new CorruptJpegError("bad progression parameters");
    const reader = new BitReader(data, params + 3);
    for (const c of components) c.predictor = 0;
    eobRun = 0;

    // Every block a scan visits lies inside its component's MCU-padded planes.
    const decodeBlock = f.progressive
      ? (component: Component, blockRow: number, blockCol: number) =>
          decodeProgressiveBlock(reader, component, blockRow * component.paddedPerLine + blockCol, scan)
      : (component: Component, blockRow: number, blockCol: number) =>
          decodeSequentialBlock(reader, component, blockRow, blockCol);

    const single = components.length === 1 ? components[0] : undefined;
    const total = single ? single.blocksPerLine * single.blocksPerColumn : f.mcusPerLine * f.mcusPerColumn;
    for (let mcu = 0; mcu < total; mcu++) {
      if (restartInterval > 0 && mcu > 0 && mcu % restartInterval === 0) {
        reader.restart();
        for (const c of components) c.predictor = 0;
        eobRun = 0;
      }
      if (single) {
        // A scan of one component visits its blocks in raster order, without MCU padding.
        decodeBlock(single, Math.floor(mcu / single.blocksPerLine), mcu % single.blocksPerLine);
        continue;
      }
      const mcuRow = Math.floor(mcu / f.mcusPerLine);
      const mcuCol = mcu % f.mcusPerLine;
      for (const c of components)
        for (let y = 0; y < c.v; y++) for (let x = 0; x < c.h; x++) decodeBlock(c, mcuRow * c.v + y, mcuCol * c.h + x);
    }
    // Continue after the entropy-coded data: at the next marker that is not a restart marker.
    let pos = reader.pos;
    while (pos + 1 < data.length) {
      const next = data[pos + 1] as number;
      if (data[pos] === 0xff && next !== 0 && next !== 0xff && !isJpegRestartMarker(next)) break;
      pos++;
    }
    return pos;
  }

  function readExifOrientation(at: number, end: number) {
    // "Exif\0\0" then a TIFF structure; Orientation is tag 0x0112 in IFD0.
    if (end - at < 14 || ascii(data, at, at + 4) !== "Exif") return;
    const value = tiffTags(view, at + 6, end, [0x0112]).get(0x0112);
    if (value !== undefined && value >= 1 && value <= 8) orientation = value;
  }

  if (byteAt(0) !== 0xff || byteAt(1) !== 0xd8) throw new CorruptJpegError("not a JPEG");
  let pos = 2;
  let sawEnd = false;
  while (pos + 3 < data.length && !sawEnd) {
    if (byteAt(pos) !== 0xff) {
      pos++;
      continue;
    }
    const marker = byteAt(pos + 1);
    // Fill bytes, and markers without a length: FF 00 is no marker outside entropy-coded data, and a second SOI is
    // skipped as the upload check (readImageSize) skips it, so both read the same frame.
    if (marker === 0xff || marker === 0x00 || marker === 0x01 || marker === 0xd8 || isJpegRestartMarker(marker)) {
      pos += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xd9) {
      sawEnd = true;
      break;
    }
    const length = u16(pos + 2);
    const body = pos + 4;
    const end = pos + 2 + length;
    if (end > data.length) throw new CorruptJpegError("truncated segment");
    switch (marker) {
      case 0xc0:
      case 0xc1:
        readFrame(body, false);
        break;
      case 0xc2:
        readFrame(body, true);
        break;
      case 0xc4: {
        let p = body;
        while (p < end) {
          const tableClass = byteAt(p) >> 4;
          const id = byteAt(p) & 15;
          const counts = data.subarray(p + 1, p + 17);
          const total = counts.reduce((a, b) => a + b, 0);
          (tableClass === 0 ? dcTables : acTables)[id] = { counts, symbols: data.subarray(p + 17, p + 17 + total) };
          p += 17 + total;
        }
        break;
      }
      case 0xdb: {
        let p = body;
        while (p < end) {
          const wide = byteAt(p) >> 4 === 1;
          const id = byteAt(p) & 15;
          const table = new Uint16Array(64);
          for (let k = 0; k < 64; k++) table[ZIGZAG[k] as number] = wide ? u16(p + 1 + k * 2) : byteAt(p + 1 + k);
          quantTables[id] = table;
          p += 1 + (wide ? 128 : 64);
        }
        break;
      }
      case 0xdd:
        restartInterval = u16(body);
        break;
      case 0xda:
        pos = readScan(body);
        continue;
      case 0xe1:
        readExifOrientation(body, end);
        break;
      case 0xee:
        if (ascii(data, body, body + 5) === "Adobe") adobeTransform = byteAt(body + 11);
        break;
      default:
        // Frame kinds other than baseline, extended and progressive Huffman (cases above).
        if (isJpegFrameMarker(marker)) throw new UnsupportedJpegError(`frame type ${marker.toString(16)}`);
    }
    pos = end;
  }
  if (!frame) throw new CorruptJpegError("no frame");
  const f: Frame = frame;

  if (f.progressive) {
    const input = new Float64Array(64);
    for (const c of f.components) {
      const quant = quantOf(c);
      const kept = c.kept as Int16Array;
      const size = c.nx * c.ny;
      // The quantizer of each kept coefficient, in kept order (the inverse of keptIndex).
      const keptQuant = new Float64Array(size);
      for (let z = 0; z < 64; z++) {
        const at = c.keptIndex[z] as number;
        if (at >= 0) keptQuant[at] = quant[z] as number;
      }
      for (let row = 0; row < c.paddedPerColumn; row++)
        for (let col = 0; col < c.paddedPerLine; col++) {
          const block = row * c.paddedPerLine + col;
          for (let i = 0; i < size; i++) input[i] = (kept[block * size + i] as number) * (keptQuant[i] as number);
          writeBlock(c, row, col, input);
        }
      c.kept = undefined;
      c.nonZero = undefined;
    }
  }
  return toRgba(f, scale, adobeTransform, orientation);
}

function toRgba(f: Frame, scale: JpegScale, adobeTransform: number | undefined, orientation: number): ScaledJpeg {
  const { width, height } = scaledSize(f.width, f.height, scale);
  const n = 8 / scale;
  const rgba = new Uint8Array(width * height * 4);
  // Output pixel → plane sample; only full-size decodes of subsampled chroma repeat samples.
  const columns = f.components.map((c) =>
    Int32Array.from({ length: width }, (_, x) => Math.floor((x * c.h * c.nx) / (f.maxH * n))),
  );
  const [first, second, third] = f.components as [Component, Component | undefined, Component | undefined];
  const isRgb = adobeTransform === 0 || (second !== undefined && first.id === 0x52 && second.id === 0x47 && third?.id === 0x42);
  for (let y = 0; y < height; y++) {
    const rowOf = (c: Component) => Math.floor((y * c.v * c.ny) / (f.maxV * n)) * c.planeWidth;
    const r0 = rowOf(first);
    const c0 = columns[0] as Int32Array;
    let out = y * width * 4;
    if (!second || !third) {
      for (let x = 0; x < width; x++) {
        const grey = first.plane[r0 + (c0[x] as number)] as number;
        rgba[out++] = grey;
        rgba[out++] = grey;
        rgba[out++] = grey;
        rgba[out++] = 255;
      }
      continue;
    }
    const r1 = rowOf(second);
    const r2 = rowOf(third);
    const c1 = columns[1] as Int32Array;
    const c2 = columns[2] as Int32Array;
    for (let x = 0; x < width; x++) {
      const a = first.plane[r0 + (c0[x] as number)] as number;
      const b = second.plane[r1 + (c1[x] as number)] as number;
      const c = third.plane[r2 + (c2[x] as number)] as number;
      if (isRgb) {
        rgba[out++] = a;
        rgba[out++] = b;
        rgba[out++] = c;
      } else {
        const cb = b - 128;
        const cr = c - 128;
        rgba[out++] = clamp(a + 1.402 * cr);
        rgba[out++] = clamp(a - 0.344136 * cb - 0.714136 * cr);
        rgba[out++] = clamp(a + 1.772 * cb);
      }
      rgba[out++] = 255;
    }
  }
  return orient({ width, height, rgba }, orientation);
}

function clamp(value: number): number {
  const rounded = Math.round(value);
  return rounded < 0 ? 0 : rounded > 255 ? 255 : rounded;
}

/** Applies the EXIF orientation (2–8: mirrored and/or rotated), as browsers do when showing the photo. */
export function orient(image: ScaledJpeg, orientation: number): ScaledJpeg {
  if (orientation <= 1 || orientation > 8) return image;
  const { width: w, height: h, rgba } = image;
  const swaps = orientation >= 5;
  const outWidth = swaps ? h : w;
  const outHeight = swaps ? w : h;
  // 2–8 are a mirror across, a mirror down or both (3, 7), after a transpose for 5–8.
  const mirrorsX = orientation === 2 || orientation === 3 || orientation === 6 || orientation === 7;
  const mirrorsY = orientation === 3 || orientation === 4 || orientation === 7 || orientation === 8;
  const out = new Uint32Array(outWidth * outHeight);
  const source = new Uint32Array(rgba.buffer, rgba.byteOffset, w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const tx = swaps ? y : x;
      const ty = swaps ? x : y;
      out[(mirrorsY ? outHeight - 1 - ty : ty) * outWidth + (mirrorsX ? outWidth - 1 - tx : tx)] = source[y * w + x] as number;
    }
  return { width: outWidth, height: outHeight, rgba: new Uint8Array(out.buffer) };
}
