// The platform's emails to a merchant about paying for Vitrina, each sent once per event (the merchant_mails table's
// one writer): the reminders the upkeep sends before a due date, and a payment's result when the provider decides it.
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { BILL_REMINDER_DAYS, billingReminder, type PaymentKind, TRIAL_REMINDER_DAYS } from "~/domain/billing";
import { translatorFor } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { planLabel } from "~/domain/plans";
import type { MailMessage } from "~/services/mail";
import type { Services } from "~/services/services";
import { firstStoreColumn, merchantLocaleOf } from "~/workspace/merchant-locale.server";
import { merchantMails, users } from "../../db/schema";
import { billingReminderEmail, paymentApprovedEmail, paymentFailedEmail, paymentTitle } from "./emails";

const DAY_MS = 86_400_000;
/** Reminders one upkeep run sends at most; the rest go on the next run (a minute later). */
const REMINDERS_PER_RUN = 50;

type MailServices = Pick<Services, "db" | "clock" | "mail" | "log">;

/**
 * Hands `message` to the mailer once per (merchant, event): the event is claimed first, so a second run or a repeated
 * notification finds it taken. The mailer queues what its provider refuses (nothing is lost); only when even queueing
 * fails is the claim given back, for the next run to try again. True when this call sent it.
 */
async function mailOnce(services: MailServices, userId: string, event: string, message: MailMessage): Promise<boolean> {
  const { db } = services;
  const claimed = await db
    .insert(merchantMails)
    .values({ userId, event, sentAt: services.clock.now() })
    .onConflictDoNothing()
    .returning({ event: merchantMails.event });
  if (claimed.length === 0) return false;
  const kind = event.slice(0, event.indexOf(":"));
  try {
    await services.mail.send(message);
  } catch (error) {
    await db.delete(merchantMails).where(and(eq(merchantMails.userId, userId), eq(merchantMails.event, event)));
    services.log.error("mail.failed", error, { mail: kind });
    return false;
  }
  return true;
}

/**
 * The upkeep's reminders: to each merchant who wants them, 3 days before the free month ends and 6 before a paid
 * period's bill is due (domain/billing: billingReminder), once per due date. Answers how many were sent.
 */
export async function sendBillingReminders(services: MailServices & Pick<Services, "config">): Promise<number> {
  const now = services.clock.now();
  const within = (days: number) => now.getTime() + days * DAY_MS;
  // Spelled out with aliases: in a subquery drizzle would name the columns without their table.
  const hasPaid = sql<number>`exists (select 1 from payments p where p.user_id = "users"."id"
    and p.applied_at is not null and p.kind in ('renewal', 'plan_change'))`;
  const due = await services.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      plan: users.plan,
      billingPeriod: users.billingPeriod,
      billTotal: users.billTotal,
      billDueAt: users.billDueAt,
      trialStarted: users.trialStarted,
      hasPaid,
      firstStore: firstStoreColumn,
    })
    .from(users)
    .where(
      and(
        eq(users.trialStarted, true),
        eq(users.reminderMails, true),
        gt(users.billDueAt, now),
        lte(users.billDueAt, new Date(within(BILL_REMINDER_DAYS))),
        // A free month is reminded of in its last days only: merchants earlier in that window never fill a run.
        sql`("users"."bill_due_at" <= ${within(TRIAL_REMINDER_DAYS)} or ${hasPaid})`,
        sql`not exists (select 1 from merchant_mails m where m.user_id = "users"."id"
          and m.event in ('trial-ending:' || "users"."bill_due_at", 'bill-due:' || "users"."bill_due_at"))`,
      ),
    )
    .orderBy(asc(users.billDueAt))
    .limit(REMINDERS_PER_RUN);
  const { APP_ORIGIN, BILLING_CURRENCY } = services.config;
  let sent = 0;
  for (const u of due) {
    const reminder = billingReminder({ ...u, hasPaid: Boolean(u.hasPaid) }, now);
    if (!reminder) continue;
    const message = billingReminderEmail(
      {
        to: u.email,
        name: u.name,
        reminder,
        total: formatMoney(u.billTotal, BILLING_CURRENCY, null),
        plan: planLabel(u.plan, u.billingPeriod),
        paymentUrl: `${APP_ORIGIN}/payment`,
      },
      translatorFor(merchantLocaleOf(u.firstStore)),
    );
    if (await mailOnce(services, u.id, reminder.event, message)) sent++;
  }
  return sent;
}

/** Where a refused payment of each kind is tried again. */
const RETRY_PATHS: Record<PaymentKind, string> = { renewal: "/payment", plan_change: "/plans", stores: "/buyStore" };

/**
 * A payment's result, mailed once: 'approved' once it took effect, 'rejected' once the provider refused it. Never
 * throws: the payment has been applied or refused already, and its notification must not be answered as a failure.
 */
export async function mailPaymentResult(
  services: MailServices & Pick<Services, "config">,
  result: "approved" | "rejected",
  payment: { id: string; userId: string; kind: PaymentKind; amount: number; currency: string },
): Promise<void> {
  try {
    const [user] = await services.db
      .select({ name: users.name, email: users.email, billDueAt: users.billDueAt, firstStore: firstStoreColumn })
      .from(users)
      .where(eq(users.id, payment.userId));
    if (!user) return;
    const { APP_ORIGIN } = services.config;
    const t = translatorFor(merchantLocaleOf(user.firstStore));
    const common = {
      to: user.email,
      name: user.name,
      title: paymentTitle(t, payment.kind),
      amount: formatMoney(payment.amount, payment.currency, null),
      code: payment.id,
    };
    const message =
      result === "approved"
        ? paymentApprovedEmail({ ...common, billDueAt: user.billDueAt, accountUrl: `${APP_ORIGIN}/Account` }, t)
        : paymentFailedEmail({ ...common, retryUrl: `${APP_ORIGIN}${RETRY_PATHS[payment.kind]}` }, t);
    await mailOnce(services, payment.userId, `payment-${result}:${payment.id}`, message);
  } catch (error) {
    services.log.error("mail.failed", error, { mail: `payment-${result}`, paymentId: payment.id });
  }
}
