// The built Node server for the bench scripts (run.mjs, lighthouse.mjs, scale/): build it, start it on
// a data folder, sign in to it.
import { spawn, spawnSync } from "node:child_process";
import { get as httpGet } from "node:http";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_ENTRY = join(ROOT, "build/node/server/index.js");

/** `react-router build` of the Node server, its output shown; whether it succeeded. */
export function buildApp() {
  return spawnSync(join(ROOT, "node_modules/.bin/react-router"), ["build"], { cwd: ROOT, stdio: "inherit" }).status === 0;
}

export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the server on `dataDir` (always that folder's file, never a database the shell points at)
 * and resolves once it prints its URLs. `port` defaults to a free one; `env` adds variables;
 * `nodeArgs` go before the entry.
 */
export async function startBuiltServer(dataDir, { port: chosenPort, env: extraEnv = {}, nodeArgs = [] } = {}) {
  const port = chosenPort ?? (await freePort());
  const { DATABASE_URL: _url, DATABASE_AUTH_TOKEN: _token, ...env } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const collect = (c) => {
    printed += c;
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((done) => child.once("exit", done));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  await new Promise((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      fail(new Error(`server did not start:\n${printed}`));
    }, 120_000);
    child.stdout.on("data", () => {
      if (printed.includes("Vitrina lista en")) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${printed}`));
    });
  });
  return { port, origin: `http://localhost:${port}`, stop, pid: child.pid, output: () => printed };
}

/** Signs in through /Auth as a browser without JavaScript does; the session cookie. */
export async function signIn(origin, email, password) {
  const res = await fetch(`${origin}/Auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, redirectTo: "/" }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return cookie;
}

/** Signs in as the seeded demo merchant: the session cookie and the demo store's id from the store list. */
export async function signInAsDemo(origin) {
  const cookie = await signIn(origin, "demo@vitrina.local", "vitrina-demo-2026");
  const dashboard = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
  const storeId = dashboard.match(/\/Store\/(\d{10})\//)?.[1];
  if (!storeId) throw new Error("the demo merchant's store list shows no store");
  return { cookie, storeId };
}

/** Bytes a browser accepting `encoding` receives for a URL: the body as sent on the wire, undecoded. */
export function transferred(url, encoding, headers = {}) {
  return new Promise((done, fail) => {
    httpGet(url, { headers: { ...headers, "Accept-Encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => {
        bytes += chunk.length;
      });
      res.on("end", () => done(bytes));
    }).on("error", fail);
  });
}

/**
 * Makes the next Lighthouse run a first visit: Lighthouse empties the HTTP cache before a run but keeps the site's
 * localStorage, where the site's script marks itself and the font it has loaded, and then asks for both at once,
 * beside the page's pictures, from a cache that is no longer there. Chromium empties an origin's storage only when
 * asked from a page (asked from the browser itself it answers "Internal error" and keeps it), so a blank tab asks and
 * is closed.
 */
export async function forgetEarlierVisits(chromePort, origin) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((open, fail) => {
    socket.onopen = open;
    socket.onerror = fail;
  });
  let next = 0;
  const replies = new Map();
  socket.onmessage = (event) => {
    const reply = JSON.parse(event.data);
    replies.get(reply.id)?.(reply);
  };
  const send = (method, params, sessionId) =>
    new Promise((done, fail) => {
      const id = ++next;
      replies.set(id, (reply) => (reply.error ? fail(new Error(`${method}: ${reply.error.message}`)) : done(reply.result)));
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  try {
    const { targetId } = await send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
    await send("Storage.clearDataForOrigin", { origin, storageTypes: "local_storage" }, sessionId);
    await send("Target.closeTarget", { targetId });
  } finally {
    socket.close();
  }
}
