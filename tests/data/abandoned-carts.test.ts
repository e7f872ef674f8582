// Abandoned carts (decision 0057): the checkout's contact step saves the cart, the merchant's list shows it after the
// store's delay, the WhatsApp link restores it at today's prices, the one reminder email (and its opt-out), the order
// that recovers it, another store's isolation, the customer's deletion and the 30-day purge.
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { sessionCookie } from "~/auth/cookies.server";
import { createDiscountCode } from "~/discounts/discount-codes.server";
import { codeKey } from "~/domain/discounts";
import { localDay, parsePeriod } from "~/domain/statistics";
import { forgetCustomer } from "~/orders/customers.server";
import { insertProduct } from "~/products/products.server";
import AbandonedCartsPage, { action as cartsAction, loader as cartsLoader } from "~/sales/routes/abandoned-carts";
import { CheckoutPage } from "~/site/checkout-page";
import { action as optOutAction } from "~/site/routes/cart-email-opt-out";
import { loader as restoreLoader } from "~/site/routes/cart-restore";
import { action as checkoutAction, loader as checkoutLoader } from "~/site/routes/checkout";
import { routedPath } from "~/site/tenant";
import { countingSettings, visitFromRequest } from "~/stats/count-visit.server";
import { loadStatistics } from "~/stats/statistics.server";
import { runUpkeep } from "~/upkeep.server";
import { checkouts, customers, products, sales, stores } from "../../db/schema";
import { checkoutForm } from "../support/checkout";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { inMerchantVoice, inStoreVoice, type SiteData } from "../support/messages";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
const MINUTE = 60_000;

async function shop(s: S, name = "Carritos") {
  const url = `carritos-${crypto.randomUUID().slice(0, 8)}`;
  const m = await signedInMerchant(s, "standard", { name, url, currency: "ARS", country: "AR", saleNumber: "5491140000000" });
  const taza = await insertProduct(s.db, { storeId: m.store.id, name: "Taza", price: 10_000, stock: 5 }, s.clock.now());
  const mate = await insertProduct(s.db, { storeId: m.store.id, name: "Mate", price: 20_000, stock: 3 }, s.clock.now());
  return { ...m, url, taza, mate };
}

const later = (s: S, minutes: number) => {
  s.testClock.current = new Date(s.testClock.current.getTime() + minutes * MINUTE);
};

/** What a thrown or returned route answer is. */
async function answer(run: () => Promise<unknown>): Promise<Response | { data: unknown; init?: { status?: number } }> {
  try {
    return (await run()) as never;
  } catch (thrown) {
    return thrown as never;
  }
}

const cookieOf = (r: Response, name: string) =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? null;

/** The contact step as the page posts it, with the cart cookie; answers the `compra` cookie it set. */
async function leaveContact(s: S, url: string, cart: string, contact: Record<string, string>, compra?: string, more = "") {
  const body = new URLSearchParams({ intent: "contact", ...contact });
  const cookie = [`carrito=${cart}`, compra ? `compra=${compra}` : "", more].filter(Boolean).join("; ");
  const r = (await answer(() =>
    checkoutAction(siteArgs(s, url, "/Checkout", { method: "POST", body, cookie }) as never),
  )) as Response;
  expect(r.status).toBe(303);
  expect(r.headers.get("Location")).toBe(`/site/${url}/Checkout?paso=entrega`);
  return cookieOf(r, "compra") as string;
}

async function listed(s: S, m: Awaited<ReturnType<typeof shop>>) {
  const page = await workspaceRequest(s, {
    module: { loader: cartsLoader },
    cookie: m.cookie,
    method: "GET",
    path: `/Store/${m.store.id}/carritos`,
    params: { storeId: m.store.id },
  });
  expect(page.status).toBe(200);
  return page.data as Awaited<ReturnType<typeof cartsLoader>>;
}

