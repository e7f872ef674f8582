import { expect, test } from "@playwright/test";
import { e2eDb, linkFromOutbox, seedDeskMerchant, signInAs, uniqueEmail } from "./helpers";
import { phone } from "./phone";

// From order to doorstep on a 360-px phone: the merchant finds the sale by the buyer's phone typed as people say it,
// marks it 'Enviado' with Andreani and a tracking number; the buyer gets the email and, without JavaScript, sees the
// timeline and the tracking link on their order page.

const digits = (n: number) => String(10 ** (n - 1) + Math.floor(Math.random() * 9 * 10 ** (n - 1)));

async function seedSale(db: ReturnType<typeof e2eDb>, storeId: string, buyerEmail: string, token: string) {
  const id = digits(10);
  await db.batch(
    [
      {
        sql: `insert into sales (id, store_id, state, stock_state, total, subtotal, currency, buyer_name, buyer_phone,
                buyer_email, delivery, address, access_token, created_at, closed_at)
              values (?, ?, 'Confirmada', 'taken', 1500000, 1500000, 'ARS', 'Lucía Fernández', '+54 9 11 4444-5678', ?,
                'delivery', 'Av. Corrientes 1234, CABA', ?, ?, ?)`,
        args: [id, storeId, buyerEmail, token, Date.now() - 3_600_000, Date.now() - 1_800_000],
      },
      {
        sql: `insert into sale_lines (sale_id, position, product_id, name, image_key, unit_price, quantity)
              values (?, 0, null, 'Mate de calabaza', null, 1500000, 1)`,
        args: [id],
      },
    ],
    "write",
  );
  return id;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`delivery progress (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled, ...phone(360) });

    test("found by '11 4444 5678', marked 'Enviado' with Andreani; the buyer's email and order page show the tracking", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      const db = e2eDb();
      const tag = javaScriptEnabled ? "js" : "nojs";
      const url = `envios-${tag}-${digits(10)}`;
      const { userId, storeId } = await seedDeskMerchant(db, `envios-${tag}`, {
        name: `Mates ${tag}`,
        url,
        currency: "ARS",
        country: "AR",
        timeZone: "America/Argentina/Buenos_Aires",
      });
      const buyer = uniqueEmail(`envio-${tag}`);
      const token = "0123456789abcdef".repeat(2);
      const code = await seedSale(db, storeId, buyer, token);
      // Another sale of the store, newer: the search must leave it out.
      const other = await seedSale(db, storeId, uniqueEmail(`otro-${tag}`), "fedcba9876543210".repeat(2));
      await db.execute({
        sql: "update sales set buyer_name = 'Pedro Gil', buyer_phone = '351 555 1234' where id = ?",
        args: [other],
      });
      db.close();
      await signInAs(context, userId, baseURL ?? "");

      await page.goto(`/Store/${storeId}/sales`);
      const search = page.getByRole("search");
      await search.getByLabel("Cliente o producto").fill("11 4444 5678");
      await search.getByRole("button", { name: "Buscar" }).click();
      await expect(page).toHaveURL(/[?&]q=11(\+|%20)4444(\+|%20)5678/);
      const codes = page.locator("table.sales-table tbody tr td:first-child a");
      await expect(codes).toHaveText([code]);

      await page.getByRole("link", { name: code }).click();
      const dialog = page.getByRole("dialog", { name: `Venta ${code}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: "Entrega: sin avance" })).toBeVisible();
      await dialog.getByLabel("Empresa de envío").selectOption({ label: "Andreani" });
      await dialog.getByLabel("Número de seguimiento").fill("360000123456789");
      await dialog.getByRole("button", { name: "Marcar como enviado" }).click();
      await expect(dialog.getByRole("heading", { name: "Entrega: Enviado" })).toBeVisible();
      await expect(dialog).toContainText("Venta marcada como 'Enviado'");
      await expect(dialog.getByRole("link", { name: "Seguir mi envío" })).toHaveAttribute(
        "href",
        "https://www.andreani.com/#!/informacionEnvio/360000123456789",
      );
      const whatsapp = new URL((await dialog.getByRole("link", { name: "Avisar por WhatsApp" }).getAttribute("href")) ?? "");
      expect(whatsapp.searchParams.get("phone")).toBe("5491144445678");
      expect(whatsapp.searchParams.get("text")).toContain("Lo lleva Andreani, número de seguimiento 360000123456789.");
      // The list says so too.
      await page.goto(`/Store/${storeId}/sales`);
      await expect(page.locator("table.sales-table tbody tr", { hasText: code })).toContainText("Enviado");

      // The buyer's email: the carrier, the number and the link to follow it, and their order page.
      const outbox = await context.newPage();
      await outbox.goto("/_dev/correo");
      const mail = outbox.locator(`article[data-to="${buyer}"]`).first();
      await expect(mail.locator("h2")).toHaveText(`Tu pedido ${code} de Mates ${tag} va en camino`);
      await expect(mail.locator("pre")).toContainText("Número de seguimiento: 360000123456789");
      await expect(mail.locator("pre")).toContainText("https://www.andreani.com/#!/informacionEnvio/360000123456789");
      const orderLink = ((await mail.locator("pre").textContent()) ?? "").match(/http\S+\/Order\/\d{10}\?t=[0-9a-f]+/)?.[0];
      expect(orderLink).toBeTruthy();
      await outbox.close();

      // The buyer opens it on their phone, without JavaScript (the page has no framework script anyway).
      const shopper = await browser.newContext({ javaScriptEnabled: false, ...phone(360) });
      const order = await shopper.newPage();
      await order.goto(orderLink as string);
      const timeline = order.getByRole("region", { name: "Seguimiento de tu pedido" });
      await expect(timeline.getByRole("listitem")).toHaveText([
        /Preparando/,
        /Enviado · \d{1,2} \S+ \d{4}/,
        /Entregado · pendiente/,
      ]);
      await expect(timeline.getByRole("listitem").nth(1)).toHaveAttribute("aria-current", "step");
      await expect(timeline).toContainText("Lo lleva Andreani · número de seguimiento 360000123456789");
      await expect(timeline.getByRole("link", { name: "Seguir mi envío" })).toHaveAttribute(
        "href",
        "https://www.andreani.com/#!/informacionEnvio/360000123456789",
      );
      await shopper.close();
    });

    test("a 'Ventas' helper invited by email joins with a new account, sends an order, and has no products page", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      const db = e2eDb();
      const tag = javaScriptEnabled ? "js" : "nojs";
      const { userId, storeId } = await seedDeskMerchant(db, `equipo-${tag}`, {
        name: `Equipo ${tag}`,
        url: `equipo-${tag}-${digits(10)}`,
        currency: "ARS",
        country: "AR",
        timeZone: "America/Argentina/Buenos_Aires",
      });
      const code = await seedSale(db, storeId, uniqueEmail(`equipo-compra-${tag}`), "00112233445566778899aabbccddeeff");
      db.close();
      await signInAs(context, userId, baseURL ?? "");

      // The owner invites the helper from 'Equipo'.
      await page.goto(`/Store/${storeId}/equipo`);
      const helper = uniqueEmail(`ayudante-${tag}`);
      await page.getByLabel("Correo de la persona").fill(helper);
      await page.getByLabel("Rol", { exact: true }).selectOption({ label: "Ventas" });
      await page.getByRole("button", { name: "Enviar invitación" }).click();
      await expect(page.getByRole("list", { name: "Invitaciones enviadas" })).toContainText(helper);
      const link = await linkFromOutbox(page, helper, /http\S+\/equipo\/invitacion\/[A-Za-z0-9_-]{43}/);

      // The helper, on their own phone, creates an account from the link: no plan to choose, straight to the desk.
      const helperContext = await browser.newContext({ javaScriptEnabled, ...phone(360) });
      const desk = await helperContext.newPage();
      await desk.goto(link);
      await desk.getByLabel("Nombre", { exact: true }).fill("Tomás");
      await desk.getByLabel("Apellido").fill("Ríos");
      await desk.getByLabel("Contraseña (mínimo 6 caracteres)").fill("ventas-seguras-2026");
      await desk.getByRole("checkbox").check();
      await desk.getByRole("button", { name: "Crear cuenta y unirme" }).click();
      await expect(desk).toHaveURL(new RegExp(`/Store/${storeId}/sales$`));

      await desk.getByRole("link", { name: code }).click();
      const dialog = desk.getByRole("dialog", { name: `Venta ${code}` });
      await dialog.getByLabel("Empresa de envío").selectOption({ label: "Andreani" });
      await dialog.getByLabel("Número de seguimiento").fill("360000999888777");
      await dialog.getByRole("button", { name: "Marcar como enviado" }).click();
      await expect(dialog.getByRole("heading", { name: "Entrega: Enviado" })).toBeVisible();

      // Their role has no products: no tab for it, and the page itself is refused.
      await expect(desk.getByRole("navigation", { name: "Tienda" }).getByRole("link", { name: "Productos" })).toHaveCount(0);
      await expect(desk.getByRole("navigation", { name: "Tienda" }).getByRole("link", { name: /Ventas/ })).toBeVisible();
      const refused = await desk.goto(`/Store/${storeId}/products`);
      expect(refused?.status()).toBe(403);
      await expect(desk.getByRole("heading", { name: "No tienes acceso a esta sección" })).toBeVisible();
      await helperContext.close();

      // The owner sees both in 'Actividad', each with who did it: the invitation, and the helper joining and sending.
      await page.goto(`/Store/${storeId}/actividad`);
      const entries = page.locator(".activity-list > li");
      await expect(entries.filter({ hasText: `Invitó a ${helper} como Ventas` })).toHaveCount(1);
      await expect(entries.filter({ hasText: "Se unió al equipo como Ventas" })).toContainText("Tomás Ríos");
      const sent = entries.filter({ hasText: "como 'Enviado'" });
      await expect(sent).toContainText("Tomás Ríos");
      await expect(sent).toContainText(/Sin avance\s*→\s*Enviado/i);
    });
  });
}
