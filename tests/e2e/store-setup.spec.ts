import { expect } from "@playwright/test";
import { query } from "./helpers";
import { test } from "./people";
import { seedShop } from "./shop-seed";

/** A new store's page: what is left to open it, each step one tap away, and the ways to share its link. */

test("the steps left to open the store, each one tap from its page, with the progress", async ({ merchantOf }) => {
  const shop = await seedShop("primeros-pasos", [{ name: "Miel de abejas", price: 1500, stock: 5 }], { saleNumber: "" });
  const merchant = await merchantOf(shop);
  await merchant.setViewportSize({ width: 360, height: 740 });
  await merchant.goto(`/Store/${shop.id}/info`);
  const setup = merchant.getByRole("region", { name: "Lo que falta para abrir tu tienda" });
  await expect(setup.getByText("1 de 6 pasos listos")).toBeVisible();
  await expect(setup.getByText("Crea tu primer producto (listo)")).toBeAttached();
  await expect(setup.getByRole("link", { name: "Sube tu logo" })).toHaveAttribute("href", `/Store/${shop.id}/brand`);
  await setup.getByRole("link", { name: /Elige cómo te pagan/ }).click();
  await expect(merchant).toHaveURL(new RegExp(`/Store/${shop.id}/cobros$`));

  // The merchant's home leads with the same: the progress and the next step as its main button, then 'Nueva tienda'.
  await merchant.goto("/");
  await expect(setup.getByText("1 de 6 pasos listos")).toBeVisible();
  await expect(setup.getByRole("link", { name: "Sube tu logo" })).toHaveClass("button");
  await expect(merchant.getByRole("link", { name: "Nueva tienda" })).toHaveClass("button secondary");
  await setup.getByRole("link", { name: "Ver todos los pasos" }).click();
  await expect(merchant).toHaveURL(new RegExp(`/Store/${shop.id}/info#setup-title$`));

  await query(
    "update stores set logo_key = 'stores/' || id || '/logo/x.webp', sale_number = '573001234567', arrange_enabled = 1 where id = ?",
    [shop.id],
  );
  await query("insert into store_payment_methods (store_id, method, enabled) values (?, 'cash', 1)", [shop.id]);
  await merchant.goto(`/Store/${shop.id}/info`);
  await expect(setup.getByText("5 de 6 pasos listos")).toBeVisible();
  await expect(setup.getByRole("link", { name: /Comparte el enlace de tu tienda/ })).toBeVisible();
});

test("the store's link to copy and to send by WhatsApp, on a phone", async ({ merchantOf }) => {
  const shop = await seedShop("compartir", [{ name: "Miel de abejas", price: 1500, stock: 5 }]);
  const merchant = await merchantOf(shop);
  await merchant.setViewportSize({ width: 360, height: 740 });
  await merchant.goto(`/Store/${shop.id}/info`);
  const share = merchant.getByRole("region", { name: "Comparte tu tienda" });
  const link = share.getByLabel("Enlace de tu tienda");
  // Each way to share carries where it was shared: the copied link ref=link, the WhatsApp message ref=whatsapp.
  await expect(link).toHaveValue(new RegExp(`${shop.slug}.*\\?ref=link$`));
  const url = await link.inputValue();
  const whatsapp = share.getByRole("link", { name: "Compartir por WhatsApp" });
  const href = new URL((await whatsapp.getAttribute("href")) as string);
  expect(href.origin + href.pathname).toBe("https://wa.me/");
  expect(href.searchParams.get("text")).toBe(
    `¡Hola! Mira mi tienda ${(await query<{ name: string }>("select name from stores where id = ?", [shop.id]))[0]?.name}: ${url.replace("ref=link", "ref=whatsapp")}`,
  );
  // The QR and its downloads are checked with a store made through registration (store-management.spec.ts).

  // The same ways to share are on the merchant's list of stores, the first page after signing in.
  await merchant.goto("/");
  await expect(merchant.getByText(/^Usas 1 de \d+ tiendas? de tu plan\.$/)).toBeVisible();
  expect(await merchant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The merchant has this one store.
  const card = merchant.getByRole("list", { name: "Tiendas" }).getByRole("listitem");
  await expect(card.getByLabel("Enlace de tu tienda")).toHaveValue(url);
  const fromList = new URL((await card.getByRole("link", { name: "Compartir por WhatsApp" }).getAttribute("href")) as string);
  expect(fromList.searchParams.get("text")).toBe(href.searchParams.get("text"));
  await merchant.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await card.getByRole("button", { name: "Copiar" }).click();
  await expect(card.getByRole("status")).toHaveText("Copiado");
  expect(await merchant.evaluate(() => navigator.clipboard.readText())).toBe(url);
});
