// The merchant's discount codes ('Descuentos') through the route modules and the workspace's middleware, on real libSQL.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_DISCOUNT_CODE } from "~/demo/seed.server";
import { createDiscountCode, findDiscountCode, updateDiscountCode } from "~/discounts/discount-codes.server";
import * as listCodes from "~/discounts/routes/discount-codes";
import * as editCode from "~/discounts/routes/edit-discount-code";
import * as newCode from "~/discounts/routes/new-discount-code";
import { type DiscountCodeInput, discountFormMessage, MOST_DISCOUNT_CODES } from "~/domain/discount-code-form";
import { translatorFor } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { applySpanishValidationMessages } from "~/domain/validation-messages";
import { StoreError } from "~/workspace/action-results.server";
import { discountCodes, sales, stores } from "../../db/schema";
import { expectConstraint } from "../support/constraints";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices, demoTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";

const es = translatorFor("es");

applySpanishValidationMessages();

type S = ReturnType<typeof createTestServices>;

/** A signed-in merchant of a COP store, with its 'Descuentos' pages as requests. */
async function merchantAtDiscounts(s: S) {
  const { store, cookie } = await signedInMerchant(s, "standard", { currency: "COP" });
  const base = `/Store/${store.id}/discounts`;
  return {
    store,
    cookie,
    list: () =>
      workspaceRequest(s, { module: listCodes, cookie, method: "GET", path: base, params: { storeId: store.id } }) as Promise<{
        status: number;
        data: Awaited<ReturnType<typeof listCodes.loader>>;
      }>,
    listAction: (form: Record<string, string>, storeId = store.id) =>
      workspaceRequest(s, { module: listCodes, cookie, method: "POST", path: base, params: { storeId }, form }),
    create: (form: Record<string, string>) =>
      workspaceRequest(s, { module: newCode, cookie, method: "POST", path: `${base}/new`, params: { storeId: store.id }, form }),
    editPage: (codeId: string | number, storeId = store.id) =>
      workspaceRequest(s, {
        module: editCode,
        cookie,
        method: "GET",
        path: `/Store/${storeId}/discounts/${codeId}`,
        params: { storeId, codeId: String(codeId) },
      }),
    edit: (codeId: string | number, form: Record<string, string>) =>
      workspaceRequest(s, {
        module: editCode,
        cookie,
        method: "POST",
        path: `${base}/${codeId}`,
        params: { storeId: store.id, codeId: String(codeId) },
        form,
      }),
  };
}

const codesOf = (s: S, storeId: string) => s.db.select().from(discountCodes).where(eq(discountCodes.storeId, storeId));

async function codeNamed(s: S, storeId: string, code: string) {
  const row = (await codesOf(s, storeId)).find((c) => c.code === code);
  if (!row) throw new Error(`no code ${code}`);
  return row;
}

const PERCENT_15: DiscountCodeInput = {
  code: "AMIGOS15",
  kind: "percent",
  value: 15,
  minPurchase: null,
  startsOn: null,
  endsOn: null,
  maxUses: 5,
  active: true,
};

