import { type RouteConfig, route } from "@react-router/dev/routes";

// Every route of the product, listed explicitly so the spec's route table maps to files at a glance.
export default [
  // Public site: /site/{url}/… and {url}.{STORES_DOMAIN}/… (rewritten to /site/{url}/… by the entry).
  route("site/:site", "site/home.tsx"),

  // Stored files (logos, banners, product images, QR), content-addressed and immutable.
  route("files/*", "files/route.ts"),

  // Local-only tools (404 in production).
  route("_dev/correo", "dev/outbox.tsx"),

  route("*", "not-found.tsx"),
] satisfies RouteConfig;
