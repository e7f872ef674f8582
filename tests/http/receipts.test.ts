// A transfer's receipt on the built Node server: uploaded by the buyer from the order page, bounded before it is
// read, kept out of every public address, and shown to the store's owner and its sales desk's team only. And every
// workspace page's data read by each member of the team through the same server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { type StaffRole, WORKSPACE_ACCESS } from "~/domain/staff-roles";
import { RECEIPT_MAX_BYTES, RECEIPT_MESSAGES } from "~/orders/receipts";
import { merchantWithStore, staffMember, testPasswordHash } from "../support/merchants";
import { placeDemoOrder } from "./demo-order";
import { CookieJar, type Reply, type RunningServer, send, signIn, startServer } from "./server";

let server: RunningServer;
const owner = new CookieJar();
const stranger = new CookieJar();
/** Members of the demo store's team, by role. */
const staff: Record<StaffRole, CookieJar> = { sales: new CookieJar(), catalog: new CookieJar(), admin: new CookieJar() };
let storeId: string;
let order: { code: string; token: string };

/** The other merchant's own store. */
let strangerStoreId: string;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

beforeAll(async () => {
  server = await startServer();
  const db = server.db();
  storeId = String((await db.execute("select id from stores where url = 'demo'")).rows[0]?.id);
  await db.execute({
    sql: "insert into store_payment_methods (store_id, method, enabled, key_label, key_value) values (?, 'transfer', 1, 'Alias', 'demo.tienda')",
    args: [storeId],
  });
  expect((await signIn(server, owner)).status).toBe(302);
  // Another merchant in good standing, with a store of their own.
  const email = `otra-${Date.now()}@correo.test`;
  strangerStoreId = (
    await merchantWithStore(
      db,
      "standard",
      { name: "Otra", url: "otra-tienda" },
      { name: "Otra", lastname: "Tienda", email, passwordHash: await testPasswordHash("clave-de-otra-tienda") },
    )
  ).store.id;
  expect((await signIn(server, stranger, email, "clave-de-otra-tienda")).status).toBe(302);
  for (const [role, jar] of Object.entries(staff)) {
    const memberEmail = `${role}-${Date.now()}@equipo.test`;
    await staffMember(db, storeId, role as StaffRole, {
      email: memberEmail,
      passwordHash: await testPasswordHash("clave-del-equipo"),
    });
    expect((await signIn(server, jar, memberEmail, "clave-del-equipo")).status).toBe(302);
  }
  const placed = await placeDemoOrder(server, { payment: "transfer" });
  expect(placed.checkout.status).toBe(303);
  order = placed;
}, 90_000);
afterAll(() => server?.stop());

async function upload(file: { bytes: Uint8Array; name: string; type: string }): Promise<Reply> {
  const data = new FormData();
  data.set("intent", "receipt");
  data.set("receipt", new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  const request = new Request("http://x/", { method: "POST", body: data });
  return send(server, `/site/demo/Order/${order.code}?t=${order.token}`, {
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    body: new Uint8Array(await request.arrayBuffer()),
  });
}

const receiptPath = () => `/Store/${storeId}/sales/${order.code}/receipt`;
const savedKey = async () =>
  String(
    (await server.db().execute({ sql: "select receipt_key from sales where id = ?", args: [order.code] })).rows[0]?.receipt_key,
  );

describe("a transfer's receipt", () => {
  it("refuses a body over the upload limit from its declared length, unread", async () => {
    const reply = await send(server, `/site/demo/Order/${order.code}?t=${order.token}`, {
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(RECEIPT_MAX_BYTES + 2 * 1024 * 1024),
      },
      stream: (async function* () {
        yield new Uint8Array(1024);
      })(),
    });
    expect(reply.status).toBe(413);
  });

  it("refuses a page named like a PDF, by its bytes, in Spanish", async () => {
    const html = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");
    const reply = await upload({ bytes: html, name: "comprobante.pdf", type: "application/pdf" });
    expect(reply.status).toBe(415);
    expect(reply.body).toContain(translatorFor("es")(RECEIPT_MESSAGES.format));
    expect(await savedKey()).toBe("null");
  });

  it("is kept for the owner and the sales desk: not the public, not another merchant, not under another sale, never at /files", async () => {
    const sent = await upload({ bytes: PNG, name: "comprobante.png", type: "image/png" });
    expect(sent.status).toBe(303);
    const key = await savedKey();
    expect(key).toMatch(/^stores\/\d{10}\/private\/receipts\//);

    const mine = await send(server, receiptPath(), { headers: { Cookie: owner.header } });
    expect(mine.status).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(mine.headers["x-content-type-options"]).toBe("nosniff");
    expect(mine.headers["content-security-policy"]).toContain("sandbox");

    // Sales data: the sales desk's roles open it; 'Catálogo' is refused (403), as is the sales desk's page, whose
    // answer is the Spanish page.
    for (const role of ["sales", "admin"] as const)
      expect((await send(server, receiptPath(), { headers: { Cookie: staff[role].header } })).status, role).toBe(200);
    const catalog = { headers: { Cookie: staff.catalog.header } };
    expect((await send(server, receiptPath(), catalog)).status).toBe(403);
    expect((await send(server, `${receiptPath()}.data`, catalog)).status).toBe(403);
    const desk = await send(server, `/Store/${storeId}/sales/${order.code}`, catalog);
    expect([desk.status, desk.body]).toEqual([403, expect.stringContaining("No tienes acceso a esta sección")]);

    const anonymous = await send(server, receiptPath());
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/Auth/);
    expect((await send(server, receiptPath(), { headers: { Cookie: stranger.header } })).status).toBe(404);
    expect(
      (await send(server, `/Store/${strangerStoreId}/sales/${order.code}/receipt`, { headers: { Cookie: stranger.header } }))
        .status,
    ).toBe(404);
    // Guessed: a sale of the owner's store without a receipt, an unknown code, a malformed one.
    const other = await placeDemoOrder(server, { payment: "transfer" });
    for (const code of [other.code, "0000000000", "..%2F..%2Fvitrina.db"])
      expect((await send(server, `/Store/${storeId}/sales/${code}/receipt`, { headers: { Cookie: owner.header } })).status).toBe(
        404,
      );
    for (const headers of [{}, { Cookie: owner.header }] as Array<Record<string, string>>)
      expect((await send(server, `/files/${key}`, { headers })).status).toBe(404);
  });
});

describe("a store's team on the built server", () => {
  it("each role reads exactly its pages' data (`.data`, as the app moves): the others answer 403 (pages and changes: tests/data/staff-roles)", async () => {
    const wrong: string[] = [];
    for (const [pattern, rule] of Object.entries(WORKSPACE_ACCESS)) {
      const page = `/Store/${storeId}${pattern === "" ? "" : "/"}${pattern
        .replace(":saleId", order.code)
        .replace(":type", "product")
        .replace(":format", "png")
        .replace(/:[A-Za-z]+/g, "1234567890")}`;
      for (const [role, jar] of Object.entries(staff)) {
        const { status } = await send(server, `${page}.data`, { headers: { Cookie: jar.header } });
        const allowed = rule.read.includes(role as StaffRole);
        if (allowed === (status === 403)) wrong.push(`${role} ${page}.data: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
