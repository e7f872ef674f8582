// Every write of a sale's delivery progress (the sale_deliveries table). A move is one conditioned statement: the
// first step inserts the row only while the sale exists in the store and is not cancelled (and no row exists yet); a
// later one updates it only at the version it was read at, and only while the sale is not cancelled. So two devices
// marking one sale make one move, and the second learns where the sale is now (app/domain/fulfilment.ts).
import { and, eq, inArray, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type FulfilmentStep, PROGRESS_FILTER_LABELS, type ProgressStep } from "~/domain/fulfilment";
import type { Db } from "~/services/db";
import { type Actor, activityStatement, type EntrySummary, IF_CHANGED } from "~/workspace/activity.server";
import { saleDeliveries, sales } from "../../db/schema";

export type DeliveryRow = typeof saleDeliveries.$inferSelect;

/** The shipment's details written with 'Enviado' (kept from an earlier one when a move does not name them). */
export interface Shipment {
  carrier: string;
  carrierName: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

export interface Move {
  storeId: string;
  saleId: string;
  /** Where the sale was read: no row yet, or the row's step and version. */
  from: { step: "none" } | { step: FulfilmentStep; version: number };
  to: FulfilmentStep;
  shipment?: Shipment;
  now: Date;
  /** A correction of a shipment's details at 'Enviado': its time stays. */
  keepTimes?: boolean;
}

const STAMP: Record<FulfilmentStep, "preparingAt" | "shippedAt" | "readyAt" | "deliveredAt"> = {
  preparing: "preparingAt",
  shipped: "shippedAt",
  ready: "readyAt",
  delivered: "deliveredAt",
};

/** The steps after `step`, whose times a move back clears (they have not happened any more). */
const LATER: Record<FulfilmentStep, FulfilmentStep[]> = {
  preparing: ["shipped", "ready", "delivered"],
  shipped: ["delivered"],
  ready: ["delivered"],
  delivered: [],
};

/** One store's progress rows for the given sales (their ids, or a subquery of them). */
export const deliveriesQuery = (db: Db, storeId: string | SQL, saleIds: readonly string[] | SQLWrapper) =>
  db
    .select()
    .from(saleDeliveries)
    .where(and(eq(saleDeliveries.storeId, storeId), inArray(saleDeliveries.saleId, saleIds as string[])));

/** The statement of one move; it changes one row when the sale was where it was read, none otherwise. */
function moveStatement(db: Db, move: Move, back: boolean) {
  const { storeId, saleId, to, shipment, now } = move;
  const notCancelled = sql`exists (select 1 from ${sales} where ${sales.id} = ${saleId} and ${sales.storeId} = ${storeId} and ${sales.state} <> 'Cancelada')`;
  const stamps: Partial<Record<(typeof STAMP)[FulfilmentStep], Date | null>> = move.keepTimes ? {} : { [STAMP[to]]: now };
  if (back) for (const later of LATER[to]) stamps[STAMP[later]] = null;
  const details = to === "shipped" && shipment ? shipment : {};
  if (move.from.step === "none") {
    return db
      .insert(saleDeliveries)
      .select(
        db
          .select({
            saleId: sql`${saleId}`.as("sale_id"),
            storeId: sql`${storeId}`.as("store_id"),
            step: sql`${to}`.as("step"),
            carrier: sql`${shipment && to === "shipped" ? shipment.carrier : null}`.as("carrier"),
            carrierName: sql`${shipment && to === "shipped" ? shipment.carrierName : null}`.as("carrier_name"),
            trackingNumber: sql`${shipment && to === "shipped" ? shipment.trackingNumber : null}`.as("tracking_number"),
            trackingUrl: sql`${shipment && to === "shipped" ? shipment.trackingUrl : null}`.as("tracking_url"),
            preparingAt: sql`${to === "preparing" ? now.getTime() : null}`.as("preparing_at"),
            shippedAt: sql`${to === "shipped" ? now.getTime() : null}`.as("shipped_at"),
            readyAt: sql`${to === "ready" ? now.getTime() : null}`.as("ready_at"),
            deliveredAt: sql`${to === "delivered" ? now.getTime() : null}`.as("delivered_at"),
            version: sql`1`.as("version"),
            updatedAt: sql`${now.getTime()}`.as("updated_at"),
          })
          .from(sales)
          .where(and(eq(sales.id, saleId), eq(sales.storeId, storeId), ne(sales.state, "Cancelada"))),
      )
      .onConflictDoNothing()
      .returning({ saleId: saleDeliveries.saleId });
  }
  return db
    .update(saleDeliveries)
    .set({ step: to, ...stamps, ...details, version: sql`${saleDeliveries.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(saleDeliveries.saleId, saleId),
        eq(saleDeliveries.storeId, storeId),
        eq(saleDeliveries.version, move.from.version),
        notCancelled,
      ),
    )
    .returning({ saleId: saleDeliveries.saleId });
}

/** Runs moves in one batch (one atomic write); answers the ids of the sales that moved. */
export async function applyMoves(
  db: Db,
  actor: Actor,
  moves: ReadonlyArray<{ move: Move; back: boolean }>,
): Promise<Set<string>> {
  if (moves.length === 0) return new Set();
  // Each move followed by its entry, written when the move changed its row.
  const statements = moves.flatMap(({ move, back }) => [moveStatement(db, move, back), moveEntry(db, actor, move, back)]);
  const results = (await db.batch(statements as unknown as [(typeof statements)[number]])) as unknown[];
  return new Set(results.flatMap((rows, i) => (i % 2 === 0 ? (rows as Array<{ saleId: string }>).map((r) => r.saleId) : [])));
}

/** A move's entry: the sale by its code, the step before and after (a correction of the shipment's details says so). */
function moveEntry(db: Db, actor: Actor, move: Move, back: boolean) {
  const from = move.from.step === "none" ? PROGRESS_FILTER_LABELS.none : PROGRESS_FILTER_LABELS[move.from.step];
  const to = PROGRESS_FILTER_LABELS[move.to];
  const summary: EntrySummary = move.keepTimes
    ? { says: "deliveryCorrected", values: { sale: move.saleId } }
    : { says: back ? "deliveryBack" : "deliveryMarked", values: { sale: move.saleId, step: move.to } };
  return activityStatement(
    db,
    move.storeId,
    actor,
    { kind: "delivery", subject: move.saleId, summary, before: from, after: to },
    move.now,
    IF_CHANGED,
  );
}

/** Where a sale is, from its row (none without one). */
export const stepOf = (row: Pick<DeliveryRow, "step"> | undefined): ProgressStep => row?.step ?? "none";
