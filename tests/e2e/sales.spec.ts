import { readFileSync } from "node:fs";
import type { Client } from "@libsql/client";
import { expect, type Page, test } from "@playwright/test";
import { todayRange } from "../../app/domain/sales";
import { e2eDb, holdAppCode, seedDeskMerchant, signInAs } from "./helpers";

// The merchant's order desk. Merchants, stores, products and sales are inserted straight into the server's
// database (the shopper's checkout that creates sales is another journey); the merchant signs in with a
// session row, which keeps this file clear of the login rate limit.

const ZONE = "America/Mexico_City";
const HOUR = 3_600_000;
const digits = (n: number) => String(10 ** (n - 1) + Math.floor(Math.random() * 9 * 10 ** (n - 1)));

interface Seeded {
  userId: string;
  storeId: string;
}

const seedMerchant = (db: Client, tag: string): Promise<Seeded> =>
  seedDeskMerchant(db, tag, { name: `Ventas ${tag}`, url: `ventas-${tag}-${digits(10)}`, currency: "USD", timeZone: ZONE });

async function seedProduct(
  db: Client,
  storeId: string,
  name: string,
  stock: number,
  price: number,
  imageKey: string | null = null,
) {
  const id = digits(7);
  await db.execute({
    sql: `insert into products (id, store_id, name, search_text, price, stock, image_key, created_at)
          values (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [id, storeId, name, ` ${name.toLowerCase()}`, price, stock, imageKey, Date.now()],
  });
  return id;
}

interface SaleSeed {
  createdAt: number;
  lines?: Array<{ productId: string | null; name: string; price: number; quantity: number; imageKey?: string | null }>;
  buyerName?: string;
  buyerPhone?: string | null;
  delivery?: "pickup" | "delivery";
  address?: string | null;
  note?: string | null;
  /** 'held' (the default): its units reserved, as every order placed today; 'unreserved': placed before reservations. */
  stockState?: "held" | "unreserved";
}

async function seedSale(db: Client, storeId: string, sale: SaleSeed): Promise<string> {
  const id = digits(10);
  const lines = sale.lines ?? [{ productId: null, name: "Producto", price: 1000, quantity: 1 }];
  const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const stockState = sale.stockState ?? "held";
  await db.batch(
    [
      {
        sql: `insert into sales (id, store_id, state, stock_state, total, subtotal, currency, buyer_name, buyer_phone, delivery, address, note, created_at)
              values (?, ?, 'Pendiente', ?, ?, ?, 'USD', ?, ?, ?, ?, ?, ?)`,
        args: [
          id,
          storeId,
          stockState,
          total,
          total,
          sale.buyerName ?? "Carlos Díaz",
          sale.buyerPhone === undefined ? "573001112233" : sale.buyerPhone,
          sale.delivery ?? "pickup",
          sale.address ?? null,
          sale.note ?? null,
          sale.createdAt,
        ],
      },
      ...lines.map((l, position) => ({
        sql: `insert into sale_lines (sale_id, position, product_id, name, image_key, unit_price, quantity)
              values (?, ?, ?, ?, ?, ?, ?)`,
        args: [id, position, l.productId, l.name, l.imageKey ?? null, l.price, l.quantity],
      })),
      // A held order's units are reserved (the database refuses more than the product has).
      ...(stockState === "held" ? lines.filter((l) => l.productId) : []).map((l) => ({
        sql: "update products set reserved = reserved + ? where id = ?",
        args: [l.quantity, l.productId],
      })),
    ],
    "write",
  );
  return id;
}

const one = async (db: Client, sql: string, args: Array<string | number>) => (await db.execute({ sql, args })).rows[0];
const stockOf = async (db: Client, productId: string) =>
  Number((await one(db, "select stock from products where id = ?", [productId]))?.stock);
const stateOf = async (db: Client, saleId: string) =>
  String((await one(db, "select state from sales where id = ?", [saleId]))?.state);

const codes = (page: Page) => page.locator("table.sales-table tbody tr td:first-child");

test.describe("sales list", () => {
  test("'Últimas 20', load more, 'Hoy' in the store's zone, search by exact code, and CSV of the shown sales", async ({
    page,
    context,
    baseURL,
  }) => {
    const db = e2eDb();
    const { userId, storeId } = await seedMerchant(db, "lista");
    const stranger = await seedMerchant(db, "ajena");
    const now = Date.now();
    const { from } = todayRange(new Date(now), ZONE);
    // 3 sales today (after local midnight in Mexico City), 42 on the days before, newest first by creation time.
    const today: string[] = [];
    for (let i = 1; i <= 3; i++) {
      today.unshift(await seedSale(db, storeId, { createdAt: from.getTime() + Math.floor(((now - from.getTime()) * i) / 4) }));
    }
    const older: string[] = [];
    for (let i = 1; i <= 42; i++) older.push(await seedSale(db, storeId, { createdAt: from.getTime() - i * 3 * HOUR }));
    const foreignSale = await seedSale(db, stranger.storeId, { createdAt: now - HOUR });
    await signInAs(context, userId, baseURL as string);

    await page.goto(`/Store/${storeId}/sales`);
    await expect(page.getByRole("link", { name: "Ventas", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle(/Ventas \| Ventas lista/);
    await expect(page.getByText("Mostrando 20 ventas")).toBeVisible();
    await expect(codes(page)).toHaveText([...today, ...older].slice(0, 20));
    const headers = page.locator("table.sales-table thead th");
    await expect(headers).toHaveText(["Código", "Cliente", "Fecha", "Estado", "Entrega", "Pago", "Monto"]);
    const firstRow = page.locator("table.sales-table tbody tr").first();
    await expect(firstRow.getByRole("cell").nth(1)).toHaveText("Carlos Díaz");
    await expect(firstRow).toContainText("Pendiente");
    await expect(firstRow).toContainText(/USD\s10\.00/);

    await page.getByRole("link", { name: "Cargar más ventas" }).click();
    await expect(page.getByText("Mostrando 40 ventas")).toBeVisible();
    await expect(codes(page)).toHaveText([...today, ...older].slice(0, 40));
    await page.getByRole("link", { name: "Cargar más ventas" }).click();
    await expect(page.getByText("Mostrando 45 ventas")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cargar más ventas" })).toHaveCount(0);

    await page.getByRole("link", { name: "Hoy" }).click();
    await expect(page.getByText("Mostrando 3 ventas")).toBeVisible();
    await expect(codes(page)).toHaveText(today);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ventas-ventas-lista-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe(
      "Código;Fecha;Estado;Comprador;Teléfono;Entrega;Dirección;Nota;Productos;Total;Moneda;" +
        "Subtotal;Descuento;Código de descuento;Envío;Zona;Punto de retiro;Pago;Estado del pago;Correo;" +
        "Descuento por forma de pago;Recargo por forma de pago;Avance;Empresa de envío;Número de seguimiento",
    );
    expect(csv.slice(1).map((row) => row.split(";")[0])).toEqual(today);
    expect(csv[1]).toContain(
      // The phone as text a spreadsheet keeps (="…"), amounts with Mexico's decimal point, no delivery progress yet.
      ';Pendiente;Carlos Díaz;"=""+57 300 1112233""";Retiro en tienda;;;Producto x 1;10.00;USD;10.00;0.00;;0.00;;;Al recibir;;;0.00;0.00;;;',
    );

    await page.getByRole("link", { name: "Últimas 20" }).click();
    await expect(page.getByText("Mostrando 20 ventas")).toBeVisible();

    const search = page.getByRole("search");
    await search.getByLabel("Código de venta").fill(older[30] as string);
    await search.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText("Mostrando 1 venta")).toBeVisible();
    await expect(codes(page)).toHaveText([older[30] as string]);

    // Only exact codes of this store: another store's code and a partial code find nothing.
    await search.getByLabel("Código de venta").fill(foreignSale);
    await search.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText(`No hay ninguna venta con el código ${foreignSale}`)).toBeVisible();
    await expect(codes(page)).toHaveCount(0);
    await search.getByLabel("Código de venta").fill((older[30] as string).slice(0, 6));
    await search.getByRole("button", { name: "Buscar" }).click();
    // The field's own alert (a browser with notifications blocked shows another alert, about them).
    await expect(search.getByLabel("Código de venta")).toHaveAccessibleDescription("El código de venta tiene 10 dígitos");
    await expect(page.getByRole("alert").filter({ hasText: "código" })).toHaveText("El código de venta tiene 10 dígitos");
    db.close();
  });

  test("a new order appears while the page is open, without a reload", async ({ page, context, baseURL }) => {
    const db = e2eDb();
    const { userId, storeId } = await seedMerchant(db, "vivo");
    await seedSale(db, storeId, { createdAt: Date.now() - HOUR });
    await signInAs(context, userId, baseURL as string);
    await page.goto(`/Store/${storeId}/sales`);
    await expect(page.getByText("Mostrando 1 venta")).toBeVisible();
    // A mark on this document: a reload would lose it. (Counting 'framenavigated' also counted the router's own
    // history.replaceState when hydration came late, on a loaded machine: not a reload.)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // Coming back to the tab shows what arrived meanwhile…
    const first = await seedSale(db, storeId, { createdAt: Date.now(), buyerName: "Lucía" });
    // (Dispatched until the page has hydrated and listens; well before the 10-s interval would refresh it.)
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event("focus")));
          return codes(page).first().textContent();
        },
        { timeout: 6000 },
      )
      .toBe(first);
    // …and a page left open refreshes by itself.
    const second = await seedSale(db, storeId, { createdAt: Date.now() + 1 });
    await expect(codes(page).first()).toHaveText(second, { timeout: 15_000 });
    await expect(page.getByText("Mostrando 3 ventas")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    db.close();
  });
});

test.describe("sale detail", () => {
  test("shows the sale; 'Completar' takes stock once and 'Cancelar pedido' leaves it", async ({ page, context, baseURL }) => {
    const db = e2eDb();
    const { userId, storeId } = await seedMerchant(db, "detalle");
    const demoImage = String(
      (await one(db, "select image_key from products where image_key is not null limit 1", []))?.image_key,
    );
    const mug = await seedProduct(db, storeId, "Taza de cerámica", 5, 1250, demoImage);
    const coffee = await seedProduct(db, storeId, "Café 500 g", 10, 990);
    const sold = await seedSale(db, storeId, {
      createdAt: Date.now() - 2 * HOUR,
      buyerName: "Lucía Pérez",
      buyerPhone: "+57 300 555 1234",
      delivery: "delivery",
      address: "Calle 10 #5-20, Bogotá",
      note: "Tocar el timbre",
      lines: [
        { productId: mug, name: "Taza de cerámica", price: 1250, quantity: 2, imageKey: demoImage },
        { productId: coffee, name: "Café 500 g", price: 990, quantity: 3 },
        { productId: null, name: "Producto retirado", price: 500, quantity: 1 },
      ],
    });
    const dropped = await seedSale(db, storeId, {
      createdAt: Date.now() - HOUR,
      buyerPhone: null,
      lines: [{ productId: coffee, name: "Café 500 g", price: 990, quantity: 4 }],
    });
    await signInAs(context, userId, baseURL as string);
    // Tapped before the app has started (its code held back), the row opens its sale once the app starts.
    const release = await holdAppCode(page);
    await page.goto(`/Store/${storeId}/sales`, { waitUntil: "domcontentloaded" });

    // Row click opens the detail dialog. Held, the tap goes no further than the head script (React's listener on the
    // document would answer it too, once hydrated, besides the held tap given again).
    await page.evaluate(() =>
      document.addEventListener("click", () => Object.assign(window, { reachedDocument: true }), { once: true }),
    );
    await page.locator("tr", { hasText: sold }).locator("td").nth(1).click();
    expect(await page.evaluate(() => "reachedDocument" in window)).toBe(false);
    const dialog = page.getByRole("dialog", { name: `Venta ${sold}` });
    release();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/sales/${sold}$`));
    await expect(dialog).toContainText("Pendiente");
    await expect(dialog).toContainText("Lucía Pérez");
    await expect(dialog).toContainText("Envío a domicilio");
    await expect(dialog).toContainText("Calle 10 #5-20, Bogotá");
    await expect(dialog).toContainText("Tocar el timbre");
    const chat = dialog.getByRole("link", { name: "Escribir por WhatsApp" });
    await expect(chat).toHaveAttribute("href", /^https:\/\/web\.whatsapp\.com\/send\?phone=573005551234&text=Hola%20Luc%C3%ADa/);
    const lines = dialog.locator("table.sale-lines tbody tr");
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText(/Taza de cerámica\s*USD\s12\.50\s*2\s*USD\s25\.00/);
    await expect(lines.nth(1)).toContainText(/Café 500 g\s*USD\s9\.90\s*3\s*USD\s29\.70/);
    await expect(lines.nth(2)).toContainText("Producto retirado (producto eliminado)");
    expect(
      await lines
        .nth(0)
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    await expect(dialog.locator(".sale-total")).toHaveText(/^USD\s59\.70$/);

    // 'Volver' in the confirm dialog only closes it.
    await dialog.getByRole("button", { name: "Completar" }).click();
    const ask = page.getByRole("dialog", { name: "¿Se ha completado esta compra?" });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole("button", { name: "Cancelar", exact: true })).toHaveCount(0);
    await ask.getByRole("button", { name: "Volver" }).click();
    await expect(ask).toBeHidden();
    expect(await stateOf(db, sold)).toBe("Pendiente");

    await dialog.getByRole("button", { name: "Completar" }).click();
    await ask.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("status")).toContainText("Venta completada");
    await expect(dialog.locator(".sale-meta")).toContainText("Confirmada");
    await expect(dialog.getByRole("button", { name: "Completar" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Cancelar pedido" })).toHaveCount(0);
    await expect(dialog).toContainText("Venta confirmada el");
    expect(await stateOf(db, sold)).toBe("Confirmada");
    expect(await stockOf(db, mug)).toBe(3);
    expect(await stockOf(db, coffee)).toBe(7);

    await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("tr", { hasText: sold })).toContainText("Confirmada");

    // Reopening the confirmed sale after a reload: still confirmed, stock taken once.
    await page.goto(`/Store/${storeId}/sales/${sold}`);
    await expect(page.getByRole("dialog", { name: `Venta ${sold}` })).toContainText("Venta confirmada el");
    expect(await stockOf(db, mug)).toBe(3);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/sales$`));

    await page.locator("tr", { hasText: dropped }).getByRole("link").click();
    const second = page.getByRole("dialog", { name: `Venta ${dropped}` });
    await expect(second.getByRole("link", { name: "Escribir por WhatsApp" })).toHaveCount(0);
    await second.getByRole("button", { name: "Cancelar pedido" }).click();
    const cancelAsk = page.getByRole("dialog", { name: "¿Cancelar compra?" });
    await cancelAsk.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("status")).toContainText("Compra cancelada");
    await expect(second.locator(".sale-meta")).toContainText("Cancelada");
    await expect(second.getByRole("button", { name: "Completar" })).toHaveCount(0);
    expect(await stateOf(db, dropped)).toBe("Cancelada");
    expect(await stockOf(db, coffee)).toBe(7);
    db.close();
  });

  test("a product short of stock blocks the confirmation and nothing changes", async ({ page, context, baseURL }) => {
    const db = e2eDb();
    const { userId, storeId } = await seedMerchant(db, "stock");
    const plenty = await seedProduct(db, storeId, "Balón", 8, 2200);
    const scarce = await seedProduct(db, storeId, "Bolso tejido wayuu", 1, 4500);
    // An order placed before stock was reserved at placement: its units were never set aside.
    const sale = await seedSale(db, storeId, {
      createdAt: Date.now() - HOUR,
      stockState: "unreserved",
      lines: [
        { productId: plenty, name: "Balón", price: 2200, quantity: 1 },
        { productId: scarce, name: "Bolso tejido wayuu", price: 4500, quantity: 2 },
      ],
    });
    await signInAs(context, userId, baseURL as string);
    await page.goto(`/Store/${storeId}/sales/${sale}`);
    const dialog = page.getByRole("dialog", { name: `Venta ${sale}` });
    await dialog.getByRole("button", { name: "Completar" }).click();
    await page.getByRole("dialog", { name: "¿Se ha completado esta compra?" }).getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("status")).toContainText("Stock insuficiente para Bolso tejido wayuu");
    await expect(dialog.getByRole("button", { name: "Completar" })).toBeVisible();
    expect(await stateOf(db, sale)).toBe("Pendiente");
    expect(await stockOf(db, plenty)).toBe(8);
    expect(await stockOf(db, scarce)).toBe(1);
    db.close();
  });

  test("another merchant's store and sales answer 404 and change nothing", async ({ page, context, baseURL }) => {
    const db = e2eDb();
    const me = await seedMerchant(db, "propia");
    const other = await seedMerchant(db, "otra");
    const theirProduct = await seedProduct(db, other.storeId, "Ajeno", 3, 1000);
    const theirSale = await seedSale(db, other.storeId, {
      createdAt: Date.now(),
      lines: [{ productId: theirProduct, name: "Ajeno", price: 1000, quantity: 1 }],
    });
    await signInAs(context, me.userId, baseURL as string);
    const origin = { Origin: baseURL as string };

    for (const path of [
      `/Store/${other.storeId}/sales`,
      `/Store/${other.storeId}/sales/${theirSale}`,
      `/Store/${other.storeId}/sales.csv`,
      `/Store/${me.storeId}/sales/${theirSale}`,
      `/Store/${me.storeId}/sales/123`,
    ]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
    for (const intent of ["confirm", "cancel"]) {
      for (const path of [`/Store/${me.storeId}/sales/${theirSale}`, `/Store/${other.storeId}/sales/${theirSale}`]) {
        const response = await page.request.post(path, { form: { intent }, headers: origin, maxRedirects: 0 });
        expect(response.status(), `${intent} ${path}`).toBe(404);
      }
    }
    expect(await stateOf(db, theirSale)).toBe("Pendiente");
    expect(await stockOf(db, theirProduct)).toBe(3);

    // Hostile input on my own sale is refused with a Spanish message.
    const mine = await seedSale(db, me.storeId, { createdAt: Date.now() });
    const bad = await page.request.post(`/Store/${me.storeId}/sales/${mine}`, { form: { intent: "borrar" }, headers: origin });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("Acción no válida");
    expect((await page.request.get(`/Store/${me.storeId}/sales.csv?code=abc`)).status()).toBe(400);
    expect(await stateOf(db, mine)).toBe("Pendiente");
    db.close();
  });
});
