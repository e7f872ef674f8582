import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { Readable } from "node:stream";

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
  ".woff2": "font/woff2",
};

/** Serves the client build: hashed /assets/* forever, other public files for an hour. */
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
    const type = TYPES[extname(path)];
    if (!type) return null;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const headers = new Headers({
        "content-type": type,
        "content-length": String(info.size),
        "x-content-type-options": "nosniff",
        "cache-control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      });
      const body = request.method === "HEAD" ? null : (Readable.toWeb(createReadStream(path)) as ReadableStream);
      return new Response(body, { headers });
    } catch {
      return null;
    }
  };
}
