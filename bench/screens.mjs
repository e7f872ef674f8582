// `npm run screens`: the merchant's screens on a 360-px phone, on a fresh demo (its own data folder): first the demo's
// 'Actividad', then the list of stores, the store's page and the sales list after a shopper's order, with the demo
// store made Argentine and its WhatsApp typed '11 5555-1234'; then the pages the phone polish changed and the newer
// merchant pages, the shopper's cart, a typo search, the store's footer and the buyer's order page; Argentina's
// 'Botón de arrepentimiento' (the buyer's request, the merchant's sale) and the demo home in Argentina and in Mexico,
// each in its currency; last the team
// ('Equipo', the demo's 'Ventas' member on their phone) and 'Dominio propio' in each state of the local stand-in. A
// page the checkout does not have (an older one) is skipped with a printed line, so the same script runs on any
// checkout. Prints the WhatsApp link the order opened and, at the end, the screens taken and skipped and what to look
// at (overflow, cut text).
//   node bench/screens.mjs [--no-build] [folder]   (default docs/screens)
// cspell:words KHTML networkidle suculneta
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import { chromium } from "@playwright/test";
import { buildApp, startBuiltServer } from "./server.mjs";

const folder = resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "docs/screens");
if (!process.argv.includes("--no-build") && !buildApp()) process.exit(1);
const dataDir = resolve("tests/.tmp/screens-data");
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
const server = await startBuiltServer(dataDir, { port: Number(process.env.BENCH_PORT ?? 3558) });
const base = server.origin;
const phone = {
  userAgent: "Mozilla/5.0 (Linux; Android 13; Moto G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  locale: "es-AR",
  timezoneId: "America/Argentina/Buenos_Aires",
};
const PHOTOS = ["tests/fixtures/photos/wide.jpg", "tests/fixtures/photos/board.jpg"].map((p) => resolve(p));
const taken = [];
const skipped = [];
const flagged = [];

class Skip extends Error {}

/** Runs one screen's steps; a page the checkout lacks, or a step that fails, skips it with a printed line. */
async function screen(name, steps) {
  try {
    await steps();
  } catch (error) {
    const reason = error instanceof Skip ? error.message : `failed: ${String(error.message).split("\n")[0]}`;
    skipped.push(`${name}: ${reason}`);
    console.log(`skip ${name}: ${reason}`);
  }
}

/** Opens `path`; a page that answers 404 (or any error) is skipped. */
async function open(page, path) {
  const response = await page.goto(`${base}${path}`);
  const status = response?.status() ?? 0;
  if (status >= 400) throw new Skip(`${path} answered ${status} (not on this checkout)`);
  await page.waitForLoadState("networkidle").catch(() => {});
}

/** Skips unless `locator` shows up soon: what the older checkout does not have. */
async function needs(locator, what) {
  try {
    await locator.first().waitFor({ state: "visible", timeout: 4000 });
  } catch {
    throw new Skip(`no ${what} on this page (not on this checkout)`);
  }
  return locator.first();
}

/** Scrolls the page (or the scrolling box around it) so `locator` starts `offset` px below the top. */
async function scrollTo(locator, offset = 64) {
  await locator.evaluate((el, off) => {
    let box = el.parentElement;
    while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY))) {
      box = box.parentElement;
    }
    if (box && box !== document.documentElement && box !== document.body) {
      box.scrollTop += el.getBoundingClientRect().top - box.getBoundingClientRect().top - 16;
    } else {
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - off);
    }
  }, offset);
  await locator.page().waitForTimeout(150);
}

async function shot(page, name) {
  const file = `${name}-360.png`;
  await page.screenshot({ path: resolve(folder, file) });
  taken.push(file);
  console.log(`${new URL(page.url()).pathname} → ${resolve(folder, file)}`);
  for (const problem of await page.evaluate(layoutProblems)) {
    flagged.push(`${file}: ${problem}`);
    console.log(`  look at ${file}: ${problem}`);
  }
}

