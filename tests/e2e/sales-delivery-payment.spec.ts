import type { Client } from "@libsql/client";
import { expect, type Page, test } from "@playwright/test";
import { e2eDb, linkFromOutbox, seedDeskMerchant, signInAs, uniqueEmail } from "./helpers";

// The sales desk with the checkout's delivery, discount and payment fields. Sales are inserted straight into the
// server's database (the checkout that fills them is another journey); the merchant signs in with a session row.

const HOUR = 3_600_000;
const digits = (n: number) => String(10 ** (n - 1) + Math.floor(Math.random() * 9 * 10 ** (n - 1)));

async function seedStore(db: Client, tag: string) {
  const url = `entregas-${tag}-${digits(10)}`;
  const seeded = await seedDeskMerchant(db, tag, { name: `Entregas ${tag}`, url, currency: "USD", timeZone: "America/Bogota" });
  return { ...seeded, url };
}

interface SaleSeed {
  hoursAgo: number;
  delivery: "pickup" | "delivery" | "arrange";
  paymentMethod?: "on_delivery" | "online";
  paymentStatus?: "none" | "pending" | "approved" | "rejected";
  subtotal?: number;
  discount?: number;
  discountCode?: string | null;
  deliveryFee?: number;
  deliveryZone?: string | null;
  pickupPoint?: string | null;
  buyerEmail?: string | null;
  accessToken?: string;
}

