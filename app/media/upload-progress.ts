import { useSyncExternalStore } from "react";
import { redirect, UNSAFE_decodeViaTurboStream, data as withStatus } from "react-router";
import { defineMessages, type MessageDescriptor } from "~/domain/messages";

/**
 * Uploads with real progress. A route whose forms send files exports `clientAction = sendWithProgress`:
 * when the submission carries files, it is sent with XMLHttpRequest (whose upload events fetch lacks)
 * to the same single-fetch endpoint React Router would call, and its answer is decoded the same way;
 * any other submission goes through `serverAction` untouched. `UploadForm` shows the state kept here.
 * Without JavaScript none of this runs: the plain multipart form posts to the same action.
 */
export type UploadState =
  | { phase: "idle" }
  | { phase: "sending"; loaded: number; total: number }
  | { phase: "processing" }
  /** `message`: the server's own text, or one of UPLOAD_MESSAGES for the page to say in the merchant's variant. */
  | { phase: "failed"; message: string | MessageDescriptor; retryable: boolean }
  | { phase: "cancelled" };

export const UPLOAD_MESSAGES = defineMessages({
  network: {
    id: "media.upload.network",
    defaultMessage: "Se perdió la conexión y el archivo no terminó de subir. Revisa tu señal e intenta de nuevo.",
  },
  failed: { id: "media.upload.failed", defaultMessage: "No se pudo subir el archivo. Intenta de nuevo en unos minutos." },
  cancelled: { id: "media.upload.cancelled", defaultMessage: "Subida cancelada. No se guardó nada." },
});

let state: UploadState = { phase: "idle" };
let shownBy: string | null = null;
let current: { xhr: XMLHttpRequest } | null = null;
let lastSubmission: { data: FormData; action: string } | null = null;
const listeners = new Set<() => void>();

function set(next: UploadState) {
  state = next;
  for (const listener of listeners) listener();
}

export function useUploadState(): UploadState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/** A page can have several upload forms: the one that submitted last shows the upload. */
export function showUploadIn(formId: string) {
  shownBy = formId;
}

export function isUploadShownIn(formId: string) {
  return shownBy === formId;
}

/** Stops the upload in flight; only while bytes are still going up (after that the server is already saving). */
export function cancelUpload() {
  if (state.phase === "sending") current?.xhr.abort();
}

export function dismissUpload() {
  if (state.phase === "failed" || state.phase === "cancelled") set({ phase: "idle" });
}

/** The last submission that carried files, to send again after a failure. */
export function lastUpload() {
  return lastSubmission;
}

class UploadStopped extends Error {
  constructor(readonly reason: "network" | "cancelled") {
    super(reason);
  }
}

const hasFiles = (data: FormData) => [...data.values()].some((v) => typeof v !== "string" && v.size > 0);

/** A route's clientAction: files go up with progress, anything else straight to the server action. */
export async function sendWithProgress<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}): Promise<T> {
  const data = await request.clone().formData();
  if (!hasFiles(data)) return serverAction();
  const url = new URL(request.url);
  lastSubmission = { data, action: url.pathname + url.search };
  let response: Response;
  try {
    response = await post(dataUrl(url), data);
  } catch (error) {
    if (!(error instanceof UploadStopped)) throw error;
    set(
      error.reason === "cancelled"
        ? { phase: "cancelled" }
        : { phase: "failed", message: UPLOAD_MESSAGES.network, retryable: true },
    );
    return nothingChanged<T>(error.reason === "cancelled" ? 499 : 503);
  } finally {
    current = null;
  }
  return decode<T>(response);
}

/** React Router's single-fetch URL of a path: `/a/b` → `/a/b.data`, `/` → `/_.data`, query kept. */
export function dataUrl(url: URL): string {
  const path = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return `${path}${url.search}`;
}

function post(url: string, data: FormData): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    current = { xhr };
    xhr.open("POST", url);
    xhr.responseType = "arraybuffer";
    set({ phase: "sending", loaded: 0, total: 0 });
    xhr.upload.onprogress = (event) => {
      if (state.phase === "sending")
        set({ phase: "sending", loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    };
    xhr.upload.onload = () => set({ phase: "processing" });
    xhr.onerror = () => reject(new UploadStopped("network"));
    xhr.ontimeout = () => reject(new UploadStopped("network"));
    xhr.onabort = () => reject(new UploadStopped("cancelled"));
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const noBody = xhr.status === 204 || xhr.status === 304;
      resolve(new Response(noBody ? null : xhr.response, { status: xhr.status, headers }));
    };
    xhr.send(data);
  });
}

/** The action's answer, read as React Router reads a single-fetch response. */
async function decode<T>(response: Response): Promise<T> {
  const location = response.headers.get("X-Remix-Redirect");
  if (response.status === 204 && location) {
    set({ phase: "idle" });
    throw redirect(location, { status: Number(response.headers.get("X-Remix-Status") ?? 302) });
  }
  if (!response.headers.has("X-Remix-Response") || !response.body) {
    // Refused before the app ran (the body limit answers in plain Spanish text) or a broken gateway.
    const text = response.headers.get("Content-Type")?.startsWith("text/plain") ? (await response.text()).trim() : "";
    set({
      phase: "failed",
      message: text && text.length < 200 ? text : UPLOAD_MESSAGES.failed,
      retryable: response.status >= 500,
    });
    return undefined as T;
  }
  const { value } = (await UNSAFE_decodeViaTurboStream(response.body, window)) as {
    value: { redirect?: string; status?: number } | { data: T } | { error: unknown };
  };
  set({ phase: "idle" });
  if ("redirect" in value && typeof value.redirect === "string") throw redirect(value.redirect, { status: value.status ?? 302 });
  if ("error" in value) throw value.error;
  const answer = (value as { data: T }).data;
  // A refusal keeps its status, so the pages' data is not reloaded for nothing (as React Router does itself).
  return response.status >= 400 ? (withStatus(answer, { status: response.status }) as unknown as T) : answer;
}

/**
 * No action data, and an error status so React Router does not reload the pages' data after it: with the
 * connection gone that reload would fail too and replace the form with the error page.
 */
function nothingChanged<T>(status: number): T {
  return withStatus(undefined, { status }) as unknown as T;
}
