// Test-only database endpoint for the Worker smoke test: a minimal Hrana-over-HTTP (v2, JSON) server
// backed by the libsql engine on a local file. `@libsql/client/web` in workerd talks to it as it
// would talk to Turso. It is never part of the product.
import { createServer } from "node:http";
import Database from "libsql";

export function startHranaServer({ path, port = 0 }) {
  const streams = new Map();
  let nextBaton = 1;

  const toValue = (v) => {
    if (v === null || v === undefined) return { type: "null" };
    if (typeof v === "bigint") return { type: "integer", value: v.toString() };
    if (typeof v === "number") return Number.isInteger(v) ? { type: "integer", value: String(v) } : { type: "float", value: v };
    if (typeof v === "string") return { type: "text", value: v };
    if (v instanceof Uint8Array || Buffer.isBuffer(v)) return { type: "blob", base64: Buffer.from(v).toString("base64") };
    return { type: "text", value: String(v) };
  };
  const fromValue = (v) => {
    switch (v.type) {
      case "null":
        return null;
      case "integer":
        return BigInt(v.value);
      case "float":
        return Number(v.value);
      case "text":
        return v.value;
      case "blob":
        return Buffer.from(v.base64 ?? "", "base64");
      default:
        throw new Error(`unknown value type ${v.type}`);
    }
  };

  function execute(db, stmt, sqls) {
    const sql = stmt.sql ?? sqls.get(stmt.sql_id);
    const prepared = db.prepare(sql);
    prepared.safeIntegers(true);
    const args = stmt.named_args?.length
      ? Object.fromEntries(stmt.named_args.map((a) => [a.name.replace(/^[:@$]/, ""), fromValue(a.value)]))
      : (stmt.args ?? []).map(fromValue);
    const bind = Array.isArray(args) ? args : [args];
    if (prepared.reader) {
      const cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
      const rows = prepared
        .raw(true)
        .all(...bind)
        .map((row) => row.map(toValue));
      return { cols, rows, affected_row_count: 0, last_insert_rowid: null };
    }
    const info = prepared.run(...bind);
    return {
      cols: [],
      rows: [],
      affected_row_count: Number(info.changes),
      last_insert_rowid: String(info.lastInsertRowid ?? "") || null,
    };
  }

  const evalCond = (cond, oks, errs) => {
    if (!cond) return true;
    switch (cond.type) {
      case "ok":
        return oks[cond.step] === true;
      case "error":
        return errs[cond.step] === true;
      case "not":
        return !evalCond(cond.cond, oks, errs);
      case "and":
        return cond.conds.every((c) => evalCond(c, oks, errs));
      case "or":
        return cond.conds.some((c) => evalCond(c, oks, errs));
      default:
        return false;
    }
  };

  function handle(stream, request) {
    const { db, sqls } = stream;
    switch (request.type) {
      case "execute":
        return { type: "execute", result: execute(db, request.stmt, sqls) };
      case "batch": {
        const oks = [];
        const errs = [];
        const step_results = [];
        const step_errors = [];
        request.batch.steps.forEach((step, i) => {
          if (!evalCond(step.condition, oks, errs)) {
            step_results.push(null);
            step_errors.push(null);
            return;
          }
          try {
            step_results.push(execute(db, step.stmt, sqls));
            step_errors.push(null);
            oks[i] = true;
          } catch (e) {
            step_results.push(null);
            step_errors.push({ message: String(e.message) });
            errs[i] = true;
          }
        });
        return { type: "batch", result: { step_results, step_errors } };
      }
      case "sequence":
        db.exec(request.sql ?? sqls.get(request.sql_id));
        return { type: "sequence" };
      case "describe":
        return { type: "describe", result: { params: [], cols: [], is_explain: false, is_readonly: false } };
      case "store_sql":
        sqls.set(request.sql_id, request.sql);
        return { type: "store_sql" };
      case "close_sql":
        sqls.delete(request.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: !db.inTransaction };
      case "close":
        return { type: "close" };
      default:
        throw new Error(`unsupported request ${request.type}`);
    }
  }

  const server = createServer((req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET") return req.url === "/v2" ? send(200, {}) : send(404, { message: "not found" });
    if (req.method !== "POST" || req.url !== "/v2/pipeline") return send(404, { message: "not found" });
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const body = JSON.parse(raw);
      let baton = body.baton;
      let stream = baton ? streams.get(baton) : undefined;
      if (!stream) {
        // A busy timeout, as the Node server's client has: another connection's moment of locking (a journey's
        // own reads of the file, a checkpoint) waits instead of failing, as Turso never answers "database is locked".
        stream = { db: new Database(path, { timeout: 5000 }), sqls: new Map() };
        stream.db.exec("PRAGMA foreign_keys = ON");
      } else {
        streams.delete(baton);
      }
      const results = [];
      let closed = false;
      for (const request of body.requests) {
        try {
          results.push({ type: "ok", response: handle(stream, request) });
        } catch (e) {
          results.push({ type: "error", error: { message: String(e.message), code: e.code ?? "SQLITE_ERROR" } });
        }
        if (request.type === "close") closed = true;
      }
      if (closed) {
        stream.db.close();
        baton = null;
      } else {
        baton = `b${nextBaton++}`;
        streams.set(baton, stream);
      }
      send(200, { baton, base_url: null, results });
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ server, port: server.address().port })));
}
