// A plan payment on the production runtime. Without MercadoPago credentials the sandbox is the
// provider: 'Aprobar pago' records the provider's decision and runs the one verification path a
// MercadoPago notification takes (confirmProviderPayment), applied exactly once.
import { expect, test } from "@playwright/test";
import { payInSandbox } from "../e2e/billing-helpers";
import { login } from "../e2e/helpers";
import { sql } from "./support";

const DEMO = { email: "demo@vitrina.local", password: "vitrina-demo-2026" };

async function demoBill() {
  const [row] = await sql("select id, plan, billing_period, bill_total, bill_due_at from users where email = ?", [DEMO.email]);
  return {
    id: String(row?.id),
    plan: String(row?.plan),
    period: String(row?.billing_period),
    billTotal: Number(row?.bill_total),
    dueAt: Number(row?.bill_due_at),
  };
}

test("the demo merchant pays a change to premium annual in the sandbox; it is applied once", async ({ page }) => {
  const before = await demoBill();
  expect(before).toMatchObject({ plan: "standard", period: "monthly", billTotal: 499 });
  // The demo merchant's hash was made by the Node server that seeded the database; workerd checks it.
  await login(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/plans");
  await expect(page.getByText("Este es tu plan actual.")).toBeVisible();
  await page.getByRole("radio", { name: "Premium" }).check();
  await page.getByRole("row", { name: /Precio anual/ }).click();
  await page.getByRole("button", { name: /^Pagar .*95,99/ }).click();
  const code = await payInSandbox(page, "Aprobar pago");
  await expect(page.locator("[data-status]")).toHaveText("Aprobado");
  await expect(page.getByText("Plan actualizado")).toBeVisible();

  const after = await demoBill();
  expect(after).toMatchObject({ plan: "premium", period: "annually", billTotal: 9599 });
  const expectedDue = new Date(before.dueAt);
  expectedDue.setUTCFullYear(expectedDue.getUTCFullYear() + 1);
  expect(after.dueAt).toBe(expectedDue.getTime());
  const [payment] = await sql("select status, amount, provider, applied_at from payments where id = ?", [code]);
  expect(payment).toMatchObject({ status: "approved", amount: 9599, provider: "sandbox" });
  expect(payment?.applied_at).toBeTruthy();

  // The MercadoPago notification URL reaches the Worker without an Origin (exempt from the cross-site
  // check: its HMAC authenticates it) and, with the sandbox as provider, is not a way in.
  const notification = await page.request.post(`/webhooks/mercadopago?data.id=${code}&type=payment`, {
    headers: { "x-signature": "ts=1,v1=00", "x-request-id": "workerd" },
    data: { type: "payment", data: { id: code } },
  });
  expect(notification.status()).toBe(404);
  expect(await notification.text()).toBe("No encontrado");

  // The return page asked again (as MercadoPago's back URL would be) does not apply it twice.
  await page.goto(`/paymentCompleted/${code}?payment_id=${code}&status=approved`);
  await expect(page.locator("[data-status]")).toHaveText("Aprobado");
  expect(await demoBill()).toEqual(after);
  const [again] = await sql("select applied_at from payments where id = ?", [code]);
  expect(again?.applied_at).toBe(payment?.applied_at);
});
