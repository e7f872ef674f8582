import { expect, test } from "@playwright/test";
import { query, signInAsOwner } from "./helpers";
import { E2E_SERVER } from "./servers";
import { seedShop } from "./shop-seed";
import { WHATSAPP_STAND_IN_FLAGS } from "./whatsapp-stand-in";

/**
 * 'Dominio propio' (decision 0061): a premium merchant adds www.tienda-prueba.test, reads the records to add at the
 * registrar, the local stand-in reports it ready ('Simular DNS listo'), and a shopper reaches the store on that host
 * (Chromium resolves it to this worker's server); /site/{url} moves there. Removed, the store is back where it was.
 */
const OWN_HOST = "www.tienda-prueba.test";

// The config's resolver rules (the WhatsApp stand-in) with the own hostname added: one flag holds them all.
const [resolverRules = "", ...otherStandInFlags] = WHATSAPP_STAND_IN_FLAGS;
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      `${resolverRules},MAP ${OWN_HOST} 127.0.0.1`,
      // A plain-http .test host: no attempt at https first.
      "--disable-features=HttpsUpgrades",
      ...otherStandInFlags,
    ],
  },
});

test("the owner puts the store on its own domain, and a shopper reaches it there", async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  const shop = await seedShop("dominio", [{ name: "Alfajor de maicena", price: 900, stock: 5 }]);
  await query("update users set plan = 'premium' where id = (select owner_id from stores where id = ?)", [shop.id]);
  await signInAsOwner(context, shop.id, baseURL as string);

  await page.goto(`/Store/${shop.id}/info`);
  await page.getByRole("link", { name: "Dominio propio" }).click();
  await expect(page.getByRole("heading", { name: "Dominio propio" })).toBeVisible();
  await page.getByLabel("Tu dominio").fill(`https://${OWN_HOST}/`);
  await page.getByRole("button", { name: "Usar este dominio" }).click();

  await expect(page.getByText("Esperando los registros DNS")).toBeVisible();
  await expect(page.getByLabel("Apunta a (destino)")).toHaveValue("dominios.localhost");
  await expect(page.getByLabel("Nombre (host)").first()).toHaveValue(OWN_HOST);
  await expect(page.getByLabel("Valor", { exact: true })).toHaveValue(/\w{8}/);
  await expect(page.getByRole("button", { name: "Copiar" })).toHaveCount(4);

  // The stand-in: ownership seen, certificate being issued, active.
  for (const state of ["Verificando el dominio", "Emitiendo el certificado de seguridad", "Activo"]) {
    await page.getByRole("button", { name: "Simular DNS listo" }).click();
    await expect(page.getByRole("status").filter({ hasText: state })).toBeVisible();
  }
  const ownOrigin = `http://${OWN_HOST}:${E2E_SERVER.port}`;
  await expect(page.getByRole("link", { name: `${ownOrigin}/` })).toBeVisible();

  const shopper = await context.newPage();
  await shopper.goto(`${ownOrigin}/`);
  await expect(shopper.getByText("Tienda dominio").first()).toBeVisible();
  await expect(shopper.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ownOrigin}/`);
  await shopper.getByRole("link", { name: "Alfajor de maicena" }).first().click();
  await expect(shopper).toHaveURL(new RegExp(`^${ownOrigin}/Product/`));
  // Its old address moves there.
  await shopper.goto(`/site/${shop.slug}/Store`);
  await expect(shopper).toHaveURL(`${ownOrigin}/Store`);

  // Removed: the own host is the platform's 404, and the store answers where it did.
  await page.getByRole("button", { name: "Quitar dominio" }).click();
  await expect(page.getByLabel("Tu dominio")).toBeVisible();
  const gone = await shopper.goto(`${ownOrigin}/`);
  expect(gone?.status()).toBe(404);
  const back = await shopper.goto(`/site/${shop.slug}`);
  expect(back?.status()).toBe(200);
});
