import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
import type { Translate } from "~/domain/messages";
import { isFailure } from "~/http/action-result";
import { NEEDS_APP } from "~/ui/app-scripts";
import { useT } from "~/ui/messages";
import { LoadingOverlay } from "~/ui/overlays";
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES } from "./image-rules";
import {
  cancelUpload,
  dismissUpload,
  isUploadShownIn,
  lastUpload,
  showUploadIn,
  UPLOAD_MESSAGES,
  type UploadState,
  useUploadState,
} from "./upload-progress";

/**
 * A multipart form that, when JavaScript runs, downsizes big photos in the browser before sending them
 * (saving the merchant's mobile data), makes a 400-px thumbnail from a frame of each video, refuses
 * too many or too heavy files before uploading anything, and shows what it is doing: the preparation, then
 * the upload's own progress (percent and bytes, with 'Cancelar') when the route's clientAction is
 * `sendWithProgress`, then the server's work; a dropped connection offers 'Reintentar'.
 * Without JavaScript it is a plain form and the server does all of it except the video thumbnails.
 *
 * File inputs opt in with data attributes: `data-resize-height` (target height of images),
 * `data-max-files` (free slots), `data-video-thumbs` (make thumbnails, sent as `thumb:{index}`).
 */
/**
 * A file input of an UploadForm with its label, hint and error: `resizeHeight`, `maxFiles` (with the
 * message refusing more) and `videoThumbs` become the data attributes UploadForm reads.
 */
export function FileField(props: {
  label: string;
  name: string;
  accept: string;
  required?: boolean;
  multiple?: boolean;
  resizeHeight?: number;
  maxFiles?: number;
  tooManyMessage?: string;
  videoThumbs?: boolean;
  hint?: ReactNode;
  error?: string | null;
}) {
  const id = `f-${props.name}`;
  const describedBy = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type="file"
        accept={props.accept}
        multiple={props.multiple}
        required={props.required}
        data-resize-height={props.resizeHeight}
        data-max-files={props.maxFiles}
        data-too-many-message={props.tooManyMessage}
        data-video-thumbs={props.videoThumbs ? "" : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function UploadForm(props: {
  action?: string;
  className?: string;
  busyText: string;
  children: ReactNode;
  onProblem?: (message: string | null) => void;
}) {
  const submit = useSubmit();
  const t = useT();
  const navigation = useNavigation();
  const upload = useUploadState();
  const formId = useId();
  const [stage, setStage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (navigation.state === "idle") setSent(false);
  }, [navigation.state]);
  // This form's submission: sent, then seen under way, then done. Once the server kept the files, they leave the
  // field, so tapping the button again does not send the same pictures twice; a refused or lost upload keeps them.
  const form = useRef<HTMLFormElement>(null);
  const submission = useRef<"sent" | "under-way" | null>(null);
  const answer = useActionData();
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (submission.current === "sent") submission.current = "under-way";
      return;
    }
    if (submission.current !== "under-way") return;
    submission.current = null;
    if (isFailure(answer ?? undefined) || upload.phase !== "idle") return;
    for (const input of form.current?.querySelectorAll<HTMLInputElement>("input[type=file]") ?? []) input.value = "";
  }, [navigation.state, answer, upload.phase]);
  const { onProblem } = props;
  return (
    <>
      <Form
        ref={form}
        method="post"
        encType="multipart/form-data"
        action={props.action}
        className={props.className}
        // Sent before the app starts, a phone's photos would travel whole: held, the app makes them small first.
        {...NEEDS_APP}
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          onProblem?.(null);
          try {
            setStage(t({ id: "media.upload.preparing", defaultMessage: "Preparando archivos…" }));
            const data = await prepareUpload(form, submitter, setStage, t);
            setSent(true);
            submission.current = "sent";
            showUploadIn(formId);
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
      {upload.phase !== "idle" && isUploadShownIn(formId) ? (
        <UploadProgress
          upload={upload}
          busyText={props.busyText}
          onRetry={() => {
            const last = lastUpload();
            dismissUpload();
            if (last) submit(last.data, { method: "post", encType: "multipart/form-data", action: last.action });
          }}
        />
      ) : (
        (stage || (sent && navigation.state !== "idle")) && <LoadingOverlay text={stage ?? props.busyText} />
      )}
    </>
  );
}

