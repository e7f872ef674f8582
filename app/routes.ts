import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Every route of the product, listed explicitly so the spec's route table maps to files at a glance.
export default [
  // Public site: /site/{url}/… and {url}.{STORES_DOMAIN}/… (rewritten to /site/{url}/… by the entry).
  route("site/:site", "site/home.tsx"),

  // Stored files (logos, banners, product images, QR), content-addressed and immutable.
  route("files/*", "files/route.ts"),

  // Local-only tools (404 in production).
  route("_dev/correo", "dev/outbox.tsx"),

  // The merchant app's home (/) arrives with merchant accounts; until then it is a plain 404.
  index("not-found.tsx", { id: "merchant-home" }),
  route("*", "not-found.tsx"),
] satisfies RouteConfig;
