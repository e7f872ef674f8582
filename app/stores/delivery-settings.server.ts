import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { DeliveryZone, PickupPoint, StoreDeliveryMethods } from "~/domain/delivery";
import { DELIVERY_MESSAGES, DELIVERY_ZONES_MAX, PICKUP_POINTS_MAX } from "~/domain/delivery-settings";
import type { Db } from "~/services/db";
import { StoreError } from "~/workspace/action-results.server";
import { touchStoreIfChanged, updateStore } from "~/workspace/store-record.server";
import { deliveryZones, pickupPoints } from "../../db/schema";

export type PickupPointInput = Omit<PickupPoint, "id">;
export type DeliveryZoneInput = Omit<DeliveryZone, "id">;

/**
 * A store's pickup points in the order the merchant added them, as a query for the caller's batch. `storeId` is
 * the id, or a subquery that answers it (the public site finds the store by its url in the same batch).
 */
export function listPickupPoints(db: Db, storeId: string | SQL) {
  return db
    .select({ id: pickupPoints.id, name: pickupPoints.name, address: pickupPoints.address, hours: pickupPoints.hours })
    .from(pickupPoints)
    .where(eq(pickupPoints.storeId, storeId))
    .orderBy(asc(pickupPoints.position), asc(pickupPoints.id))
    .limit(PICKUP_POINTS_MAX);
}

/** A store's delivery zones in the order the merchant added them, as a query for the caller's batch (as listPickupPoints). */
export function listDeliveryZones(db: Db, storeId: string | SQL) {
  return db
    .select({
      id: deliveryZones.id,
      name: deliveryZones.name,
      fee: deliveryZones.fee,
      minOrder: deliveryZones.minOrder,
      freeFrom: deliveryZones.freeFrom,
    })
    .from(deliveryZones)
    .where(eq(deliveryZones.storeId, storeId))
    .orderBy(asc(deliveryZones.position), asc(deliveryZones.id))
    .limit(DELIVERY_ZONES_MAX);
}

/** Bumps the store's updatedAt only when the statement before it in the batch changed a row. */
/** The caller has checked that at least one method stays on (hasSomeMethod). */
export async function setDeliveryMethods(db: Db, storeId: string, methods: StoreDeliveryMethods, now: Date): Promise<void> {
  await updateStore(db, storeId, methods, now);
}

/**
 * Appends a pickup point unless the store has PICKUP_POINTS_MAX already: the count is a condition of
 * the insert itself, so two concurrent adds cannot overshoot.
 */
export async function addPickupPoint(db: Db, storeId: string, point: PickupPointInput, now: Date): Promise<void> {
  const [inserted] = await db.batch([
    db.run(sql`insert into pickup_points (store_id, position, name, address, hours)
      select ${storeId}, coalesce((select max(position) from pickup_points where store_id = ${storeId}), 0) + 1,
        ${point.name}, ${point.address}, ${point.hours}
      where (select count(*) from pickup_points where store_id = ${storeId}) < ${PICKUP_POINTS_MAX}`),
    touchStoreIfChanged(db, storeId, now),
  ]);
  if (inserted.rowsAffected === 0) throw new StoreError(DELIVERY_MESSAGES.pickupPointsFull);
}

/** Changes one of this store's pickup points; false when the id is not one of them. */
export async function updatePickupPoint(
  db: Db,
  storeId: string,
  id: number,
  point: PickupPointInput,
  now: Date,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(pickupPoints)
      .set(point)
      .where(and(eq(pickupPoints.id, id), eq(pickupPoints.storeId, storeId)))
      .returning({ id: pickupPoints.id }),
    touchStoreIfChanged(db, storeId, now),
  ]);
  return updated.length > 0;
}

/** Removes one of this store's pickup points; false when the id is not one of them. */
export async function deletePickupPoint(db: Db, storeId: string, id: number, now: Date): Promise<boolean> {
  const [deleted] = await db.batch([
    db
      .delete(pickupPoints)
      .where(and(eq(pickupPoints.id, id), eq(pickupPoints.storeId, storeId)))
      .returning({ id: pickupPoints.id }),
    touchStoreIfChanged(db, storeId, now),
  ]);
  return deleted.length > 0;
}

/** Appends a delivery zone unless the store has DELIVERY_ZONES_MAX already (conditioned insert, as pickup points). */
export async function addDeliveryZone(db: Db, storeId: string, zone: DeliveryZoneInput, now: Date): Promise<void> {
  const [inserted] = await db.batch([
    db.run(sql`insert into delivery_zones (store_id, position, name, fee, min_order, free_from)
      select ${storeId}, coalesce((select max(position) from delivery_zones where store_id = ${storeId}), 0) + 1,
        ${zone.name}, ${zone.fee}, ${zone.minOrder}, ${zone.freeFrom}
      where (select count(*) from delivery_zones where store_id = ${storeId}) < ${DELIVERY_ZONES_MAX}`),
    touchStoreIfChanged(db, storeId, now),
  ]);
  if (inserted.rowsAffected === 0) throw new StoreError(DELIVERY_MESSAGES.zonesFull);
}

/** Changes one of this store's delivery zones; false when the id is not one of them. */
export async function updateDeliveryZone(
  db: Db,
  storeId: string,
  id: number,
  zone: DeliveryZoneInput,
  now: Date,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(deliveryZones)
      .set(zone)
      .where(and(eq(deliveryZones.id, id), eq(deliveryZones.storeId, storeId)))
      .returning({ id: deliveryZones.id }),
    touchStoreIfChanged(db, storeId, now),
  ]);
  return updated.length > 0;
}

/** Removes one of this store's delivery zones; false when the id is not one of them. */
export async function deleteDeliveryZone(db: Db, storeId: string, id: number, now: Date): Promise<boolean> {
  const [deleted] = await db.batch([
    db
      .delete(deliveryZones)
      .where(and(eq(deliveryZones.id, id), eq(deliveryZones.storeId, storeId)))
      .returning({ id: deliveryZones.id }),
    touchStoreIfChanged(db, storeId, now),
  ]);
  return deleted.length > 0;
}
