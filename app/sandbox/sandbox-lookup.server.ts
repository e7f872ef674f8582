import { eq } from "drizzle-orm";
import type { Db } from "~/services/db";
import type { ProviderPayment } from "~/services/payments";
import { payments } from "../../db/schema";

/**
 * What the payment sandbox answers when asked about a payment: the decision taken on its page
 * ('Aprobar pago' / 'Rechazar pago'), kept on the payment's own row, or pending until then.
 */
export function sandboxLookup(db: Db) {
  return async (code: string): Promise<ProviderPayment | null> => {
    const row = await db.query.payments.findFirst({ where: eq(payments.id, code) });
    if (row?.provider !== "sandbox") return null;
    const decision = (row.providerData as { sandboxDecision?: "approved" | "rejected" } | null)?.sandboxDecision;
    return {
      id: row.id,
      status: decision ?? "pending",
      externalReference: row.id,
      amount: row.amount,
      currency: row.currency,
      raw: row.providerData,
    };
  };
}
