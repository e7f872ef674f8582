import { expect, type Page, test } from "@playwright/test";
import { seedShop } from "./shop-seed";

/** Searches through the store's search box, as a shopper does (a plain GET form, with or without JavaScript). */
async function search(page: Page, q: string) {
  await page.getByRole("searchbox", { name: "Buscar productos" }).fill(q);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\/Search\?q=/);
  // Without JavaScript the address changes as the new page starts to arrive: read the results once it has.
  await page.waitForLoadState("load");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Resultados para “${q}”`);
}

/** The names of the results, in order (a web-first locator: assertions on it wait for the page to arrive). */
const results = (page: Page) => page.getByRole("list", { name: "Resultados" }).locator(".card-name");

test("the demo store finds what shoppers type: any word order, plurals, genders, accents, options and a typo", async ({
  page,
}) => {
  await page.goto("/site/demo");
  const finds: Array<[string, string[]]> = [
    ["camisetas", ["Camiseta estampada"]],
    ["estampada camiseta", ["Camiseta estampada"]],
    ["cafe colombia", ["Café de Colombia 500 g"]],
    ["wayuu bolso", ["Bolso tejido wayuu"]],
    // An option value: the shirt comes in 'Rojo'.
    ["roja", ["Camiseta estampada"]],
    // A word of the description.
    ["mochila", ["Bolso tejido wayuu"]],
  ];
  for (const [q, names] of finds) {
    await search(page, q);
    await expect(results(page), q).toHaveText(names);
    await expect(page.locator(".search-count")).toHaveText(names.length === 1 ? "1 producto" : `${names.length} productos`);
  }
  // The matched words are marked in the names, as they are written.
  await search(page, "cafe colombia");
  await expect(page.getByRole("list", { name: "Resultados" }).locator("mark")).toHaveText(["Café", "Colombia"]);

  await search(page, "camisetta");
  await expect(page.locator(".search-count")).toHaveText("No encontramos “camisetta”. ¿Quisiste decir «camiseta»? 1 producto");
  await expect(results(page)).toHaveText(["Camiseta estampada"]);
  // The suggestion is a search of its own.
  await page.locator(".search-count").getByRole("link", { name: "«camiseta»" }).click();
  await expect(page).toHaveURL(/\/Search\?q=camiseta$/);
  await expect(page.locator(".search-count")).not.toContainText("No encontramos");

  await search(page, "zapatillas");
  await expect(page.getByText("No encontramos productos para “zapatillas”.")).toBeVisible();
  // What the store has instead: its categories, each a link to them.
  const categories = page.getByRole("navigation", { name: "Categorías de la tienda" });
  await expect(categories.getByRole("link", { name: "Alimentos y bebidas" })).toBeVisible();
  await categories.getByRole("link", { name: "Alimentos y bebidas" }).click();
  await expect(page.getByRole("list", { name: "Productos" }).getByText("Café de Colombia 500 g")).toBeVisible();
});

test("search results filter by category and sort by price or newest through plain links", async ({ page }) => {
  const shop = await seedShop("busca", [
    { name: "Café de Colombia", price: 1200, stock: 3, category: 1 },
    { name: "Panela orgánica", price: 450, stock: 10, category: 1, description: "Endulza el café." },
    { name: "Cafetera italiana", price: 3500, stock: 5, category: 4 },
    { name: "Café especial", price: 2000, stock: 0, category: 1 },
  ]);
  await page.goto(`/site/${shop.slug}`);
  await search(page, "cafe");
  // In stock first, the names above a description's mention; sold out last.
  await expect(results(page)).toHaveCount(4);
  const ranked = await results(page).allTextContents();
  expect(ranked.slice(0, 2).sort()).toEqual(["Cafetera italiana", "Café de Colombia"].sort());
  expect(ranked.slice(2)).toEqual(["Panela orgánica", "Café especial"]);
  await expect(page.locator(".search-count")).toHaveText("4 productos");

  const sorts = page.getByRole("navigation", { name: "Ordenar" });
  await sorts.getByRole("link", { name: "Menor precio" }).click();
  await expect(page).toHaveURL(/orden=precio-asc/);
  await expect(sorts.getByRole("link", { name: "Menor precio" })).toHaveAttribute("aria-current", "page");
  await expect(results(page)).toHaveText(["Panela orgánica", "Café de Colombia", "Cafetera italiana", "Café especial"]);
  await sorts.getByRole("link", { name: "Mayor precio" }).click();
  await expect(results(page)).toHaveText(["Cafetera italiana", "Café de Colombia", "Panela orgánica", "Café especial"]);
  await sorts.getByRole("link", { name: "Más nuevos" }).click();
  await expect(results(page)).toHaveText(["Cafetera italiana", "Panela orgánica", "Café de Colombia", "Café especial"]);
  await sorts.getByRole("link", { name: "Mayor precio" }).click();

  const filters = page.getByRole("navigation", { name: "Filtrar por categoría" });
  await filters.getByRole("link", { name: /^Alimentos y bebidas \(3\)$/ }).click();
  await expect(page).toHaveURL(/categoria=1/);
  // The sort chosen stays with the filter.
  await expect(page).toHaveURL(/orden=precio-desc/);
  await expect(results(page)).toHaveText(["Café de Colombia", "Panela orgánica", "Café especial"]);
  await filters.getByRole("link", { name: "Todas" }).click();
  await expect(page.locator(".search-count")).toHaveText("4 productos");

  // A search of another store's product, or of a hidden one, finds nothing here.
  await search(page, "camiseta");
  await expect(page.getByText("No encontramos productos para “camiseta”.")).toBeVisible();
});
