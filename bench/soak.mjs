// `npm run soak`: mixed traffic on the built Node server for SOAK_MINUTES (30 by default) — shoppers browsing, searching,
// opening products and the cart, placing orders; the merchant on the sales desk, products and customers — with
// autocannon, printing requests per second, p50/p99, the 5xx count and the server's memory every minute. Not part of
// `npm test`. Runs on its own data folder (the demo store, its stock raised so orders keep being placed).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import autocannon from "autocannon";
import { buildApp, SERVER_ENTRY, signInAsDemo, startBuiltServer } from "./server.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);

if (!existsSync(SERVER_ENTRY) && !buildApp()) process.exit(1);
const dataDir = mkdtempSync(join(tmpdir(), "vitrina-soak-"));
const server = await startBuiltServer(dataDir);
const { origin, pid } = server;
const { cookie, storeId } = await signInAsDemo(origin);

const db = createClient({ url: `file:${join(dataDir, "vitrina.db")}` });
await db.execute("update products set stock = 1000000 where store_id = (select id from stores where url = 'demo')");
const products = (
  await db.execute(
    "select id, price from products where store_id = (select id from stores where url = 'demo') and options = '[]' and published = 1 limit 5",
  )
).rows.map((r) => ({ id: String(r.id), price: Number(r.price) }));
db.close();
if (products.length === 0) throw new Error("the demo store has no product to order");
// Each product page at its canonical address (a short link answers 301 to it).
for (const p of products) {
  const res = await fetch(`${origin}/site/demo/Product/p/${p.id}`, { redirect: "manual" });
  p.path = res.headers.get("location") ?? `/site/demo/Product/p/${p.id}`;
}

const rssMiB = () => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
};
/** The server's own last 'process.memory' line (it writes one a minute): the JavaScript heap beside the RSS. */
const heapMiB = () => {
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.includes('"event":"process.memory"'));
  return lines.length ? JSON.parse(lines.at(-1)).heapUsedMiB : null;
};

const FORM = { "content-type": "application/x-www-form-urlencoded", origin };
let orderNumber = 0;
const product = () => products[orderNumber % products.length];
const requests = [
  { method: "GET", path: "/site/demo" },
  { method: "GET", path: "/site/demo/Store" },
  { method: "GET", path: "/site/demo/Search?q=taza" },
  { method: "GET", path: "/site/demo/Search?q=cafe%20colombia" },
  { method: "GET", setupRequest: (req) => ({ ...req, path: product().path }) },
  { method: "GET", path: "/site/demo/Cart" },
  {
    method: "POST",
    path: "/site/demo/Checkout",
    headers: FORM,
    setupRequest: (req) => {
      orderNumber++;
      const { id, price } = product();
      const body = new URLSearchParams({
        idempotencyKey: `soak-${process.pid}-${orderNumber}-${Date.now()}`,
        buyerName: "Cliente de prueba",
        buyerPhone: "300 555 1234",
        delivery: "pickup",
        shownSubtotal: String(price),
        shownDiscount: "0",
        line: `${id}:1`,
      });
      return { ...req, body: body.toString() };
    },
  },
  { method: "GET", path: `/Store/${storeId}/sales`, headers: { cookie } },
  { method: "GET", path: `/Store/${storeId}/products`, headers: { cookie } },
  { method: "GET", path: `/Store/${storeId}/customers`, headers: { cookie } },
];

console.log(`Soak: ${MINUTES} min, ${CONNECTIONS} connections, ${requests.length} kinds of request, server pid ${pid}`);
const memory = [{ minute: 0, rss: rssMiB(), heap: heapMiB() }];
const started = Date.now();
const sampler = setInterval(() => {
  const minute = Math.round((Date.now() - started) / 60_000);
  const sample = { minute, rss: rssMiB(), heap: heapMiB() };
  memory.push(sample);
  console.log(`  ${minute} min: RSS ${sample.rss.toFixed(0)} MiB, heap ${sample.heap} MiB`);
}, 60_000);

const statuses = new Map();
const instance = autocannon({
  url: origin,
  connections: CONNECTIONS,
  duration: MINUTES * 60,
  requests,
  headers: { "accept-encoding": "br" },
});
instance.on("response", (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
const result = await new Promise((done) => instance.on("done", done));
clearInterval(sampler);
memory.push({ minute: MINUTES, rss: rssMiB(), heap: heapMiB() });

const fivexx = [...statuses].filter(([code]) => code >= 500).reduce((sum, [, n]) => sum + n, 0);
const byStatus = [...statuses]
  .sort(([a], [b]) => a - b)
  .map(([code, n]) => `${code}: ${n}`)
  .join(", ");
const afterWarmUp = memory.find((m) => m.minute >= 2) ?? memory[0];
console.log(
  [
    "",
    `Duration:      ${MINUTES} min, ${CONNECTIONS} connections`,
    `Requests:      ${result.requests.total} (${result.requests.average.toFixed(0)} req/s on average)`,
    `Latency:       p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `Statuses:      ${byStatus}`,
    `5xx:           ${fivexx}; errors ${result.errors}, timeouts ${result.timeouts}`,
    `Orders placed: about ${statuses.get(303) ?? 0} (checkout answers 303)`,
    `Memory (RSS):  start ${memory[0].rss.toFixed(0)} MiB, after warm-up ${afterWarmUp.rss.toFixed(0)} MiB, end ${memory.at(-1).rss.toFixed(0)} MiB`,
    `Heap (JS):     after warm-up ${afterWarmUp.heap} MiB, end ${memory.at(-1).heap} MiB (the server's process.memory lines)`,
  ].join("\n"),
);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(fivexx > 0 || result.errors > 0 ? 1 : 0);
