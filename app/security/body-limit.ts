import { MOST_BANNER_SLOTS, MOST_ITEMS_PER_SECTION, MOST_PHOTOS_PER_PRODUCT } from "~/domain/limits";
import { CATALOG_MAX_BYTES } from "~/domain/product-csv";
import { MAX_UPLOAD_BYTES } from "~/media/image-rules";

/**
 * The largest request body each route accepts, decided from the path before anything reads the
 * body: a form post is a few KB; an upload route takes 6 MB per file it can receive, plus room for
 * the form around the files. Anything larger is refused unread.
 */
export const FORM_BODY_LIMIT = 64 * 1024;
const UPLOAD_OVERHEAD = 1024 * 1024;
const uploads = (files: number) => files * MAX_UPLOAD_BYTES + UPLOAD_OVERHEAD;

const UPLOAD_ROUTES: Array<[RegExp, number]> = [
  [/^\/Store\/\d+\/brand$/, uploads(MOST_BANNER_SLOTS)],
  // A new product comes with its photos (the first the cover); an edit replaces the cover only.
  [/^\/Store\/\d+\/products\/new$/, uploads(MOST_PHOTOS_PER_PRODUCT)],
  [/^\/Store\/\d+\/products\/\d+$/, uploads(1)],
  // The catalog spreadsheet, uploaded, then sent back as the confirmation's hidden field.
  [/^\/Store\/\d+\/products\/import$/, CATALOG_MAX_BYTES + FORM_BODY_LIMIT],
  [/^\/Store\/\d+\/products\/\d+\/photos$/, uploads(MOST_PHOTOS_PER_PRODUCT)],
  // Each video may come with the small thumbnail the browser drew from it.
  [/^\/Store\/\d+\/section\/\d+\/new\/file$/, uploads(MOST_ITEMS_PER_SECTION) + MOST_ITEMS_PER_SECTION * 512 * 1024],
  // A transfer's receipt, on the buyer's order page.
  [/^\/site\/[^/]+\/Order\/\d{10}$/, uploads(1)],
];

export const BODY_MESSAGES = {
  tooLarge: "La solicitud es demasiado grande. Los archivos pueden pesar hasta 6 MB cada uno.",
  lengthRequired: "La solicitud debe indicar su tamaño.",
} as const;

/** The body limit for a path the app routes (store hosts already rewritten to /site/…). */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, "");
  for (const [pattern, limit] of UPLOAD_ROUTES) if (pattern.test(path)) return limit;
  return FORM_BODY_LIMIT;
}

/**
 * Refuses a body over the route's limit before it is read: 413 when Content-Length says so, 411
 * for a chunked body of unknown size. A body that arrives without either is cut off at the limit
 * while it is read, so no request ever holds more than its limit in memory.
 */
export function limitBody(request: Request, limit: number): Request | Response {
  if (request.body === null) return request;
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    const size = Number(declared);
    if (!Number.isSafeInteger(size) || size < 0 || size > limit) return refusal(413, BODY_MESSAGES.tooLarge);
    return request;
  }
  if (request.headers.has("Transfer-Encoding")) return refusal(411, BODY_MESSAGES.lengthRequired);
  let seen = 0;
  const capped = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new Error(BODY_MESSAGES.tooLarge));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request, { body: capped, duplex: "half" } as RequestInit);
}

function refusal(status: 411 | 413, message: string): Response {
  // Connection: close lets the server drop the rest of the upload instead of reading it.
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close", "Cache-Control": "no-store" },
  });
}