const sizeFormat = new Intl.NumberFormat("es", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const megabytes = (bytes: number) => `${sizeFormat.format(bytes / 1_000_000)} MB`;

/** The upload as the merchant sees it: a bar fed by the upload's own progress events, then the outcome. */
function UploadProgress({ upload, busyText, onRetry }: { upload: UploadState; busyText: string; onRetry: () => void }) {
  const t = useT();
  if (upload.phase === "processing" || upload.phase === "idle") return <LoadingOverlay text={busyText} />;
  if (upload.phase === "sending") {
    const percent = upload.total > 0 ? Math.min(100, Math.floor((upload.loaded / upload.total) * 100)) : 0;
    return (
      <div
        className="overlay"
        role="alertdialog"
        aria-label={t({ id: "media.upload.sendingLabel", defaultMessage: "Subiendo archivos" })}
        aria-describedby="upload-progress-text"
      >
        <div className="overlay-box upload-box">
          <p id="upload-progress-text" aria-live="polite">
            {t({ id: "media.upload.sendingPercent", defaultMessage: "Subiendo archivos… {percent} %" }, { percent })}
          </p>
          <progress
            max={100}
            value={percent}
            aria-label={t({ id: "media.upload.progressLabel", defaultMessage: "Progreso de la subida" })}
          />
          <p className="muted">
            {upload.total > 0
              ? t(
                  { id: "media.upload.bytes", defaultMessage: "{loaded} de {total}" },
                  { loaded: megabytes(upload.loaded), total: megabytes(upload.total) },
                )
              : "\u00a0"}
          </p>
          <button type="button" className="button secondary" onClick={cancelUpload}>
            {t({ id: "media.upload.cancel", defaultMessage: "Cancelar" })}
          </button>
        </div>
      </div>
    );
  }
  const message = upload.phase === "cancelled" ? UPLOAD_MESSAGES.cancelled : upload.message;
  return (
    <div
      className="overlay"
      role="alertdialog"
      aria-label={t({ id: "media.upload.stopped", defaultMessage: "La subida no terminó" })}
      aria-describedby="upload-outcome"
    >
      <div className="overlay-box upload-box">
        <p id="upload-outcome">{typeof message === "string" ? message : t(message)}</p>
        <div className="confirm-actions">
          <button type="button" className="button secondary" onClick={dismissUpload}>
            {t({ id: "media.upload.close", defaultMessage: "Cerrar" })}
          </button>
          {upload.phase === "failed" && upload.retryable && (
            <button type="button" className="button" onClick={onRetry}>
              {t({ id: "media.upload.retry", defaultMessage: "Reintentar" })}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

class UploadProblem extends Error {}

const VIDEO_NAME = /\.(mp4|mkv|wmv|m4v|mov|avi|flv|webm|flac|mka|m4a|aac|ogg)$/i;
const RESIZABLE = new Set(["image/jpeg", "image/png", "image/webp"]);

async function prepareUpload(
  form: HTMLFormElement,
  submitter: HTMLButtonElement | null,
  setStage: (s: string) => void,
  t: Translate,
) {
  const data = new FormData(form, submitter);
  for (const input of form.querySelectorAll<HTMLInputElement>("input[type=file]")) {
    const files = [...(input.files ?? [])];
    if (files.length === 0) continue;
    const maxFiles = input.dataset.maxFiles ? Number(input.dataset.maxFiles) : null;
    if (maxFiles !== null && files.length > maxFiles)
      throw new UploadProblem(input.dataset.tooManyMessage ?? t(MEDIA_MESSAGES.unreadable));
    const height = Number(input.dataset.resizeHeight ?? 0);
    data.delete(input.name);
    for (const [index, file] of files.entries()) {
      setStage(
        t(
          { id: "media.upload.preparingOne", defaultMessage: "Preparando archivo {index} de {count}…" },
          { index: index + 1, count: files.length },
        ),
      );
      const isVideo = file.type.startsWith("video/") || file.type.startsWith("audio/") || VIDEO_NAME.test(file.name);
      if (isVideo) {
        if (file.size > MAX_UPLOAD_BYTES) throw new UploadProblem(t(MEDIA_MESSAGES.tooHeavy));
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
  setStage(t({ id: "media.upload.sending", defaultMessage: "Subiendo archivos…" }));
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
