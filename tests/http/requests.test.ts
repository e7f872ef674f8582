// Hostile and careless requests against the built single-machine server: oversized bodies, huge
// pictures, open redirects, framing, foreign idempotency keys, over-long fields, production start.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MERCHANT } from "~/demo/seed.server";
import { MAX_PIXELS } from "~/media/image-rules";
import { insertProduct } from "~/products/products.server";
import { createDb } from "~/services/db";
import { merchantWithStore } from "../support/merchants";
import { TEST_VAPID } from "../support/services";
import { shownAmounts } from "../support/shown-amounts";
import { storeInfoForm } from "../support/store-info-form";
import { jpegDeclaring, phoneJpeg } from "./pictures";
import { CookieJar, FORM, failedStart, form, type RunningServer, send, signIn, startServer } from "./server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ ADMIN_SECRET: "clave-admin-de-pruebas-http" });
}, 90_000);
afterAll(() => server?.stop());

const MB = 1024 * 1024;

/** Samples the server's resident memory while `work` runs; the growth over the start, in bytes. */
async function memoryGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = server.memory().rss;
  let highest = start;
  const timer = setInterval(() => {
    highest = Math.max(highest, server.memory().rss);
  }, 20);
  try {
    const result = await work();
    highest = Math.max(highest, server.memory().rss);
    return { result, growth: highest - start };
  } finally {
    clearInterval(timer);
  }
}

async function* zeros(total: number, chunk = MB): AsyncIterable<Uint8Array> {
  const piece = new Uint8Array(chunk).fill(0x61);
  for (let sent = 0; sent < total; sent += chunk) yield piece;
}

async function demoMerchant(): Promise<{ jar: CookieJar; storeId: string }> {
  const jar = new CookieJar();
  const reply = await signIn(server, jar);
  expect(reply.status).toBe(302);
  const [row] = (await server.db().execute("select id from stores where url = 'demo'")).rows;
  return { jar, storeId: String(row?.id) };
}

async function multipart(fields: Record<string, string>, file: { name: string; bytes: Uint8Array<ArrayBuffer>; type: string }) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append("image", new Blob([file.bytes], { type: file.type }), file.name);
  const encoded = new Response(data);
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    type: encoded.headers.get("Content-Type") as string,
  };
}

describe("health", () => {
  it("/healthz and /readyz answer JSON on the platform's host, never cached; a store's host has no such page", async () => {
    const live = await send(server, "/healthz");
    expect(live.status).toBe(200);
    expect(JSON.parse(live.body)).toEqual({ status: "ok" });
    const ready = await send(server, "/readyz");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ok", checks: { database: "ok", files: "ok" } });
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.headers["content-type"]).toBe("application/json; charset=utf-8");
    // Many checks in a row are never limited.
    for (let i = 0; i < 30; i++) expect((await send(server, "/readyz")).status).toBe(200);
    const onStore = await send(server, "/healthz", { headers: { Host: `demo.localhost:${server.port}` } });
    expect(onStore.status).toBe(404);
  });
});

