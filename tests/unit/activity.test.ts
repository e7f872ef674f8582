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
});
