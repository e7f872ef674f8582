// Compressed responses on the single-machine server: what a browser receives, byte for byte.
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 90_000);
afterAll(() => server?.stop());

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes on the wire, before any decoding. */
  bytes: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path, headers: { Host: `localhost:${server.port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      },
    );
    req.on("error", fail);
    req.end();
  });
}

const decode = (reply: RawReply) =>
  reply.headers["content-encoding"] === "br"
    ? brotliDecompressSync(reply.bytes)
    : reply.headers["content-encoding"] === "gzip"
      ? gunzipSync(reply.bytes)
      : reply.bytes;

describe("compression on the Node runtime", () => {
  it("a store page is sent in brotli, or gzip, as the browser accepts, and varies on it", async () => {
    const plain = await get("/site/demo");
    const br = await get("/site/demo", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    const gzip = await get("/site/demo", { "Accept-Encoding": "gzip, deflate" });
    const refused = await get("/site/demo", { "Accept-Encoding": "br;q=0, gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(refused.headers["content-encoding"]).toBe("gzip");
    for (const reply of [plain, br, gzip]) {
      expect(reply.status).toBe(200);
      expect(String(reply.headers.vary)).toMatch(/Accept-Encoding/i);
      expect(decode(reply).toString()).toContain("<title>Demo</title>");
    }
    console.log(`demo home: ${plain.bytes.length} B plain, ${gzip.bytes.length} B gzip, ${br.bytes.length} B brotli`);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
  });

  it("revalidation still answers 304 to a compressed page's ETag", async () => {
    const first = await get("/site/demo", { "Accept-Encoding": "br" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await get("/site/demo", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(String(again.headers.vary)).toMatch(/Accept-Encoding/i);
  });

  it("build assets are served from their precompressed siblings, with the right length", async () => {
    const assets = resolve("build/node/client/assets");
    const script = readdirSync(assets).find((f) => /^entry\.client-.*\.js$/.test(f));
    expect(script).toBeDefined();
    const original = readFileSync(resolve(assets, script as string));
    const br = await get(`/assets/${script}`, { "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(readFileSync(resolve(assets, `${script}.br`)).length);
    expect(decode(br).equals(original)).toBe(true);
    const gzip = await get(`/assets/${script}`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decode(gzip).equals(original)).toBe(true);
    const plain = await get(`/assets/${script}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.equals(original)).toBe(true);
    console.log(`entry.client: ${original.length} B plain, ${gzip.bytes.length} B gzip, ${br.bytes.length} B brotli`);
  });

  it("pictures are sent as they are", async () => {
    const page = decode(await get("/site/demo")).toString();
    const picture = page.match(/src="(\/files\/[^"]+\.webp)"/)?.[1];
    expect(picture).toBeDefined();
    const reply = await get(picture as string, { "Accept-Encoding": "gzip, br" });
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBeUndefined();
    expect(reply.bytes.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("the store's tab icon is its logo's 48-px PNG, a few KB; the 192-px icon stays for a phone's home screen", async () => {
    const page = decode(await get("/site/demo")).toString();
    const tab = page.match(/<link rel="icon" href="([^"]+)"/)?.[1];
    expect(tab).toMatch(/^\/files\/stores\/\d+\/logo\/[0-9a-f]{32}-icon-48\.png$/);
    expect(page).toContain(`<link rel="apple-touch-icon" href="${tab?.replace(/-48\.png$/, ".png")}"/>`);
    const reply = await get(tab as string, { "Accept-Encoding": "gzip, br" });
    expect(reply.headers["content-type"]).toBe("image/png");
    expect([reply.bytes.readUInt32BE(16), reply.bytes.readUInt32BE(20)]).toEqual([48, 48]);
    // The demo's drawn logo: its 192-px icon weighs about 30 KB.
    expect(reply.bytes.length).toBeLessThan(6 * 1024);
  });
});
