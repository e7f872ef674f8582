/**
 * What an 'Actividad' entry says (docs/decisions/0065-activity-log.md): a closed set of sentences, each a message of
 * the catalog with the values it names. An entry keeps the sentence's id and its values (JSON: names, codes, counts,
 * the keys of fields, roles and steps), and is said when read, in the reader's variant. An entry written before
 * kept its finished sentence, said as it is.
 */
import { z } from "zod";
import { FULFILMENT_STEPS, quotedStep } from "./fulfilment";
import { defineMessages, type MessageDescriptor, type MessageValue, type Translate } from "./messages";
import { STAFF_ROLES } from "./staff-roles";

/**
 * The sentences. An id is what an entry keeps: renaming one makes its entries read the fallback, so a sentence that
 * says something else is a new id.
 */
const ACTIVITY_ENTRIES = defineMessages({
  productCreated: { id: "activity.entry.productCreated", defaultMessage: "Creó el producto “{name}”" },
  productEdited: { id: "activity.entry.productEdited", defaultMessage: "Editó “{name}”: {fields}" },
  productDeleted: { id: "activity.entry.productDeleted", defaultMessage: "Eliminó el producto “{name}”" },
  priceChanged: { id: "activity.entry.priceChanged", defaultMessage: "Cambió el precio de “{name}”" },
  stockChanged: { id: "activity.entry.stockChanged", defaultMessage: "Cambió el stock de “{name}”" },
  catalogImported: {
    id: "activity.entry.catalogImported",
    defaultMessage:
      "Importó el catálogo: {created, plural, one {{created} producto nuevo} other {{created} productos nuevos}}, {updated, plural, one {{updated} actualizado} other {{updated} actualizados}}",
  },
  photosAdded: {
    id: "activity.entry.photosAdded",
    defaultMessage: "{count, plural, one {Agregó una foto a} other {Agregó {count} fotos a}} “{name}”",
  },
  coverChanged: { id: "activity.entry.coverChanged", defaultMessage: "Cambió la foto de portada de “{name}”" },
  photosReordered: { id: "activity.entry.photosReordered", defaultMessage: "Cambió el orden de las fotos de “{name}”" },
  photoDeleted: { id: "activity.entry.photoDeleted", defaultMessage: "Eliminó una foto de “{name}”" },
  sectionCreated: { id: "activity.entry.sectionCreated", defaultMessage: "Creó la sección “{title}”" },
  sectionRenamed: { id: "activity.entry.sectionRenamed", defaultMessage: "Cambió el nombre de la sección “{title}”" },
  sectionDeleted: { id: "activity.entry.sectionDeleted", defaultMessage: "Eliminó la sección “{title}”" },
  sectionMoved: {
    id: "activity.entry.sectionMoved",
    defaultMessage: "Movió la sección “{title}” {direction, select, up {arriba} other {abajo}}",
  },
  sectionItemsAdded: {
    id: "activity.entry.sectionItemsAdded",
    defaultMessage: "Agregó {count, plural, one {{count} elemento} other {{count} elementos}} a la sección “{title}”",
  },
  sectionItemsReordered: {
    id: "activity.entry.sectionItemsReordered",
    defaultMessage: "Cambió el orden de la sección “{title}”",
  },
  sectionItemRemoved: { id: "activity.entry.sectionItemRemoved", defaultMessage: "Quitó un elemento de la sección “{title}”" },
  saleCompleted: { id: "activity.entry.saleCompleted", defaultMessage: "Completó la venta {sale}" },
  saleCancelled: { id: "activity.entry.saleCancelled", defaultMessage: "Canceló la venta {sale}" },
  saleRefunded: { id: "activity.entry.saleRefunded", defaultMessage: "Canceló y reembolsó la venta {sale}" },
  transferVerified: { id: "activity.entry.transferVerified", defaultMessage: "Verificó el pago por transferencia" },
  transferRejected: { id: "activity.entry.transferRejected", defaultMessage: "Rechazó el comprobante de transferencia" },
  orderBuilt: { id: "activity.entry.orderBuilt", defaultMessage: "Armó el pedido {sale}" },
  customersMerged: { id: "activity.entry.customersMerged", defaultMessage: "Unió dos fichas de un mismo cliente" },
  customerForgotten: { id: "activity.entry.customerForgotten", defaultMessage: "Borró los datos de un cliente que lo pidió" },
  deliveryMarked: { id: "activity.entry.deliveryMarked", defaultMessage: "Marcó la venta {sale} como {step}" },
  deliveryBack: { id: "activity.entry.deliveryBack", defaultMessage: "Volvió la venta {sale} a {step}" },
  deliveryCorrected: { id: "activity.entry.deliveryCorrected", defaultMessage: "Corrigió el envío de la venta {sale}" },
  storeInfoChanged: { id: "activity.entry.storeInfoChanged", defaultMessage: "Cambió la información de la tienda: {fields}" },
  deliveryMethodsChanged: {
    id: "activity.entry.deliveryMethodsChanged",
    defaultMessage: "Cambió las formas de entrega: {fields}",
  },
  policiesChanged: { id: "activity.entry.policiesChanged", defaultMessage: "Cambió las políticas: {fields}" },
  logoChanged: { id: "activity.entry.logoChanged", defaultMessage: "Cambió el logo y banner: {fields}" },
  paymentHoldChanged: {
    id: "activity.entry.paymentHoldChanged",
    defaultMessage: "Cambió el tiempo para pagar en línea: {fields}",
  },
  currencyChanged: { id: "activity.entry.currencyChanged", defaultMessage: "Cambió la moneda de la tienda y sus precios" },
  deliveryPlaceAdded: {
    id: "activity.entry.deliveryPlaceAdded",
    defaultMessage: "Agregó {list, select, pickup {el punto de retiro} other {la zona de envío}} “{name}”",
  },
  deliveryPlaceChanged: {
    id: "activity.entry.deliveryPlaceChanged",
    defaultMessage: "Cambió {list, select, pickup {el punto de retiro} other {la zona de envío}} “{name}”",
  },
  deliveryPlaceDeleted: {
    id: "activity.entry.deliveryPlaceDeleted",
    defaultMessage: "Eliminó {list, select, pickup {un punto de retiro} other {una zona de envío}}",
  },
  bannersAdded: {
    id: "activity.entry.bannersAdded",
    defaultMessage: "Agregó {count, plural, one {{count} imagen} other {{count} imágenes}} al banner",
  },
  bannerLinkChanged: { id: "activity.entry.bannerLinkChanged", defaultMessage: "Cambió a dónde lleva una imagen del banner" },
  bannerDeleted: { id: "activity.entry.bannerDeleted", defaultMessage: "Eliminó una imagen del banner" },
  bannersReordered: { id: "activity.entry.bannersReordered", defaultMessage: "Cambió el orden del banner" },
  paymentMethodSaved: {
    id: "activity.entry.paymentMethodSaved",
    defaultMessage:
      "Guardó la forma de cobro “{method, select, transfer {Transferencia} cash {Efectivo} other {Al recibir}}” ({enabled, select, yes {activada} other {desactivada}})",
  },
  cartRemindersChanged: {
    id: "activity.entry.cartRemindersChanged",
    defaultMessage: "Cambió los avisos de carritos abandonados",
  },
  storeStockAlertChanged: {
    id: "activity.entry.storeStockAlertChanged",
    defaultMessage: "Cambió el aviso de poco stock de la tienda",
  },
  productStockAlertChanged: {
    id: "activity.entry.productStockAlertChanged",
    defaultMessage: "Cambió el aviso de poco stock de “{name}”",
  },
  adPlatformSaved: {
    id: "activity.entry.adPlatformSaved",
    defaultMessage: "Guardó la conexión con {platform, select, meta {Meta (Conversions API)} other {Google Analytics 4}}",
  },
  adPlatformRemoved: {
    id: "activity.entry.adPlatformRemoved",
    defaultMessage: "Quitó la conexión con {platform, select, meta {Meta (Conversions API)} other {Google Analytics 4}}",
  },
  lookPublished: { id: "activity.entry.lookPublished", defaultMessage: "Publicó el diseño de la tienda" },
  memberInvited: {
    id: "activity.entry.memberInvited",
    defaultMessage: "Invitó a {email} como {role, select, sales {Ventas} catalog {Catálogo} other {Administrador}}",
  },
  invitationCancelled: { id: "activity.entry.invitationCancelled", defaultMessage: "Canceló una invitación al equipo" },
  roleChanged: { id: "activity.entry.roleChanged", defaultMessage: "Cambió el rol de {member}" },
  memberRemoved: { id: "activity.entry.memberRemoved", defaultMessage: "Quitó del equipo a {member}" },
  memberJoined: {
    id: "activity.entry.memberJoined",
    defaultMessage: "Se unió al equipo como {role, select, sales {Ventas} catalog {Catálogo} other {Administrador}}",
  },
  domainAdded: { id: "activity.entry.domainAdded", defaultMessage: "Agregó el dominio {hostname}" },
  domainRemoved: { id: "activity.entry.domainRemoved", defaultMessage: "Quitó el dominio {hostname}" },
  accountLinked: { id: "activity.entry.accountLinked", defaultMessage: "Vinculó la cuenta de Mercado Pago" },
  accountUnlinked: { id: "activity.entry.accountUnlinked", defaultMessage: "Desvinculó la cuenta de Mercado Pago" },
  promotionCreated: { id: "activity.entry.promotionCreated", defaultMessage: "Creó la promoción “{name}”" },
  promotionEdited: { id: "activity.entry.promotionEdited", defaultMessage: "Editó la promoción “{name}”" },
  promotionEnabled: { id: "activity.entry.promotionEnabled", defaultMessage: "Activó la promoción “{name}”" },
  promotionPaused: { id: "activity.entry.promotionPaused", defaultMessage: "Pausó la promoción “{name}”" },
  promotionDeleted: { id: "activity.entry.promotionDeleted", defaultMessage: "Eliminó la promoción “{name}”" },
  codeCreated: { id: "activity.entry.codeCreated", defaultMessage: "Creó el código de descuento {code}" },
  codeEdited: { id: "activity.entry.codeEdited", defaultMessage: "Editó el código de descuento {code}" },
  codeActivated: { id: "activity.entry.codeActivated", defaultMessage: "Activó el código de descuento {code}" },
  codePaused: { id: "activity.entry.codePaused", defaultMessage: "Pausó el código de descuento {code}" },
  codeDeleted: { id: "activity.entry.codeDeleted", defaultMessage: "Eliminó el código de descuento {code}" },
});

