// New-order notices by Web Push, end to end: the demo merchant's sales page shows the toggle, a device
// is registered through the toggle's route, a shopper orders on the public site, and the stand-in push
// service (tests/support/push-service.ts) receives a message it can verify and decrypt. Then the push
// service says the device is gone (410) and the next order removes it from the store.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT as DEMO } from "../../app/demo/seed.server";
import { startPushService } from "../support/push-service";
import { captureWhatsApp, checkoutSteps, e2eDb, login } from "./helpers";

async function demoStore(): Promise<{ id: string; vapidKey: string }> {
  const db = e2eDb();
  try {
    const [store] = (await db.execute("select id from stores where url = 'demo'")).rows;
    // The e2e server runs without VAPID settings: its keys are the pair a local run keeps in the database.
    const [keys] = (await db.execute("select public_key from local_vapid_keys where id = 1")).rows;
    return { id: String(store?.id), vapidKey: String(keys?.public_key) };
  } finally {
    db.close();
  }
}

const deviceCount = async (page: Page) => {
  const text = (await page.locator(".push-devices").textContent()) ?? "";
  return text.startsWith("Ningún") ? 0 : Number(text.match(/^(\d+)/)?.[1]);
};

/** A shopper orders one demo product on the public site; returns the sale code and the total the checkout showed. */
async function orderAsShopper(browser: Browser): Promise<{ code: string; total: string }> {
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  const whatsapp = await captureWhatsApp(shop);
  await shop.goto("/site/demo/Store");
  await shop
    .getByRole("link", { name: /Taza de cerámica artesanal/ })
    .first()
    .click();
  await shop.getByRole("button", { name: "Agregar al carrito" }).click();
  await shop.getByRole("link", { name: "Hacer pedido" }).click();
  const total = (await shop.locator(".summary .total strong").textContent()) ?? "";
  expect(total).toMatch(/\d/);
  await checkoutSteps(shop, { name: "Valentina Ríos", phone: "300 555 0177" }, "Retiro en tienda");
  await shop.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
  await expect.poll(() => whatsapp.length).toBe(1);
  const code = new URL(whatsapp[0] as string).searchParams.get("text")?.match(/Pedido (\d{10})/)?.[1] as string;
  expect(code).toMatch(/^\d{10}$/);
  await shopper.close();
  return { code, total };
}

test("a device registered for the demo store gets the new order; a device the push service calls gone is removed", async ({
  page,
  browser,
}) => {
  const push = await startPushService();
  try {
    await login(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/$/);
    const store = await demoStore();
    await page.goto(`/Store/${store.id}/sales`);
    const toggle = page.getByRole("region", { name: "Avisos de pedidos nuevos" });
    await expect(toggle.getByRole("button", { name: "Activar avisos en este dispositivo" })).toBeVisible();
    const before = await deviceCount(page);

    // Headless Chromium has no connection to a real push service (FCM), so pushManager.subscribe()
    // cannot succeed here. The stand-in plays the browser instead: it makes the subscription, and
    // it is posted, as the toggle posts it, to the toggle's route from the signed-in page.
    const device = push.subscribe(store.vapidKey);
    const posted = await page.evaluate(
      async ({ url, fields }) => {
        const body = new FormData();
        for (const [k, v] of Object.entries(fields)) body.append(k, v);
        const reply = await fetch(url, { method: "POST", body });
        return { status: reply.status, json: await reply.json() };
      },
      {
        url: `/Store/${store.id}/notifications`,
        fields: { intent: "subscribe", endpoint: device.endpoint, "keys.p256dh": device.p256dh, "keys.auth": device.auth },
      },
    );
    expect(posted).toEqual({ status: 200, json: { ok: true, intent: "subscribe", devices: before + 1 } });
    await page.reload();
    await expect(page.locator(".push-devices")).toHaveText(before === 0 ? "1 dispositivo recibe avisos de esta tienda." : /\d/);
    expect(await deviceCount(page)).toBe(before + 1);

    // A shopper orders: the stand-in receives one message, signed and encrypted for this device.
    const first = await orderAsShopper(browser);
    await expect.poll(() => push.messagesFor(device.id).length).toBe(1);
    const message = JSON.parse(push.messagesFor(device.id)[0]?.text ?? "{}");
    expect(message.title).toBe(`Nuevo pedido #${first.code}`);
    expect(message.body).toContain(first.total);
    expect(message.body).toContain("Valentina Ríos");
    expect(message.url).toBe(`/Store/${store.id}/sales/${first.code}`);
    expect(push.refused).toEqual([]);

    // The push service now says this browser is gone: the next order removes the device from the store.
    push.behave(device.id, { status: 410 });
    await orderAsShopper(browser);
    await page.reload();
    expect(await deviceCount(page)).toBe(before);
    expect(push.messagesFor(device.id)).toHaveLength(1);
  } finally {
    await push.stop();
  }
});

test.describe("when this browser cannot get notices", () => {
  // Service workers blocked: this browser has none, whatever the app registers.
  test.use({ serviceWorkers: "block" });

  test("the toggle says why: notifications refused, or no service worker to receive them", async ({ page, context }) => {
    await login(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/$/);
    const store = await demoStore();
    await page.goto(`/Store/${store.id}/sales`);
    const toggle = page.getByRole("region", { name: "Avisos de pedidos nuevos" });
    const activate = toggle.getByRole("button", { name: "Activar avisos en este dispositivo" });
    // The permission prompt is answered "no" (automation never grants it unasked).
    await activate.click();
    await expect(toggle.getByRole("alert")).toHaveText(/Bloqueaste las notificaciones|No diste permiso/);
    // Permission given, but no service worker.
    await context.grantPermissions(["notifications"]);
    await page.reload();
    await activate.click();
    await expect(toggle.getByRole("alert")).toHaveText(
      "Vitrina todavía no está lista para enviar avisos a este dispositivo. Recarga la página y vuelve a intentarlo.",
    );
    await expect(activate).toBeEnabled();
  });
});
