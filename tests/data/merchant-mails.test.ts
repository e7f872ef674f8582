// The platform's emails about paying for Vitrina and about orders, read from the outbox with the test clock: the
// reminders the upkeep sends (once per due date, never to a merchant who turned them off), a payment's result (once),
// the buyer's receipt of an order, and the merchant's choice of new-order emails.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { setMailChoices } from "~/auth/users.server";
import { sendBillingReminders } from "~/billing/merchant-mails.server";
import { decideSandboxPayment, startCheckout } from "~/billing/payments.server";
import { formatMoney } from "~/domain/money";
import { runUpkeep } from "~/upkeep.server";
import { merchantMails, products, stores, users } from "../../db/schema";
import { checkoutForm, postCheckout } from "../support/checkout";
import { merchantWithStore } from "../support/merchants";
import { createTestServices } from "../support/services";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
const DAY = 86_400_000;
/** The standard monthly bill as every Vitrina page writes it. */
const BILL = formatMoney(499, "USD", null);

/** A merchant whose bill is due on `due`; `paid` gives them an applied renewal (a paid period, not the free month). */
async function merchantDue(s: S, due: Date, paid = false) {
  const m = await merchantWithStore(s);
  await s.db.update(users).set({ billDueAt: due }).where(eq(users.id, m.id));
  if (paid) {
    const user = await s.db.query.users.findFirst({ where: eq(users.id, m.id) });
    const checkout = await startCheckout(s, user as NonNullable<typeof user>, { kind: "renewal" });
    await decideSandboxPayment(s, checkout.code, "approved");
    // The renewal moved the date on: put it back where the test wants it.
    await s.db.update(users).set({ billDueAt: due }).where(eq(users.id, m.id));
  }
  return { ...m, email: `${m.id}@correo.test` };
}

const mailsTo = (s: S, email: string) => s.outbox.sent.filter((m) => m.to === email);
const at = (s: S, when: Date) => {
  s.testClock.current = when;
};