/** An entry whose sentence this version does not know, or whose values are not what it says: it never breaks the page. */
const UNKNOWN_ENTRY = defineMessages({
  unknown: { id: "activity.entry.unknown", defaultMessage: "Cambio registrado (sin descripción)" },
});

/**
 * The fields an edit names (`{fields}`), each declared once: a product's own (besides price and stock, which have
 * entries of their own), then the store's settings (those the merchant's pages set; files and slugs aside), whose
 * name, description and category a product's edit names too.
 */
const PRODUCT_FIELDS = defineMessages({
  compareAtPrice: { id: "activity.field.compareAtPrice", defaultMessage: "precio anterior" },
  published: { id: "activity.field.published", defaultMessage: "publicado" },
  hidden: { id: "activity.field.hidden", defaultMessage: "oculto" },
  cover: { id: "activity.field.cover", defaultMessage: "foto de portada" },
  variants: { id: "activity.field.variants", defaultMessage: "variantes" },
});
const STORE_SETTINGS = defineMessages({
  name: { id: "activity.field.name", defaultMessage: "nombre" },
  description: { id: "activity.field.description", defaultMessage: "descripción" },
  category: { id: "activity.field.category", defaultMessage: "categoría" },
  currency: { id: "activity.field.currency", defaultMessage: "moneda" },
  mainTitle: { id: "activity.field.mainTitle", defaultMessage: "título principal" },
  storeTitle: { id: "activity.field.storeTitle", defaultMessage: "título de la tienda" },
  saleNumber: { id: "activity.field.saleNumber", defaultMessage: "WhatsApp para pedidos" },
  attentionNumber: { id: "activity.field.attentionNumber", defaultMessage: "WhatsApp de atención" },
  location: { id: "activity.field.location", defaultMessage: "ubicación" },
  instagram: { id: "activity.field.linkInstagram", defaultMessage: "Instagram" },
  facebook: { id: "activity.field.linkFacebook", defaultMessage: "Facebook" },
  tiktok: { id: "activity.field.linkTikTok", defaultMessage: "TikTok" },
  hours: { id: "activity.field.hours", defaultMessage: "horario de atención" },
  timeZone: { id: "activity.field.timeZone", defaultMessage: "zona horaria" },
  country: { id: "activity.field.country", defaultMessage: "país" },
  hideSoldOut: { id: "activity.field.hideSoldOut", defaultMessage: "productos agotados" },
  pickupEnabled: { id: "activity.field.pickupEnabled", defaultMessage: "retiro en tienda" },
  homeDeliveryEnabled: { id: "activity.field.homeDeliveryEnabled", defaultMessage: "envío a domicilio" },
  arrangeEnabled: { id: "activity.field.arrangeEnabled", defaultMessage: "entrega a coordinar" },
  paymentHoldMinutes: { id: "activity.field.paymentHoldMinutes", defaultMessage: "tiempo para pagar en línea" },
  logoKey: { id: "activity.field.logoKey", defaultMessage: "logo" },
  returnsPolicy: { id: "activity.field.returnsPolicy", defaultMessage: "cambios y devoluciones" },
  shippingPolicy: { id: "activity.field.shippingPolicy", defaultMessage: "envíos" },
  privacyPolicy: { id: "activity.field.privacyPolicy", defaultMessage: "privacidad" },
  taxId: { id: "activity.field.taxId", defaultMessage: "identificación fiscal" },
  legalName: { id: "activity.field.legalName", defaultMessage: "razón social" },
});
const FIELD_NAMES = { ...PRODUCT_FIELDS, ...STORE_SETTINGS };
export type ActivityField = keyof typeof FIELD_NAMES;
/** A store setting an entry names ('Cambió la información de la tienda: …'). */
export const isStoreSetting = (key: string): key is keyof typeof STORE_SETTINGS => Object.hasOwn(STORE_SETTINGS, key);

