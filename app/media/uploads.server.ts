import { sha256Hex } from "~/domain/ids";
import { contentTypeForKey, type FileStore } from "~/services/files";
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES, MediaError } from "./image-rules";
import { type ProcessedImage, processImage } from "./images.server";
import { logoBrandKeys, smallRenditionKey } from "./renditions";
import { checkVideoUpload, isAudioOnly } from "./video-rules";

/** A file ready to store under a content-addressed key. */
export interface PreparedFile {
  key: string;
  data: Uint8Array;
  contentType: string;
  width: number | null;
  height: number | null;
  /** Written and removed with the file: its half-size rendition (app/media/renditions.ts). */
  renditions?: { key: string; data: Uint8Array }[];
  /** An image's main colours (app/domain/look.ts: logoColors). */
  palette?: string[];
}

/** The files a multipart field carries, without the empty entry a form sends when nothing was chosen. */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((v): v is File => typeof v === "object" && v !== null && v.size > 0);
}

async function readUpload(file: File): Promise<Uint8Array> {
  if (file.size > MAX_UPLOAD_BYTES) throw new MediaError(MEDIA_MESSAGES.tooHeavy);
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * Validates, resizes to `maxHeight` and re-encodes an image; the key is `{prefix}/{hash}.{ext}`. A logo (`brand`)
 * also gets its icons and link preview.
 */
export async function prepareImage(
  file: File,
  prefix: string,
  maxHeight: number,
  opts: { brand?: boolean } = {},
): Promise<PreparedFile> {
  return preparedImage(await processImage(await readUpload(file), maxHeight, opts), prefix);
}

export function preparedImage(image: ProcessedImage, prefix: string): PreparedFile {
  const key = `${prefix}/${image.hash}.${image.ext}`;
  const smallKey = smallRenditionKey(key);
  const brandKeys = logoBrandKeys(key);
  return {
    key,
    data: image.data,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    renditions: [
      ...(image.small && smallKey ? [{ key: smallKey, data: image.small.data }] : []),
      ...(image.brand && brandKeys
        ? [
            { key: brandKeys.icon, data: image.brand.icon },
            { key: brandKeys.tabIcon, data: image.brand.tabIcon },
            { key: brandKeys.share, data: image.brand.share },
          ]
        : []),
    ],
    palette: image.palette,
  };
}

/** Validates a video by its bytes and keeps it as uploaded. */
export async function prepareVideo(file: File, prefix: string): Promise<PreparedFile & { audioOnly: boolean }> {
  const data = await readUpload(file);
  const type = checkVideoUpload(data, file.name);
  const key = `${prefix}/${(await sha256Hex(data)).slice(0, 32)}.${type}`;
  const contentType = contentTypeForKey(key);
  if (!contentType) throw new MediaError(MEDIA_MESSAGES.format);
  return { key, data, contentType, width: null, height: null, audioOnly: isAudioOnly(type) };
}

/** Stores every prepared file or none: on a failure the ones already written are removed again. */
export async function putAll(files: FileStore, prepared: PreparedFile[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const file of prepared) {
      for (const rendition of file.renditions ?? []) {
        await files.put(rendition.key, rendition.data, contentTypeForKey(rendition.key) ?? file.contentType);
        written.push(rendition.key);
      }
      await files.put(file.key, file.data, file.contentType);
      written.push(file.key);
    }
  } catch (error) {
    // The file store failed part way: what was written goes, and the caller keeps nothing that points at it.
    await files.delete(written).catch(() => {});
    throw new MediaError(MEDIA_MESSAGES.notStored, { cause: error });
  }
}
