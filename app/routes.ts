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
    route("newStore", "stores/new-store.tsx"),
    // Billing (issue 7): more stores, and the provider's back URL with the live status of a payment.
    route("buyStore", "billing/buy-store.tsx"),
    route("paymentCompleted/:id", "billing/payment-completed.tsx"),

    // One store's workspace, 404 unless the signed-in merchant owns it.
    route("Store/:storeId", "stores/workspace.tsx", [
      index("stores/workspace-index.ts"),
      // Store management (issue 4)
      route("info", "stores/info.tsx"),
      route("products", "products/list.tsx"),
      route("products/new", "products/new.tsx"),
      route("products/:productId", "products/edit.tsx"),
      route("section/:sectionId", "sections/section.tsx"),
      route("section/:sectionId/new/:type", "sections/add.tsx"),

      // Sales (issue 6)
      route("sales", "sales/list.tsx", [route(":saleId", "sales/detail.tsx")]),
      route("sales.csv", "sales/export.ts"),
    ]),
  ]),
  layout("merchant/bare-layout.tsx", [route("plans", "billing/plans.tsx"), route("payment", "billing/payment.tsx")]),

  // Public site: /site/{url}/… and {url}.{STORES_DOMAIN}/… (rewritten to /site/{url}/… by the entry).
  route("site/:site", "site/layout.tsx", [
    index("site/home.tsx"),
    route("Store", "site/store.tsx"),
    route("Search", "site/search.tsx"),
    route("Product/:title/:id", "site/product.tsx"),
    route("Cart", "site/cart.tsx"),
    route("Checkout", "orders/checkout.tsx"),
    route("Order", "orders/confirmation.tsx"),
    route("sitemap.xml", "site/sitemap.ts"),
    route("robots.txt", "site/robots.ts"),
  ]),
  // Printed QR codes: /QR/{storeId} redirects to the store's public site.
  route("QR/:id", "site/qr.ts"),

  // Stored files (logos, banners, product images, QR), content-addressed and immutable.
  route("files/*", "files/route.ts"),

  // Hidden admin page (product-decisions.md: ADMIN_SECRET, constant time, 5 tries per 15 min).
  route("SSS", "admin/sss.tsx"),
  // MercadoPago notifications: signed (x-signature), exempt from the Origin check.
  route("webhooks/mercadopago", "billing/webhook.ts"),

  // Local-only tools (404 in production).
  route("_dev/correo", "dev/outbox.tsx"),
  route("_dev/reloj", "dev/clock.tsx"),
  // Payment sandbox: only while no MercadoPago credentials are configured.
  route("_sandbox/pay/:code", "sandbox/pay.tsx"),

  route("*", "not-found.tsx"),
] satisfies RouteConfig;
