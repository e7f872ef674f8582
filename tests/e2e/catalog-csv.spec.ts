import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../../app/demo/seed.server";
import { e2eDb, login, storeIdByName } from "./helpers";
import { expectNoSidewaysScroll, expectTouchTargets, phone } from "./phone";

/**
 * The catalog as a spreadsheet (docs/decisions/0024-catalog-spreadsheet.md), on a 360-px phone: the demo
 * merchant exports the catalog, changes one price in the file, imports it (preview, then confirmation)
 * and the public product page shows the new price.
 */
const BALL = "Balón de fútbol";
const BALL_PRICE = 2200;

test.use(phone(360));

test("the demo merchant exports the catalog, changes a price in the file, imports it and the store shows the new price", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const storeId = await storeIdByName("Demo");
  const db = e2eDb();
  try {
    await login(page, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    await expect(page.getByRole("list", { name: "Tiendas" })).toBeVisible();
    await page.goto(`/Store/${storeId}/products`);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^catalogo-demo-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = readFileSync(await download.path(), "utf8");
    expect(exported.startsWith("\uFEFFID;Nombre;Descripción;Categoría;Precio;Precio anterior;Visibilidad;")).toBe(true);
    const lines = exported.split("\r\n");
    const ballLine = lines.findIndex((l) => l.split(";")[1] === BALL);
    const ballCells = (lines[ballLine] ?? "").split(";");
    expect(ballCells[4]).toBe("22.00");
    ballCells[4] = "24,50";
    lines[ballLine] = ballCells.join(";");

    await page.getByRole("link", { name: "Importar CSV" }).click();
    await expect(page.getByRole("heading", { name: "Importar CSV" })).toBeVisible();
    await page.getByLabel("Archivo CSV").setInputFiles({
      name: "catalogo.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(lines.join("\r\n"), "utf8"),
    });
    await page.getByRole("button", { name: "Ver vista previa" }).click();

    const results = page.getByRole("table", { name: "Resultado por fila" });
    await expect(results.getByRole("row").filter({ hasText: BALL })).toContainText("actualizar");
    await expect(results.getByRole("row")).toHaveCount(lines.filter((l) => l && !l.startsWith("\uFEFF")).length + 1);
    const products = new Set(
      lines
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(";")[0]),
    ).size;
    expect(products).toBeGreaterThanOrEqual(6);
    await expect(page.getByTestId("import-summary")).toHaveText(`0 productos se crearán y ${products} se actualizarán.`);
    await expectNoSidewaysScroll(page, "import preview");
    await expectTouchTargets(page, page.locator("main"), "import preview");

    await page.getByRole("button", { name: "Confirmar importación" }).click();
    await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/products$`));
    await expect(page.getByText(`Importación lista: 0 creados, ${products} actualizados`)).toBeVisible();

    await page.goto("/site/demo/Store");
    await page
      .getByRole("link", { name: new RegExp(BALL) })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: BALL })).toBeVisible();
    await expect(page.locator("main")).toContainText("24,50");
  } finally {
    // Other journeys read the demo catalog as seeded.
    await db.execute({ sql: "update products set price = ? where store_id = ? and name = ?", args: [BALL_PRICE, storeId, BALL] });
    db.close();
  }
});
