// A store's staff: every workspace page for each role (allowed and refused, GET and POST, as a page and as `.data`),
// through the merchant guard and the workspace's middleware; invitations (7 days, one use), removal, the plan's limits.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createSession, getSessionUser } from "~/auth/sessions.server";
import { translatorFor } from "~/domain/message-catalogs";
import { type StaffRole, WORKSPACE_ACCESS } from "~/domain/staff-roles";
import { requireMerchant } from "~/merchant/session.server";
import { servicesContext } from "~/services/services";
import { createStore } from "~/stores/stores.server";
import { acceptInvitation, findInvitation, inviteMember, listTeam, registerMember, removeMember } from "~/team/members.server";
import * as invitationPage from "~/team/routes/invitation";
import { handleTeamAction } from "~/team/team-actions.server";
import { billingLinksContext, type Merchant, type Store } from "~/workspace/context.server";
import { merchantAccount, merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { type RouteModule, workspaceRequest } from "../support/workspace-request";

type S = ReturnType<typeof createTestServices>;
const DAY = 86_400_000;

/** Stands in for every page: the middleware decides; a page it lets through answers 200. */
const anyPage: RouteModule = { loader: () => "ok", action: () => "ok" };

const cookieOf = async (s: S, userId: string) => (await createSession(s, userId)).split(";")[0] ?? "";

async function send(s: S, cookie: string, method: "GET" | "POST", path: string, storeId: string, intent = "save") {
  const form = method === "POST" ? { intent } : undefined;
  return (await workspaceRequest(s, { module: anyPage, cookie, method, path, params: { storeId }, form })).status;
}

/** A member of `storeId` with `role` and no plan of their own (as the invitation's sign-up makes them), signed in. */
async function member(s: S, store: Store, owner: Merchant, role: StaffRole, email = `${crypto.randomUUID()}@equipo.test`) {
  const link = await inviteMember(s, store, owner, { email, role });
  const invitation = await findInvitation(s.db, link.split("/").pop() ?? "", s.clock.now());
  if (!invitation) throw new Error("invitation not found");
  const cookie = await registerMember(s, invitation, { name: "Eva", lastname: "Paz", password: "una clave larga" });
  if (!cookie) throw new Error("not registered");
  const user = await s.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
  return { id: user?.id ?? "", cookie: cookie.split(";")[0] ?? "", email };
}

async function ownerWithStore(s: S, plan: "standard" | "premium" = "standard") {
  const { id, store } = await merchantWithStore(s, plan);
  const owner = (await s.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, id) })) as Merchant;
  return { owner, store, cookie: await cookieOf(s, id) };
}

/** A concrete path of a pattern below the store. */
const concrete = (storeId: string, pattern: string) =>
  `/Store/${storeId}${pattern === "" ? "" : "/"}${pattern
    .replace(":type", "product")
    .replace(":format", "png")
    .replace(/:[A-Za-z]+/g, "1234567890")}`;

