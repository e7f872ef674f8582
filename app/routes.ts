import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the product, listed explicitly: the one map from a path to the module that answers it.
// Each feature keeps its route modules in its own routes/ folder (docs/architecture.md).
export default [
  // Merchant accounts. Paths keep their capitals: printed QR codes and bookmarks depend on them.
  route("Auth", "auth/routes/login.tsx"),
  route("Auth/Registration", "auth/routes/registration.tsx"),
  route("Auth/Registration/Step2", "auth/routes/registration-step2.tsx"),
  route("Auth/Registration/Step3", "auth/routes/registration-step3.tsx"),
  route("Auth/ForgotPassword", "auth/routes/forgot-password.tsx"),
  route("Auth/ResetPassword/:token", "auth/routes/reset-password.tsx"),
  route("Auth/logout", "auth/routes/logout.ts"),
  // The platform's terms and privacy policy: public, linked from registration's checkbox.
  route("terminos", "auth/routes/terms.tsx"),
  // An invitation to a store's team: create an account or sign in, and join (outside the guard: no session needed).
  route("equipo/invitacion/:token", "team/routes/invitation.tsx"),
  route("privacidad", "auth/routes/privacy.tsx"),

  // Merchant app, behind the session guard and the redirect rules, with the merchant's variant of the catalog.
  layout("merchant/routes/messages-layout.tsx", [
    layout("merchant/routes/merchant-layout.tsx", [
      index("merchant/routes/store-list.tsx"),
      route("Account", "merchant/routes/account.tsx"),
      route("newStore", "stores/routes/new-store.tsx"),
      // Billing: more stores, and the provider's back URL with the live status of a payment.
      route("buyStore", "billing/routes/buy-store.tsx"),
      route("paymentCompleted/:id", "billing/routes/payment-completed.tsx"),

      // One store's workspace: 404 unless the signed-in user owns it or is on its team; 403 for a section their role lacks.
      route("Store/:storeId", "stores/routes/workspace-layout.tsx", [
        index("stores/routes/workspace-index.ts"),
        // Store management: information, products, sections.
        route("info", "stores/routes/store-info.tsx"),
        route("brand", "stores/routes/store-brand.tsx"), // 'Logo y banner'
        route("qr/cartel", "stores/routes/qr-poster.ts"), // the store's QR as a poster to print (A4, A6)
        route("sections", "sections/routes/section-list.tsx"),
        route("delivery", "stores/routes/store-delivery.tsx"), // 'Entrega': pickup points, delivery zones, methods
        route("politicas", "stores/routes/store-policies.tsx"), // 'Políticas': the store's own pages and its fiscal identity
        route("products", "products/routes/product-list.tsx"),
        route("products/new", "products/routes/new-product.tsx"),
        // The catalog as a spreadsheet: 'Exportar CSV' and the two-step 'Importar CSV'.
        route("products.csv", "products/routes/catalog-csv.ts"),
        route("products/import", "products/routes/catalog-import.tsx"),
        route("products/poco-stock", "stock-alerts/routes/low-stock.tsx"), // 'Aviso de poco stock': thresholds of available units
        route("products/:productId", "products/routes/edit-product.tsx"),
        route("products/:productId/photos", "products/routes/product-photos.tsx"),
        route("section/:sectionId", "sections/routes/section.tsx"),
        route("section/:sectionId/new/:type", "sections/routes/add-to-section.tsx"),

        // Sales desk.
        route("sales", "sales/routes/sales-list.tsx", [route(":saleId", "sales/routes/sale-detail.tsx")]),
        route("sales/new", "sales/routes/new-order.tsx"), // 'Armar pedido': an order built for a customer, sent as a link
        route("sales/imprimir", "sales/routes/packing-slips.ts"), // packing slips of chosen sales, for A4 or 80-mm printers
        route("sales.csv", "sales/routes/sales-csv.ts"),
        route("sales/:saleId/receipt", "sales/routes/sale-receipt.ts"), // a transfer's receipt, for the owner only
        // Customers ('Clientes'): the list from the orders, its CSV, and one customer (merge, delete their data).
        route("customers", "customers/routes/customer-list.tsx"),
        route("customers.csv", "customers/routes/customers-csv.ts"),
        route("customers/:customerId", "customers/routes/customer-detail.tsx"),
        // 'Carritos abandonados': checkouts with a contact and no order, the WhatsApp link that restores each, settings.
        route("carritos", "sales/routes/abandoned-carts.tsx"),
        route("notifications", "notifications/routes/push-subscriptions.ts"), // new-order Web Push: the sales page's toggle

        // Discount codes ('Descuentos'): the list (switch on or off, delete), new and edit (with the code's link).
        route("discounts", "discounts/routes/discount-codes.tsx"),
        route("discounts/new", "discounts/routes/new-discount-code.tsx"),
        route("discounts/:codeId", "discounts/routes/edit-discount-code.tsx"),
        route("discounts/:codeId/qr/:format", "discounts/routes/discount-code-qr.ts"), // the code's link as a QR (png, svg)
        // Automatic promotions ('Promociones'): the list with what each brought (switch on or off, delete), new and edit.
        route("promociones", "promotions/routes/promotions.tsx"),
        route("promociones/nueva", "promotions/routes/new-promotion.tsx"),
        route("promociones/:promotionId", "promotions/routes/edit-promotion.tsx"),
        route("look", "looks/routes/look-page.tsx"), // 'Diseño': the store's look, with its live preview
        route("dominio", "domains/routes/custom-domain.tsx"), // 'Dominio propio': the store on its own hostname
        route("cobros", "payment-methods/routes/payment-methods.tsx"), // 'Cobros': transfer and cash, with their adjustments
        route("payments", "online-payments/routes/store-payments.tsx"), // 'Cobros en línea': the store's own MercadoPago
        route("redes", "feeds/routes/sell-on-social.tsx"), // 'Vender en redes': the product feeds and the links to share
        route("estadisticas", "stats/routes/statistics.tsx"), // 'Estadísticas': visits, sources, funnel, best products
        route("conversiones", "conversions/routes/conversion-settings.tsx"), // 'Anuncios': ad conversions sent from the server
        route("equipo", "team/routes/team.tsx"), // 'Equipo': the owner's staff, invited by email with a role
        route("actividad", "activity/routes/activity.tsx"), // 'Actividad': who changed what, 12 months, with filters
        route("actividad.csv", "activity/routes/activity-csv.ts"),
      ]),
      // The one OAuth callback registered with MercadoPago; the signed state names the store.
      route("Store/oauth/mercadopago", "online-payments/routes/oauth-callback.ts"),
    ]),
    layout("merchant/routes/bare-layout.tsx", [
      route("plans", "billing/routes/plans.tsx"),
      route("payment", "billing/routes/payment.tsx"),
    ]),
  ]),

  // Public site: /site/{url}/… and {url}.{STORES_DOMAIN}/… (rewritten to /site/{url}/… by the entry).
  route("site/:site", "site/routes/site-layout.tsx", [
    index("site/routes/store-home.tsx"),
    route("Store", "site/routes/store-catalog.tsx"),
    route("Search", "site/routes/search.tsx"),
    route("Product/:title/:id", "site/routes/product.tsx"),
    route("Cart", "site/routes/cart.tsx"),
    route("Checkout", "site/routes/checkout.tsx"),
    route("Order", "site/routes/order-confirmation.tsx"),
    route("Order/:code", "site/routes/order-page.tsx"),
    // An abandoned cart's link: its products back in the cart; and its reminder email's opt-out.
    route("carrito/recuperar/:token", "site/routes/cart-restore.tsx"),
    route("carrito/sin-correos/:token", "site/routes/cart-email-opt-out.tsx"),
    route("sitemap.xml", "site/routes/sitemap.ts"),
    route("robots.txt", "site/routes/robots.ts"),
    // The product feed Google Merchant Center (and, with ?canal=meta, Meta Commerce Manager) downloads every day.
    route("feed.xml", "feeds/routes/product-feed.ts"),
    // The store's own pages, from templates the merchant edits in 'Políticas' (one module, three addresses).
    route("cambios-y-devoluciones", "site/routes/store-policy.tsx", { id: "site/policy-returns" }),
    route("envios", "site/routes/store-policy.tsx", { id: "site/policy-shipping" }),
    route("privacidad", "site/routes/store-policy.tsx", { id: "site/policy-privacy" }),
    // Argentina's 'Botón de arrepentimiento': a buyer asks to cancel an order of the last 10 days.
    route("arrepentimiento", "site/routes/withdrawal.tsx"),
  ]),
  // Printed QR codes: /QR/{storeId} redirects to the store's public site.
  route("QR/:id", "site/routes/qr-redirect.ts"),

  // Stored files (logos, banners, product images, QR), content-addressed and immutable.
  route("files/*", "files/routes/stored-file.ts"),

  // Hidden admin page: ADMIN_SECRET compared in constant time, 5 failures per 15 min per address.
  route("SSS", "admin/routes/store-urls.tsx"),
  // MercadoPago notifications: signed (x-signature), exempt from the Origin check.
  route("webhooks/mercadopago", "billing/routes/mercadopago-webhook.ts"),
  route("webhooks/mercadopago/stores/:storeId", "orders/routes/store-payment-webhook.ts"),

  // Local-only tools (404 in production).
  route("_dev/correo", "dev/routes/outbox.tsx"),
  route("_dev/reloj", "dev/routes/test-clock.tsx"),
  // Payment sandbox: only while no MercadoPago credentials are configured.
  route("_sandbox/pay/:code", "sandbox/routes/sandbox-pay.tsx"),
  route("_sandbox/oauth", "sandbox/routes/sandbox-oauth.tsx"),
  route("_sandbox/store-checkout/:id", "sandbox/routes/sandbox-store-checkout.tsx"),
  route("_sandbox/conversiones", "sandbox/routes/sandbox-conversions.tsx"), // the ad conversions the local stand-in took

  route("*", "not-found.tsx"),
] satisfies RouteConfig;
