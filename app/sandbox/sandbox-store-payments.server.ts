import { and, eq, isNull, or } from "drizzle-orm";
import type { Clock } from "~/services/clock";
import type { Db } from "~/services/db";
import { PaymentProviderError } from "~/services/payments";
import type { SandboxStoreRecords } from "~/services/store-payments";
import { sandboxStorePayments } from "../../db/schema";

/**
 * The payment sandbox's own record of the checkouts asked for on behalf of a store's sandbox account,
 * and of the decision taken on '/_sandbox/store-checkout/{id}'. Production never writes it.
 */
export function sandboxStoreRecords(db: Db, clock: Clock): SandboxStoreRecords {
  return {
    async createCheckout(accountId, request) {
      const [row] = await db
        .insert(sandboxStorePayments)
        .values({
          accountId,
          externalReference: request.code,
          title: request.title,
          amount: request.amount,
          currency: request.currency,
          backUrl: request.backUrl,
          notificationUrl: request.notificationUrl,
          createdAt: clock.now(),
        })
        .returning({ id: sandboxStorePayments.id });
      if (!row) throw new Error("sandbox checkout not recorded");
      return { id: String(row.id) };
    },
    async refundPayment(accountId, paymentId, idempotencyKey) {
      if (!/^\d{1,12}$/.test(paymentId)) throw new PaymentProviderError("pago de sandbox desconocido");
      // Given back once: the same key finds the same refund again; another key for a refunded payment is refused.
      const [row] = await db
        .update(sandboxStorePayments)
        .set({ refundKey: idempotencyKey, refundedAt: clock.now() })
        .where(
          and(
            eq(sandboxStorePayments.id, Number(paymentId)),
            eq(sandboxStorePayments.accountId, accountId),
            eq(sandboxStorePayments.status, "approved"),
            or(isNull(sandboxStorePayments.refundKey), eq(sandboxStorePayments.refundKey, idempotencyKey)),
          ),
        )
        .returning({ id: sandboxStorePayments.id });
      if (!row) throw new PaymentProviderError("el pago no está aprobado o ya fue reembolsado");
      return { id: `sandbox-refund-${row.id}`, status: "approved" };
    },
    async findPayment(accountId, paymentId) {
      if (!/^\d{1,12}$/.test(paymentId)) return null;
      const row = await db.query.sandboxStorePayments.findFirst({
        where: and(eq(sandboxStorePayments.id, Number(paymentId)), eq(sandboxStorePayments.accountId, accountId)),
      });
      if (!row) return null;
      return {
        id: String(row.id),
        status: row.status,
        externalReference: row.externalReference,
        amount: row.amount,
        currency: row.currency,
        raw: { sandbox: true },
      };
    },
  };
}

/** 'Aprobar pago' / 'Rechazar pago': taken once, while the sandbox payment is still pending. */
export async function decideSandboxCheckout(db: Db, id: string, decision: "approved" | "rejected") {
  if (!/^\d{1,12}$/.test(id)) return;
  await db
    .update(sandboxStorePayments)
    .set({ status: decision })
    .where(and(eq(sandboxStorePayments.id, Number(id)), eq(sandboxStorePayments.status, "pending")));
}