describe("roles × every workspace page", () => {
  it("lets each role read and change exactly its pages (403 otherwise), as a page and as `.data`; a stranger gets 404", async () => {
    const s = createTestServices();
    const { owner, store, cookie: ownerCookie } = await ownerWithStore(s);
    const other = await ownerWithStore(s);
    const people = {
      owner: ownerCookie,
      admin: (await member(s, store, owner, "admin")).cookie,
      sales: (await member(s, store, owner, "sales")).cookie,
      catalog: (await member(s, store, owner, "catalog")).cookie,
    };
    // Another store's owner and its administrator (each role of another team: tests/data/store-tenant-isolation).
    const outsiders = [other.cookie, (await member(s, other.store, other.owner, "admin")).cookie];
    const failures: string[] = [];
    let checked = 0;
    for (const [pattern, rule] of Object.entries(WORKSPACE_ACCESS)) {
      const page = concrete(store.id, pattern);
      for (const path of [page, `${page}.data`]) {
        for (const method of ["GET", "POST"] as const) {
          const allowed = method === "GET" ? rule.read : rule.change;
          for (const [role, cookie] of Object.entries(people)) {
            const want = allowed.includes(role as never) ? 200 : 403;
            const got = await send(s, cookie, method, path, store.id);
            checked++;
            if (got !== want) failures.push(`${role} ${method} ${path}: ${got}, not ${want}`);
          }
          // The store is refused before the path is read: a GET of the page and a change through `.data` suffice.
          if ((method === "GET") === path.endsWith(".data")) continue;
          for (const cookie of outsiders) {
            const got = await send(s, cookie, method, path, store.id);
            checked++;
            if (got !== 404) failures.push(`outsider ${method} ${path}: ${got}, not 404`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(800);
  }, 120_000);

  it("words the 403 in the merchant's variant: 'vos' for an owner whose first store is in Argentina", async () => {
    const s = createTestServices();
    const { id, store } = await merchantWithStore(s, "standard", { country: "AR" });
    const cookie = await cookieOf(s, id);
    const path = `/Store/${store.id}/pagina-sin-regla`;
    const refused = await workspaceRequest(s, { module: anyPage, cookie, method: "GET", path, params: { storeId: store.id } });
    expect(refused).toMatchObject({
      status: 403,
      data: { kind: "forbidden", title: "No tenés acceso a esta sección" },
    });
  });

  it("refuses a page the table does not name, to the owner too; and the owner's intents on a shared page", async () => {
    const s = createTestServices();
    const { owner, store, cookie } = await ownerWithStore(s);
    const admin = await member(s, store, owner, "admin");
    expect(await send(s, cookie, "GET", `/Store/${store.id}/pagina-sin-regla`, store.id)).toBe(403);
    expect(await send(s, cookie, "POST", `/Store/${store.id}/info`, store.id, "delete")).toBe(200);
    expect(await send(s, admin.cookie, "POST", `/Store/${store.id}/info`, store.id, "delete")).toBe(403);
    expect(await send(s, admin.cookie, "POST", `/Store/${store.id}/info`, store.id, "info")).toBe(200);
  });

  it("a member without a plan is never sent to /plans on their store; an overdue owner's bill refuses the member what it closes, never sends them to pay", async () => {
    const s = createTestServices();
    const { owner, store } = await ownerWithStore(s);
    const sales = await member(s, store, owner, "sales");
    const catalog = await member(s, store, owner, "catalog");
    expect(await send(s, sales.cookie, "GET", `/Store/${store.id}/sales`, store.id)).toBe(200);
    // In the grace period the sales desk stays open, the rest closes.
    await s.db.$client.execute({
      sql: "update users set bill_due_at = ? where id = ?",
      args: [s.clock.now().getTime() - DAY, owner.id],
    });
    expect(await send(s, sales.cookie, "GET", `/Store/${store.id}/sales`, store.id)).toBe(200);
    expect(await send(s, catalog.cookie, "GET", `/Store/${store.id}/products`, store.id)).toBe(403);
    await s.db.$client.execute({
      sql: "update users set bill_due_at = ? where id = ?",
      args: [s.clock.now().getTime() - 11 * DAY, owner.id],
    });
    expect(await send(s, sales.cookie, "GET", `/Store/${store.id}/sales`, store.id)).toBe(403);
    // Their own pages: the store list opens; a store of their own asks for a plan first.
    const request = async (path: string, cookie = sales.cookie) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, s);
      const args = {
        request: new Request(`http://localhost:3999${path}`, { headers: { cookie } }),
        params: {},
        context,
      };
      try {
        // The page answers whether its menu offers 'Pagar' and 'Plan'.
        return await requireMerchant(args, async () => new Response(String(context.get(billingLinksContext))));
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const list = await request("/");
    expect(list.status).toBe(200);
    // Not the owner's bill to pay, nor a plan to start from the menu; a merchant with a plan keeps both.
    expect(await list.text()).toBe("false");
    expect(await (await request("/", (await ownerWithStore(s)).cookie)).text()).toBe("true");
    const newStore = await request("/newStore");
    expect([newStore.status, newStore.headers.get("Location")]).toEqual([302, "/plans"]);
  });
});

describe("invitations", () => {
  it("are emailed with a link valid 7 days, stored hashed, and used once", async () => {
    const s = createTestServices();
    const { owner, store } = await ownerWithStore(s);
    const form = new FormData();
    form.set("intent", "invite");
    form.set("email", " Eva@Equipo.test ");
    form.set("role", "sales");
    expect(((await handleTeamAction(s, store, owner, form)) as Response).status).toBe(302);
    const mail = s.outbox.sent.at(-1);
    expect(mail?.to).toBe("eva@equipo.test");
    const token = mail?.text.match(/\/equipo\/invitacion\/([A-Za-z0-9_-]{43})/)?.[1] ?? "";
    expect(token).not.toBe("");
    const [row] = (await s.db.$client.execute("select * from store_invitations")).rows;
    expect(row?.token_hash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);

    // 7 days later less a minute it is still valid; 7 days later it is not.
    const sent = s.clock.now().getTime();
    s.testClock.current = new Date(sent + 7 * DAY - 60_000);
    expect(await findInvitation(s.db, token, s.clock.now())).not.toBeNull();
    s.testClock.current = new Date(sent + 7 * DAY);
    expect(await findInvitation(s.db, token, s.clock.now())).toBeNull();

    // A fresh one is used once: the second use, by anyone, is refused.
    s.testClock.current = new Date(sent);
    const link = await inviteMember(s, store, owner, { email: "luz@equipo.test", role: "catalog" });
    const fresh = link.split("/").pop() ?? "";
    const invitation = await findInvitation(s.db, fresh, s.clock.now());
    if (!invitation) throw new Error("no invitation");
    const first = await merchantAccount(s, "standard", { email: "luz@equipo.test" });
    const second = await merchantAccount(s);
    expect(await acceptInvitation(s.db, invitation, first, s.clock.now())).toBe(true);
    expect(await acceptInvitation(s.db, invitation, second, s.clock.now())).toBe(false);
    expect(await findInvitation(s.db, fresh, s.clock.now())).toBeNull();
    const team = await listTeam(s.db, store.id, s.clock.now());
    expect(team.members.map((m) => [m.userId, m.role])).toEqual([[first, "catalog"]]);

    // Through the sign-up too: the second use makes no account and adds nobody.
    const sol = await findInvitation(
      s.db,
      (await inviteMember(s, store, owner, { email: "sol@equipo.test", role: "sales" })).split("/").pop() ?? "",
      s.clock.now(),
    );
    if (!sol) throw new Error("no invitation");
    const person = { name: "Sol", lastname: "Díaz", password: "otra clave larga" };
    expect(await acceptInvitation(s.db, sol, second, s.clock.now())).toBe(true);
    expect(await registerMember(s, sol, person)).toBeNull();
    expect(await s.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "sol@equipo.test") })).toBeUndefined();
    expect((await listTeam(s.db, store.id, s.clock.now())).members).toHaveLength(2);
  });

  it("refuse the owner's own email and a person already in the team", async () => {
    const s = createTestServices();
    const { owner, store } = await ownerWithStore(s);
    const eva = await member(s, store, owner, "sales");
    await expect(inviteMember(s, store, owner, { email: owner.email, role: "admin" })).rejects.toThrow(/dueño/);
    await expect(inviteMember(s, store, owner, { email: eva.email, role: "admin" })).rejects.toThrow(/ya es parte/);
  });

  it("speak as an Argentine merchant and store do: the refusal and the invitation's email in 'vos'", async () => {
    const s = createTestServices();
    const { owner, store } = await ownerWithStore(s);
    const argentine = { ...store, country: "AR" };
    await expect(inviteMember(s, argentine, owner, { email: owner.email, role: "admin" })).rejects.toThrow(
      "Ese correo es el tuyo: ya sos el dueño de la tienda.",
    );
    await inviteMember(s, argentine, owner, { email: "vos@equipo.test", role: "sales" });
    const email = s.outbox.sent.find((m) => m.to === "vos@equipo.test");
    expect(email?.text).toContain("Para aceptar, abrí este enlace (vence en 7 días y sirve una sola vez). Podés crear");
    expect(email?.html).toContain("Si no conocés a quien te invita, ignorá este correo.");
    // Who invites, to which store and role: the sentence's arguments filled in, never its ICU source.
    expect(email?.text).toMatch(new RegExp(`te invita a trabajar en la tienda ${store.name} en Vitrina con el rol \\w+`));
    expect(email?.text).not.toContain("{inviter}");
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "invite", email: "x", role: "sales" })) form.set(k, v);
    const bad = await handleTeamAction(s, store, owner, form, translatorFor("es-AR"));
    expect(JSON.stringify(bad)).toContain("Escribí un correo válido, como nombre@correo.com");
  });
});

