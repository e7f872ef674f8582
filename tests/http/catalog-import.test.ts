// The catalog import route on the built Node server: its body bounded before it is read, its refusals 4xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MERCHANT } from "~/demo/seed.server";
import { CATALOG_COLUMNS, CATALOG_MAX_BYTES } from "~/domain/product-csv";
import { CookieJar, FORM, form, type RunningServer, send, startServer } from "./server";

let server: RunningServer;
const jar = new CookieJar();
let importPath: string;

beforeAll(async () => {
  server = await startServer();
  const signIn = await send(server, "/Auth", {
    headers: FORM,
    body: form({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password, redirectTo: "/" }),
  });
  jar.take(signIn);
  const store = (await server.db().execute("select id from stores where url = 'demo'")).rows[0];
  importPath = `/Store/${store?.id}/products/import`;
}, 90_000);
afterAll(() => server?.stop());

/** A multipart body as a browser sends a form with a file. */
async function multipart(fields: Record<string, string>, file?: { name: string; text: string | Uint8Array<ArrayBuffer> }) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  if (file) data.set("file", new Blob([file.text], { type: "text/csv" }), file.name);
  const request = new Request("http://x/", { method: "POST", body: data });
  return {
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "", Cookie: jar.header },
    body: new Uint8Array(await request.arrayBuffer()),
  };
}

describe("catalog import route", () => {
  it("refuses a body over 2 MB from its declared length, unread", async () => {
    const reply = await send(server, importPath, {
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(CATALOG_MAX_BYTES + 128 * 1024),
        Cookie: jar.header,
      },
      stream: (async function* () {
        yield new Uint8Array(1024);
      })(),
    });
    expect(reply.status).toBe(413);
  });

  it("answers a file with a bad row with 422 and the row's message, and one not in UTF-8 with 422", async () => {
    const bad = [CATALOG_COLUMNS.join(";"), ";Taza;;;doce;;;;;;;;;;;1;"].join("\r\n");
    const reply = await send(server, importPath, await multipart({ intent: "preview" }, { name: "c.csv", text: bad }));
    expect(reply.status).toBe(422);
    expect(reply.body).toContain("Fila 2, columna Precio: Escribe un precio válido");

    const latin1 = new Uint8Array([...new TextEncoder().encode(`${CATALOG_COLUMNS.join(";")}\r\n;Caf`), 0xe9, 0x3b]);
    const notUtf8 = await send(server, importPath, await multipart({ intent: "preview" }, { name: "c.csv", text: latin1 }));
    expect(notUtf8.status).toBe(422);
    expect(notUtf8.body).toContain("UTF-8");
  });

  it("another merchant's store answers 404", async () => {
    const reply = await send(
      server,
      "/Store/1234567890/products/import",
      await multipart({ intent: "preview" }, { name: "c.csv", text: "x" }),
    );
    expect(reply.status).toBe(404);
  });
});
