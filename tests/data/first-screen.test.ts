// The platform's first screen (/Auth) and registration's step 2, through the app's real request path.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES as M } from "~/auth/messages";
import { createFetchHandler } from "~/request-handler.server";
import { appBuild } from "../support/app-build";
import { merchantWithStore } from "../support/merchants";
import { createTestServices } from "../support/services";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const s = createTestServices();
const ORIGIN = s.config.APP_ORIGIN;
let handler: ReturnType<typeof createFetchHandler>;

beforeAll(async () => {
  handler = createFetchHandler(await appBuild(), () => s);
  await merchantWithStore(s, "standard", { name: "Panadería Sol", url: "panaderia-sol" });
}, 60_000);

async function send(path: string, init: { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.set("Origin", ORIGIN);
  }
  const response = await handler(
    new Request(`${ORIGIN}${path}`, {
      method: init.form ? "POST" : "GET",
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: "manual",
    }),
    "203.0.113.9",
  );
  const text = await response.text();
  return { status: response.status, response, html: text.replaceAll("&#x27;", "'").replaceAll("&quot;", '"') };
}

const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "\n")
    .split("\n")
    .map((t) => t.trim())
    .filter(Boolean);

describe("the first screen", () => {
  it("says what Vitrina is, offers 'Crea tu tienda gratis' with the free month, and keeps sign-in's words", async () => {
    const page = await send("/Auth");
    expect(page.status).toBe(200);
    const words = visible(page.html);
    expect(words).toEqual(
      expect.arrayContaining([
        "Tu tienda en línea, lista hoy",
        "Tu catálogo con fotos y precios, en tu propia dirección.",
        "Tus clientes te piden por WhatsApp o pagan en línea.",
        "Ventas, stock y clientes, desde tu teléfono.",
        "Crea tu tienda gratis",
        "El primer mes es gratis, sin pagar nada.",
        // Sign-in, word for word as before.
        "Iniciar sesión",
        "Administra tus tiendas",
        "Correo electrónico",
        "Contraseña",
        "Entrar",
        "¿Olvidaste tu contraseña?",
        "Crear una cuenta",
      ]),
    );
    expect(page.html).toContain('<a class="button" href="/Auth/Registration">Crea tu tienda gratis</a>');
    // The phone is drawn inline: no picture to download.
    expect(page.html).toMatch(/<svg class="auth-hero-phone"[^>]*aria-hidden="true"/);
  });
});

describe("registration's step 2", () => {
  it("shows every problem at once, and the store's address as its name makes it", async () => {
    const step1 = await send("/Auth/Registration", {
      form: { name: "Ana", lastname: "Ruiz", email: "ana.paso2@correo.test", password: "Una-Clave-Muy-Propia-42", terms: "on" },
    });
    expect(step1.status).toBe(302);
    const cookie = (step1.response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";

    // A taken name and no category: both said together.
    const both = await send("/Auth/Registration/Step2", { cookie, form: { storeName: "Panadería  Sol ", category: "0" } });
    expect(both.status).toBe(400);
    expect(both.html).toContain(M.storeNameTaken);
    expect(both.html).toContain(M.categoryRequired);

    const named = await send("/Auth/Registration/Step2", { cookie, form: { storeName: "Dulces Ñandú", category: "0" } });
    expect(named.html).toContain("La dirección de tu tienda será <strong>dulces-nandu.");
    const blank = await send("/Auth/Registration/Step2", { cookie });
    expect(blank.html).toContain("La dirección de tu tienda se hace con su nombre: escribe al menos 3 letras o números.");
  });
});