/**
 * What a name, title, code or address says when its change's batch read it as null (the product, code or person was
 * gone by then, or had none): the sentence still reads, with this neutral stand-in, never the fallback nor an id.
 */
const STAND_INS = defineMessages({
  name: { id: "activity.standIn.name", defaultMessage: "(sin nombre)" },
  title: { id: "activity.standIn.title", defaultMessage: "(sin título)" },
  code: { id: "activity.standIn.code", defaultMessage: "(sin código)" },
  email: { id: "activity.standIn.email", defaultMessage: "(sin correo)" },
});
/** A text value, which a batch may read as null: said as its stand-in then. Counts and choices are never read there. */
const named = (standIn: MessageDescriptor) =>
  z
    .string()
    .nullable()
    .transform((value) => value ?? standIn);

const name = z.object({ name: named(STAND_INS.name) });
const title = z.object({ title: named(STAND_INS.title) });
const sale = z.object({ sale: named(STAND_INS.code) });
const code = z.object({ code: named(STAND_INS.code) });
const member = z.object({ member: named(STAND_INS.name) });
const hostname = z.object({ hostname: named(STAND_INS.name) });
const none = z.object({});
const count = z.number().int().nonnegative();
const fields = z.object({ fields: z.array(z.enum(Object.keys(FIELD_NAMES) as [ActivityField, ...ActivityField[]])) });
const list = z.enum(["pickup", "zone"]);
const role = z.enum(STAFF_ROLES);
const platform = z.enum(["meta", "ga4"]);

