import { describe, expect, it } from "vitest";
import { inOverdueGrace, merchantRedirect, staffRefused } from "~/auth/redirect-rules";
import { loginSchema, registrationStep1Schema, safeRedirect } from "~/auth/validation";
import { daysUntilDue, showBillWarning } from "~/domain/billing";
import { translatorFor } from "~/domain/message-catalogs";
import { pagePath } from "~/merchant/session.server";
import { isSameSiteRequest, withoutOpaqueOrigin } from "~/security/origin";

const now = new Date("2026-05-10T12:00:00Z");
const day = 86_400_000;
const paid = { trialStarted: true, billDueAt: new Date(now.getTime() + 20 * day) };
const overdue = { trialStarted: true, billDueAt: new Date(now.getTime() - day) };
const noPlan = { trialStarted: false, billDueAt: null };

describe("merchant redirect rules", () => {
  it("sends a merchant without a plan to /plans", () => {
    expect(merchantRedirect(noPlan, "/", now)).toBe("/plans");
    expect(merchantRedirect(noPlan, "/Store/123/products", now)).toBe("/plans");
    expect(merchantRedirect(noPlan, "/plans", now)).toBeNull();
    expect(merchantRedirect(noPlan, "/Account", now)).toBeNull();
  });

  it("sends an overdue merchant to /payment except billing pages, account and logout", () => {
    expect(merchantRedirect(overdue, "/", now)).toBe("/payment");
    expect(merchantRedirect(overdue, "/Store/1234567890/info", now)).toBe("/payment");
    for (const path of ["/payment", "/plans", "/paymentCompleted/1234567890", "/Account", "/Auth/logout"]) {
      expect(merchantRedirect(overdue, path, now)).toBeNull();
    }
  });

  it("keeps an overdue merchant's sales desk open while the stores take orders (10 days of grace), then sends it to /payment", () => {
    const desk = ["/Store/1234567890/sales", "/Store/1234567890/sales/0123456789", "/Store/1234567890/sales.csv"];
    for (const path of desk) expect(merchantRedirect(overdue, path, now), path).toBeNull();
    for (const path of ["/Store/1234567890/products", "/Store/1234567890/sales/abc", "/Store/1234567890/salesx"])
      expect(merchantRedirect(overdue, path, now), path).toBe("/payment");
    const pastGrace = { trialStarted: true, billDueAt: new Date(now.getTime() - 10 * day - 1) };
    for (const path of desk) expect(merchantRedirect(pastGrace, path, now), path).toBe("/payment");
    expect(inOverdueGrace(overdue, now)).toBe(true);
    expect(inOverdueGrace(pastGrace, now)).toBe(false);
    expect(inOverdueGrace(paid, now)).toBe(false);
  });

  it("lets a member of a store's team without a plan open the store list and store pages, and nothing of their own", () => {
    for (const path of ["/", "/Store/1234567890/sales", "/Store/1234567890", "/Account", "/plans"])
      expect(merchantRedirect(noPlan, path, now, true), path).toBeNull();
    for (const path of ["/newStore", "/buyStore", "/payment", "/Store/oauth/mercadopago", "/Store/12345/sales"])
      expect(merchantRedirect(noPlan, path, now, true), path).toBe("/plans");
  });

  it("refuses a member, never redirects them, what the owner's overdue bill closes", () => {
    expect(staffRefused(paid, "/Store/1234567890/products", now)).toBe(false);
    expect(staffRefused(overdue, "/Store/1234567890/sales", now)).toBe(false);
    expect(staffRefused(overdue, "/Store/1234567890/products", now)).toBe(true);
    const pastGrace = { trialStarted: true, billDueAt: new Date(now.getTime() - 10 * day - 1) };
    expect(staffRefused(pastGrace, "/Store/1234567890/sales", now)).toBe(true);
  });

  it("lets a paid-up merchant go anywhere", () => {
    expect(merchantRedirect(paid, "/", now)).toBeNull();
  });

  it("is not overdue at the exact due instant, and is one millisecond later", () => {
    const dueNow = { trialStarted: true, billDueAt: now };
    expect(merchantRedirect(dueNow, "/", now)).toBeNull();
    expect(merchantRedirect(dueNow, "/", new Date(now.getTime() + 1))).toBe("/payment");
  });

  it("warns when 0 < days to the bill ≤ 6", () => {
    const due = (days: number) => ({ trialStarted: true, billDueAt: new Date(now.getTime() + days * day) });
    expect(showBillWarning(due(7), now)).toBe(false);
    expect(showBillWarning(due(6), now)).toBe(true);
    expect(showBillWarning(due(0.5), now)).toBe(true);
    expect(showBillWarning(due(-1), now)).toBe(false);
    expect(showBillWarning(noPlan, now)).toBe(false);
    expect(daysUntilDue(due(2.2), now)).toBe(3);
  });
});