describe("reminders before a due date", () => {
  it("the free month's end: 3 days before, once, with the amount and the page to pay", async () => {
    const s = createTestServices();
    const due = new Date("2026-04-20T15:00:00Z");
    const m = await merchantDue(s, due);
    at(s, new Date(due.getTime() - 4 * DAY));
    expect(await sendBillingReminders(s)).toBe(0);
    at(s, new Date(due.getTime() - 3 * DAY));
    expect((await runUpkeep(s)).reminders).toBe(1);
    const [mail] = mailsTo(s, m.email);
    expect(mail?.subject).toBe("Tu mes gratis en Vitrina termina en 3 días");
    expect(mail?.text).toContain("Tu mes de prueba del plan Standard mensual termina el 20 de abril de 2026.");
    expect(mail?.text).toContain(`paga ${BILL} antes de esa fecha`);
    expect(mail?.text).toContain("Pagar mi plan: http://localhost:3999/payment");
    expect(mail?.text).toContain("Cuenta → Correos");
    expect(mail?.html).toContain('href="http://localhost:3999/payment"');
    // The next runs of the window, and two at once, send nothing more.
    at(s, new Date(due.getTime() - 1 * DAY));
    expect(await Promise.all([sendBillingReminders(s), sendBillingReminders(s)])).toEqual([0, 0]);
    expect(mailsTo(s, m.email)).toHaveLength(1);
  });

  it("speak as the merchant's first store's country: 'vos' for a store in Argentina, and the payment's result too", async () => {
    const s = createTestServices();
    const due = new Date("2026-04-20T15:00:00Z");
    const m = await merchantDue(s, due);
    await s.db.update(stores).set({ country: "AR" }).where(eq(stores.id, m.store.id));
    at(s, new Date(due.getTime() - 3 * DAY));
    await sendBillingReminders(s);
    const [mail] = mailsTo(s, m.email);
    expect(mail?.subject).toBe("Tu mes gratis en Vitrina termina en 3 días");
    expect(mail?.text).toContain(`pagá ${BILL} antes de esa fecha. Si no pagás,`);
    expect(mail?.text).toContain("Podés dejar de recibir estos recordatorios en Cuenta → Correos.");
    const user = await s.db.query.users.findFirst({ where: eq(users.id, m.id) });
    const checkout = await startCheckout(s, user as NonNullable<typeof user>, { kind: "renewal" });
    await decideSandboxPayment(s, checkout.code, "rejected");
    expect(mailsTo(s, m.email)[1]?.text).toContain("Podés intentarlo de nuevo con otra tarjeta o medio de pago.");
  });

  it("a paid period's bill: 6 days before; the next due date gets its own reminder", async () => {
    const s = createTestServices();
    const due = new Date("2026-05-10T15:00:00Z");
    const m = await merchantDue(s, due, true);
    const before = mailsTo(s, m.email).length;
    at(s, new Date(due.getTime() - 7 * DAY));
    await sendBillingReminders(s);
    expect(mailsTo(s, m.email)).toHaveLength(before);
    at(s, new Date(due.getTime() - 6 * DAY));
    await sendBillingReminders(s);
    expect(mailsTo(s, m.email).at(-1)?.subject).toBe("Tu pago de Vitrina vence en 6 días");
    expect(mailsTo(s, m.email).at(-1)?.text).toContain(
      `Tu plan Standard mensual vence el 10 de mayo de 2026: el pago es de ${BILL}.`,
    );
    // Paid: the date moves a month on, and that date is reminded of in its turn.
    const next = new Date("2026-06-10T15:00:00Z");
    await s.db.update(users).set({ billDueAt: next }).where(eq(users.id, m.id));
    at(s, new Date(next.getTime() - 1 * DAY));
    await sendBillingReminders(s);
    expect(mailsTo(s, m.email).at(-1)?.subject).toBe("Tu pago de Vitrina vence mañana");
    expect(mailsTo(s, m.email)).toHaveLength(before + 2);
  });

  it("a merchant who turned reminders off gets none; turned on again, the pending one comes", async () => {
    const s = createTestServices();
    const due = new Date("2026-04-20T15:00:00Z");
    const m = await merchantDue(s, due);
    await setMailChoices(s.db, m.id, { reminderMails: false, orderMails: true });
    at(s, new Date(due.getTime() - 2 * DAY));
    expect(await sendBillingReminders(s)).toBe(0);
    expect(mailsTo(s, m.email)).toEqual([]);
    await setMailChoices(s.db, m.id, { reminderMails: true, orderMails: true });
    expect(await sendBillingReminders(s)).toBe(1);
    expect(mailsTo(s, m.email)[0]?.subject).toBe("Tu mes gratis en Vitrina termina en 2 días");
  });

  it("merchants early in their free month's last week never crowd out one whose reminder is due", async () => {
    const s = createTestServices();
    const due = new Date("2026-04-20T15:00:00Z");
    // More than one run's worth of free months ending in 4 to 6 days: none is owed a reminder yet.
    for (let i = 0; i < 55; i++) await merchantDue(s, new Date(due.getTime() + (1 + (i % 3)) * DAY));
    const owed = await merchantDue(s, due);
    at(s, new Date(due.getTime() - 3 * DAY));
    expect(await sendBillingReminders(s)).toBe(1);
    expect(mailsTo(s, owed.email).map((mail) => mail.subject)).toEqual(["Tu mes gratis en Vitrina termina en 3 días"]);
  });

  it("a mail the provider refuses is queued and delivered by the upkeep, never sent twice", async () => {
    const s = createTestServices();
    const due = new Date("2026-04-20T15:00:00Z");
    const m = await merchantDue(s, due);
    at(s, new Date(due.getTime() - 3 * DAY));
    const send = s.outbox.send.bind(s.outbox);
    s.outbox.send = async () => {
      throw new Error("proveedor caído");
    };
    await sendBillingReminders(s);
    expect(mailsTo(s, m.email)).toEqual([]);
    s.outbox.send = send;
    at(s, new Date(due.getTime() - 3 * DAY + 5 * 60_000));
    const report = await runUpkeep(s);
    expect(report).toMatchObject({ reminders: 0, mails: 1 });
    expect(mailsTo(s, m.email).map((mail) => mail.subject)).toEqual(["Tu mes gratis en Vitrina termina en 3 días"]);
  });
});