/** The restore link's token from the merchant's WhatsApp link (its text carries it). */
const tokenOf = (chatUrl: string | null) =>
  decodeURIComponent(new URL(chatUrl ?? "https://x").searchParams.get("text") ?? "").match(/carrito\/recuperar\/([\w-]+)/)?.[1] ??
  "";

/** The checkout page as the server renders it for `path` (a step), with this browser's cookies. */
async function checkoutHtml(s: S, url: string, path: string, cookie: string) {
  const r = (await answer(() => checkoutLoader(siteArgs(s, url, path, { cookie }) as never))) as { data: never };
  const Page = createRoutesStub([
    {
      path: "/",
      Component: () => inStoreVoice((r.data as SiteData).site.locale, createElement(CheckoutPage, { loaderData: r.data })),
    },
  ]);
  return renderToStaticMarkup(createElement(Page, { initialEntries: ["/"] }));
}

describe("the checkout's steps", () => {
  it("asks the contact first, then the way to receive the order, then only what that way needs", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const cart = `carrito=${m.taza.id}:1`;
    const first = await checkoutHtml(s, m.url, "/Checkout?paso=datos&entrega=delivery", cart);
    // Without a saved contact every step starts with it.
    expect(first).toContain("Guardamos tu contacto para ayudarte a terminar el pedido.");
    expect(first).toContain('name="intent" value="contact"');
    expect(first).not.toContain('name="entrega"');
    expect(first).not.toContain("Dirección de entrega");
    const compra = await leaveContact(s, m.url, `${m.taza.id}:1`, { buyerName: "Ana", buyerEmail: "ana@correo.test" });
    const cookie = `${cart}; compra=${compra}`;
    const methods = await checkoutHtml(s, m.url, "/Checkout?paso=entrega", cookie);
    // The shop is in Argentina: its checkout speaks with 'vos', its refusals too (the full form's, said before the
    // store is read, once the store is).
    expect(methods).toContain("¿Cómo querés recibir tu pedido?");
    const noContact = (await answer(() =>
      checkoutAction(
        siteArgs(s, m.url, "/Checkout", {
          method: "POST",
          body: new URLSearchParams({ intent: "contact", buyerName: "Ana" }),
          cookie: cart,
        }) as never,
      ),
    )) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(noContact.init.status).toBe(400);
    expect(noContact.data.errors.buyerPhone).toBe("Escribí tu WhatsApp o tu correo para seguir con tu pedido");
    const noName = (await answer(() =>
      checkoutAction(
        siteArgs(s, m.url, "/Checkout", {
          method: "POST",
          body: checkoutForm([`${m.taza.id}:1`], { buyerName: " " }),
          cookie: cookie,
        }) as never,
      ),
    )) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(noName.init.status).toBe(400);
    expect(noName.data.errors.buyerName).toBe("Escribí tu nombre");
    expect(methods).toMatch(/name="entrega"[^>]*value="pickup"/);
    expect(methods).toMatch(/name="entrega"[^>]*value="delivery"/);
    expect(methods).not.toContain('name="buyerName"');
    const pickup = await checkoutHtml(s, m.url, "/Checkout?paso=datos&entrega=pickup", cookie);
    expect(pickup).toContain('<input type="hidden" name="delivery" value="pickup"/>');
    expect(pickup).toContain('<input type="hidden" name="buyerEmail" value="ana@correo.test"/>');
    expect(pickup).not.toContain("Dirección de entrega");
    const delivery = await checkoutHtml(s, m.url, "/Checkout?paso=datos&entrega=delivery", cookie);
    expect(delivery).toContain("Dirección de entrega");
    expect(delivery).not.toContain("Dónde retirar");
  });

  it("counts one checkout view in the statistics' funnel: its later steps are the same checkout", () => {
    const s = createTestServices();
    const settings = countingSettings(s.config, {
      sessionCookie: sessionCookie(s.config).name,
      cartCookie: "carrito",
      routedPath: (request) => routedPath(request, s.config.STORES_DOMAIN),
    });
    const view = (path: string) =>
      visitFromRequest(
        new Request(`${s.config.APP_ORIGIN}/site/tienda${path}`, {
          headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Mobile" },
        }),
        200,
        settings,
        "190.24.8.17",
        s.clock.now().getTime(),
      );
    expect(view("/Checkout")?.kind).toBe("checkout");
    expect(view("/Checkout?paso=entrega")).toBeNull();
    expect(view("/Checkout?paso=datos&entrega=pickup")).toBeNull();
  });
});

