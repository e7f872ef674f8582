import { describe, expect, it } from "vitest";
import {
  activityCutoff,
  activityQueryString,
  activityValueText,
  parseActivityQuery,
  productChanges,
  settingChanges,
} from "~/domain/activity";
import { activitySummaryText } from "~/domain/activity-entries";
import { translatorFor } from "~/domain/message-catalogs";
import baseCatalog from "~/messages/compiled/es";

const es = translatorFor("es");

describe("'Actividad' rules", () => {
  it("keeps 12 calendar months: a day the month lacks becomes its last", () => {
    expect(activityCutoff(new Date("2026-03-10T15:00:00Z")).toISOString()).toBe("2025-03-10T15:00:00.000Z");
    expect(activityCutoff(new Date("2028-02-29T08:00:00Z")).toISOString()).toBe("2027-02-28T08:00:00.000Z");
  });

  it("reads the page's filters and refuses what is not one, in Spanish", () => {
    const read = parseActivityQuery(
      new URLSearchParams("persona=u-1&tipo=price&desde=2026-03-01&hasta=2026-03-09&antes=1773100000000-42"),
      es,
    );
    expect(read).toEqual({
      ok: true,
      query: { actor: "u-1", kind: "price", from: "2026-03-01", to: "2026-03-09", before: { at: 1773100000000, id: 42 } },
    });
    if (read.ok)
      expect(activityQueryString(read.query)).toBe(
        "persona=u-1&tipo=price&desde=2026-03-01&hasta=2026-03-09&antes=1773100000000-42",
      );
    expect(parseActivityQuery(new URLSearchParams("tipo=contraseñas"), es)).toEqual({
      ok: false,
      error: "Elige un tipo de cambio de la lista",
    });
    expect(parseActivityQuery(new URLSearchParams("desde=2026-02-30"), es)).toEqual({
      ok: false,
      error: "Escribe la fecha como aaaa-mm-dd",
    });
    expect(parseActivityQuery(new URLSearchParams("desde=2026-03-09&hasta=2026-03-01"), es)).toEqual({
      ok: false,
      error: "La fecha 'Desde' debe ser anterior a 'Hasta'",
    });
    // A cursor that is no cursor is the first page.
    expect(
      parseActivityQuery(new URLSearchParams("antes=x"), es).ok && parseActivityQuery(new URLSearchParams("antes=x"), es),
    ).toMatchObject({
      query: { before: null },
    });
  });

  it("shows an amount in the currency it was kept in, anything else as kept", () => {
    // A store without a country; in Argentina, as Argentina writes it.
    expect(activityValueText("850000 ARS", "")).toMatch(/^8\.500,00\sARS$/);
    expect(activityValueText("850000 ARS", "AR")).toMatch(/^\$\s8\.500$/);
    expect(activityValueText("12", "AR")).toBe("12");
    expect(activityValueText("Confirmada", "AR")).toBe("Confirmada");
    expect(activityValueText(null, "AR")).toBe("");
  });

  it("names what an edit changed besides price and stock, and the store's settings that changed", () => {
    const product = { name: "Taza", description: "", category: 0, compareAtPrice: null, published: true, options: [] };
    const variant = { values: ["S"], price: null, sku: null, stock: 2, enabled: true };
    expect(productChanges({ product, variantsBefore: [] }, { ...product, variants: [], newImage: false })).toEqual([]);
    expect(
      productChanges(
        { product, variantsBefore: [variant] },
        {
          ...product,
          name: "Taza grande",
          published: false,
          options: [{ name: "Talla", values: ["S"] }],
          variants: [{ ...variant, stock: 3 }],
          newImage: true,
        },
      ),
    ).toEqual(["name", "hidden", "cover", "variants"]);
    expect(
      settingChanges({ name: "Mate", hours: null, logoKey: "a" }, { name: "Mate", hours: "9 a 18", logoColors: "[]" }),
    ).toEqual(["hours"]);
    // A product's own fields are never the store's settings.
    expect(settingChanges({}, { compareAtPrice: 1, published: true, hidden: true, cover: "a", variants: "[]" })).toEqual([]);
    // Kept as keys, said in the reader's words when read.
    const said = (summaryId: string, values: unknown) =>
      activitySummaryText({ summary: "", summaryId, summaryValues: JSON.stringify(values) }, es);
    expect(said("activity.entry.productEdited", { name: "Taza grande", fields: ["name", "hidden", "cover", "variants"] })).toBe(
      "Editó “Taza grande”: nombre, oculto, foto de portada, variantes",
    );
    expect(said("activity.entry.storeInfoChanged", { fields: ["hours"] })).toBe(
      "Cambió la información de la tienda: horario de atención",
    );
  });
});

