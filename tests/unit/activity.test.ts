import { describe, expect, it } from "vitest";
import {
  activityCutoff,
  activityQueryString,
  activityValueText,
  parseActivityQuery,
  productChanges,
  settingChanges,
} from "~/domain/activity";
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
    ).toEqual(["nombre", "oculto", "foto de portada", "variantes"]);
    expect(
      settingChanges({ name: "Mate", hours: null, logoKey: "a" }, { name: "Mate", hours: "9 a 18", logoColors: "[]" }),
    ).toEqual(["horario de atención"]);
  });
});
