import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import { cacheControlFor } from "../app/pwa/cache-policy.ts";
import { type Encoding, isCompressible, negotiateEncoding, varyOnEncoding } from "./compression.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".html": "text/html; charset=utf-8",
  ".woff2": "font/woff2",
};

/** The type a file of the client build is sent with, by its name; null for a file this server does not send. */
export function contentTypeOf(path: string): string | null {
  return TYPES[extname(path)] ?? null;
}

/** Serves the client build: the files' types, cache lifetimes and precompressed siblings. */
export function createStaticHandler(root: string) {
  return async (request: Request): Promise<Response | null> => {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    const { pathname } = new URL(request.url);
    if (pathname === "/" || pathname.endsWith("/")) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const path = normalize(join(root, decoded));
    if (!path.startsWith(root + sep)) return null;
    const type = contentTypeOf(path);
    if (!type) return null;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const headers = new Headers({
        "content-type": type,
        "x-content-type-options": "nosniff",
        "cache-control": cacheControlFor(pathname),
      });
      // Text assets have brotli and gzip siblings written at build time (vite.config.ts).
      const compressible = isCompressible(type);
      if (compressible) varyOnEncoding(headers);
      const encoded = compressible ? await precompressed(path, negotiateEncoding(request.headers.get("accept-encoding"))) : null;
      if (encoded) headers.set("content-encoding", encoded.encoding);
      headers.set("content-length", String(encoded?.size ?? info.size));
      const file = encoded?.path ?? path;
      const body = request.method === "HEAD" ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
      return new Response(body, { headers });
    } catch {
      return null;
    }
  };
}

async function precompressed(path: string, encoding: Encoding | null) {
  if (!encoding) return null;
  const file = `${path}.${encoding === "br" ? "br" : "gz"}`;
  try {
    const info = await stat(file);
    return info.isFile() ? { encoding, path: file, size: info.size } : null;
  } catch {
    return null;
  }
}