describe("a payment's result", () => {
  it("approved: one email with what was paid and the next due date, however often it is confirmed", async () => {
    const s = createTestServices();
    const m = await merchantDue(s, new Date("2026-03-31T12:00:00Z"));
    const user = await s.db.query.users.findFirst({ where: eq(users.id, m.id) });
    const checkout = await startCheckout(s, user as NonNullable<typeof user>, { kind: "renewal" });
    await decideSandboxPayment(s, checkout.code, "approved");
    await decideSandboxPayment(s, checkout.code, "approved");
    const mails = mailsTo(s, m.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Pago aprobado: Renovación de mensualidad"]);
    expect(mails[0]?.text).toContain(`Recibimos tu pago de ${BILL} (Renovación de mensualidad, referencia ${checkout.code}).`);
    expect(mails[0]?.text).toContain("Tu próximo pago vence el 30 de abril de 2026.");
  });

  it("refused: one email saying nothing was charged, with the page to try again", async () => {
    const s = createTestServices();
    const m = await merchantDue(s, new Date("2026-03-31T12:00:00Z"));
    const user = await s.db.query.users.findFirst({ where: eq(users.id, m.id) });
    const checkout = await startCheckout(s, user as NonNullable<typeof user>, { kind: "stores", quantity: 2 });
    await decideSandboxPayment(s, checkout.code, "rejected");
    await decideSandboxPayment(s, checkout.code, "rejected");
    const mails = mailsTo(s, m.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Tu pago no se pudo completar: Compra de tiendas"]);
    expect(mails[0]?.text).toContain("No se te cobró nada.");
    expect(mails[0]?.text).toContain("Intentar de nuevo: http://localhost:3999/buyStore");
    expect(await s.db.select().from(merchantMails).where(eq(merchantMails.userId, m.id))).toHaveLength(1);
  });

  it("a result that cannot be mailed never undoes the payment or fails its notification", async () => {
    const s = createTestServices();
    const m = await merchantDue(s, new Date("2026-03-31T12:00:00Z"));
    const user = await s.db.query.users.findFirst({ where: eq(users.id, m.id) });
    const checkout = await startCheckout(s, user as NonNullable<typeof user>, { kind: "renewal" });
    // The record of sent mails is gone (a broken database in the middle of the request).
    await s.db.run(sql`drop table merchant_mails`);
    expect((await decideSandboxPayment(s, checkout.code, "approved")).outcome).toBe("applied");
    expect((await s.db.query.users.findFirst({ where: eq(users.id, m.id) }))?.billDueAt?.toISOString()).toBe(
      "2026-04-30T12:00:00.000Z",
    );
    expect(mailsTo(s, m.email)).toEqual([]);
  });
});

describe("an order's emails", () => {
  async function shop(s: S) {
    const m = await merchantWithStore(s, "standard", { saleNumber: "573001112233" });
    const productId = "4000001";
    await s.db.insert(products).values({
      id: productId,
      storeId: m.store.id,
      name: "Arepa rellena",
      searchText: " arepa rellena",
      price: 1500,
      stock: 5,
      createdAt: s.clock.now(),
    });
    return { ...m, email: `${m.id}@correo.test`, productId };
  }

  it("the buyer who gives an email gets the order's receipt with its link; the merchant gets theirs", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await postCheckout(
      s,
      m.store.url,
      checkoutForm([`${m.productId}:2`], { buyerEmail: "lu@correo.test", shownSubtotal: "3000" }),
    );
    const [buyer] = mailsTo(s, "lu@correo.test");
    const code = buyer?.subject.match(/pedido (\d{10})/)?.[1] ?? "";
    expect(buyer?.subject).toBe(`Recibimos tu pedido ${code} en ${m.store.name}`);
    expect(buyer?.text).toContain(`${m.store.name} recibió tu pedido ${code}. Te escribiremos cuando la tienda lo confirme.`);
    expect(buyer?.text).toContain("Arepa rellena x 2");
    expect(buyer?.text).toMatch(new RegExp(`Ver tu pedido: http://${m.store.url}\\.localhost:3999/Order/${code}\\?t=`));
    expect(mailsTo(s, m.email).map((mail) => mail.subject)).toEqual([expect.stringContaining(code)]);
  });

  it("a merchant who turned new-order emails off gets none; the buyer still gets theirs", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await setMailChoices(s.db, m.id, { reminderMails: true, orderMails: false });
    await postCheckout(
      s,
      m.store.url,
      checkoutForm([`${m.productId}:1`], { buyerEmail: "lu@correo.test", shownSubtotal: "1500" }),
    );
    expect(mailsTo(s, "lu@correo.test")).toHaveLength(1);
    expect(mailsTo(s, m.email)).toEqual([]);
  });
});
