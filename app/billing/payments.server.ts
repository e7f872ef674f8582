import { and, eq, isNull, sql } from "drizzle-orm";
import { changeAccount } from "~/auth/users.server";
import {
  applyRenewal,
  applyStoresPurchase,
  type Bill,
  type BillingPeriod,
  judgePayment,
  PAYMENT_TITLES,
  type PaymentKind,
  type PaymentVerdict,
  storeUnlockQuantity,
  storeUnlockTotal,
} from "~/domain/billing";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { applyPlanChange, type PlanId, planChangeAmount } from "~/domain/plans";
import type { Db } from "~/services/db";
import { PaymentProviderError, type ProviderPayment } from "~/services/payments";
import type { Services } from "~/services/services";
import type { IdRef } from "~/workspace/page-reads.server";
import { payments, plans, users } from "../../db/schema";
import { mailPaymentResult } from "./merchant-mails.server";
import { PAYMENTS_UNAVAILABLE } from "./messages";

export { PAYMENTS_UNAVAILABLE };

export class PaymentsUnavailableError extends Error {
  override name = "PaymentsUnavailableError";
  constructor(cause?: unknown) {
    super(PAYMENTS_UNAVAILABLE, { cause });
  }
}

export type PaymentOrder =
  | { kind: "renewal" }
  | { kind: "plan_change"; plan: PlanId; period: BillingPeriod }
  | { kind: "stores"; quantity: number };

export interface StartedCheckout {
  code: string;
  provider: "sandbox" | "mercadopago";
  preferenceId: string;
  redirectUrl: string;
  publicKey: string | null;
}

type UserRow = typeof users.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export const completedPath = (code: string) => `/paymentCompleted/${code}`;
const WEBHOOK_PATH = "/webhooks/mercadopago";

/** What the order costs, priced on the server from the database (never from the form). */
async function priceOrder(services: Services, user: UserRow, order: PaymentOrder) {
  const currency = services.config.BILLING_CURRENCY;
  if (order.kind === "stores") {
    const quantity = storeUnlockQuantity(order.quantity);
    return { amount: storeUnlockTotal(quantity, services.config.storeUnlockPrice), currency, storesQuantity: quantity };
  }
  if (order.kind === "renewal") return { amount: user.billTotal, currency };
  const plan = await services.db.query.plans.findFirst({ where: eq(plans.id, order.plan) });
  // Plan prices are stored in the billing currency; a mismatch is a configuration error.
  if (!plan || plan.currency !== currency) throw new PaymentsUnavailableError(`plan ${order.plan} not priced in ${currency}`);
  return {
    amount: planChangeAmount(plan, order.period, user.storesLimit),
    currency,
    plan: order.plan,
    billingPeriod: order.period,
  };
}

/**
 * First the payment reference (our 10-digit code, saved pending), then the provider's checkout
 * (a MercadoPago preference or the sandbox page). Any failure: PaymentsUnavailableError.
 */
