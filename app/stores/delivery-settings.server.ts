import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { DeliveryZone, PickupPoint, StoreDeliveryMethods } from "~/domain/delivery";
import { DELIVERY_MESSAGES, DELIVERY_ZONES_MAX, PICKUP_POINTS_MAX } from "~/domain/delivery-settings";
import type { Db } from "~/services/db";
import { ruleRefusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import { saveStoreSettings, settingsEntry, touchStoreIfChanged } from "~/workspace/store-record.server";
import { deliveryZones, pickupPoints } from "../../db/schema";

export type PickupPointInput = Omit<PickupPoint, "id">;
/** `postalCodes`: the list as formatPostalRules writes it; absent or empty, a zone chosen by its name. */
export type DeliveryZoneInput = Omit<DeliveryZone, "id"> & { postalCodes?: string };

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
      postalCodes: deliveryZones.postalCodes,
    })
    .from(deliveryZones)
    .where(eq(deliveryZones.storeId, storeId))
    .orderBy(asc(deliveryZones.position), asc(deliveryZones.id))
    .limit(DELIVERY_ZONES_MAX);
}

/** The caller has checked that at least one method stays on (hasSomeMethod). */
export async function setDeliveryMethods(
  db: Db,
  actor: Actor,
  store: Store,
  methods: StoreDeliveryMethods,
  now: Date,
): Promise<void> {
  await saveStoreSettings(db, actor, store, methods, "deliveryMethodsChanged", now);
}

/** A list of the store's delivery settings: its pickup points or its delivery zones. */
export type DeliveryList = "pickup" | "zone";
type RowOf<L extends DeliveryList> = L extends "pickup" ? PickupPointInput : DeliveryZoneInput;

/**
 * Appends a row to one of the store's lists unless it holds its maximum already: the count is a condition of the
 * insert itself, so two concurrent adds cannot overshoot (StoreError with the list's 'full' message).
 */
export async function addDeliveryRow<L extends DeliveryList>(
  db: Db,
  actor: Actor,
  storeId: string,
  list: L,
  row: RowOf<L>,
  now: Date,
) {
  const insert =
    list === "pickup"
      ? pickupPointInsert(storeId, row as PickupPointInput)
      : deliveryZoneInsert(storeId, row as DeliveryZoneInput);
  const [inserted] = await db.batch([
    db.run(insert),
    touchStoreIfChanged(db, storeId, now),
    settingsEntry(db, actor, storeId, { says: "deliveryPlaceAdded", values: { list, name: row.name } }, now),
  ]);
  if (inserted.rowsAffected === 0)
    throw list === "pickup"
      ? ruleRefusal(DELIVERY_MESSAGES.pickupPointsFull, { max: PICKUP_POINTS_MAX })
      : ruleRefusal(DELIVERY_MESSAGES.zonesFull, { max: DELIVERY_ZONES_MAX });
}

const pickupPointInsert = (storeId: string, point: PickupPointInput) =>
  sql`insert into pickup_points (store_id, position, name, address, hours)
    select ${storeId}, coalesce((select max(position) from pickup_points where store_id = ${storeId}), 0) + 1,
      ${point.name}, ${point.address}, ${point.hours}
    where (select count(*) from pickup_points where store_id = ${storeId}) < ${PICKUP_POINTS_MAX}`;

const deliveryZoneInsert = (storeId: string, zone: DeliveryZoneInput) =>
  sql`insert into delivery_zones (store_id, position, name, fee, min_order, free_from, postal_codes)
    select ${storeId}, coalesce((select max(position) from delivery_zones where store_id = ${storeId}), 0) + 1,
      ${zone.name}, ${zone.fee}, ${zone.minOrder}, ${zone.freeFrom}, ${zone.postalCodes ?? ""}
    where (select count(*) from delivery_zones where store_id = ${storeId}) < ${DELIVERY_ZONES_MAX}`;

/** Changes one row of the store's list; false when the id is not one of the store's. */
export async function updateDeliveryRow<L extends DeliveryList>(
  db: Db,
  actor: Actor,
  storeId: string,
  list: L,
  id: number,
  row: RowOf<L>,
  now: Date,
) {
  const update =
    list === "pickup"
      ? db
          .update(pickupPoints)
          .set(row as PickupPointInput)
          .where(and(eq(pickupPoints.id, id), eq(pickupPoints.storeId, storeId)))
          .returning({ id: pickupPoints.id })
      : db
          .update(deliveryZones)
          .set(row as DeliveryZoneInput)
          .where(and(eq(deliveryZones.id, id), eq(deliveryZones.storeId, storeId)))
          .returning({ id: deliveryZones.id });
  const [updated] = await db.batch([
    update,
    touchStoreIfChanged(db, storeId, now),
    settingsEntry(db, actor, storeId, { says: "deliveryPlaceChanged", values: { list, name: row.name } }, now),
  ]);
  return updated.length > 0;
}

/** Removes one row of the store's list; false when the id is not one of the store's. */
export async function deleteDeliveryRow(db: Db, actor: Actor, storeId: string, list: DeliveryList, id: number, now: Date) {
  const remove =
    list === "pickup"
      ? db
          .delete(pickupPoints)
          .where(and(eq(pickupPoints.id, id), eq(pickupPoints.storeId, storeId)))
          .returning({ id: pickupPoints.id })
      : db
          .delete(deliveryZones)
          .where(and(eq(deliveryZones.id, id), eq(deliveryZones.storeId, storeId)))
          .returning({ id: deliveryZones.id });
  const [deleted] = await db.batch([
    remove,
    touchStoreIfChanged(db, storeId, now),
    settingsEntry(db, actor, storeId, { says: "deliveryPlaceDeleted", values: { list } }, now),
  ]);
  return deleted.length > 0;
}