/** Each sentence's values, as kept and as read back (an entry whose values fail its schema reads the fallback). */
const ENTRY_VALUES = {
  productCreated: name,
  productEdited: name.extend(fields.shape),
  productDeleted: name,
  priceChanged: name,
  stockChanged: name,
  catalogImported: z.object({ created: count, updated: count }),
  photosAdded: name.extend({ count }),
  coverChanged: name,
  photosReordered: name,
  photoDeleted: name,
  sectionCreated: title,
  sectionRenamed: title,
  sectionDeleted: title,
  sectionMoved: title.extend({ direction: z.enum(["up", "down"]) }),
  sectionItemsAdded: title.extend({ count }),
  sectionItemsReordered: title,
  sectionItemRemoved: title,
  saleCompleted: sale,
  saleCancelled: sale,
  saleRefunded: sale,
  transferVerified: none,
  transferRejected: none,
  orderBuilt: sale,
  customersMerged: none,
  customerForgotten: none,
  deliveryMarked: sale.extend({ step: z.enum(FULFILMENT_STEPS) }),
  deliveryBack: sale.extend({ step: z.enum(FULFILMENT_STEPS) }),
  deliveryCorrected: sale,
  storeInfoChanged: fields,
  deliveryMethodsChanged: fields,
  policiesChanged: fields,
  logoChanged: fields,
  paymentHoldChanged: fields,
  currencyChanged: none,
  deliveryPlaceAdded: name.extend({ list }),
  deliveryPlaceChanged: name.extend({ list }),
  deliveryPlaceDeleted: z.object({ list }),
  bannersAdded: z.object({ count }),
  bannerLinkChanged: none,
  bannerDeleted: none,
  bannersReordered: none,
  paymentMethodSaved: z.object({ method: z.enum(["transfer", "cash", "on_delivery"]), enabled: z.enum(["yes", "no"]) }),
  cartRemindersChanged: none,
  storeStockAlertChanged: none,
  productStockAlertChanged: name,
  adPlatformSaved: z.object({ platform }),
  adPlatformRemoved: z.object({ platform }),
  lookPublished: none,
  memberInvited: z.object({ email: named(STAND_INS.email), role }),
  invitationCancelled: none,
  roleChanged: member,
  memberRemoved: member,
  memberJoined: z.object({ role }),
  domainAdded: hostname,
  domainRemoved: hostname,
  accountLinked: none,
  accountUnlinked: none,
  promotionCreated: name,
  promotionEdited: name,
  promotionEnabled: name,
  promotionPaused: name,
  promotionDeleted: name,
  codeCreated: code,
  codeEdited: code,
  codeActivated: code,
  codePaused: code,
  codeDeleted: code,
} satisfies Record<keyof typeof ACTIVITY_ENTRIES, z.ZodType>;

