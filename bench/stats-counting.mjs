// The CPU the store statistics add to a page view (decision 0051): what each runtime's entry runs after an answer
// (statsEventsOf: the robot and merchant checks, the page kind, the source, the salted visitor key; then the buffer's
// push), and what the flush runs per event before its one batch (the roll-up into daily rows), over 100,000 requests.
//   node --import tsx bench/stats-counting.mjs [--requests=100000]

import { routedPath } from "../app/site/tenant.ts";
import { countingSettings, StatsBuffer, statsEventsOf } from "../app/stats/count-visit.server.ts";
import { rollUp } from "../app/stats/visit-counts.server.ts";

const count = Number(process.argv.find((a) => a.startsWith("--requests="))?.slice(11) ?? 100_000);
const settings = countingSettings(
  { APP_ORIGIN: "https://app.vitrina.example", statsSecret: "bench-secret-0123456789" },
  {
    sessionCookie: "__Host-vitrina_sesion",
    cartCookie: "carrito",
    routedPath: (request) => routedPath(request, "vitrina.example"),
  },
);
const agents = [
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
];
const paths = ["/", "/Store", "/Product/taza-azul/1234567", "/Search?q=taza", "/Cart", "/?ref=instagram", "/?utm_source=google"];
const referrers = [null, "https://l.instagram.com/", "https://www.google.com.co/", "https://tienda-1.vitrina.example/"];
const requests = Array.from({ length: count }, (_, i) => {
  const headers = { "User-Agent": agents[i % 3 === 2 && i % 7 === 0 ? 2 : i % 2], Host: `tienda-${i % 50}.vitrina.example` };
  const referrer = referrers[i % referrers.length];
  if (referrer) headers.Referer = referrer;
  return new Request(`https://tienda-${i % 50}.vitrina.example${paths[i % paths.length]}`, { headers });
});
const ok = new Response(null, { status: 200 });
const buffer = new StatsBuffer(count + 1);
const now = Date.parse("2026-11-28T17:00:00Z");

// Warm up (JIT, the day's salt), then measure.
for (const request of requests.slice(0, 2000)) statsEventsOf(request, ok, settings, "190.24.8.17", now);
const started = process.cpuUsage();
const wall = performance.now();
for (const [i, request] of requests.entries())
  for (const event of statsEventsOf(request, ok, settings, `190.24.${i % 250}.${i % 200}`, now)) buffer.push(event);
const cpu = process.cpuUsage(started);
const wallMs = performance.now() - wall;
const events = buffer.take();
const stores = new Map(
  Array.from({ length: 50 }, (_, i) => [`tienda-${i}`, { id: String(1_000_000_000 + i), timeZone: "America/Bogota" }]),
);
const rollStarted = process.cpuUsage();
const rolled = rollUp(events, stores);
const rollCpu = process.cpuUsage(rollStarted);
const micros = (usage) => usage.user + usage.system;
console.log(`${count.toLocaleString("en")} requests, ${events.length.toLocaleString("en")} counted (robots left out)`);
console.log(
  `entry (statsEventsOf + push): ${(micros(cpu) / count).toFixed(2)} µs CPU per request, ${((wallMs * 1000) / count).toFixed(2)} µs wall`,
);
console.log(
  `flush roll-up: ${(micros(rollCpu) / events.length).toFixed(2)} µs CPU per event, into ${rolled.visits.length} visit rows, ${rolled.views.length} page-view rows, ${rolled.visitors.length} visitor keys`,
);