describe("abandoned carts", () => {
  it("the contact step saves the cart; listed only after the store's delay, with a wa.me link to the buyer", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const compra = await leaveContact(s, m.url, `${m.taza.id}:2|${m.mate.id}:1|~instagram`, {
      buyerName: "Lucía Pérez",
      buyerPhone: "11 5555-1234",
    });
    const [row] = await s.db.select().from(checkouts).where(eq(checkouts.id, compra));
    expect(row).toMatchObject({ storeId: m.store.id, contactPhone: "5491155551234", total: 40_000, source: "instagram" });

    // With the cart's code, the total quoted after it.
    await createDiscountCode(
      s.db,
      TEST_ACTOR,
      m.store.id,
      {
        code: "AMIGOS10",
        kind: "percent",
        value: 10,
        minPurchase: null,
        startsOn: null,
        endsOn: null,
        maxUses: null,
        active: true,
      },
      s.clock.now(),
    );
    const coded = await leaveContact(
      s,
      m.url,
      `${m.taza.id}:1`,
      { buyerName: "Con código", buyerEmail: "c@correo.test" },
      "",
      `codigo=${codeKey("AMIGOS10")}`,
    );
    expect((await s.db.select().from(checkouts).where(eq(checkouts.id, coded)))[0]?.total).toBe(9_000);

    // The next step reads the contact back in the page's one batch.
    const page = (await answer(() =>
      checkoutLoader(
        siteArgs(s, m.url, "/Checkout?paso=entrega", { cookie: `carrito=${m.taza.id}:2; compra=${compra}` }) as never,
      ),
    )) as { data: { step: string; contact: { buyerName: string } } };
    expect(page.data).toMatchObject({ step: "delivery", contact: { buyerName: "Lucía Pérez" } });

    later(s, 59);
    expect((await listed(s, m)).abandoned).toEqual([]);
    later(s, 1);
    const cart = (await listed(s, m)).abandoned.find((c) => c.name === "Lucía Pérez");
    expect(cart).toMatchObject({ name: "Lucía Pérez", products: ["Taza x 2", "Mate x 1"], source: "Instagram" });
    expect(cart?.chatUrl).toMatch(/^https:\/\/wa\.me\/5491155551234\?text=/);
    expect(tokenOf(cart?.chatUrl ?? null)).toHaveLength(32);
    // The page as the merchant gets it: the buyer, their products and the WhatsApp link.
    const data = await listed(s, m);
    const Page = createRoutesStub([
      {
        path: "/",
        Component: () =>
          inMerchantVoice("es", createElement(AbandonedCartsPage, { loaderData: data, actionData: undefined } as never)),
      },
    ]);
    const html = renderToStaticMarkup(createElement(Page, { initialEntries: ["/"] }));
    expect(html).toContain('aria-label="Lucía Pérez"');
    expect(html).toContain("Taza x 2, Mate x 1");
    expect(html).toContain(`href="${cart?.chatUrl?.replaceAll("&", "&amp;")}"`);
    expect(html).toContain(">Escribir por WhatsApp</a>");

    // The merchant's delay: 2 hours hides it again until then.
    const saved = await workspaceRequest(s, {
      module: { action: cartsAction },
      cookie: m.cookie,
      method: "POST",
      path: `/Store/${m.store.id}/carritos`,
      params: { storeId: m.store.id },
      form: { intent: "settings", afterMinutes: "120", emailOn: "on", emailHours: "6" },
    });
    expect(saved.status).toBe(302);
    expect((await listed(s, m)).abandoned).toEqual([]);
    const refused = await workspaceRequest(s, {
      module: { action: cartsAction },
      cookie: m.cookie,
      method: "POST",
      path: `/Store/${m.store.id}/carritos`,
      params: { storeId: m.store.id },
      form: { intent: "settings", afterMinutes: "7", emailHours: "6" },
    });
    expect(refused.status).toBe(400);
  });

  it("restores the cart at today's prices: a changed price is told, a sold-out and a hidden product left out", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const hidden = await insertProduct(s.db, { storeId: m.store.id, name: "Bombilla", price: 5_000, stock: 9 }, s.clock.now());
    await leaveContact(s, m.url, `${m.taza.id}:2|${m.mate.id}:1|${hidden.id}:1|~whatsapp`, {
      buyerName: "Ana",
      buyerPhone: "11 4444-0000",
    });
    later(s, 61);
    const token = tokenOf((await listed(s, m)).abandoned[0]?.chatUrl ?? null);
    await s.db.update(products).set({ price: 12_000 }).where(eq(products.id, m.taza.id));
    await s.db.update(products).set({ stock: 0 }).where(eq(products.id, m.mate.id));
    await s.db.update(products).set({ published: false }).where(eq(products.id, hidden.id));

    // A new browser: no cookies at all.
    const r = (await answer(() =>
      restoreLoader(siteArgs(s, m.url, `/carrito/recuperar/${token}`, { params: { token } }) as never),
    )) as { data: { notices: string[]; count: number }; init: { headers: Headers } };
    expect(r.data.count).toBe(1);
    expect(r.data.notices).toEqual([
      "“Taza” cambió de precio: ahora $\u00a0120 (antes $\u00a0100).",
      "“Mate” está agotado y quedó fuera de tu carrito.",
      "“Bombilla” ya no está a la venta y quedó fuera de tu carrito.",
    ]);
    const set = new Headers(r.init.headers).getSetCookie().join("\n");
    expect(set).toContain(`carrito=${m.taza.id}:2|~whatsapp;`);
    expect(set).toMatch(/compra=[\w-]{24};/);

    // A wrong token, or another store's, restores nothing.
    const other = await shop(s, "Otra");
    const foreign = (await answer(() =>
      restoreLoader(siteArgs(s, other.url, `/carrito/recuperar/${token}`, { params: { token } }) as never),
    )) as { data: { found: boolean }; init: { status: number } };
    expect(foreign.data.found).toBe(false);
    expect(foreign.init.status).toBe(404);
  });

  it("the order from an abandoned checkout marks it recovered; one placed before the delay only leaves it", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const place = async (compra: string, product: string) => {
      const form = checkoutForm([`${product}:1`], { shownSubtotal: "10000", buyerPhone: "11 5555-1234" });
      const r = (await answer(() =>
        checkoutAction(siteArgs(s, m.url, "/Checkout", { method: "POST", body: form, cookie: `compra=${compra}` }) as never),
      )) as Response;
      expect(r.status).toBe(303);
      // The order spends the cookie.
      expect(cookieOf(r, "compra")).toBe("");
      const [sale] = await s.db.select().from(sales).where(eq(sales.buyerPhone, "11 5555-1234")).orderBy(sales.createdAt);
      return (await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).find((x) => x.id !== sale?.id) ?? sale;
    };
    const quick = await leaveContact(s, m.url, `${m.taza.id}:1`, { buyerName: "Rápida", buyerPhone: "11 5555-1234" });
    later(s, 5);
    const first = await place(quick, m.taza.id);
    expect(first?.recoveredCart).toBe(false);
    expect((await s.db.select().from(checkouts).where(eq(checkouts.id, quick)))[0]?.recoveredSaleId).toBe(first?.id);

    const slow = await leaveContact(s, m.url, `${m.taza.id}:1`, { buyerName: "Lenta", buyerEmail: "lenta@correo.test" });
    later(s, 90);
    // Coming back through the contact step keeps it listed (and so recovered by its order).
    expect(await leaveContact(s, m.url, `${m.taza.id}:1`, { buyerName: "Lenta", buyerEmail: "lenta@correo.test" }, slow)).toBe(
      slow,
    );
    expect((await listed(s, m)).abandoned.map((c) => c.name)).toEqual(["Lenta"]);
    const form = checkoutForm([`${m.taza.id}:1`], {
      shownSubtotal: "10000",
      buyerName: "Lenta",
      buyerEmail: "lenta@correo.test",
    });
    const r = (await answer(() =>
      checkoutAction(siteArgs(s, m.url, "/Checkout", { method: "POST", body: form, cookie: `compra=${slow}` }) as never),
    )) as Response;
    expect(r.status).toBe(303);
    const [recovered] = await s.db
      .select()
      .from(sales)
      .where(and(eq(sales.storeId, m.store.id), eq(sales.buyerName, "Lenta")));
    expect(recovered?.recoveredCart).toBe(true);
    const page = await listed(s, m);
    expect(page.abandoned).toEqual([]);
    expect(page.recovered.map((c) => c.saleId)).toEqual([recovered?.id]);
    expect(page.recoveredSummary).toEqual({ orders: 1, revenue: "$\u00a0100" });
    // The statistics' figure for today, in the same batch as the rest of the page.
    const today = localDay(s.clock.now().getTime(), m.store.timeZone);
    const stats = await loadStatistics(s.db, m.store, parsePeriod(new URLSearchParams("periodo=hoy"), today));
    expect(stats.recovered).toEqual({ orders: 1, revenue: 10_000 });

    // Another store's checkout id in the cookie links nothing.
    const other = await shop(s, "Otra");
    const foreign = await leaveContact(s, other.url, `${other.taza.id}:1`, { buyerName: "Ajena", buyerPhone: "11 3333-0000" });
    later(s, 90);
    await place(foreign, m.taza.id);
    expect((await s.db.select().from(checkouts).where(eq(checkouts.id, foreign)))[0]?.recoveredSaleId).toBeNull();
  });

  it("one reminder email after the store's hours, never twice even with two upkeep runs at once; opted out, none", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await leaveContact(s, m.url, `${m.taza.id}:1`, { buyerName: "Eva", buyerEmail: "eva@correo.test" });
    later(s, 5 * 60 + 59);
    await runUpkeep(s);
    const reminders = () => s.outbox.sent.filter((x) => x.subject === "Tu pedido en Carritos quedó sin terminar");
    expect(reminders()).toHaveLength(0);
    later(s, 1);
    const [a, b] = await Promise.all([runUpkeep(s), runUpkeep(s)]);
    expect((a?.cartReminders ?? 0) + (b?.cartReminders ?? 0)).toBe(1);
    await runUpkeep(s);
    expect(reminders()).toHaveLength(1);
    const mail = reminders()[0];
    expect(mail?.to).toBe("eva@correo.test");
    const restore = mail?.text.match(/\/carrito\/recuperar\/([\w-]+)/)?.[1] as string;
    const optOut = mail?.text.match(/\/carrito\/sin-correos\/([\w-]+)/)?.[1] as string;
    expect(restore).toHaveLength(32);
    expect(optOut).toBe(restore);

    // The opt-out: a new checkout by the same email gets no reminder from this store.
    const done = (await answer(() =>
      optOutAction(siteArgs(s, m.url, `/carrito/sin-correos/${optOut}`, { method: "POST", params: { token: optOut } }) as never),
    )) as { data: { done: boolean } };
    expect(done.data.done).toBe(true);
    await leaveContact(s, m.url, `${m.mate.id}:1`, { buyerName: "Eva", buyerEmail: "EVA@correo.test" });
    later(s, 7 * 60);
    await runUpkeep(s);
    expect(reminders()).toHaveLength(1);
    // Turned off by the store: none either.
    const n = await shop(s, "Sin correos");
    await workspaceRequest(s, {
      module: { action: cartsAction },
      cookie: n.cookie,
      method: "POST",
      path: `/Store/${n.store.id}/carritos`,
      params: { storeId: n.store.id },
      form: { intent: "settings", afterMinutes: "60", emailHours: "6" },
    });
    await leaveContact(s, n.url, `${n.taza.id}:1`, { buyerName: "Gus", buyerEmail: "gus@correo.test" });
    later(s, 7 * 60);
    await runUpkeep(s);
    expect(s.outbox.sent.filter((x) => x.to === "gus@correo.test")).toHaveLength(0);
    // A store switched off since (its link would not open): none either.
    const closed = await shop(s, "Cerrada");
    await leaveContact(s, closed.url, `${closed.taza.id}:1`, { buyerName: "Rita", buyerEmail: "rita@correo.test" });
    await s.db.update(stores).set({ active: false }).where(eq(stores.id, closed.store.id));
    later(s, 7 * 60);
    await runUpkeep(s);
    expect(s.outbox.sent.filter((x) => x.to === "rita@correo.test")).toHaveLength(0);
  });

  it("another store never sees them; the customer's deletion takes them; the upkeep purges them after 30 days", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const other = await shop(s, "Otra");
    const mine = await leaveContact(s, m.url, `${m.taza.id}:1`, { buyerName: "Marta", buyerPhone: "11 5555-1234" });
    await leaveContact(s, other.url, `${other.taza.id}:1`, { buyerName: "Paz", buyerPhone: "11 6666-1234" });
    later(s, 61);
    expect((await listed(s, m)).abandoned.map((c) => c.name)).toEqual(["Marta"]);
    expect((await listed(s, other)).abandoned.map((c) => c.name)).toEqual(["Paz"]);
    // The other merchant cannot delete this store's checkout through their page.
    const foreignDelete = await workspaceRequest(s, {
      module: { action: cartsAction },
      cookie: other.cookie,
      method: "POST",
      path: `/Store/${other.store.id}/carritos`,
      params: { storeId: other.store.id },
      form: { intent: "delete", id: mine },
    });
    expect(foreignDelete.status).toBe(404);
    // Their own 'Borrar' deletes their own cart and its contact.
    const theirs = await leaveContact(s, other.url, `${other.taza.id}:1`, { buyerName: "Borrable", buyerEmail: "b@correo.test" });
    const deleted = await workspaceRequest(s, {
      module: { action: cartsAction },
      cookie: other.cookie,
      method: "POST",
      path: `/Store/${other.store.id}/carritos`,
      params: { storeId: other.store.id },
      form: { intent: "delete", id: theirs },
    });
    expect(deleted.status).toBe(302);
    expect(await s.db.select().from(checkouts).where(eq(checkouts.id, theirs))).toEqual([]);

    // Marta orders later by the same number typed otherwise, then asks to be forgotten.
    const form = checkoutForm([`${m.taza.id}:1`], {
      shownSubtotal: "10000",
      buyerName: "Marta",
      buyerPhone: "+54 9 11 5555 1234",
    });
    await answer(() => checkoutAction(siteArgs(s, m.url, "/Checkout", { method: "POST", body: form }) as never));
    const [customer] = await s.db.select().from(customers).where(eq(customers.storeId, m.store.id));
    expect(await forgetCustomer(s, TEST_ACTOR, m.store.id, customer?.id ?? 0)).toBe(true);
    expect(await s.db.select().from(checkouts).where(eq(checkouts.storeId, m.store.id))).toEqual([]);
    expect(await s.db.select().from(checkouts).where(eq(checkouts.storeId, other.store.id))).toHaveLength(1);

    later(s, 30 * 24 * 60);
    expect((await runUpkeep(s)).checkoutsPurged).toBeGreaterThanOrEqual(1);
    expect(await s.db.select().from(checkouts).where(eq(checkouts.storeId, other.store.id))).toEqual([]);
  });
});