describe("request helpers", () => {
  it("maps client data requests to their page", () => {
    expect(pagePath(new Request("http://x/plans.data?_routes=a"))).toBe("/plans");
    expect(pagePath(new Request("http://x/_root.data"))).toBe("/");
    expect(pagePath(new Request("http://x/Account"))).toBe("/Account");
  });

  it("only redirects to relative app paths after login", () => {
    expect(safeRedirect("/Account")).toBe("/Account");
    for (const bad of ["//evil.com", "https://evil.com", "/\\evil.com", "/Auth", "", null, undefined])
      expect(safeRedirect(bad)).toBe("/");
  });

  it("refuses redirect targets a browser would read as another site, whatever the encoding tricks", () => {
    const bad = ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/%09/x\u0000", "/\u007f/evil.example"];
    for (const target of [...bad, "/\\/evil.example", "/x\\y", "/./\\evil", "/.//evil.example", "/Auth/../Auth", "/%2e%2e/Auth"])
      expect(safeRedirect(target), JSON.stringify(target)).not.toMatch(/evil|Auth/);
    expect(safeRedirect(new URL("http://x/Auth?redirectTo=%2F%09%2Fevil.example").searchParams.get("redirectTo"))).toBe("/");
    expect(safeRedirect("/Store/1234567890/sales?q=1#lista")).toBe("/Store/1234567890/sales?q=1#lista");
    expect(safeRedirect("/a/../Account")).toBe("/Account");
  });
});

describe("cross-site check", () => {
  const app = "http://localhost:3000";
  const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers });
  it("accepts the app origin and same-origin fetches", () => {
    expect(isSameSiteRequest(post(`${app}/Auth`, { Origin: app }), app, null)).toBe(true);
    expect(isSameSiteRequest(post(`${app}/Auth`, { "Sec-Fetch-Site": "same-origin" }), app, null)).toBe(true);
    expect(isSameSiteRequest(new Request(`${app}/Auth`), app, null)).toBe(true);
  });
  it("accepts a store host posting to itself", () => {
    expect(
      isSameSiteRequest(
        post("http://demo.localhost:3000/site/demo/Carrito", { Origin: "http://demo.localhost:3000" }),
        app,
        "demo",
      ),
    ).toBe(true);
    expect(isSameSiteRequest(post(`${app}/Auth`, { Origin: "http://demo.localhost:3000" }), app, null)).toBe(false);
  });
  it("refuses foreign, null and missing origins", () => {
    expect(isSameSiteRequest(post(`${app}/Auth`, { Origin: "https://evil.example" }), app, null)).toBe(false);
    expect(isSameSiteRequest(post(`${app}/Auth`, { Origin: "null" }), app, null)).toBe(false);
    expect(isSameSiteRequest(post(`${app}/Auth`, { "Sec-Fetch-Site": "cross-site" }), app, null)).toBe(false);
    expect(isSameSiteRequest(post(`${app}/Auth`, {}), app, null)).toBe(false);
  });
  it("a form on a no-referrer page (Origin: null, same-origin fetch) passes, and reaches the router without the opaque Origin", () => {
    const fromSecretPage = post(`${app}/site/demo/Order/1234567890?t=x`, { Origin: "null", "Sec-Fetch-Site": "same-origin" });
    expect(isSameSiteRequest(fromSecretPage, app, null)).toBe(true);
    expect(withoutOpaqueOrigin(fromSecretPage).headers.has("Origin")).toBe(false);
    // Any other Origin is left for the router's own check.
    const foreign = post(`${app}/Auth`, { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" });
    expect(withoutOpaqueOrigin(foreign).headers.get("Origin")).toBe("https://evil.example");
    const crossSite = post(`${app}/Auth`, { Origin: "null", "Sec-Fetch-Site": "cross-site" });
    expect(withoutOpaqueOrigin(crossSite).headers.get("Origin")).toBe("null");
  });
});

describe("form validation messages", () => {
  it("uses the spec's Spanish strings", () => {
    const r = registrationStep1Schema(translatorFor("es")).safeParse({
      name: "",
      lastname: "X",
      email: "a@b.co",
      password: "12345",
    });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain("La contraseña es demasiado corta");
    expect(messages).toContain("Este campo es obligatorio");
    expect(messages).toContain("Debes aceptar los términos y condiciones");
  });
  it("normalizes emails to lowercase", () => {
    expect(loginSchema.parse({ email: "  Ana@Correo.CO ", password: "x" }).email).toBe("ana@correo.co");
  });
});