async function seedSale(db: Client, storeId: string, sale: SaleSeed): Promise<string> {
  const id = digits(10);
  const subtotal = sale.subtotal ?? 2000;
  const discount = sale.discount ?? 0;
  const fee = sale.deliveryFee ?? 0;
  const method = sale.paymentMethod ?? "on_delivery";
  const status = sale.paymentStatus ?? (method === "online" ? "pending" : "none");
  const createdAt = Date.now() - sale.hoursAgo * HOUR;
  await db.batch(
    [
      {
        sql: `insert into sales (id, store_id, state, total, subtotal, discount, discount_code, delivery_fee, currency,
                buyer_name, buyer_phone, buyer_email, delivery, delivery_zone, pickup_point, address, access_token,
                payment_method, payment_status, paid_at, created_at)
              values (?, ?, 'Pendiente', ?, ?, ?, ?, ?, 'USD', 'Carlos Díaz', '573001112233', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          id,
          storeId,
          subtotal - discount + fee,
          subtotal,
          discount,
          sale.discountCode ?? null,
          fee,
          sale.buyerEmail ?? null,
          sale.delivery,
          sale.deliveryZone ?? null,
          sale.pickupPoint ?? null,
          sale.delivery === "delivery" ? "Calle 10 #5-20" : null,
          sale.accessToken ?? crypto.randomUUID().replaceAll("-", ""),
          method,
          status,
          status === "approved" ? createdAt + 60_000 : null,
          createdAt,
        ],
      },
      {
        sql: `insert into sale_lines (sale_id, position, product_id, name, image_key, unit_price, quantity)
              values (?, 0, null, 'Taza', null, ?, 2)`,
        args: [id, subtotal / 2],
      },
    ],
    "write",
  );
  return id;
}

const codes = (page: Page) => page.locator("table.sales-table tbody tr td:first-child");

async function filter(page: Page, choice: { delivery?: string; payment?: string }) {
  // The filters are folded until one is set.
  const panel = page.locator("details.sales-filters-panel");
  if ((await panel.getAttribute("open")) === null) await panel.getByText("Filtros", { exact: true }).click();
  await page.getByLabel("Entrega", { exact: true }).selectOption({ label: choice.delivery ?? "Todas" });
  await page.getByLabel("Pago", { exact: true }).selectOption({ label: choice.payment ?? "Todos" });
  await page.getByRole("button", { name: "Filtrar" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`sales by delivery and payment (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("filters by 'Envío a domicilio' and 'Aprobado', shows the sale's delivery, discount and payment, and 'Completar' emails the buyer once", async ({
      page,
      context,
      baseURL,
    }) => {
      const db = e2eDb();
      const tag = javaScriptEnabled ? "js" : "nojs";
      const { userId, storeId } = await seedStore(db, tag);
      const buyer = uniqueEmail(`comprador-${tag}`);
      const token = "0123456789abcdef".repeat(2);
      const homeApproved = await seedSale(db, storeId, {
        hoursAgo: 1,
        delivery: "delivery",
        deliveryZone: "Chapinero",
        deliveryFee: 500,
        subtotal: 3000,
        discount: 300,
        discountCode: "VERANO10",
        paymentMethod: "online",
        paymentStatus: "approved",
        buyerEmail: buyer,
        accessToken: token,
      });
      const homeAtDoor = await seedSale(db, storeId, { hoursAgo: 2, delivery: "delivery", deliveryZone: "Usaquén" });
      const pickupApproved = await seedSale(db, storeId, {
        hoursAgo: 3,
        delivery: "pickup",
        pickupPoint: "Centro — Calle 1 #2-3 (lun a sáb 9–18)",
        paymentMethod: "online",
        paymentStatus: "approved",
      });
      const arrangePending = await seedSale(db, storeId, { hoursAgo: 4, delivery: "arrange", paymentMethod: "online" });
      const pickupRejected = await seedSale(db, storeId, {
        hoursAgo: 5,
        delivery: "pickup",
        paymentMethod: "online",
        paymentStatus: "rejected",
      });
      // Another store's approved home delivery, newer than all: never on this desk.
      const stranger = await seedStore(db, `${tag}-ajena`);
      const theirs = await seedSale(db, stranger.storeId, {
        hoursAgo: 0.5,
        delivery: "delivery",
        paymentMethod: "online",
        paymentStatus: "approved",
      });
      db.close();
      await signInAs(context, userId, baseURL ?? "");

      await page.goto(`/Store/${storeId}/sales`);
      await expect(codes(page)).toHaveText([homeApproved, homeAtDoor, pickupApproved, arrangePending, pickupRejected]);
      const row = (code: string) => page.locator("table.sales-table tbody tr", { hasText: code });
      await expect(row(homeApproved)).toContainText("Envío a domicilio");
      await expect(row(homeApproved)).toContainText("En línea: Aprobado");
      await expect(row(arrangePending)).toContainText("A coordinar");
      await expect(row(arrangePending)).toContainText("En línea: Pendiente");
      await expect(row(homeAtDoor)).toContainText("Al recibir");

      await filter(page, { delivery: "Envío a domicilio" });
      await expect(page).toHaveURL(/[?&]delivery=delivery/);
      await expect(codes(page)).toHaveText([homeApproved, homeAtDoor]);

      await filter(page, { payment: "Aprobado" });
      await expect(page).toHaveURL(/[?&]payment=approved/);
      // The other store's newer approved sale is not among them.
      await expect(codes(page)).toHaveText([homeApproved, pickupApproved]);
      await expect(page.getByRole("link", { name: theirs })).toHaveCount(0);

      await filter(page, { delivery: "Envío a domicilio", payment: "Aprobado" });
      await expect(codes(page)).toHaveText([homeApproved]);
      // 'Hoy' keeps the filters.
      await page.getByRole("link", { name: "Hoy" }).click();
      await expect(page).toHaveURL(/view=today&delivery=delivery&payment=approved$/);
      await expect(codes(page)).toHaveText([homeApproved]);
      await expect(page.getByLabel("Pago", { exact: true })).toHaveValue("approved");

      await page.getByRole("link", { name: homeApproved }).click();
      const dialog = page.getByRole("dialog", { name: `Venta ${homeApproved}` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/Método\s*Envío a domicilio/);
      await expect(dialog).toContainText(/Zona\s*Chapinero/);
      await expect(dialog).toContainText(/Descuento \(VERANO10\)\s*−US\$\s3(?![\d,])/);
      await expect(dialog).toContainText(/Envío\s*US\$\s5(?![\d,])/);
      await expect(dialog).toContainText(/Total de la compra\s*US\$\s32(?![\d,])/);
      await expect(dialog).toContainText(/Pago\s*En línea — Aprobado · pagado el/);
      await expect(dialog).toContainText(buyer);

      await dialog.getByRole("button", { name: "Completar" }).click();
      if (javaScriptEnabled) {
        await page
          .getByRole("dialog", { name: "¿Se ha completado esta compra?" })
          .getByRole("button", { name: "Confirmar" })
          .click();
      }
      await expect(dialog).toContainText("Venta confirmada el");
      await expect(dialog.getByRole("button", { name: "Completar" })).toHaveCount(0);

      const link = await linkFromOutbox(page, buyer, /http\S+\/Order\/\d{10}\?t=[0-9a-f]+/);
      expect(link).toMatch(new RegExp(`/Order/${homeApproved}\\?t=${token}$`));
      const outbox = await context.newPage();
      await outbox.goto("/_dev/correo");
      const mails = outbox.locator(`article[data-to="${buyer}"]`);
      await expect(mails).toHaveCount(1);
      await expect(mails.locator("h2")).toHaveText(`Tu pedido ${homeApproved} en Entregas ${tag} fue confirmado`);
      await expect(mails.locator("pre")).toContainText(/Total: US\$\s32(?![\d,])/);
      await outbox.close();
    });
  });
}
