import { type ReactNode, useEffect, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { LoadingOverlay } from "~/ui/overlays";
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES } from "./image-rules";

/**
 * A multipart form that, when JavaScript runs, downsizes big photos in the browser before sending them
 * (saving the merchant's mobile data), makes a 400-px thumbnail from a frame of each video, refuses
 * too many or too heavy files before uploading anything, and shows a progress overlay while it works.
 * Without JavaScript it is a plain form and the server does all of it except the video thumbnails.
 *
 * File inputs opt in with data attributes: `data-resize-height` (target height of images),
 * `data-max-files` (free slots), `data-video-thumbs` (make thumbnails, sent as `thumb:{index}`).
 */
export function UploadForm(props: {
  action?: string;
  className?: string;
  busyText: string;
  children: ReactNode;
  onProblem?: (message: string | null) => void;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [stage, setStage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (navigation.state === "idle") setSent(false);
  }, [navigation.state]);
  const { onProblem } = props;
  return (
    <>
      <Form
        method="post"
        encType="multipart/form-data"
        action={props.action}
        className={props.className}
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          onProblem?.(null);
          try {
            setStage("Preparando archivos…");
            const data = await prepareUpload(form, submitter, setStage);
            setSent(true);
            await submit(data, {
              method: "post",
              encType: "multipart/form-data",
              action: form.getAttribute("action") ?? undefined,
            });
          } catch (error) {
            if (error instanceof UploadProblem) onProblem?.(error.message);
            else throw error;
          } finally {
            setStage(null);
          }
        }}
      >
        {props.children}
      </Form>
      {(stage || (sent && navigation.state !== "idle")) && <LoadingOverlay text={stage ?? props.busyText} />}
    </>
  );
}

class UploadProblem extends Error {}

const VIDEO_NAME = /\.(mp4|mkv|wmv|m4v|mov|avi|flv|webm|flac|mka|m4a|aac|ogg)$/i;
const RESIZABLE = new Set(["image/jpeg", "image/png", "image/webp"]);

async function prepareUpload(form: HTMLFormElement, submitter: HTMLButtonElement | null, setStage: (s: string) => void) {
  const data = new FormData(form, submitter);
  for (const input of form.querySelectorAll<HTMLInputElement>("input[type=file]")) {
    const files = [...(input.files ?? [])];
    if (files.length === 0) continue;
    const maxFiles = input.dataset.maxFiles ? Number(input.dataset.maxFiles) : null;
    if (maxFiles !== null && files.length > maxFiles)
      throw new UploadProblem(input.dataset.tooManyMessage ?? MEDIA_MESSAGES.unreadable);
    const height = Number(input.dataset.resizeHeight ?? 0);
    data.delete(input.name);
    for (const [index, file] of files.entries()) {
      setStage(`Preparando archivo ${index + 1} de ${files.length}…`);
      const isVideo = file.type.startsWith("video/") || file.type.startsWith("audio/") || VIDEO_NAME.test(file.name);
      if (isVideo) {
        if (file.size > MAX_UPLOAD_BYTES) throw new UploadProblem(MEDIA_MESSAGES.tooHeavy);
        data.append(input.name, file);
        if (input.dataset.videoThumbs !== undefined) {
          const thumb = await videoThumbnail(file, 400);
          if (thumb) data.append(`thumb:${index}`, thumb, "thumb.jpg");
        }
        continue;
      }
      data.append(input.name, height && RESIZABLE.has(file.type) ? await downsize(file, height) : file);
    }
  }
  setStage("Subiendo archivos…");
  return data;
}

/** A JPEG at most `height` px high, or the original when it is already small enough or cannot be read here. */
async function downsize(file: File, height: number): Promise<File> {
  try {
    const bitmap = await createImageBitmap(file);
    if (bitmap.height <= height) {
      bitmap.close();
      return file.size > MAX_UPLOAD_BYTES ? reencode(file) : file;
    }
    const width = Math.max(1, Math.round((bitmap.width * height) / bitmap.height));
    const blob = await draw(bitmap, width, height);
    bitmap.close();
    return blob ? new File([blob], file.name.replace(/\.\w+$/, ".jpg"), { type: "image/jpeg" }) : file;
  } catch {
    return file;
  }
}

async function reencode(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const blob = await draw(bitmap, bitmap.width, bitmap.height);
  bitmap.close();
  return blob ? new File([blob], file.name.replace(/\.\w+$/, ".jpg"), { type: "image/jpeg" }) : file;
}

function draw(source: CanvasImageSource, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return Promise.resolve(null);
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.drawImage(source, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
}

/** A frame of the video, `height` px high; null when the browser cannot decode it (audio, exotic codecs). */
function videoThumbnail(file: File, height: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let settled = false;
    const finish = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), 8000);
    video.muted = true;
    video.preload = "auto";
    video.playsInline = true;
    video.onerror = () => finish(null);
    video.onloadeddata = () => {
      if (!video.videoWidth || !video.videoHeight) return finish(null);
      video.currentTime = Math.min(1, (video.duration || 0) / 10);
    };
    video.onseeked = async () => {
      const h = Math.min(height, video.videoHeight);
      const w = Math.max(1, Math.round((video.videoWidth * h) / video.videoHeight));
      finish(await draw(video, w, h));
    };
    video.src = url;
  });
}
