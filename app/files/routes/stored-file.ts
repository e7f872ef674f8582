import { renditionSourceKey } from "~/media/renditions";
import { contentTypeForKey, isServableFileKey } from "~/services/files";
import { getServices } from "~/services/services";
import type { Route } from "./+types/stored-file";

/**
 * Serves stored files. Keys are content-addressed (a new upload gets a new key), so a file
 * never changes under its URL and can be cached forever.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"];
  const contentType = key ? contentTypeForKey(key) : null;
  if (!key || !isServableFileKey(key) || !contentType) return new Response("No encontrado", { status: 404 });
  const { files } = getServices(context);
  const source = renditionSourceKey(key);
  // Images stored before renditions existed have none: their full size stands in.
  const file = (await files.get(key)) ?? (source ? await files.get(source) : null);
  if (!file) return new Response("No encontrado", { status: 404 });
  return new Response(file.body, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      // SVG is served as an image, never as a document that could run script.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