describe("request bodies", () => {
  it("a 200 MB checkout post is refused unread with a Spanish 413, and memory stays flat", async () => {
    const { result, growth } = await memoryGrowth(() =>
      send(server, "/site/demo/Checkout", {
        headers: { ...FORM, "Content-Length": String(200 * MB) },
        stream: zeros(200 * MB),
      }),
    );
    expect(result.status).toBe(413);
    expect(result.body).toContain("La solicitud es demasiado grande");
    console.log(`200 MB checkout: server memory grew ${(growth / MB).toFixed(1)} MB`);
    expect(growth).toBeLessThan(32 * MB);
  });

  it("a 600 MB multipart post to the cart is refused the same way, also on a store's own host", async () => {
    const { result, growth } = await memoryGrowth(() =>
      send(server, "/Cart", {
        headers: {
          Host: `demo.localhost:${server.port}`,
          Origin: `http://demo.localhost:${server.port}`,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(600 * MB),
        },
        stream: zeros(600 * MB),
      }),
    );
    expect(result.status).toBe(413);
    console.log(`600 MB cart: server memory grew ${(growth / MB).toFixed(1)} MB`);
    expect(growth).toBeLessThan(32 * MB);
  });

  it("a client busy sending a refused upload, reading late, still reads the Spanish 413 (the server lingers before closing)", async () => {
    const socket = connect(server.port, "127.0.0.1");
    socket.pause();
    const received: Buffer[] = [];
    const ended = new Promise<void>((done) => {
      socket.on("data", (chunk) => received.push(chunk));
      socket.on("close", () => done());
      socket.on("error", () => {});
    });
    socket.write(
      `POST /site/demo/Checkout HTTP/1.1\r\nHost: localhost:${server.port}\r\nOrigin: ${server.origin}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${200 * MB}\r\n\r\n`,
    );
    // Keeps sending while the answer comes, and reads nothing until a moment later.
    const piece = Buffer.alloc(256 * 1024, 0x61);
    for (let sent = 0; sent < 8 * MB; sent += piece.length) socket.write(piece);
    await new Promise((later) => setTimeout(later, 300));
    socket.resume();
    await ended;
    const answer = Buffer.concat(received).toString("utf8");
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });

  it("a chunked body of unknown size is refused (411), and the server keeps serving", async () => {
    const reply = await send(server, "/site/demo/Checkout", {
      headers: { ...FORM, "Transfer-Encoding": "chunked" },
      stream: zeros(8 * 1024, 1024),
    });
    expect(reply.status).toBe(411);
    expect((await send(server, "/site/demo")).status).toBe(200);
  });
});

