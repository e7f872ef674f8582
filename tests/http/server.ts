// The built single-machine server on a fresh data folder, and an HTTP client that can speak from a
// chosen loopback address (127.0.0.2, 127.0.0.3…), so per-client limits are tested as a host sees them.

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join, resolve } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { DEMO_MERCHANT } from "../../app/demo/seed.server";
import { freePort } from "../support/free-port.mjs";
import { madeOncePerRun } from "../support/once-per-run";
import { copySeededDemo, seedFolder } from "../support/seeded-demo.mjs";
import { TEST_PASSWORD_HASHING } from "../support/services";

export { freePort };

const ENTRY = resolve("build/node/server/index.js");

export interface RunningServer {
  origin: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  db: () => Client;
  /** Resident and peak memory of the server process, in bytes (Linux /proc). */
  memory: () => { rss: number; peak: number };
  mails: (to: string) => Array<{ subject: string; text: string }>;
  stop: () => Promise<void>;
}

const TMP = resolve(process.env.VITRINA_TEST_TMP ?? "tests/.tmp/vitest");

/**
 * The seeded data folder (tests/support/seeded-demo.mjs) when this vitest run is not given npm test's: made once per
 * test run and copied for each local server. No HTTP test is about the seeding (tests/data/seed.test.ts is). The first
 * test file to need it makes it; the others wait for it. Null when it could not be made: then each server starts from
 * an empty folder.
 */
function seededFolder(): Promise<string | null> {
  return madeOncePerRun("http-seeded", seedFolder);
}

/**
 * Starts the server; resolves once it prints its URLs, or rejects with what it printed when it exits. A local
 * server (no VITRINA_ENV) starts on a copy of the seeded folder; production-like ones from an empty folder.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  /** Runs on the data folder before the server starts; what it returns is added to the server's settings. */
  prepare?: (dataDir: string) => Promise<Record<string, string>>,
): Promise<RunningServer> {
  if (!existsSync(ENTRY)) throw new Error("Build the app first (npm run build): the HTTP tests run the built server.");
  const port = await freePort();
  const dataDir = join(TMP, `http-${port}-${Date.now()}`);
  rmSync(dataDir, { recursive: true, force: true });
  if (!env.VITRINA_ENV && !copySeededDemo(dataDir)) copySeededDemo(dataDir, await seededFolder());
  const prepared = prepare ? await prepare(dataDir) : {};
  return launch({ ...env, ...prepared }, dataDir, port);
}

async function launch(env: Record<string, string | undefined>, dataDir: string, port: number): Promise<RunningServer> {
  mkdirSync(dataDir, { recursive: true });
  let printed = "";
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      // Production refuses the tests' cheap password hashing (and is tested refusing it).
      ...(env.VITRINA_ENV === "production" ? {} : TEST_PASSWORD_HASHING),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    printed += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    printed += chunk;
  });
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${printed}`)), 60_000);
    child.stdout?.on("data", () => {
      if (printed.includes("Vitrina lista en")) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(Object.assign(new Error(`server exited with ${code}:\n${printed}`), { output: printed, code }));
    });
  });
  const clients: Client[] = [];
  return {
    origin: `http://localhost:${port}`,
    port,
    dataDir,
    child,
    output: () => printed,
    db: () => {
      const client = createClient({ url: `file:${join(dataDir, "vitrina.db")}`, timeout: 5000 });
      clients.push(client);
      return client;
    },
    memory: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0) * 1024;
      return { rss: kb("VmRSS"), peak: kb("VmHWM") };
    },
    mails: (to: string) => {
      const dir = join(dataDir, "outbox");
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((name) => name.endsWith(".json"))
        .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")))
        .filter((m) => m.to === to);
    },
    stop: async () => {
      for (const c of clients) c.close();
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Runs the server entry expecting it to refuse to start; resolves with its exit code and output. */
export async function failedStart(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  try {
    const server = await startServer(env);
    await server.stop();
    throw new Error("the server started");
  } catch (error) {
    const failure = error as { code?: number | null; output?: string; message: string };
    if (failure.output === undefined) throw error;
    return { code: failure.code ?? null, output: failure.output };
  }
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  cookies: string[];
}

export interface Send {
  method?: string;
  /** The loopback address the request comes from. */
  from?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** A body sent in pieces (for oversized uploads); the request ends when it ends or the server hangs up. */
  stream?: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** One HTTP request to the server as a browser on `from` would send it (Host and Origin of the app). */
export function send(server: RunningServer, path: string, options: Send = {}): Promise<Reply> {
  const method = options.method ?? (options.body || options.stream ? "POST" : "GET");
  const headers: Record<string, string> = { Host: `localhost:${server.port}`, ...options.headers };
  if (method !== "GET" && !headers.Origin) headers.Origin = server.origin;
  if (options.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(options.body));
  return new Promise((done, fail) => {
    let settled = false;
    let answered = false;
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path, method, headers, localAddress: options.from ?? "127.0.0.1" },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => {
          settled = true;
          const setCookie = res.headers["set-cookie"] ?? [];
          done({ status: res.statusCode ?? 0, headers: res.headers, body, cookies: setCookie.map((c) => c.split(";")[0] ?? "") });
        });
      },
    );
    req.on("response", () => {
      answered = true;
    });
    req.on("error", (error) => {
      // The server may answer and hang up before a large upload is sent: the answer is what counts.
      if (!settled) setTimeout(() => !settled && fail(error), 500);
    });
    // A large body goes in pieces too, so an early answer (a refused photo) is read as a browser reads it.
    const pieces = options.stream ?? (options.body && options.body.length > PIECE ? inPieces(options.body) : undefined);
    if (pieces) {
      (async () => {
        for await (const chunk of pieces) {
          // As a browser does, an answer that came before the upload ended is read before the next piece is sent:
          // a write after the server hung up fails, and a failed write would drop an answer not yet read.
          await new Promise((next) => setImmediate(next));
          if (req.destroyed || answered) return;
          if (!req.write(chunk)) await new Promise((drain) => req.once("drain", drain));
        }
        req.end();
      })().catch(() => {});
    } else {
      req.end(options.body);
    }
  });
}

const PIECE = 64 * 1024;

function* inPieces(body: string | Uint8Array): Iterable<Uint8Array> {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  for (let at = 0; at < bytes.byteLength; at += PIECE) yield bytes.subarray(at, at + PIECE);
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** The cookies of replies so far, as a Cookie header (later values win). */
export class CookieJar {
  private readonly values = new Map<string, string>();
  take(reply: Reply): Reply {
    for (const cookie of reply.cookies) {
      const [name, ...rest] = cookie.split("=");
      if (name) this.values.set(name, rest.join("="));
    }
    return reply;
  }
  /** As after 'Cerrar sesión': the session cookie goes, the browser's other cookies stay. */
  signOut() {
    this.values.delete("vitrina_sesion");
  }
  get header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** Signs `jar` in through /Auth as the sign-in form posts (the demo merchant unless told); the form's answer. */
export async function signIn(
  server: RunningServer,
  jar: CookieJar,
  email: string = DEMO_MERCHANT.email,
  password: string = DEMO_MERCHANT.password,
): Promise<Reply> {
  return jar.take(await send(server, "/Auth", { headers: FORM, body: form({ email, password, redirectTo: "/" }) }));
}