describe("discount codes of a store", () => {
  it("creates, lists, edits, switches off and on, and deletes a code", async () => {
    const s = createTestServices();
    const me = await merchantAtDiscounts(s);
    expect((await me.list()).data.codes).toEqual([]);

    const created = await me.create({
      intent: "create",
      code: "Verano-25",
      kind: "amount",
      value: "5.000",
      minPurchase: "20.000",
      startsOn: "2026-03-01",
      endsOn: "2026-03-31",
      maxUses: "100",
      active: "on",
    });
    expect(created.status).toBe(302);
    const row = await codeNamed(s, me.store.id, "Verano-25");
    expect(row).toMatchObject({
      codeKey: "VERANO-25",
      kind: "amount",
      value: 5000,
      minPurchase: 20000,
      startsOn: "2026-03-01",
      endsOn: "2026-03-31",
      maxUses: 100,
      uses: 0,
      active: true,
    });

    // A second code, created later, is listed first.
    s.testClock.current = new Date(s.testClock.current.getTime() + 60_000);
    expect((await me.create({ intent: "create", code: "DIEZ", kind: "percent", value: "10", active: "on" })).status).toBe(302);
    const listed = (await me.list()).data.codes;
    expect(listed.map((c) => c.code)).toEqual(["DIEZ", "Verano-25"]);
    expect(listed[0]).toMatchObject({ value: "10 %", conditions: [], uses: "0 usos", stateLabel: "Activo" });
    expect(listed[1]?.conditions).toEqual([`desde ${formatMoney(20000, "COP", null)}`, "1 mar – 31 mar", "hasta 100 usos"]);
    expect(listed[1]).toMatchObject({ uses: "0 de 100 usos", stateLabel: "Activo" });
    expect(listed[1]?.value).toBe(formatMoney(5000, "COP", null));

    // The edit page shows the saved values as the form writes them; saving changes them.
    const page = await me.editPage(row.id);
    expect(page.status).toBe(200);
    expect((page.data as Awaited<ReturnType<typeof editCode.loader>>).values).toMatchObject({
      code: "Verano-25",
      value: "5000",
      minPurchase: "20000",
      active: "on",
    });
    const saved = await me.edit(row.id, {
      intent: "save",
      code: "VERANO-30",
      kind: "percent",
      value: "30",
      minPurchase: "",
      startsOn: "",
      endsOn: "2026-03-09",
      maxUses: "",
      active: "on",
    });
    expect(saved.status).toBe(302);
    expect(await findDiscountCode(s.db, me.store.id, row.id)).toMatchObject({
      code: "VERANO-30",
      codeKey: "VERANO-30",
      kind: "percent",
      value: 30,
      minPurchase: null,
      startsOn: null,
      endsOn: "2026-03-09",
      maxUses: null,
    });
    // The test clock's day in Bogotá is 10 Mar: a code whose last day was the 9th is 'Vencido'.
    expect((await me.list()).data.codes.find((c) => c.id === row.id)?.stateLabel).toBe("Vencido");

    expect((await me.listAction({ intent: "deactivate", id: String(row.id) })).status).toBe(302);
    expect((await findDiscountCode(s.db, me.store.id, row.id))?.active).toBe(false);
    expect((await me.list()).data.codes.find((c) => c.id === row.id)?.stateLabel).toBe("Inactivo");
    expect((await me.listAction({ intent: "activate", id: String(row.id) })).status).toBe(302);
    expect((await findDiscountCode(s.db, me.store.id, row.id))?.active).toBe(true);

    // Unchecking 'Activo' in the form saves the code inactive.
    await me.edit(row.id, { intent: "save", code: "VERANO-30", kind: "percent", value: "30" });
    expect((await findDiscountCode(s.db, me.store.id, row.id))?.active).toBe(false);

    // A sale that used the code keeps its text after the code is deleted.
    const saleId = "1234567890";
    await s.db.insert(sales).values({
      id: saleId,
      storeId: me.store.id,
      total: 7000,
      subtotal: 10000,
      discount: 3000,
      discountCode: "VERANO-30",
      discountCodeId: row.id,
      currency: me.store.currency,
      buyerName: "Luz",
      delivery: "pickup",
      createdAt: s.clock.now(),
    });
    expect((await me.listAction({ intent: "delete", id: String(row.id) })).status).toBe(302);
    expect(await findDiscountCode(s.db, me.store.id, row.id)).toBeUndefined();
    const [sale] = await s.db.select().from(sales).where(eq(sales.id, saleId));
    expect(sale).toMatchObject({ discountCode: "VERANO-30", discountCodeId: null, discount: 3000 });

    // Deleting from the edit page.
    const diez = await codeNamed(s, me.store.id, "DIEZ");
    expect((await me.edit(diez.id, { intent: "delete" })).status).toBe(302);
    expect(await codesOf(s, me.store.id)).toEqual([]);
  });

  it("refuses bad input with Spanish messages and a 4xx, keeping what was typed", async () => {
    const s = createTestServices();
    const me = await merchantAtDiscounts(s);
    const answer = await me.create({
      intent: "create",
      code: "con espacio",
      kind: "percent",
      value: "150",
      startsOn: "2026-04-10",
      endsOn: "2026-04-01",
      maxUses: "0",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: {
        code: discountFormMessage(es, "code"),
        value: discountFormMessage(es, "percent"),
        endsOn: discountFormMessage(es, "endsBeforeStart"),
        maxUses: discountFormMessage(es, "maxUses"),
      },
      values: { code: "con espacio", value: "150", startsOn: "2026-04-10", endsOn: "2026-04-01", maxUses: "0" },
    });
    expect(await codesOf(s, me.store.id)).toEqual([]);
  });

  it("keeps codes unique per store without regard to case", async () => {
    const s = createTestServices();
    const me = await merchantAtDiscounts(s);
    expect((await me.create({ intent: "create", code: "BIENVENIDA", kind: "percent", value: "10", active: "on" })).status).toBe(
      302,
    );
    const again = await me.create({ intent: "create", code: "bienvenida", kind: "percent", value: "20", active: "on" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      errors: { code: "Ya tienes un código con ese nombre" },
      values: { code: "bienvenida", value: "20" },
    });
    expect((await codesOf(s, me.store.id)).map((c) => c.code)).toEqual(["BIENVENIDA"]);

    // Renaming another code to it is refused too; its own name in another case is fine.
    await me.create({ intent: "create", code: "OTRO", kind: "percent", value: "5", active: "on" });
    const otro = await codeNamed(s, me.store.id, "OTRO");
    const renamed = await me.edit(otro.id, { intent: "save", code: "Bienvenida", kind: "percent", value: "5", active: "on" });
    expect(renamed.status).toBe(409);
    expect(renamed.data).toMatchObject({ errors: { code: "Ya tienes un código con ese nombre" } });
    expect((await me.edit(otro.id, { intent: "save", code: "otro", kind: "percent", value: "5", active: "on" })).status).toBe(
      302,
    );

    // Another store may have the same code.
    const other = await merchantAtDiscounts(s);
    expect((await other.create({ intent: "create", code: "bienvenida", kind: "percent", value: "10" })).status).toBe(302);
  });

  it("never lets the use limit go below the uses counted, in the form or in the database", async () => {
    const s = createTestServices();
    const me = await merchantAtDiscounts(s);
    const id = await createDiscountCode(s.db, TEST_ACTOR, me.store.id, PERCENT_15, s.clock.now());
    await s.db.update(discountCodes).set({ uses: 3 }).where(eq(discountCodes.id, id));

    const page = await me.editPage(id);
    expect((page.data as Awaited<ReturnType<typeof editCode.loader>>).uses).toBe(3);
    const lower = await me.edit(id, {
      intent: "save",
      code: "AMIGOS15",
      kind: "percent",
      value: "15",
      maxUses: "2",
      active: "on",
    });
    expect(lower.status).toBe(400);
    expect(lower.data).toMatchObject({ errors: { maxUses: "Ya se usó 3 veces" }, values: { maxUses: "2" } });
    expect((await findDiscountCode(s.db, me.store.id, id))?.maxUses).toBe(5);
    expect((await me.edit(id, { intent: "save", code: "AMIGOS15", kind: "percent", value: "15", maxUses: "3" })).status).toBe(
      302,
    );
    expect((await me.list()).data.codes[0]).toMatchObject({ uses: "3 de 3 usos", stateLabel: "Inactivo" });

    // A checkout counted a use after the form was read: the write itself refuses the lower limit.
    await s.db.update(discountCodes).set({ maxUses: 10, uses: 4 }).where(eq(discountCodes.id, id));
    await expect(
      updateDiscountCode(s.db, TEST_ACTOR, me.store.id, id, { ...PERCENT_15, maxUses: 3 }, s.clock.now()),
    ).rejects.toEqual(new StoreError("Ya se usó 4 veces", "maxUses"));
    expect((await findDiscountCode(s.db, me.store.id, id))?.maxUses).toBe(10);

    // The CHECK constraint: no statement can count a use past the limit.
    await s.db.update(discountCodes).set({ maxUses: 4 }).where(eq(discountCodes.id, id));
    await expectConstraint(
      s.db.$client.execute({ sql: "update discount_codes set uses = uses + 1 where id = ?", args: [id] }),
      "CHECK",
    );
  });

  it(`holds a store to ${MOST_DISCOUNT_CODES} codes`, async () => {
    const s = createTestServices();
    const me = await merchantAtDiscounts(s);
    for (let i = 0; i < MOST_DISCOUNT_CODES; i++)
      await createDiscountCode(s.db, TEST_ACTOR, me.store.id, { ...PERCENT_15, code: `CODIGO-${i}` }, s.clock.now());
    const refused = await me.create({ intent: "create", code: "UNO-MAS", kind: "percent", value: "10", active: "on" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ errors: { form: discountFormMessage(es, "limit") }, values: { code: "UNO-MAS" } });
    expect(discountFormMessage(es, "limit")).toContain("50 códigos");
    expect(await codesOf(s, me.store.id)).toHaveLength(MOST_DISCOUNT_CODES);
    const newPage = await workspaceRequest(s, {
      module: newCode,
      cookie: me.cookie,
      method: "GET",
      path: `/Store/${me.store.id}/discounts/new`,
      params: { storeId: me.store.id },
    });
    expect(newPage.data).toMatchObject({
      canAdd: false,
      full: "Tu tienda ya tiene 50 códigos, el máximo. Elimina uno que ya no uses para crear otro.",
    });
  });

  it("another merchant can neither see nor change a store's codes: 404 and nothing changes", async () => {
    const s = createTestServices();
    const me = await merchantAtDiscounts(s);
    const them = await merchantAtDiscounts(s);
    const theirId = await createDiscountCode(s.db, TEST_ACTOR, them.store.id, PERCENT_15, s.clock.now());
    await createDiscountCode(s.db, TEST_ACTOR, me.store.id, { ...PERCENT_15, code: "MIO" }, s.clock.now());
    const before = JSON.stringify(await codesOf(s, them.store.id));
    const mineBefore = JSON.stringify(await codesOf(s, me.store.id));

    // Their store in the path.
    const theirList = await workspaceRequest(s, {
      module: listCodes,
      cookie: me.cookie,
      method: "GET",
      path: `/Store/${them.store.id}/discounts`,
      params: { storeId: them.store.id },
    });
    expect(theirList.status).toBe(404);
    expect((await me.editPage(theirId, them.store.id)).status).toBe(404);
    for (const intent of ["deactivate", "delete"])
      expect((await me.listAction({ intent, id: String(theirId) }, them.store.id)).status, intent).toBe(404);
    const createThere = await workspaceRequest(s, {
      module: newCode,
      cookie: me.cookie,
      method: "POST",
      path: `/Store/${them.store.id}/discounts/new`,
      params: { storeId: them.store.id },
      form: { intent: "create", code: "INTRUSO", kind: "percent", value: "90", active: "on" },
    });
    expect(createThere.status).toBe(404);

    // My store in the path, their code's id.
    expect((await me.editPage(theirId)).status).toBe(404);
    const theirForms: Record<string, string>[] = [
      { intent: "save", code: "ROBADO", kind: "percent", value: "100", active: "on" },
      { intent: "delete" },
    ];
    for (const form of theirForms) expect((await me.edit(theirId, form)).status, form.intent).toBe(404);
    for (const intent of ["activate", "deactivate", "delete"])
      expect((await me.listAction({ intent, id: String(theirId) })).status, intent).toBe(404);
    // Ids that are not ids.
    for (const codeId of ["abc", "0", "-1", "1e3"]) expect((await me.editPage(codeId)).status, codeId).toBe(404);

    expect(JSON.stringify(await codesOf(s, them.store.id))).toBe(before);
    expect(JSON.stringify(await codesOf(s, me.store.id))).toBe(mineBefore);
    expect((await me.list()).data.codes.map((c) => c.code)).toEqual(["MIO"]);
  });
});

describe("the demo store", () => {
  it("has the code BIENVENIDA: 10 %, active, no dates, no minimum, no use limit", async () => {
    const s = await demoTestServices();
    const demo = await s.db.query.stores.findFirst({ where: eq(stores.url, "demo") });
    const codes = await codesOf(s, demo?.id ?? "");
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      code: DEMO_DISCOUNT_CODE,
      codeKey: "BIENVENIDA",
      kind: "percent",
      value: 10,
      active: true,
      startsOn: null,
      endsOn: null,
      minPurchase: null,
      maxUses: null,
      uses: 0,
    });
  });
});
