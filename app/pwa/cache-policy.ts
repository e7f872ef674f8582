import { SERVICE_WORKER_PATH } from "./manifest.ts";

/**
 * How long a browser may keep a file of the client build, for both runtimes: the Node server sends
 * it (server/static.ts), and the build writes the same rules into the `_headers` file of the
 * Cloudflare asset server (app/pwa/vite-plugin.ts). Relative imports only: the Vite config loads it.
 */
const RULES = [
  // Build files named by their content hash: a new build names them anew.
  { pattern: "/assets/*", cacheControl: "public, max-age=31536000, immutable" },
  // The service worker is never kept without asking: a new build must reach every installed app.
  { pattern: SERVICE_WORKER_PATH, cacheControl: "no-cache" },
] as const;

/**
 * The rest of the root files (icons, manifest, offline page) on Node. Cloudflare's asset server
 * keeps its own default for them (it revalidates), so `_headers` lists only the rules above.
 */
const DEFAULT_CACHE_CONTROL = "public, max-age=3600";

const matches = (pattern: string, pathname: string) =>
  pattern.endsWith("*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;

export function cacheControlFor(pathname: string): string {
  return RULES.find((rule) => matches(rule.pattern, pathname))?.cacheControl ?? DEFAULT_CACHE_CONTROL;
}

/** The rules in the `_headers` format of Cloudflare's asset server (which reads the file and does not serve it). */
export function cloudflareHeadersFile(): string {
  return RULES.map(({ pattern, cacheControl }) => `${pattern}\n  Cache-Control: ${cacheControl}\n`).join("");
}
