import { FEATURE_GROUPS, PAGE_FEATURES } from "../messages/compiled/page-groups";

/**
 * Which message groups a merchant page needs (decision 0067, 'Per feature'): its feature's, found by matching its
 * path against the merchant routes as `npm run messages:extract` listed them. A group is the first segment of a
 * message's id. The same answer on the server (what the messages layout sends) and in the browser (whether a
 * navigation must fetch more).
 */
export function pageGroupsOf(pathname: string): readonly string[] {
  const feature = featureOfPath(pathname);
  let found = groupsByFeature.get(feature);
  if (!found) {
    const text = feature === null ? Object.values(FEATURE_GROUPS).join(" ") : (FEATURE_GROUPS[feature] ?? "");
    found = [...new Set(text.split(" ").filter(Boolean))].sort();
    groupsByFeature.set(feature, found);
  }
  return found;
}

const groupsByFeature = new Map<string | null, readonly string[]>();

/**
 * A merchant page's feature ('products'), or null for a path no merchant route answers (then every group). A data
 * request's path is its page's: a loader is given the request as the browser sent it ('/Store/1/products.data', and
 * '/_.data' for '/').
 */
export function featureOfPath(pathname: string): string | null {
  const page = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  const parts = pathParts(page);
  let best: { feature: string; score: number } | null = null;
  for (const [pattern, feature] of PAGE_FEATURES) {
    const score = matchScore(pathParts(pattern), parts);
    if (score !== null && (!best || score > best.score)) best = { feature, score };
  }
  return best?.feature ?? null;
}

/**
 * How well a route's path matches: null when it does not, else higher for more literal segments, earlier ones
 * weighing more ('products/new' before 'products/:productId'), as React Router ranks them. Literals ignore case, as
 * the router does.
 */
function matchScore(pattern: string[], parts: string[]): number | null {
  if (pattern.length !== parts.length) return null;
  let score = 0;
  for (const [i, segment] of pattern.entries()) {
    if (segment.startsWith(":")) continue;
    if (segment.toLowerCase() !== parts[i]?.toLowerCase()) return null;
    score += 2 ** (pattern.length - i);
  }
  return score;
}

const pathParts = (path: string) => path.split("/").filter(Boolean);