describe("what an entry says", () => {
  const entry = (summaryId: string | null, summaryValues: string | null, summary = "") => ({ summary, summaryId, summaryValues });
  const ar = translatorFor("es-AR");
  /** A translator that answers with the message's id: what it shows went through the catalog. */
  const ids = Object.assign((m: { id: string }) => m.id, { rich: () => [], locale: "es-AR" as const });

  it("says a sentence from its id and values, counts, steps and choices as the sentence wrote them before", () => {
    const say = (summaryId: string, values: unknown, t = es) => activitySummaryText(entry(summaryId, JSON.stringify(values)), t);
    expect(say("activity.entry.catalogImported", { created: 1, updated: 0 })).toBe(
      "Importó el catálogo: 1 producto nuevo, 0 actualizados",
    );
    expect(say("activity.entry.catalogImported", { created: 12, updated: 1 })).toBe(
      "Importó el catálogo: 12 productos nuevos, 1 actualizado",
    );
    expect(say("activity.entry.photosAdded", { name: "Taza", count: 1 })).toBe("Agregó una foto a “Taza”");
    expect(say("activity.entry.photosAdded", { name: "Taza", count: 3 })).toBe("Agregó 3 fotos a “Taza”");
    expect(say("activity.entry.deliveryBack", { sale: "1234567890", step: "shipped" })).toBe(
      "Volvió la venta 1234567890 a 'Enviado'",
    );
    expect(say("activity.entry.paymentMethodSaved", { method: "on_delivery", enabled: "no" })).toBe(
      "Guardó la forma de cobro “Al recibir” (desactivada)",
    );
    expect(say("activity.entry.memberInvited", { email: "eva@equipo.test", role: "catalog" }, ar)).toBe(
      "Invitó a eva@equipo.test como Catálogo",
    );
    // In the reader's variant, through the catalog: the sentence and the names of its fields and steps.
    expect(say("activity.entry.productEdited", { name: "Taza", fields: ["name", "cover"] }, ids)).toBe(
      "activity.entry.productEdited",
    );
    expect(say("activity.entry.deliveryMarked", { sale: "1234567890", step: "ready" }, ids)).toBe(
      "activity.entry.deliveryMarked",
    );
  });

  it("says every sentence in the neutral base word for word as entries wrote it before (one example each)", () => {
    const taza = { name: "Taza" };
    const sale = { sale: "1234567890" };
    const section = { title: "Novedades" };
    const member = { member: "Eva Paz (eva@equipo.test)" };
    const storeFields = ["name", "category", "currency", "description", "mainTitle", "storeTitle", "saleNumber"];
    const moreFields = ["attentionNumber", "location", "instagram", "facebook", "tiktok", "hours", "timeZone", "country"];
    const lastFields = ["hideSoldOut", "arrangeEnabled", "logoKey", "shippingPolicy", "privacyPolicy", "taxId", "legalName"];
    const examples: Array<[string, Record<string, unknown>, string]> = [
      ["productCreated", taza, "Creó el producto “Taza”"],
      [
        "productEdited",
        { ...taza, fields: ["name", "compareAtPrice", "description", "category", "published", "cover", "variants"] },
        "Editó “Taza”: nombre, precio anterior, descripción, categoría, publicado, foto de portada, variantes",
      ],
      ["productDeleted", taza, "Eliminó el producto “Taza”"],
      ["priceChanged", taza, "Cambió el precio de “Taza”"],
      ["stockChanged", taza, "Cambió el stock de “Taza”"],
      ["catalogImported", { created: 2, updated: 1 }, "Importó el catálogo: 2 productos nuevos, 1 actualizado"],
      ["photosAdded", { ...taza, count: 2 }, "Agregó 2 fotos a “Taza”"],
      ["coverChanged", taza, "Cambió la foto de portada de “Taza”"],
      ["photosReordered", taza, "Cambió el orden de las fotos de “Taza”"],
      ["photoDeleted", taza, "Eliminó una foto de “Taza”"],
      ["sectionCreated", section, "Creó la sección “Novedades”"],
      ["sectionRenamed", section, "Cambió el nombre de la sección “Novedades”"],
      ["sectionDeleted", section, "Eliminó la sección “Novedades”"],
      ["sectionMoved", { ...section, direction: "up" }, "Movió la sección “Novedades” arriba"],
      ["sectionItemsAdded", { ...section, count: 1 }, "Agregó 1 elemento a la sección “Novedades”"],
      ["sectionItemsReordered", section, "Cambió el orden de la sección “Novedades”"],
      ["sectionItemRemoved", section, "Quitó un elemento de la sección “Novedades”"],
      ["saleCompleted", sale, "Completó la venta 1234567890"],
      ["saleCancelled", sale, "Canceló la venta 1234567890"],
      ["saleRefunded", sale, "Canceló y reembolsó la venta 1234567890"],
      ["transferVerified", {}, "Verificó el pago por transferencia"],
      ["transferRejected", {}, "Rechazó el comprobante de transferencia"],
      ["orderBuilt", sale, "Armó el pedido 1234567890"],
      ["customersMerged", {}, "Unió dos fichas de un mismo cliente"],
      ["customerForgotten", {}, "Borró los datos de un cliente que lo pidió"],
      ["deliveryMarked", { ...sale, step: "ready" }, "Marcó la venta 1234567890 como 'Listo para retirar'"],
      ["deliveryBack", { ...sale, step: "preparing" }, "Volvió la venta 1234567890 a 'Preparando'"],
      ["deliveryCorrected", sale, "Corrigió el envío de la venta 1234567890"],
      [
        "storeInfoChanged",
        { fields: storeFields },
        "Cambió la información de la tienda: nombre, categoría, moneda, descripción, título principal, título de la tienda, WhatsApp para pedidos",
      ],
      [
        "storeInfoChanged",
        { fields: moreFields },
        "Cambió la información de la tienda: WhatsApp de atención, ubicación, Instagram, Facebook, TikTok, horario de atención, zona horaria, país",
      ],
      [
        "storeInfoChanged",
        { fields: lastFields },
        "Cambió la información de la tienda: productos agotados, entrega a coordinar, logo, envíos, privacidad, identificación fiscal, razón social",
      ],
      [
        "deliveryMethodsChanged",
        { fields: ["pickupEnabled", "homeDeliveryEnabled"] },
        "Cambió las formas de entrega: retiro en tienda, envío a domicilio",
      ],
      ["policiesChanged", { fields: ["returnsPolicy"] }, "Cambió las políticas: cambios y devoluciones"],
      ["logoChanged", { fields: ["logoKey"] }, "Cambió el logo y banner: logo"],
      [
        "paymentHoldChanged",
        { fields: ["paymentHoldMinutes"] },
        "Cambió el tiempo para pagar en línea: tiempo para pagar en línea",
      ],
      ["currencyChanged", {}, "Cambió la moneda de la tienda y sus precios"],
      ["deliveryPlaceAdded", { list: "pickup", name: "Centro" }, "Agregó el punto de retiro “Centro”"],
      ["deliveryPlaceChanged", { list: "zone", name: "Norte" }, "Cambió la zona de envío “Norte”"],
      ["deliveryPlaceDeleted", { list: "pickup" }, "Eliminó un punto de retiro"],
      ["deliveryPlaceDeleted", { list: "zone" }, "Eliminó una zona de envío"],
      ["bannersAdded", { count: 3 }, "Agregó 3 imágenes al banner"],
      ["bannerLinkChanged", {}, "Cambió a dónde lleva una imagen del banner"],
      ["bannerDeleted", {}, "Eliminó una imagen del banner"],
      ["bannersReordered", {}, "Cambió el orden del banner"],
      ["paymentMethodSaved", { method: "transfer", enabled: "yes" }, "Guardó la forma de cobro “Transferencia” (activada)"],
      ["cartRemindersChanged", {}, "Cambió los avisos de carritos abandonados"],
      ["storeStockAlertChanged", {}, "Cambió el aviso de poco stock de la tienda"],
      ["productStockAlertChanged", taza, "Cambió el aviso de poco stock de “Taza”"],
      ["adPlatformSaved", { platform: "ga4" }, "Guardó la conexión con Google Analytics 4"],
      ["adPlatformRemoved", { platform: "meta" }, "Quitó la conexión con Meta (Conversions API)"],
      ["lookPublished", {}, "Publicó el diseño de la tienda"],
      ["memberInvited", { email: "eva@equipo.test", role: "admin" }, "Invitó a eva@equipo.test como Administrador"],
      ["invitationCancelled", {}, "Canceló una invitación al equipo"],
      ["roleChanged", member, "Cambió el rol de Eva Paz (eva@equipo.test)"],
      ["memberRemoved", member, "Quitó del equipo a Eva Paz (eva@equipo.test)"],
      ["memberJoined", { role: "catalog" }, "Se unió al equipo como Catálogo"],
      ["domainAdded", { hostname: "www.taza.test" }, "Agregó el dominio www.taza.test"],
      ["domainRemoved", { hostname: "www.taza.test" }, "Quitó el dominio www.taza.test"],
      ["accountLinked", {}, "Vinculó la cuenta de Mercado Pago"],
      ["accountUnlinked", {}, "Desvinculó la cuenta de Mercado Pago"],
      ["promotionCreated", { name: "Otoño" }, "Creó la promoción “Otoño”"],
      ["promotionEdited", { name: "Otoño" }, "Editó la promoción “Otoño”"],
      ["promotionEnabled", { name: "Otoño" }, "Activó la promoción “Otoño”"],
      ["promotionPaused", { name: "Otoño" }, "Pausó la promoción “Otoño”"],
      ["promotionDeleted", { name: "Otoño" }, "Eliminó la promoción “Otoño”"],
      ["codeCreated", { code: "AMIGOS" }, "Creó el código de descuento AMIGOS"],
      ["codeEdited", { code: "AMIGOS" }, "Editó el código de descuento AMIGOS"],
      ["codeActivated", { code: "AMIGOS" }, "Activó el código de descuento AMIGOS"],
      ["codePaused", { code: "AMIGOS" }, "Pausó el código de descuento AMIGOS"],
      ["codeDeleted", { code: "AMIGOS" }, "Eliminó el código de descuento AMIGOS"],
    ];
    const said = examples.map(([name, values]) =>
      activitySummaryText(entry(`activity.entry.${name}`, JSON.stringify(values)), es),
    );
    expect(said).toEqual(examples.map(([, , before]) => before));
    // Every sentence of the catalog has its example (the fallback aside).
    const sentences = Object.keys(baseCatalog).filter(
      (id) => id.startsWith("activity.entry.") && id !== "activity.entry.unknown",
    );
    expect(new Set(examples.map(([name]) => `activity.entry.${name}`))).toEqual(new Set(sentences));
  });

  it("says an entry written before as it was written, and an unknown sentence or broken values neutrally", () => {
    expect(activitySummaryText(entry(null, null, "Cambió el stock de “Taza”"), ar)).toBe("Cambió el stock de “Taza”");
    const fallback = "Cambio registrado (sin descripción)";
    expect(activitySummaryText(entry("activity.entry.refundIssued", '{"sale":"1"}'), es)).toBe(fallback);
    expect(activitySummaryText(entry("activity.entry.productCreated", '{"name":5}'), es)).toBe(fallback);
    expect(activitySummaryText(entry("activity.entry.productCreated", "{name"), es)).toBe(fallback);
    expect(activitySummaryText(entry("activity.entry.productCreated", null), es)).toBe(fallback);
    expect(activitySummaryText(entry("activity.entry.productEdited", '{"name":"Taza","fields":["password"]}'), es)).toBe(
      fallback,
    );
    expect(activitySummaryText(entry("activity.entry.lookPublished", null), es)).toBe("Publicó el diseño de la tienda");
  });

  it("says a name, title, code or address its batch read as null with a neutral stand-in, never the fallback", () => {
    const say = (summaryId: string, values: unknown, t = es) =>
      activitySummaryText(entry(`activity.entry.${summaryId}`, JSON.stringify(values)), t);
    expect(say("productDeleted", { name: null })).toBe("Eliminó el producto “(sin nombre)”");
    expect(say("photosAdded", { name: null, count: 2 }, ar)).toBe("Agregó 2 fotos a “(sin nombre)”");
    expect(say("productEdited", { name: null, fields: ["cover"] })).toBe("Editó “(sin nombre)”: foto de portada");
    expect(say("sectionDeleted", { title: null })).toBe("Eliminó la sección “(sin título)”");
    expect(say("codeDeleted", { code: null })).toBe("Eliminó el código de descuento (sin código)");
    expect(say("saleCompleted", { sale: null })).toBe("Completó la venta (sin código)");
    expect(say("deliveryMarked", { sale: null, step: "shipped" })).toBe("Marcó la venta (sin código) como 'Enviado'");
    expect(say("memberRemoved", { member: null })).toBe("Quitó del equipo a (sin nombre)");
    expect(say("memberInvited", { email: null, role: "sales" })).toBe("Invitó a (sin correo) como Ventas");
    expect(say("domainRemoved", { hostname: null })).toBe("Quitó el dominio (sin nombre)");
    expect(say("deliveryPlaceChanged", { list: "pickup", name: null })).toBe("Cambió el punto de retiro “(sin nombre)”");
    // Through the catalog, in the reader's variant.
    expect(say("productDeleted", { name: null }, ids)).toBe("activity.entry.productDeleted");
    // Counts and choices are never read in the batch: one that is null is not what its sentence takes.
    const fallback = "Cambio registrado (sin descripción)";
    expect(say("photosAdded", { name: "Taza", count: null })).toBe(fallback);
    expect(say("memberJoined", { role: null })).toBe(fallback);
    expect(say("productCreated", {})).toBe(fallback);
  });
});