export type ActivitySentence = keyof typeof ENTRY_VALUES;
type ValuesOf<K extends ActivitySentence> = z.input<(typeof ENTRY_VALUES)[K]>;

/**
 * What an entry says: one of the sentences with its values. `Read` is what a value may also be when the writer reads
 * it in the change's batch (SQL, given by the workspace layer).
 */
export type ActivitySummary<Read = never> = {
  [K in ActivitySentence]: { says: K; values: { [P in keyof ValuesOf<K>]: ValuesOf<K>[P] | Read } };
}[ActivitySentence];

/** The id an entry keeps for its sentence. */
export const sentenceId = (says: ActivitySentence): string => ACTIVITY_ENTRIES[says].id;

const SENTENCE_OF_ID = new Map(
  (Object.keys(ACTIVITY_ENTRIES) as ActivitySentence[]).map((says) => [ACTIVITY_ENTRIES[says].id, says] as const),
);

function parsedJson(text: string | null): unknown {
  if (text === null) return {};
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isStandIn = (value: unknown): value is MessageDescriptor => typeof value === "object" && value !== null;

/** The field names of `{fields}` in the reader's words, as the sentence lists them ('nombre, descripción'). */
const fieldList = (keys: readonly ActivityField[], t: Translate) => keys.map((key) => t(FIELD_NAMES[key])).join(", ");

/**
 * An entry's sentence in the reader's words (`t`, the merchant's): said from its id and values, or, for an entry
 * written before sentences were kept so, its text as written. An id this version does not know, or values that are
 * not what its sentence takes, read the neutral fallback; a text value read as null, its stand-in.
 */
export function activitySummaryText(
  entry: { summary: string; summaryId: string | null; summaryValues: string | null },
  t: Translate,
): string {
  if (entry.summaryId === null) return entry.summary;
  const says = SENTENCE_OF_ID.get(entry.summaryId);
  const parsed = says ? ENTRY_VALUES[says].safeParse(parsedJson(entry.summaryValues)) : null;
  if (!says || !parsed?.success) return t(UNKNOWN_ENTRY.unknown);
  const values: Record<string, MessageValue> = {};
  for (const [key, value] of Object.entries(parsed.data))
    values[key] = Array.isArray(value) ? fieldList(value, t) : isStandIn(value) ? t(value) : (value as MessageValue);
  if ("step" in parsed.data) values.step = quotedStep(parsed.data.step, t);
  return t(ACTIVITY_ENTRIES[says], values);
}
