import type { Client, InArgs, InStatement } from "@libsql/client";
import type Database from "libsql";
import { beforeEachRoundTrip } from "~/services/db";

/**
 * The step budgets of the data tests (decision 0054): every statement a page sends, recorded under the page's name,
 * then each read replayed on a second connection, where SQLite counts its virtual-machine steps (sqlite_stmt).
 */
export type Recorded = { sql: string; args: InArgs; page: string };

/** A client wrapper that records each statement under `page()`'s name (nothing while it is 'setup'). */
export function recording(log: Recorded[], page: () => string) {
  const keep = (s: InStatement, args?: InArgs) => {
    const statement = typeof s === "string" ? { sql: s, args: args ?? [] } : { sql: s.sql, args: s.args ?? [] };
    if (page() !== "setup") log.push({ ...statement, page: page() });
  };
  return (client: Client): Client =>
    beforeEachRoundTrip(client, (method, args) => {
      if (method === "execute") keep(args[0] as InStatement, args[1] as InArgs | undefined);
      if (method === "batch") for (const statement of args[0] as InStatement[]) keep(statement);
    });
}

/** A recorded read replayed: the rows it returns and the steps SQLite took for it. */
export function replayedSteps(replay: Database.Database, read: Recorded, tag: string) {
  const tagged = `${read.sql} /* budget ${tag} */`;
  const args = Array.isArray(read.args) ? read.args.map((v) => (typeof v === "boolean" ? Number(v) : v)) : read.args;
  const rows = replay.prepare(tagged).all(args as never).length;
  const [stat] = replay.prepare("select nstep from sqlite_stmt where sql = ?").all(tagged) as { nstep: number }[];
  return { sql: read.sql, rows, steps: stat?.nstep ?? Number.NaN };
}
