// Loaded into the benchmarked server (node --import) for the SQL pass only, never for the latency
// runs: records the statements the app sends to libSQL while a capture is open. The control
// endpoint listens on SCALE_SQL_CAPTURE_PORT: POST /start opens a capture, POST /stop closes it and
// answers the recorded statements as JSON.
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";

// The same module instance @libsql/client imports: resolved from the app's root.
const Database = createRequire(join(process.cwd(), "package.json"))("libsql");
let log = null;

const plain = (value) => {
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString("base64") };
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
};

const prepare = Database.prototype.prepare;
Database.prototype.prepare = function capturedPrepare(sql) {
  const stmt = prepare.call(this, sql);
  for (const method of ["all", "get", "run", "iterate"]) {
    const original = stmt[method];
    stmt[method] = function captured(...args) {
      log?.push({ sql, args: plain(args.length === 1 ? args[0] : args.flat()), reader: stmt.reader });
      return original.apply(this, args);
    };
  }
  return stmt;
};

const port = Number(process.env.SCALE_SQL_CAPTURE_PORT);
if (port) {
  const server = createServer((req, res) => {
    if (req.url === "/start") {
      log = [];
      res.end("[]");
    } else if (req.url === "/stop") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(log ?? []));
      log = null;
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  server.listen(port, "127.0.0.1");
  server.unref();
}
