import { expect, type Page } from "@playwright/test";
import { merchantAccount, merchantWithStore, testPasswordHash } from "../support/merchants";
import { e2eDb, login, uniqueEmail } from "./helpers";

export const DAY = 24 * 3600 * 1000;
const PASSWORD = "Clave-De-Pagos-2026";

let passwordHash: Promise<string> | undefined;

/**
 * A merchant written straight into the e2e database (registrations are rate-limited per run),
 * on the standard monthly plan with one store, its bill due `dueInDays` from now.
 */
export async function seedMerchant(options: { dueInDays: number; tag: string; trialStarted?: boolean; withStore?: boolean }) {
  passwordHash ??= testPasswordHash(PASSWORD);
  const email = uniqueEmail(options.tag);
  const account = {
    name: "Marta",
    lastname: "Gómez",
    email,
    passwordHash: await passwordHash,
    trialStarted: options.trialStarted !== false,
    billDueAt: new Date(Date.now() + options.dueInDays * DAY),
  };
  const db = e2eDb();
  try {
    if (!options.withStore) return { id: await merchantAccount(db, "standard", account), email, storeUrl: null };
    const storeUrl = `${options.tag}-${String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999))}`;
    const { id } = await merchantWithStore(db, "standard", { name: `Tienda ${options.tag}`, url: storeUrl }, account);
    return { id, email, storeUrl };
  } finally {
    db.close();
  }
}

export async function userRow(id: string) {
  const db = e2eDb();
  const row = (
    await db.execute({
      sql: "select plan, billing_period, stores_limit, bill_total, bill_due_at, trial_started from users where id = ?",
      args: [id],
    })
  ).rows[0];
  db.close();
  return {
    plan: String(row?.plan),
    period: String(row?.billing_period),
    storesLimit: Number(row?.stores_limit),
    billTotal: Number(row?.bill_total),
    dueAt: Number(row?.bill_due_at),
    trialStarted: Number(row?.trial_started) === 1,
  };
}

export async function signIn(page: Page, email: string) {
  await login(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/Auth/);
}

/** After 'Pagar': the reference exists, the sandbox button leads to /_sandbox/pay/{code}. */
export async function payInSandbox(page: Page, decision: "Aprobar pago" | "Rechazar pago"): Promise<string> {
  await page.getByRole("link", { name: "Pagar con la billetera de prueba" }).click();
  await expect(page).toHaveURL(/\/_sandbox\/pay\/\d{10}$/);
  const code = page.url().match(/(\d{10})$/)?.[1] ?? "";
  await page.getByRole("button", { name: decision }).click();
  await expect(page).toHaveURL(new RegExp(`/paymentCompleted/${code}$`));
  await expect(page.getByText(code)).toBeVisible();
  return code;
}

/** The test clock page, as an operator uses it. */
export async function moveClock(page: Page, days: number) {
  await page.goto("/_dev/reloj");
  await page.getByLabel("Días").fill(String(days));
  await page.getByRole("button", { name: "Adelantar", exact: true }).click();
  await expect(page.getByTestId("offset")).toContainText("Adelantado");
}

/** The test clock moved by minutes (an unpaid online order's time to pay); the orders' upkeep runs with it. */
export async function moveClockMinutes(page: Page, minutes: number) {
  await page.goto("/_dev/reloj");
  await page.getByLabel("Minutos").fill(String(minutes));
  await page.getByRole("button", { name: "Adelantar minutos" }).click();
  await expect(page.getByTestId("offset")).toContainText("Adelantado");
}

export async function resetClock(page: Page) {
  await page.goto("/_dev/reloj");
  await page.getByRole("button", { name: "Restablecer" }).click();
  await expect(page.getByTestId("offset")).toHaveText("El reloj va con la hora real.");
}
