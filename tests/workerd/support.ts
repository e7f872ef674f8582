import { createClient, type InValue } from "@libsql/client";
import { expect } from "@playwright/test";

/** The database the Worker reads through the test Hrana endpoint (tests/worker/workerd-e2e-server.mjs). */
const WORKERD_DB = "tests/.tmp/workerd-e2e/data/vitrina.db";

export async function sql(query: string, args: InValue[] = []) {
  const db = createClient({ url: `file:${WORKERD_DB}`, timeout: 5000 });
  try {
    return (await db.execute({ sql: query, args })).rows;
  } finally {
    db.close();
  }
}

export async function storeByName(name: string): Promise<{ id: string; url: string }> {
  const [row] = await sql("select id, url from stores where name = ?", [name]);
  expect(row, `no store named ${name}`).toBeTruthy();
  return { id: String(row?.id), url: String(row?.url) };
}

/** A stored file as the browser gets it: a lossy or extended WebP with a body. */
export function expectWebp(body: Buffer) {
  expect(body.byteLength).toBeGreaterThan(0);
  expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(["WEBPVP8 ", "WEBPVP8X"]).toContain(body.subarray(8, 16).toString("latin1"));
}
