import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES, MediaError } from "./image-rules";

/** The spec's video (and audio) formats, recognised by their bytes; the key keeps the recognised extension. */
export type VideoType = "mp4" | "mov" | "m4v" | "m4a" | "mkv" | "webm" | "mka" | "avi" | "wmv" | "flv" | "flac" | "ogg" | "aac";

export const VIDEO_EXTENSIONS: readonly VideoType[] = [
  "mp4",
  "mkv",
  "wmv",
  "m4v",
  "mov",
  "avi",
  "flv",
  "webm",
  "flac",
  "mka",
  "m4a",
  "aac",
  "ogg",
];

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));

/** Container type by magic bytes; the file name only tells apart formats that share a container. */
export function sniffVideoType(b: Uint8Array, fileName: string): VideoType | null {
  const ext = fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase();
  if (b.length < 12) return null;
  if (ascii(b, 4, 8) === "ftyp") {
    const brand = ascii(b, 8, 12);
    if (brand === "qt  ") return "mov";
    if (brand.startsWith("M4A")) return "m4a";
    if (brand.startsWith("M4V")) return "m4v";
    return ext === "m4v" || ext === "mov" || ext === "m4a" ? ext : "mp4";
  }
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    if (ascii(b, 0, 64).includes("webm")) return "webm";
    return ext === "mka" ? "mka" : "mkv";
  }
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 11) === "AVI") return "avi";
  if ([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11].every((v, i) => b[i] === v)) return "wmv";
  if (ascii(b, 0, 3) === "FLV") return "flv";
  if (ascii(b, 0, 4) === "fLaC") return "flac";
  if (ascii(b, 0, 4) === "OggS") return "ogg";
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0) return "aac";
  if (ascii(b, 0, 4) === "ADIF") return "aac";
  return null;
}

/** Formats with no picture: they get the placeholder instead of a frame thumbnail. */
export function isAudioOnly(type: VideoType): boolean {
  return type === "m4a" || type === "mka" || type === "flac" || type === "ogg" || type === "aac";
}

export function checkVideoUpload(bytes: Uint8Array, fileName: string): VideoType {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new MediaError(MEDIA_MESSAGES.tooHeavy);
  const type = sniffVideoType(bytes, fileName);
  if (!type) throw new MediaError(MEDIA_MESSAGES.format);
  return type;
}