describe("'Equipo' and the invitation's page", () => {
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return form;
  };
  const statusOf = (answer: unknown) =>
    answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200);

  it("refuses bad input in Spanish with a 4xx, changes a role, removes, cancels", async () => {
    const s = createTestServices();
    const { owner, store } = await ownerWithStore(s);
    const eva = await member(s, store, owner, "sales");
    const act = (fields: Record<string, string>) => handleTeamAction(s, store, owner, formOf(fields));
    const bad = await act({ intent: "invite", email: "no-es-un-correo", role: "sales" });
    expect([statusOf(bad), JSON.stringify(bad)]).toEqual([400, expect.stringContaining("Escribe un correo válido")]);
    expect(statusOf(await act({ intent: "invite", email: "a@b.test", role: "owner" }))).toBe(400);
    expect(statusOf(await act({ intent: "role", userId: eva.id, role: "admin" }))).toBe(302);
    expect((await listTeam(s.db, store.id, s.clock.now())).members[0]?.role).toBe("admin");
    // Someone of another store's team is not in this one.
    const other = await ownerWithStore(s);
    const stranger = await member(s, other.store, other.owner, "sales");
    expect(statusOf(await act({ intent: "role", userId: stranger.id, role: "admin" }))).toBe(404);
    expect(statusOf(await act({ intent: "remove", userId: stranger.id }))).toBe(404);
    expect(statusOf(await act({ intent: "remove", userId: eva.id }))).toBe(302);
    await inviteMember(s, store, owner, { email: "luz@equipo.test", role: "catalog" });
    const [waiting] = (await listTeam(s.db, store.id, s.clock.now())).invitations;
    expect(statusOf(await act({ intent: "cancel", id: waiting?.id ?? "" }))).toBe(302);
    expect((await listTeam(s.db, store.id, s.clock.now())).invitations).toEqual([]);
  });

  it("lets a signed-in person accept for their account, and answers 410 to a used link", async () => {
    const s = createTestServices();
    const { owner, store } = await ownerWithStore(s);
    const ana = await merchantAccount(s);
    const link = await inviteMember(s, store, owner, { email: "ana@equipo.test", role: "catalog" });
    const token = link.split("/").pop() ?? "";
    const post = async (cookie: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, s);
      const request = new Request(link, { method: "POST", headers: { cookie }, body: formOf({ intent: "accept" }) });
      return invitationPage.action({ request, params: { token }, context } as never);
    };
    const accepted = await post(await cookieOf(s, ana));
    expect([statusOf(accepted), (accepted as Response).headers.get("Location")]).toEqual([302, `/Store/${store.id}`]);
    const team = await listTeam(s.db, store.id, s.clock.now());
    expect(team.members.map((m) => [m.userId, m.role])).toEqual([[ana, "catalog"]]);
    expect(statusOf(await post(await cookieOf(s, await merchantAccount(s))))).toBe(410);
  });
});

