import { pipeline, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

/**
 * Response compression for the single-machine server (Cloudflare compresses at its edge). Text is
 * compressed as it streams, so a streamed page still arrives in pieces; pictures, videos and fonts
 * are already compressed and pass untouched.
 */
export type Encoding = "br" | "gzip";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this size the encoding's own overhead outweighs the saving. */
export const MIN_BYTES = 1024;

/** The best encoding the client accepts: brotli, then gzip (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: Encoding) => accepted.get(name) ?? (accepted.has("*") ? (accepted.get("*") ?? 0) : 0);
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return null;
}

export function isCompressible(contentType: string | null): boolean {
  return COMPRESSIBLE.test(contentType ?? "");
}

/** Adds `Accept-Encoding` to `Vary` once. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`);
}

export function compressResponse(request: Request, response: Response): Response {
  if (response.status === 304) {
    // A revalidated page varies like the page itself.
    const headers = new Headers(response.headers);
    varyOnEncoding(headers);
    return new Response(null, { status: 304, headers });
  }
  if (
    !response.body ||
    request.method === "HEAD" ||
    response.status === 204 ||
    response.status === 206 ||
    response.headers.has("content-encoding") ||
    !isCompressible(response.headers.get("content-type"))
  )
    return response;
  const headers = new Headers(response.headers);
  varyOnEncoding(headers);
  const length = Number(headers.get("content-length") ?? Number.NaN);
  const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
  if (!encoding || length < MIN_BYTES) return new Response(response.body, { status: response.status, headers });
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
  // The compressed bytes differ from the identity ones: the validator becomes weak (RFC 9110 8.8.1).
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  const compressor =
    encoding === "br"
      ? createBrotliCompress({
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
          flush: constants.BROTLI_OPERATION_FLUSH,
        })
      : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
  const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const compressed = pipeline(source, compressor, () => {
    // A client that goes away ends both streams; nothing to report.
  });
  return new Response(Readable.toWeb(compressed) as ReadableStream, { status: response.status, headers });
}
