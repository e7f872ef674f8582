// `npm run screens`: the merchant's first screens on a 360-px phone, on a fresh demo (its own data folder):
// the list of stores, the store's page and the sales list after a shopper's order, with the demo store made
// Argentine and its WhatsApp typed '11 5555-1234'. Prints the WhatsApp link the order opened.
//   node bench/screens.mjs [--no-build] [folder]   (default docs/screens)
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
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
  await shopper.getByRole("link", { name: "Hacer pedido" }).click();
  await shopper.getByLabel("Tu nombre").fill("Lucía Mora");
  await shopper.getByRole("radio", { name: "Retiro en tienda" }).check();
  await shopper.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
  await shopper.waitForURL(/whatsapp\.com/);
  console.log(`WhatsApp link of the order: ${opened[0]}`);

  for (const [name, path] of [
    ["dashboard-360.png", "/"],
    ["store-page-360.png", `${store}/info`],
    ["sales-list-360.png", `${store}/sales`],
  ]) {
    await merchant.goto(`${base}${path}`);
    await merchant.screenshot({ path: resolve(folder, name) });
    console.log(`${path} → ${resolve(folder, name)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