export async function startCheckout(services: Services, user: UserRow, order: PaymentOrder): Promise<StartedCheckout> {
  const priced = await priceOrder(services, user, order);
  if (priced.amount <= 0) throw new PaymentsUnavailableError("nothing to pay");
  const kind: PaymentKind = order.kind;
  let code = "";
  for (let attempt = 0; ; attempt++) {
    code = randomDigits(ID_DIGITS.payment);
    const inserted = await services.db
      .insert(payments)
      .values({
        id: code,
        userId: user.id,
        kind,
        title: PAYMENT_TITLES[kind],
        provider: services.payments.name,
        createdAt: services.clock.now(),
        ...priced,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (inserted.length === 1) break;
    if (attempt >= 5) throw new PaymentsUnavailableError("no free payment code");
  }
  try {
    const { APP_ORIGIN } = services.config;
    const checkout = await services.payments.createCheckout({
      code,
      title: PAYMENT_TITLES[kind],
      amount: priced.amount,
      currency: priced.currency,
      backUrl: `${APP_ORIGIN}${completedPath(code)}`,
      notificationUrl: `${APP_ORIGIN}${WEBHOOK_PATH}`,
    });
    await services.db.update(payments).set({ preferenceId: checkout.preferenceId }).where(eq(payments.id, code));
    return {
      code,
      provider: services.payments.name,
      preferenceId: checkout.preferenceId,
      redirectUrl: checkout.redirectUrl,
      publicKey: services.payments.publicKey,
    };
  } catch (cause) {
    await services.db.delete(payments).where(and(eq(payments.id, code), isNull(payments.appliedAt)));
    throw new PaymentsUnavailableError(cause);
  }
}

export type ConfirmResult =
  | { outcome: "applied" | "already_applied"; payment: PaymentRow }
  | { outcome: "rejected" | "pending"; payment: PaymentRow }
  | { outcome: "unknown" }
  | { outcome: Exclude<PaymentVerdict, "approved" | "rejected" | "pending">; payment: PaymentRow };

const userBill = (u: UserRow): Bill => ({
  plan: u.plan,
  billingPeriod: u.billingPeriod,
  storesLimit: u.storesLimit,
  billTotal: u.billTotal,
  billDueAt: u.billDueAt,
  trialStarted: u.trialStarted,
});

/** The user row still holds what the change was computed from (optimistic check). */
function unchangedSince(u: UserRow) {
  return and(
    eq(users.id, u.id),
    eq(users.plan, u.plan),
    eq(users.billingPeriod, u.billingPeriod),
    eq(users.storesLimit, u.storesLimit),
    eq(users.billTotal, u.billTotal),
    eq(users.trialStarted, u.trialStarted),
    u.billDueAt ? eq(users.billDueAt, u.billDueAt) : isNull(users.billDueAt),
  );
}

async function userChanges(services: Services, payment: PaymentRow, user: UserRow): Promise<Partial<Bill>> {
  const now = services.clock.now();
  if (payment.kind === "renewal") return applyRenewal(userBill(user), now);
  if (payment.kind === "stores") return applyStoresPurchase(userBill(user), payment.storesQuantity ?? 1);
  const plan = payment.plan ? await services.db.query.plans.findFirst({ where: eq(plans.id, payment.plan) }) : undefined;
  if (!plan || !payment.billingPeriod) throw new Error(`plan change ${payment.id} without plan or period`);
  return applyPlanChange(user, plan, payment.billingPeriod, now);
}

/**
 * Applies an approved, verified payment exactly once. One batch (one transaction): the user
 * update runs only while the payment is unapplied and the user unchanged since it was read; the
 * payment is then marked applied only if that update took place (`changes()`). Concurrent
 * deliveries of the same payment serialise on the write lock: one applies, the rest find it applied.
 */
async function applyOnce(services: Services, paymentId: string, remote: ProviderPayment): Promise<ConfirmResult> {
  const { db } = services;
  for (let attempt = 0; attempt < 5; attempt++) {
    const payment = await db.query.payments.findFirst({ where: eq(payments.id, paymentId) });
    if (!payment) return { outcome: "unknown" };
    if (payment.appliedAt) return { outcome: "already_applied", payment };
    const user = await db.query.users.findFirst({ where: eq(users.id, payment.userId) });
    if (!user) return { outcome: "unknown" };
    const changes = await userChanges(services, payment, user);
    const now = services.clock.now();
    const [, marked] = await db.batch([
      changeAccount(
        db,
        user.id,
        changes,
        and(
          unchangedSince(user),
          sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.appliedAt} is null)`,
        ),
      ),
      db
        .update(payments)
        .set({ status: "approved", appliedAt: now, providerPaymentId: remote.id, providerData: remote.raw ?? null })
        .where(and(eq(payments.id, payment.id), isNull(payments.appliedAt), sql`changes() = 1`))
        .returning({ id: payments.id }),
    ]);
    if (marked.length === 1) {
      return { outcome: "applied", payment: { ...payment, status: "approved", appliedAt: now } };
    }
    // Either another delivery applied it (next read says so) or the user changed meanwhile (recompute).
  }
  throw new Error(`payment ${paymentId} could not be applied: the account kept changing`);
}

/**
 * The one approval path (webhook, return page, sandbox): fetch the payment from the provider by
 * its id, check it against our record (approved, external_reference, amount, currency) and apply it
 * once. `expectedCode` ties the check to one of our payments (the return URL of that payment).
 */
export async function confirmProviderPayment(
  services: Services,
  providerPaymentId: string,
  options: { expectedCode?: string } = {},
): Promise<ConfirmResult> {
  const remote = await services.payments.fetchPayment(providerPaymentId);
  if (!remote?.externalReference || !/^\d{10}$/.test(remote.externalReference)) return { outcome: "unknown" };
  const code = options.expectedCode ?? remote.externalReference;
  const payment = await services.db.query.payments.findFirst({ where: eq(payments.id, code) });
  if (!payment || payment.provider !== services.payments.name) return { outcome: "unknown" };
  const verdict = judgePayment({ code: payment.id, amount: payment.amount, currency: payment.currency }, remote);
  if (verdict === "approved") {
    const result = await applyOnce(services, payment.id, remote);
    if (result.outcome === "applied") await mailPaymentResult(services, "approved", payment);
    return result;
  }
  if (verdict === "rejected") {
    // A rejection never overrides an approval; MercadoPago may still approve a later attempt.
    await services.db
      .update(payments)
      .set({ status: "rejected" })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    const row = await services.db.query.payments.findFirst({ where: eq(payments.id, payment.id) });
    if (row?.appliedAt) return { outcome: "already_applied", payment: row };
    await mailPaymentResult(services, "rejected", payment);
    return { outcome: "rejected", payment: row ?? payment };
  }
  if (verdict === "pending") return { outcome: "pending", payment };
  services.log.warn("billing.payment_refused", { paymentId: payment.id, providerPaymentId: remote.id, verdict });
  return { outcome: verdict, payment };
}

/** A payment of this merchant, or undefined (another merchant's code is not found). */
export async function findUserPayment(services: Services, userId: string, code: string) {
  const [payment] = await userPaymentQuery(services.db, userId, code);
  return payment;
}

/**
 * The user's payment with this code, as a statement to batch (`userId` may be a page's scoped id): another user's
 * code, or one of no code's shape, reads nothing.
 */
export const userPaymentQuery = (db: Db, userId: IdRef, code: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.id, /^\d{10}$/.test(code) ? code : ""), eq(payments.userId, userId)))
    .limit(1);

export async function findPayment(services: Services, code: string) {
  if (!/^\d{10}$/.test(code)) return undefined;
  return services.db.query.payments.findFirst({ where: eq(payments.id, code) });
}

/**
 * The sandbox's 'Aprobar pago' / 'Rechazar pago': records the decision as the provider's own state,
 * then runs the same verification path a MercadoPago notification takes.
 */
export async function decideSandboxPayment(services: Services, code: string, decision: "approved" | "rejected") {
  if (services.payments.name !== "sandbox") throw new PaymentProviderError("the sandbox is off");
  await services.db
    .update(payments)
    .set({ providerData: { sandboxDecision: decision } })
    .where(
      and(eq(payments.id, code), eq(payments.provider, "sandbox"), eq(payments.status, "pending"), isNull(payments.appliedAt)),
    );
  return confirmProviderPayment(services, code);
}