describe("removing a member", () => {
  it("ends their access at the next request, and their sessions when no other store is left to them", async () => {
    const s = createTestServices();
    const { owner, store } = await ownerWithStore(s);
    const other = await ownerWithStore(s);
    const eva = await member(s, store, owner, "sales");
    const request = new Request("http://localhost:3999/", { headers: { cookie: eva.cookie } });
    expect((await getSessionUser(s, request, { storeId: store.id }))?.storeAccess?.role).toBe("sales");
    expect(await removeMember(s.db, TEST_ACTOR, store.id, eva.id, s.clock.now())).toBe(true);
    expect(await send(s, eva.cookie, "GET", `/Store/${store.id}/sales`, store.id)).not.toBe(200);
    // Nothing left to them: signed out everywhere.
    expect(await getSessionUser(s, request)).toBeNull();

    // Someone who also works on another store keeps their sign-in there, and loses this one at once.
    const luz = await member(s, store, owner, "catalog");
    const link = await inviteMember(s, other.store, other.owner, { email: luz.email, role: "sales" });
    const invitation = await findInvitation(s.db, link.split("/").pop() ?? "", s.clock.now());
    if (!invitation) throw new Error("no invitation");
    expect(await acceptInvitation(s.db, invitation, luz.id, s.clock.now())).toBe(true);
    expect(await send(s, luz.cookie, "GET", `/Store/${store.id}/products`, store.id)).toBe(200);
    expect(await removeMember(s.db, TEST_ACTOR, store.id, luz.id, s.clock.now())).toBe(true);
    expect(await send(s, luz.cookie, "GET", `/Store/${store.id}/products`, store.id)).toBe(404);
    expect(await send(s, luz.cookie, "GET", `/Store/${other.store.id}/sales`, other.store.id)).toBe(200);
    // Removing someone who is not in the team ends nobody's sessions.
    const stranger = await merchantAccount(s, "standard", { trialStarted: false });
    const strangerCookie = await cookieOf(s, stranger);
    expect(await removeMember(s.db, TEST_ACTOR, store.id, stranger, s.clock.now())).toBe(false);
    expect(
      await getSessionUser(s, new Request("http://localhost:3999/", { headers: { cookie: strangerCookie } })),
    ).not.toBeNull();
  });
});

