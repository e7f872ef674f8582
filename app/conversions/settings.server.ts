// A store's conversion settings ('Anuncios'): the one writer of store_conversion_settings. The secrets are encrypted
// with the payment tokens' key and the store id bound in (app/online-payments/token-crypto.ts); nothing but the
// delivery of an event reads them back in clear.
import { eq, type SQL } from "drizzle-orm";
import { decryptToken, encryptToken, importTokenKey } from "~/online-payments/token-crypto";
import type { Db } from "~/services/db";
import type { Services } from "~/services/services";
import type { Actor, EntrySummary } from "~/workspace/activity.server";
import { settingsEntry } from "~/workspace/store-record.server";
import { storeConversionSettings } from "../../db/schema";

export type ConversionSettingsRow = typeof storeConversionSettings.$inferSelect;

/** The store's settings, for a page's batch (a public page's store found by its subquery, or a merchant page's scope). */
export const conversionSettingsQuery = (db: Db, storeId: string | SQL) =>
  db.select().from(storeConversionSettings).where(eq(storeConversionSettings.storeId, storeId)).limit(1);

export async function findConversionSettings(db: Db, storeId: string): Promise<ConversionSettingsRow | undefined> {
  const [row] = await conversionSettingsQuery(db, storeId);
  return row;
}

/** Whether the row sends anywhere: a platform counts with its id and its secret. */
export const sendsConversions = (row: ConversionSettingsRow | undefined): row is ConversionSettingsRow =>
  Boolean(row && ((row.metaDatasetId && row.metaTokenEnc) || (row.ga4MeasurementId && row.ga4ApiSecretEnc)));

/** What the settings page shows: the ids, and whether a secret is saved (never the secret). */
export function conversionSettingsView(row: ConversionSettingsRow | undefined) {
  return {
    meta: { datasetId: row?.metaDatasetId ?? "", tokenSaved: Boolean(row?.metaTokenEnc) },
    ga4: { measurementId: row?.ga4MeasurementId ?? "", secretSaved: Boolean(row?.ga4ApiSecretEnc) },
  };
}

export interface ConversionTargets {
  meta?: { datasetId: string; accessToken: string };
  ga4?: { measurementId: string; apiSecret: string };
}

/** The platforms the row sends to, with their secrets in clear, for one delivery. */
export async function conversionTargets(
  services: Pick<Services, "config">,
  row: ConversionSettingsRow,
): Promise<ConversionTargets> {
  const key = await importTokenKey(services.config.paymentTokenKey);
  const targets: ConversionTargets = {};
  if (row.metaDatasetId && row.metaTokenEnc)
    targets.meta = { datasetId: row.metaDatasetId, accessToken: await decryptToken(key, row.storeId, row.metaTokenEnc) };
  if (row.ga4MeasurementId && row.ga4ApiSecretEnc)
    targets.ga4 = { measurementId: row.ga4MeasurementId, apiSecret: await decryptToken(key, row.storeId, row.ga4ApiSecretEnc) };
  return targets;
}

type Changes = Partial<Omit<ConversionSettingsRow, "storeId" | "updatedAt">>;

async function saveSettings(
  services: Pick<Services, "db" | "clock">,
  actor: Actor,
  storeId: string,
  changes: Changes,
  /** The entry names the platform only, never its ids or secrets. */
  summary: EntrySummary,
) {
  const updatedAt = services.clock.now();
  const { db } = services;
  await db.batch([
    db
      .insert(storeConversionSettings)
      .values({ storeId, ...changes, updatedAt })
      .onConflictDoUpdate({ target: storeConversionSettings.storeId, set: { ...changes, updatedAt } }),
    settingsEntry(db, actor, storeId, summary, updatedAt),
  ]);
}

async function sealed(services: Pick<Services, "config">, storeId: string, secret: string) {
  return encryptToken(await importTokenKey(services.config.paymentTokenKey), storeId, secret);
}

/** 'Meta (Conversions API)' saved: the dataset id, and the token when one was typed (else the saved one stays). */
export async function saveMetaSettings(
  services: Pick<Services, "db" | "clock" | "config">,
  actor: Actor,
  storeId: string,
  input: { datasetId: string; token?: string },
) {
  const token = input.token === undefined ? {} : { metaTokenEnc: await sealed(services, storeId, input.token) };
  await saveSettings(
    services,
    actor,
    storeId,
    { metaDatasetId: input.datasetId, ...token },
    { says: "adPlatformSaved", values: { platform: "meta" } },
  );
}

/** 'Google Analytics 4' saved: the measurement id, and the API secret when one was typed. */
export async function saveGa4Settings(
  services: Pick<Services, "db" | "clock" | "config">,
  actor: Actor,
  storeId: string,
  input: { measurementId: string; apiSecret?: string },
) {
  const secret = input.apiSecret === undefined ? {} : { ga4ApiSecretEnc: await sealed(services, storeId, input.apiSecret) };
  await saveSettings(
    services,
    actor,
    storeId,
    { ga4MeasurementId: input.measurementId, ...secret },
    { says: "adPlatformSaved", values: { platform: "ga4" } },
  );
}

/** 'Quitar': the platform's id and secret are deleted; nothing more is sent there. */
export async function removePlatform(
  services: Pick<Services, "db" | "clock">,
  actor: Actor,
  storeId: string,
  platform: "meta" | "ga4",
) {
  await saveSettings(
    services,
    actor,
    storeId,
    platform === "meta" ? { metaDatasetId: null, metaTokenEnc: null } : { ga4MeasurementId: null, ga4ApiSecretEnc: null },
    { says: "adPlatformRemoved", values: { platform } },
  );
}
