import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Every route of the product, listed explicitly so the spec's route table maps to files at a glance.
export default [
  // Merchant accounts (spec: /Auth routes). Case kept as the spec gives it.
  route("Auth", "auth/routes/login.tsx"),
  route("Auth/Registration", "auth/routes/registration.tsx"),
  route("Auth/Registration/Step2", "auth/routes/registration-step2.tsx"),
  route("Auth/Registration/Step3", "auth/routes/registration-step3.tsx"),
  route("Auth/ForgotPassword", "auth/routes/forgot-password.tsx"),
  route("Auth/ResetPassword/:token", "auth/routes/reset-password.tsx"),
  route("Auth/logout", "auth/routes/logout.ts"),

  // Merchant app, behind the session guard and the redirect rules.
  layout("merchant/layout.tsx", [
    index("merchant/home.tsx"),
    route("Account", "merchant/account.tsx"),

    // One store's workspace, 404 unless the signed-in merchant owns it.
    route("Store/:storeId", "stores/workspace.tsx", [
      index("stores/workspace-index.ts"),
      // Store management (issue 4)

      // Sales (issue 6)
      route("sales", "sales/list.tsx", [route(":saleId", "sales/detail.tsx")]),
      route("sales.csv", "sales/export.ts"),
    ]),
  ]),
  layout("merchant/bare-layout.tsx", [route("plans", "billing/plans.tsx"), route("payment", "billing/payment.tsx")]),

  // Public site: /site/{url}/… and {url}.{STORES_DOMAIN}/… (rewritten to /site/{url}/… by the entry).
  route("site/:site", "site/home.tsx"),

  // Stored files (logos, banners, product images, QR), content-addressed and immutable.
  route("files/*", "files/route.ts"),

  // Local-only tools (404 in production).
  route("_dev/correo", "dev/outbox.tsx"),

  route("*", "not-found.tsx"),
] satisfies RouteConfig;