describe("the plan's limits", () => {
  it("count only the stores a user owns; a member's store pages go by the owner's plan", async () => {
    const s = createTestServices();
    const premium = await ownerWithStore(s, "premium");
    // A standard merchant with one store of its own (the limit) works on the premium store too.
    const { id: ana, store: anaStore } = await merchantWithStore(s, "standard", {}, { storesLimit: 2 });
    const link = await inviteMember(s, premium.store, premium.owner, { email: `${ana}@correo.test`, role: "catalog" });
    const invitation = await findInvitation(s.db, link.split("/").pop() ?? "", s.clock.now());
    if (!invitation) throw new Error("no invitation");
    expect(await acceptInvitation(s.db, invitation, ana, s.clock.now())).toBe(true);
    const created = await createStore(s, ana, { name: "Segunda de Ana", category: 6, timeZone: null }, false);
    expect(created.kind).toBe("created");
    // The third owned store would pass the limit (the member's store never counted).
    expect((await createStore(s, ana, { name: "Tercera de Ana", category: 6, timeZone: null }, false)).kind).toBe(
      "needs_confirmation",
    );
    const cookie = await cookieOf(s, ana);
    const request = new Request("http://localhost:3999/", { headers: { cookie } });
    const onPremium = await getSessionUser(s, request, { storeId: premium.store.id });
    expect(onPremium?.storeAccess?.ownerLimits.products).toBeNull();
    const onOwn = await getSessionUser(s, request, { storeId: anaStore.id });
    expect([onOwn?.storeAccess?.role, onOwn?.storeAccess?.ownerLimits.products]).toEqual(["owner", 30]);
  });
});