describe("pictures", () => {
  it(`the largest accepted photo (${MAX_PIXELS / 1e6} MP), alone and four at once, stays under a stated memory bound`, async () => {
    const { jar, storeId } = await demoMerchant();
    const photo = phoneJpeg(6000, 4000);
    const upload = async (n: number) => {
      const { body, type } = await multipart(
        { intent: "create", name: `Foto grande ${n}`, price: "10", stock: "1", category: "1", description: "" },
        { name: `grande-${n}.jpg`, bytes: photo, type: "image/jpeg" },
      );
      return send(server, `/Store/${storeId}/products/new`, {
        headers: { Cookie: jar.header, "Content-Type": type },
        body,
      });
    };
    const one = await memoryGrowth(() => upload(1));
    expect(one.result.status).toBe(302);
    const four = await memoryGrowth(() => Promise.all([2, 3, 4, 5].map(upload)));
    expect(four.result.map((r) => r.status)).toEqual([302, 302, 302, 302]);
    console.log(
      `24 MP photo: server memory grew ${(one.growth / MB).toFixed(0)} MB for one, ${(four.growth / MB).toFixed(0)} MB more for four at once`,
    );
    // JPEGs are decoded at a reduced scale (1000 × 667 here), never whole; the wasm memory that takes
    // is kept as a high-water mark, and four at once reuse it, since pictures are processed one at a time.
    expect(one.growth).toBeLessThan(96 * MB);
    expect(four.growth).toBeLessThan(64 * MB);
    const products = await server.db().execute({ sql: "select count(*) as n from products where name like 'Foto grande %'" });
    expect(Number(products.rows[0]?.n)).toBe(5);
  }, 120_000);

  it("a photo over the pixel limit is refused before decoding, in Spanish", async () => {
    // Its header declares 24,004,000 pixels over data of a few thousand: only a refusal from the header says this.
    const { jar, storeId } = await demoMerchant();
    const { body, type } = await multipart(
      { intent: "create", name: "Foto enorme", price: "10", stock: "1", category: "1", description: "" },
      { name: "enorme.jpg", bytes: jpegDeclaring(6001, 4000), type: "image/jpeg" },
    );
    const reply = await send(server, `/Store/${storeId}/products/new`, {
      headers: { Cookie: jar.header, "Content-Type": type },
      body,
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toContain("La imagen es demasiado grande");
  }, 60_000);
});

describe("pages and forms", () => {
  it("the login page and the login never redirect to another site", async () => {
    for (const target of ["%2F%09%2Fevil.example", "%2F%0A%2Fevil.example", "%2F%5C%2Fevil.example", "%2F%2Fevil.example"]) {
      const page = await send(server, `/Auth?redirectTo=${target}`);
      expect(page.status, target).toBe(200);
      expect(page.body).toContain('name="redirectTo" value="/"');
    }
    for (const target of ["/\t/evil.example", "/\n/evil.example", "/\\/evil.example", "/\r\n/evil.example"]) {
      const reply = await send(server, "/Auth", {
        headers: FORM,
        body: form({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password, redirectTo: target }),
      });
      expect(reply.status, JSON.stringify(target)).toBe(302);
      expect(reply.headers.location).toBe("/");
    }
  });

  it("no page can be framed by another site: merchant, auth or store", async () => {
    const { jar, storeId } = await demoMerchant();
    for (const [path, cookie] of [
      ["/Auth", ""],
      ["/site/demo", ""],
      ["/SSS", ""],
      [`/Store/${storeId}/info`, jar.header],
    ]) {
      const reply = await send(server, path as string, { headers: { Cookie: cookie as string } });
      expect(reply.status, path).toBe(200);
      expect(reply.headers["x-frame-options"], path).toBe("DENY");
      expect(reply.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    }
  });

  it("an idempotency key already used by another store's order is refused (409) at checkout and by 'Armar pedido', never a 500", async () => {
    const db = server.db();
    const [demoProduct] = (
      await db.execute(
        "select products.id, products.price from products join stores on stores.id = products.store_id where url = 'demo' limit 1",
      )
    ).rows;
    const { store: other } = await merchantWithStore(
      db,
      "standard",
      { name: "Otra tienda", url: "otra-tienda", category: 1, currency: "USD", saleNumber: "573001234567" },
      { name: "Otra", lastname: "Tienda" },
    );
    const { id: otherProduct } = await insertProduct(
      createDb(db),
      { storeId: other.id, name: "Pan", price: 100, stock: 5, description: "", category: 1 },
      new Date(),
    );
    const key = "clave-de-pedido-compartida";
    // As a shopper would: the product in the store's cart, then the checkout form.
    // The demo store has a pickup point, which a pickup order names; the other store has none.
    const [demoPoint] = (
      await db.execute(
        "select pickup_points.id from pickup_points join stores on stores.id = pickup_points.store_id where url = 'demo' limit 1",
      )
    ).rows;
    const order = async (store: string, product: string, price: number, pickupPoint = "", idempotencyKey = key) => {
      const cart = new CookieJar();
      const added = cart.take(
        await send(server, `/site/${store}/Cart`, {
          headers: FORM,
          body: form({ intent: "add", productId: product, quantity: "1" }),
        }),
      );
      expect(added.status).toBe(303);
      return send(server, `/site/${store}/Checkout`, {
        headers: { ...FORM, Cookie: cart.header },
        body: form({
          idempotencyKey,
          buyerName: "Ana",
          delivery: "pickup",
          buyerPhone: "3001234567",
          line: `${product}:1`,
          pickupPoint,
          ...shownAmounts({ subtotal: price }),
        }),
      });
    };
    expect((await order("demo", String(demoProduct?.id), Number(demoProduct?.price), String(demoPoint?.id))).status).toBe(303);
    const reused = await order("otra-tienda", otherProduct, 100);
    expect(reused.status).toBe(409);
    expect(reused.body).toContain("Tu pedido ya no es válido");
    const sales = await db.execute({ sql: "select count(*) as n from sales where store_id = ?", args: [other.id] });
    expect(Number(sales.rows[0]?.n)).toBe(0);

    // 'Armar pedido' with a key the other store's sale holds: the same Spanish 409, not a 500.
    const otherKey = "clave-de-la-otra-tienda";
    expect((await order("otra-tienda", otherProduct, 100, "", otherKey)).status).toBe(303);
    const { jar, storeId } = await demoMerchant();
    const built = await send(server, `/Store/${storeId}/sales/new`, {
      headers: { ...FORM, Cookie: jar.header },
      body: form({ idempotencyKey: otherKey, lineas: `${demoProduct?.id}:1`, buyerName: "Ana", delivery: "pickup" }),
    });
    expect(built.status).toBe(409);
    expect(built.body).toContain("El pedido cambió mientras lo armabas");
    const drafts = await db.execute({ sql: "select count(*) as n from sales where store_id = ? and draft = 1", args: [storeId] });
    expect(Number(drafts.rows[0]?.n)).toBe(0);
  });

  it("over-long store fields are refused in Spanish, never with zod's English", async () => {
    const { jar, storeId } = await demoMerchant();
    const fields = storeInfoForm({ name: "Demo" });
    for (const [field, length] of [
      ["name", 61],
      ["description", 1001],
      ["location", 201],
    ] as const) {
      const reply = await send(server, `/Store/${storeId}/info`, {
        headers: { ...FORM, Cookie: jar.header },
        body: form({ intent: "info", ...fields, [field]: "x".repeat(length) }),
      });
      expect(reply.status, field).toBe(400);
      expect(reply.body, field).toContain(`Escribe como máximo ${length - 1} caracteres`);
      expect(reply.body, field).not.toMatch(/Too big|expected string/);
    }
  });
});

describe("production start", () => {
  const production = {
    VITRINA_ENV: "production",
    APP_ORIGIN: "https://app.vitrina.test",
    ADMIN_SECRET: "una-clave-de-administracion-larga",
    PAYMENT_SANDBOX: "1",
    RESEND_API_KEY: "re_prueba",
    VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
    VAPID_SUBJECT: TEST_VAPID.subject,
  };

  it("does not create the demo merchant", async () => {
    const prod = await startServer(production);
    try {
      const demo = await prod
        .db()
        .execute({ sql: "select count(*) as n from users where email = ?", args: [DEMO_MERCHANT.email] });
      expect(Number(demo.rows[0]?.n)).toBe(0);
      expect(prod.output()).not.toContain(DEMO_MERCHANT.password);
    } finally {
      await prod.stop();
    }
  }, 60_000);

  it("refuses to start without ADMIN_SECRET, APP_ORIGIN or the VAPID keys, naming what is missing, before loading the app", async () => {
    const started = performance.now();
    const noSecret = await failedStart({ ...production, ADMIN_SECRET: "" });
    expect(noSecret.code).not.toBe(0);
    expect(noSecret.output).toContain("ADMIN_SECRET");
    const noOrigin = await failedStart({ ...production, APP_ORIGIN: "" });
    expect(noOrigin.code).not.toBe(0);
    expect(noOrigin.output).toContain("APP_ORIGIN");
    const noVapid = await failedStart({ ...production, VAPID_PRIVATE_KEY: "", VAPID_PUBLIC_KEY: "" });
    expect(noVapid.code).not.toBe(0);
    expect(noVapid.output).toContain("VAPID_PUBLIC_KEY");
    // A private key of another pair: caught at start, not at the first push service's 403.
    const otherPair = await failedStart({ ...production, VAPID_PRIVATE_KEY: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw" });
    expect(otherPair.code).not.toBe(0);
    expect(otherPair.output).toContain("VAPID_PRIVATE_KEY");
    // Four refusals in well under the second it takes to load the app once.
    expect(performance.now() - started).toBeLessThan(3000);
  }, 90_000);
});
