import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { handleInfoAction } from "~/stores/info-actions.server";
import { createStore } from "~/stores/stores.server";
import { runUpkeep } from "~/upkeep.server";
import { stores } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { storeInfoForm } from "../support/store-info-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries({ intent: "info", ...storeInfoForm({ name: "Tienda de Ana" }), ...fields }))
    data.set(k, String(v));
  return data;
};

const row = async (s: ReturnType<typeof createTestServices>, id: string) =>
  (await s.db.select().from(stores).where(eq(stores.id, id)))[0];

describe("a store's country and its WhatsApp numbers", () => {
  it("a new store takes the country of the merchant's time zone, and its money", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const created = await createStore(
      s,
      m.id,
      { name: "Sucursal Córdoba", category: 2, timeZone: "America/Argentina/Cordoba" },
      true,
    );
    expect(created.kind === "created" && { country: created.store.country, currency: created.store.currency }).toEqual({
      country: "AR",
      currency: "ARS",
    });
  });

  it("the information form reads the numbers in the chosen country and stores them as WhatsApp needs them", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "standard", { country: "CO" });
    const saved = await handleInfoAction(
      s,
      TEST_ACTOR,
      store,
      form({ country: "AR", saleNumber: "11 5555-1234", attentionNumber: "0351 15 555-1234" }),
    );
    expect((saved as Response).status).toBe(302);
    expect(await row(s, store.id)).toMatchObject({
      country: "AR",
      saleNumber: "5491155551234",
      attentionNumber: "5493515551234",
    });

    // Not a number of Argentina: refused with how one is written there, nothing saved.
    const refused = (await handleInfoAction(
      s,
      TEST_ACTOR,
      { ...store, country: "AR" },
      form({ country: "AR", saleNumber: "5555-12" }),
    )) as unknown as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.saleNumber).toMatch(
      /^Este número de WhatsApp no existe en Argentina\..*Por ejemplo: 11 2345-6789$/,
    );
    expect((await row(s, store.id))?.saleNumber).toBe("5491155551234");

    // A form from before countries (no 'country') keeps the store's.
    const older = form({ saleNumber: "11 4444-1234" });
    older.delete("country");
    await handleInfoAction(s, TEST_ACTOR, (await row(s, store.id)) as typeof store, older);
    expect((await row(s, store.id))?.saleNumber).toBe("5491144441234");
  });

  it("stores from before countries get theirs from the upkeep, and their numbers read again; unreadable ones are kept", async () => {
    const s = createTestServices();
    const argentine = (
      await merchantWithStore(s, "standard", { timeZone: "America/Argentina/Buenos_Aires", saleNumber: "1155551234" })
    ).store;
    const colombian = (await merchantWithStore(s, "standard", { saleNumber: "573001234567", attentionNumber: "12345678" })).store;
    expect((await row(s, argentine.id))?.country).toBe("");
    const report = await runUpkeep(s);
    expect(report.countries).toBeGreaterThanOrEqual(2);
    expect(await row(s, argentine.id)).toMatchObject({ country: "AR", saleNumber: "5491155551234" });
    expect(await row(s, colombian.id)).toMatchObject({ country: "CO", saleNumber: "573001234567", attentionNumber: "12345678" });
    // Once: nothing left for the next run.
    expect((await runUpkeep(s)).countries).toBe(0);
  });
});
