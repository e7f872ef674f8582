import type { HeadersArgs } from "react-router";

/**
 * Public pages pass their loader's cache headers (ETag, Cache-Control, Vary) through, with what a refused
 * action adds (Retry-After); errors theirs.
 */
export function siteHeaders({ loaderHeaders, actionHeaders, errorHeaders }: HeadersArgs): Headers {
  if (errorHeaders) return errorHeaders;
  if (![...actionHeaders.keys()].length) return loaderHeaders;
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) merged.set(name, value);
  return merged;
}
