import type { HeadersArgs } from "react-router";

/** Public pages pass their loader's cache headers (ETag, Cache-Control, Vary) through; errors theirs. */
export function siteHeaders({ loaderHeaders, errorHeaders }: HeadersArgs): Headers {
  return errorHeaders ?? loaderHeaders;
}
