// The folder rules of docs/architecture.md, checked by `npm run lint` (dependency-cruiser).
// Layers, lowest first: domain → db → services → http → ui → media → pwa; security and workspace sit
// on them; features sit on top and may use another feature only where FEATURE_USES says so.

/** Which other features each feature may import (its server functions or components), never the other way round. */
const FEATURE_USES = {
  admin: ["auth"],
  auth: [],
  merchant: ["auth", "stores"],
  stores: ["auth", "sections", "products", "domains"],
  sections: ["products"],
  products: ["stock-alerts"],
  "stock-alerts": ["notifications"],
  discounts: ["auth"],
  promotions: ["products", "stores"],
  "online-payments": ["billing"],
  "payment-methods": [],
  looks: ["sections"],
  orders: [
    "discounts",
    "online-payments",
    "payment-methods",
    "notifications",
    "products",
    "stores",
    "auth",
    "billing",
    "conversions",
    "promotions",
  ],
  site: [
    "orders",
    "discounts",
    "online-payments",
    "payment-methods",
    "products",
    "conversions",
    "stats",
    "fulfilment",
    "promotions",
  ],
  feeds: ["site"],
  stats: ["orders", "conversions"],
  conversions: ["online-payments"],
  sales: ["orders", "notifications", "fulfilment"],
  fulfilment: ["orders"],
  team: ["auth"],
  customers: ["orders"],
  billing: ["auth"],
  notifications: [],
  domains: [],
  activity: [],
  files: [],
  dev: ["orders"],
  sandbox: ["billing", "online-payments", "orders"],
  demo: ["auth", "stores", "products", "sections", "discounts", "billing", "team"],
};
const FEATURES = Object.keys(FEATURE_USES);
const SHARED = "domain|services|http|ui|media|pwa|security|workspace|styles";

const featureRules = FEATURES.map((feature) => {
  const others = FEATURES.filter((f) => f !== feature && !FEATURE_USES[feature].includes(f));
  return {
    name: `feature-${feature}`,
    comment: `${feature}/ may use only the features named for it in FEATURE_USES (.dependency-cruiser.cjs)`,
    severity: "error",
    from: { path: `^app/${feature}/` },
    to: { path: `^app/(${others.join("|")})/` },
  };
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No module imports itself back through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-is-plain",
      comment:
        "domain/ is plain functions: nothing of the database, the runtime, the framework or the app's other folders (the compiled message catalogs are plain data).",
      severity: "error",
      from: { path: "^app/domain/" },
      to: {
        path: "^(app/(?!domain/|messages/compiled/)|db/|server/|workers/)|^node_modules/(drizzle-orm|@libsql|react|react-dom|react-router|@react-router|mercadopago|resend)/",
      },
    },
    {
      name: "db-on-domain-only",
      comment: "The schema may name the domain's constants and types, nothing else of the app.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^app/(?!domain/)" },
    },
    {
      name: "services-know-no-feature",
      comment: "services/ (adapters and interfaces) depend on the domain and the schema only.",
      severity: "error",
      from: { path: "^app/services/" },
      to: { path: `^app/(?!services/|domain/)` },
    },
    {
      name: "http-is-low",
      comment: "http/ is the HTTP toolkit every layer above uses: it uses only the domain and services.",
      severity: "error",
      from: { path: "^app/http/" },
      to: { path: "^app/(?!http/|services/|domain/)" },
    },
    {
      name: "ui-on-http",
      comment: "ui/ (shared components) sits on http, services and the domain.",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: "^app/(?!ui/|http/|services/|domain/)" },
    },
    {
      name: "media-on-ui",
      comment: "media/ sits on ui, http, services and the domain.",
      severity: "error",
      from: { path: "^app/media/" },
      to: { path: "^app/(?!media/|ui/|http/|services/|domain/)" },
    },
    {
      name: "pwa-on-media",
      comment: "pwa/ (the installable app, built on its own) uses media's PNG code and its own files only.",
      severity: "error",
      from: { path: "^app/pwa/" },
      to: { path: "^app/(?!pwa/|media/|domain/)" },
    },
    {
      name: "security-is-shared",
      comment: "security/ (request checks before routing) uses shared layers only.",
      severity: "error",
      from: { path: "^app/security/" },
      to: { path: `^app/(?!security/|domain/|media/|http/|services/)` },
    },
    {
      name: "workspace-is-shared",
      comment: "workspace/ (the store workspace's shared layer) uses shared layers only, never a feature.",
      severity: "error",
      from: { path: "^app/workspace/" },
      to: { path: `^app/(?!(${SHARED})/)` },
    },
    {
      name: "shared-never-on-features",
      comment: "No shared layer imports a feature.",
      severity: "error",
      from: { path: `^app/(${SHARED})/` },
      to: { path: `^app/(${FEATURES.join("|")})/` },
    },
    ...featureRules,
    {
      name: "server-modules-stay-on-the-server",
      comment: "A .client module never imports a .server one.",
      severity: "error",
      from: { path: "\\.client\\.tsx?$" },
      to: { path: "\\.server\\.tsx?$" },
    },
    {
      name: "no-unlisted-packages",
      comment: "Every imported package is in package.json.",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "tests-stay-out",
      comment: "The product never imports test code.",
      severity: "error",
      from: { path: "^(app|server|workers|db)/" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router|tests/\\.tmp)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