/**
 * What a look at the screen should check, in the page: a page wider than the phone, an element running past its
 * right edge (outside any box that scrolls or clips on purpose), text cut by its box, a placeholder longer than its
 * field. Hints for the eye, not a test.
 */
function layoutProblems() {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const named = (el) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.classList.length ? `.${[...el.classList].join(".")}` : ""}`;
  const text = (el) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
  if (document.documentElement.scrollWidth > width) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide, wider than the ${width}-px phone`);
  }
  const clipped = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== "visible") return true;
    }
    return false;
  };
  const canvas = document.createElement("canvas").getContext("2d");
  // With a modal dialog open only the dialog is seen; the page under it waits.
  const modal = [...document.querySelectorAll("dialog[open]")].find((d) => d.matches(":modal"));
  for (const el of (modal ?? document.body).querySelectorAll("*")) {
    // Not drawn: display none, hidden, or inside a closed <details> (laid out, never shown).
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    // Nothing drawn, or hidden for the eye on purpose (text for screen readers in a 1-px box).
    if (box.width <= 1 || box.height <= 1) continue;
    const where = box.bottom <= 0 || box.top >= window.innerHeight ? " (off this screen)" : "";
    if (box.right > width + 1 && !clipped(el)) {
      problems.push(`${named(el)} «${text(el)}» ends at ${Math.round(box.right)} px${where}`);
    }
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (ownText && style.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${named(el)} «${text(el)}» cut: ${el.scrollWidth} px of text in ${el.clientWidth} px${where}`);
    }
    if ((el.tagName === "INPUT" || el.tagName === "TEXTAREA") && el.placeholder && !el.value) {
      canvas.font = style.font;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = canvas.measureText(el.placeholder).width;
      if (needed > room + 1) {
        problems.push(`placeholder «${el.placeholder}» cut: ${Math.round(needed)} px in ${Math.round(room)} px${where}`);
      }
    }
  }
  return [...new Set(problems)].slice(0, 8);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const merchant = await browser.newPage(phone);
  await merchant.goto(`${base}/Auth`);
  await merchant.getByLabel("Correo electrónico").fill("demo@vitrina.local");
  await merchant.getByLabel("Contraseña").fill("vitrina-demo-2026");
  await merchant.getByRole("button", { name: "Entrar", exact: true }).click();
  await merchant.waitForURL(`${base}/`);
  const manage = await merchant.getByRole("link", { name: "Administrar" }).first().getAttribute("href");
  const store = manage?.replace(/\/info$/, "");
  // 'Actividad' first, before this script's own changes: the demo's seeded days, newest first.
  await screen("activity", async () => {
    await open(merchant, `${store}/actividad`);
    await scrollTo(await needs(merchant.locator("ol.activity-list"), "list of entries"), 72);
    await shot(merchant, "activity");
  });
  await merchant.goto(`${base}${store}/info`);
  await merchant.getByLabel("País").selectOption("AR");
  await merchant.getByLabel("WhatsApp de ventas").fill("11 5555-1234");
  await merchant.getByRole("button", { name: "Guardar información" }).click();
  await merchant.getByText("Información guardada").waitFor();

  // A shopper on a phone without JavaScript orders; WhatsApp itself is not reached, its link is kept.
  const shopper = await (await browser.newContext({ ...phone, javaScriptEnabled: false })).newPage();
  const opened = [];
  await shopper.route(/^https:\/\/(api|web)\.whatsapp\.com\//, (route) => {
    opened.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>WhatsApp</h1>" });
  });
  await shopper.goto(`${base}/site/demo/Store`);
  await shopper.getByRole("list", { name: "Productos" }).getByRole("link").first().click();
  await shopper.getByRole("button", { name: "Agregar al carrito" }).click();
  await shopper.getByRole("link", { name: "Hacer pedido" }).waitFor();
  await screen("cart", async () => {
    await shot(shopper, "cart");
  });
  await shopper.getByRole("link", { name: "Hacer pedido" }).click();
  await shopper.getByLabel("Tu nombre").fill("Lucía Mora");
  const phoneField = shopper.getByLabel(/Tu teléfono/);
  if (await phoneField.count()) await phoneField.fill("11 4444-5678");
  // A checkout in steps (the contact, then the way to receive the order) or on one page, as the checkout has it.
  const next = shopper.getByRole("button", { name: "Continuar", exact: true });
  if (await next.count()) await next.click();
  await shopper.getByRole("radio", { name: "Retiro en tienda" }).check();
  if (await next.count()) await next.click();
  await shopper.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
  await shopper.waitForURL(/whatsapp\.com/);
  console.log(`WhatsApp link of the order: ${opened[0]}`);

  // The first screens, as before.
  for (const [name, path] of [
    ["dashboard", "/"],
    ["store-page", `${store}/info`],
    ["sales-list", `${store}/sales`],
  ]) {
    await screen(name, async () => {
      await open(merchant, path);
      await shot(merchant, name);
    });
  }

  // The plans' comparison: the top of the page, then the table.
  await screen("plans", async () => {
    await open(merchant, "/plans");
    await shot(merchant, "plans");
  });
  await screen("plans-compare", async () => {
    await open(merchant, "/plans");
    await scrollTo(await needs(merchant.locator("table"), "comparison table"));
    await shot(merchant, "plans-compare");
  });

  // The store's information: its two titles with their hints, and its QR with the poster's link.
  await screen("store-titles", async () => {
    await open(merchant, `${store}/info`);
    await scrollTo(await needs(merchant.getByLabel("Título principal"), "'Título principal' field"), 96);
    await shot(merchant, "store-titles");
  });
  let posterHref = null;
  await screen("store-qr", async () => {
    await open(merchant, `${store}/info`);
    const qr = await needs(merchant.locator('img[src*="qr"], img[alt*="QR"]'), "QR image");
    await scrollTo(qr, 96);
    const poster = merchant.getByRole("link", { name: "Imprimir cartel" });
    if (await poster.count()) posterHref = await poster.first().getAttribute("href");
    await shot(merchant, "store-qr");
  });
  await screen("qr-poster", async () => {
    if (!posterHref) throw new Skip("no 'Imprimir cartel' link (not on this checkout)");
    await open(merchant, posterHref);
    await shot(merchant, "qr-poster");
  });

  // Products: the new product's form (empty, then with photos chosen), an edit page and its gallery.
  await screen("product-new", async () => {
    await open(merchant, `${store}/products/new`);
    await shot(merchant, "product-new");
  });
  await screen("product-new-photos", async () => {
    await open(merchant, `${store}/products/new`);
    const field = merchant.getByLabel("Fotos", { exact: true });
    if (!(await field.count())) throw new Skip("no 'Fotos' field choosing several photos (not on this checkout)");
    await field.setInputFiles(PHOTOS);
    const chosen = await needs(merchant.getByRole("list", { name: "Elegidas para subir" }), "list of chosen photos");
    await merchant.waitForTimeout(500);
    await scrollTo(chosen, 140);
    await shot(merchant, "product-new-photos");
  });
  let productPath = null;
  await screen("product-edit", async () => {
    await open(merchant, `${store}/products`);
    const link = await needs(merchant.getByRole("link", { name: /Taza de cerámica artesanal/ }), "gallery product");
    productPath = new URL((await link.getAttribute("href")) ?? "", base).pathname;
    await open(merchant, productPath);
    await shot(merchant, "product-edit");
  });
  await screen("product-gallery", async () => {
    if (!productPath) throw new Skip("no product to edit");
    await open(merchant, productPath);
    const gallery = merchant.getByRole("list", { name: "Fotos del producto" });
    if (!(await gallery.count())) throw new Skip("no gallery on the edit page (not on this checkout)");
    await scrollTo(gallery, 120);
    await shot(merchant, "product-gallery");
  });

  // 'Diseño': the page, then its preview opened by 'Ver vista previa'.
  await screen("look", async () => {
    await open(merchant, `${store}/look`);
    await shot(merchant, "look");
  });
  await screen("look-preview", async () => {
    await open(merchant, `${store}/look`);
    const view = merchant.getByRole("link", { name: "Ver vista previa" });
    if (!(await view.count())) throw new Skip("no 'Ver vista previa' link (not on this checkout)");
    await merchant
      .locator("a[data-ready]")
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => {});
    await view.click();
    await merchant.getByRole("link", { name: "Volver a los controles" }).waitFor();
    await merchant.waitForTimeout(800);
    await shot(merchant, "look-preview");
  });

  // 'Logo y banner': one banner uploaded, the hint beside its field, then the question before deleting it.
  await screen("brand", async () => {
    await open(merchant, `${store}/brand`);
    const field = await needs(merchant.getByLabel("Agregar imágenes al banner"), "banner field");
    await field.setInputFiles([PHOTOS[0]]);
    await merchant.getByRole("button", { name: "Subir imágenes" }).click();
    await merchant.getByText("Se agregó 1 imagen.").waitFor({ timeout: 30_000 });
    await open(merchant, `${store}/brand`);
    await scrollTo(merchant.getByLabel("Agregar imágenes al banner"), 260);
    await shot(merchant, "brand");
  });
  await screen("brand-delete", async () => {
    await open(merchant, `${store}/brand`);
    const banners = merchant.getByRole("list", { name: "Imágenes del banner" });
    const remove = await needs(
      banners.getByRole("link", { name: /^Eliminar/ }).or(banners.getByRole("button", { name: /^Eliminar/ })),
      "banner's 'Eliminar'",
    );
    const href = await remove.getAttribute("href");
    const bannerId = href ? new URL(href, base).searchParams.get("eliminar") : null;
    if (bannerId) {
      await open(merchant, `${store}/brand?eliminar=${bannerId}`);
      const question = await needs(merchant.getByRole("alertdialog"), "question before deleting");
      await scrollTo(question, 120);
    } else {
      await remove.click();
      await needs(merchant.getByRole("dialog"), "question before deleting");
    }
    await shot(merchant, "brand-delete");
  });

  let saleCode = null;
  // The sales desk: the sale's dialog from its top, then its delivery ('Entrega') moved on to its second step, then
  // the list showing it.
  await screen("sale-dialog", async () => {
    await open(merchant, `${store}/sales`);
    const code = merchant.locator(".sales-table tbody tr td:first-child a").first();
    saleCode = (await code.textContent())?.trim() ?? null;
    await code.click();
    await needs(merchant.locator("dialog[open]"), "sale dialog");
    await merchant.waitForTimeout(300);
    await shot(merchant, "sale-dialog");
  });
  await screen("sale-dialog-delivery", async () => {
    const dialog = merchant.locator("dialog[open]");
    if (!(await dialog.count())) throw new Skip("no sale dialog open");
    const progress = await needs(dialog.getByRole("heading", { name: /^Entrega: / }), "delivery progress ('Entrega')");
    for (const move of [/^Preparando$/, /^Marcar '/]) {
      const button = dialog.getByRole("button", { name: move });
      if (!(await button.count())) continue;
      const before = await progress.textContent();
      await button.first().click();
      await merchant.waitForFunction(
        ([was]) => document.querySelector("dialog[open] .sale-progress h3")?.textContent !== was,
        [before],
        { timeout: 10_000 },
      );
    }
    console.log(`sale ${saleCode} moved on to «${(await progress.textContent())?.trim()}»`);
    await scrollTo(dialog.locator("section.sale-progress"));
    await shot(merchant, "sale-dialog-delivery");
  });
  await screen("sales-progress", async () => {
    await open(merchant, `${store}/sales`);
    await needs(merchant.locator("[data-progress-note]"), "delivery progress in the list");
    await shot(merchant, "sales-progress");
  });

  // The round's new merchant pages, each from its top.
  for (const [name, path] of [
    ["delivery", `${store}/delivery`],
    ["promotions", `${store}/promociones`],
    ["abandoned-carts", `${store}/carritos`],
    ["statistics", `${store}/estadisticas`],
    ["custom-domain", `${store}/dominio`],
    ["policies", `${store}/politicas`],
  ]) {
    await screen(name, async () => {
      await open(merchant, path);
      await shot(merchant, name);
    });
  }

  // The shopper again: their order page (the store remembers their last order), a typo search, the footer.
  await screen("buyer-order", async () => {
    await open(shopper, "/site/demo/Order");
    if (!/\/Order\/\d+/.test(shopper.url())) throw new Skip("no order page for the shopper's last order");
    const timeline = shopper.getByRole("region", { name: "Seguimiento de tu pedido" });
    if (await timeline.count()) await scrollTo(timeline, 16);
    await shot(shopper, "buyer-order");
  });
  await screen("search-typo", async () => {
    await open(shopper, `/site/demo/Search?q=${encodeURIComponent("suculneta")}`);
    await needs(shopper.getByText(/¿Quisiste decir/), "'¿Quisiste decir…?'");
    await shot(shopper, "search-typo");
  });
  await screen("store-footer", async () => {
    await open(shopper, "/site/demo");
    await shopper.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await shopper.waitForTimeout(200);
    await shot(shopper, "store-footer");
  });

  // Argentina's 'Botón de arrepentimiento' with the shopper's order (its code from their order page), the request in
  // the merchant's sale dialog; then the demo home as a store in Argentina and, its country changed, in Mexico.
  await screen("withdrawal", async () => {
    await open(shopper, "/site/demo/Order");
    const code = shopper.url().match(/\/Order\/(\d+)/)?.[1];
    if (!code) throw new Skip("no order page for the shopper's last order");
    await open(shopper, "/site/demo/arrepentimiento");
    await shopper.getByLabel("Código del pedido").fill(code);
    await shopper.getByLabel("Correo o teléfono del pedido").fill("11 4444-5678");
    await shopper.getByRole("button", { name: "Pedir la cancelación" }).click();
    await needs(shopper.locator("[data-request-number]"), "request number");
    await shot(shopper, "withdrawal");
    await screen("sale-withdrawal", async () => {
      await open(merchant, `${store}/sales/${code}`);
      await needs(merchant.getByRole("dialog").getByText(/pidió cancelar este pedido/), "the request in the sale");
      await shot(merchant, "sale-withdrawal");
    });
  });
  for (const [country, currency, name] of [
    ["AR", "ARS", "store-home-ar"],
    ["MX", "MXN", "store-home-mx"],
  ]) {
    await screen(name, async () => {
      await open(merchant, `${store}/info`);
      await merchant.getByLabel("País").selectOption(country);
      await merchant.getByRole("button", { name: "Guardar información" }).click();
      await merchant.getByText("Información guardada").waitFor();
      await merchant.getByLabel("Moneda de la tienda").selectOption(currency);
      await merchant.getByRole("button", { name: "Guardar moneda" }).click();
      await merchant.getByText("Moneda actualizada").waitFor();
      await open(shopper, "/site/demo");
      const price = await needs(shopper.locator(".price, [data-price]"), "a price on the home");
      await scrollTo(price, 280);
      await shot(shopper, name);
    });
  }

  // The team: 'Equipo' with the demo's 'Ventas' member, then that member on their phone: their store list and the
  // sales desk with only their tabs.
  await screen("team", async () => {
    await open(merchant, `${store}/equipo`);
    await needs(merchant.getByText("ventas@vitrina.local"), "the demo's 'Ventas' member");
    await scrollTo(merchant.getByRole("heading", { name: "Personas del equipo" }), 72);
    await shot(merchant, "team");
  });
  await screen("staff-store-list", async () => {
    const staff = await (await browser.newContext(phone)).newPage();
    await staff.goto(`${base}/Auth`);
    await staff.getByLabel("Correo electrónico").fill("ventas@vitrina.local");
    await staff.getByLabel("Contraseña").fill("vitrina-ventas-2026");
    await staff.getByRole("button", { name: "Entrar", exact: true }).click();
    await staff
      .waitForURL((url) => url.pathname !== "/Auth", { timeout: 10_000 })
      .catch(() => {
        throw new Skip("the demo has no 'Ventas' member who signs in (not on this checkout)");
      });
    await open(staff, "/");
    await shot(staff, "staff-store-list");
    await screen("staff-sales", async () => {
      await open(staff, `${store}/sales`);
      await shot(staff, "staff-sales");
    });
  });

  // 'Dominio propio' in each state the local stand-in gives, on the Premium plan (set in the database, as the
  // journeys do): waiting for the DNS, verifying, issuing the certificate and active, each a 'Simular DNS listo' on;
  // then a problem: added again and left waiting past its days (the test clock moved on, then back).
  await screen("custom-domain-states", async () => {
    await open(merchant, `${store}/dominio`);
    const db = createClient({ url: `file:${resolve(dataDir, "vitrina.db")}`, timeout: 5000 });
    try {
      await db.execute({ sql: "update users set plan = 'premium' where email = ?", args: ["demo@vitrina.local"] });
    } finally {
      db.close();
    }
    await open(merchant, `${store}/dominio`);
    const field = await needs(merchant.getByLabel("Tu dominio"), "'Tu dominio' field on the Premium plan");
    // Each state seen again from a fresh load (no notice over the page), from its status line down.
    const shotState = async (state, name) => {
      await open(merchant, `${store}/dominio`);
      const status = await needs(merchant.getByRole("status").filter({ hasText: state }), `state '${state}'`);
      await scrollTo(merchant.locator("p", { has: status }), 80);
      await shot(merchant, name);
    };
    const add = async () => {
      await field.fill("www.tienda-demo.test");
      await merchant.getByRole("button", { name: "Usar este dominio" }).click();
      await merchant.getByRole("status").filter({ hasText: "Esperando los registros DNS" }).waitFor();
    };
    await add();
    await shotState("Esperando los registros DNS", "custom-domain-pending");
    for (const [state, name] of [
      ["Verificando el dominio", "custom-domain-verifying"],
      ["Emitiendo el certificado de seguridad", "custom-domain-issuing"],
      ["Activo", "custom-domain-active"],
    ]) {
      await merchant.getByRole("button", { name: "Simular DNS listo" }).click();
      await merchant.getByRole("status").filter({ hasText: state }).waitFor();
      await shotState(state, name);
    }
    await merchant.getByRole("button", { name: "Quitar dominio" }).click();
    await add();
    await open(merchant, "/_dev/reloj");
    await merchant.locator("#days").fill("8");
    await merchant.locator('button[value="advance"]').click();
    await merchant.waitForURL(`${base}/_dev/reloj`);
    try {
      await open(merchant, `${store}/dominio`);
      await merchant.getByRole("button", { name: "Comprobar ahora" }).click();
      await merchant.getByRole("status").filter({ hasText: "Hay un problema" }).waitFor();
      await shotState("Hay un problema", "custom-domain-failed");
    } finally {
      await open(merchant, "/_dev/reloj");
      await merchant.locator('button[value="reset"]').click();
      await merchant.waitForURL(`${base}/_dev/reloj`);
    }
  });
} finally {
  await browser.close();
  await server.stop();
}
console.log(`\ntaken (${taken.length}): ${taken.join(", ")}`);
console.log(`skipped (${skipped.length}):${skipped.map((s) => `\n  ${s}`).join("")}`);
console.log(`to look at (${flagged.length}):${flagged.map((s) => `\n  ${s}`).join("")}`);
