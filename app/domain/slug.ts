/** Store urls: DNS-label slugs of the store name (docs/product-rules.md, Identifiers and store URLs). */
export const RESERVED_SLUGS = new Set([
  "app",
  "www",
  "api",
  "admin",
  "auth",
  "site",
  "sites",
  "static",
  "assets",
  "files",
  "cdn",
  "mail",
  "qr",
  "sss",
  "store",
  "tienda",
  "help",
  "ayuda",
  "blog",
  "status",
]);

const SLUG_MIN = 3;
const SLUG_MAX = 40;

export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
}

export type SlugProblem = "too_short" | "reserved" | "invalid";

export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length < SLUG_MIN) return "too_short";
  if (slug.length > SLUG_MAX || !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(slug)) return "invalid";
  if (RESERVED_SLUGS.has(slug)) return "reserved";
  return null;
}

/** The spec's "trailing spaces in the name are removed"; inner runs of spaces collapse too. */
export function cleanStoreName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}
