/**
 * The query tool's runner (/admin/querytool "Run"): read-only SQL against the demo views of the
 * store, never anything else. The query runs in a separate Node process (at most 256 MB of heap and
 * 32 MB of output), so a slow query is stopped by killing that process at its time limit (a worker
 * thread cannot be stopped while SQLite computes) and a huge result cannot exhaust the service.
 *
 * - SQLite: its own read-only connection (query_only). The statement must be a single reader
 *   statement, and its bytecode (EXPLAIN) may open only the demo tables behind the designated views —
 *   the views expand to those tables, while users, sessions or sqlite_schema, virtual tables and
 *   table-valued functions (pragma_…) are refused.
 * - PostgreSQL: the reader's own login (query-reader-role.ts: SELECT on the demo tables and views and
 *   nothing else), in a READ ONLY transaction whose statement_timeout is the query's limit, so the
 *   server stops the work too. The statement must begin as a query does (SELECT, WITH, VALUES, TABLE)
 *   and runs as a cursor (DECLARE … CURSOR FOR, which takes only a query without data-modifying WITH
 *   parts) over the extended protocol, which takes a single statement only; the rows are fetched up
 *   to the limit. What the reader may not read is refused by the server's privileges. The catalogue
 *   (pg_catalog, information_schema) stays readable, as for any login: names and shapes, no rows of
 *   the store's tables.
 *
 * At most `maxRows` rows come back.
 */

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import pg from "pg";

/** The tables behind the designated views (retail_stores, retail_sales, retail_revenue_by_country). */
export const QUERY_TOOL_TABLES = ["demo_retail_stores", "demo_retail_sales"] as const;
/** The views a query may use (the tables are allowed too: they hold the same demo data). */
export const QUERY_TOOL_VIEWS = ["retail_stores", "retail_sales", "retail_revenue_by_country"] as const;

export type QueryOutcome =
  | { kind: "rows"; columns: string[]; rows: unknown[][]; truncated: boolean; durationMs: number }
  | { kind: "notAllowed" | "failed" | "timedOut"; message: string; durationMs: number };

/** Where a query runs: the SQLite file, or the reader's login and the store's schema on PostgreSQL. */
export type QueryTarget =
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; url: string; schema: string };

/** What both runners start with: the job from stdin, the answer to stdout. */
const RUNNER_PRELUDE = `
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
const workerData = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const parentPort = { postMessage: (message) => process.stdout.write(JSON.stringify(message)) };
`;

const SQLITE_RUNNER_SOURCE = `${RUNNER_PRELUDE}
const Database = require(workerData.driver);
let db;
(() => { try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma("query_only = ON");
  let statement;
  try { statement = db.prepare(workerData.sql); }
  catch (error) {
    const multiple = /more than one statement/.test(error.message);
    parentPort.postMessage({ kind: multiple ? "notAllowed" : "failed", message: multiple ? "Run one statement at a time." : error.message });
    return;
  }
  if (!statement.reader || !statement.readonly) {
    parentPort.postMessage({ kind: "notAllowed", message: "Only read-only SELECT statements can run." });
    return;
  }
  const names = workerData.tables.map(() => "?").join(", ");
  const allowed = new Set(db.prepare("SELECT rootpage FROM sqlite_schema WHERE tbl_name IN (" + names + ") AND rootpage > 0").all(...workerData.tables).map((r) => r.rootpage));
  for (const step of db.prepare("EXPLAIN " + workerData.sql).all()) {
    const opens = step.opcode === "OpenRead" || step.opcode === "OpenWrite" || step.opcode === "ReopenIdx";
    if ((opens && !allowed.has(step.p2)) || step.opcode === "VOpen" || step.opcode === "VFilter" || step.opcode === "OpenWrite") {
      parentPort.postMessage({ kind: "notAllowed", message: "Queries may read only the demo views: " + workerData.views.join(", ") + "." });
      return;
    }
  }
  const columns = statement.columns().map((column) => column.name);
  const rows = [];
  let truncated = false;
  for (const row of statement.raw(true).iterate()) {
    if (rows.length === workerData.maxRows) { truncated = true; break; }
    rows.push(row.map((value) => Buffer.isBuffer(value) ? "<" + value.length + " bytes>" : typeof value === "bigint" ? value.toString() : value));
  }
  parentPort.postMessage({ kind: "rows", columns, rows, truncated });
} catch (error) {
  parentPort.postMessage({ kind: "failed", message: error.message });
} finally {
  if (db) db.close();
} })();
});
`;

/**
 * PostgreSQL's runner. Values as the SQLite runner gives them: BIGINT as a number (as the store's pool
 * reads it), bytes as their length, JSON and arrays as JSON text; dates become ISO text on the way out.
 */
const POSTGRES_RUNNER_SOURCE = `${RUNNER_PRELUDE}
const pg = require(workerData.driver);
const types = { getTypeParser: (oid, format) => oid === 20 && format !== "binary"
  ? (value) => { const number = Number(value); return Number.isSafeInteger(number) ? number : value; }
  : pg.types.getTypeParser(oid, format) };
const cell = (value) => Buffer.isBuffer(value) ? "<" + value.length + " bytes>"
  : value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
const answerOf = (error) => {
  const code = error && error.code;
  if (code === "42601" && /multiple commands/.test(error.message)) return { kind: "notAllowed", message: "Run one statement at a time." };
  if (code === "42501") return { kind: "notAllowed", message: "Queries may read only the demo views: " + workerData.views.join(", ") + "." };
  if (code === "25006" || (code === "0A000" && /data-modifying/.test(error.message))) return { kind: "notAllowed", message: "Only read-only SELECT statements can run." };
  if (code === "57014") return { kind: "timedOut", message: "The query ran longer than " + workerData.timeoutMs / 1000 + " s and was stopped." };
  return { kind: "failed", message: error && error.message ? error.message : String(error) };
};
(async () => {
  const client = new pg.Client({ connectionString: workerData.url, types, application_name: "tessera query tool" });
  try {
    await client.connect();
    await client.query("SELECT set_config('search_path', $1, false)", [workerData.searchPath]);
    await client.query("BEGIN READ ONLY");
    await client.query("SELECT set_config('statement_timeout', $1, true)", [String(workerData.timeoutMs)]);
    await client.query({ text: "DECLARE tessera_query NO SCROLL CURSOR FOR " + workerData.sql, queryMode: "extended" });
    const result = await client.query({ text: "FETCH FORWARD " + (workerData.maxRows + 1) + " FROM tessera_query", rowMode: "array" });
    const truncated = result.rows.length > workerData.maxRows;
    parentPort.postMessage({
      kind: "rows",
      columns: result.fields.map((field) => field.name),
      rows: result.rows.slice(0, workerData.maxRows).map((row) => row.map(cell)),
      truncated,
    });
  } catch (error) {
    parentPort.postMessage(answerOf(error));
  } finally {
    await client.end().catch(() => undefined);
  }
})();
});
`;

const resolveModule = createRequire(import.meta.url).resolve;
const DRIVERS = { sqlite: resolveModule("better-sqlite3"), postgres: resolveModule("pg") } as const;

/** The first word of `sql` past blanks, comments and opening parentheses, in upper case. */
export function leadingKeyword(sql: string): string {
  let at = 0;
  while (at < sql.length) {
    if (/[\s(]/.test(sql.charAt(at))) at += 1;
    else if (sql.startsWith("--", at)) {
      const end = sql.indexOf("\n", at);
      at = end === -1 ? sql.length : end + 1;
    } else if (sql.startsWith("/*", at)) {
      // PostgreSQL's block comments nest.
      let depth = 0;
      do {
        if (sql.startsWith("/*", at)) {
          depth += 1;
          at += 2;
        } else if (sql.startsWith("*/", at)) {
          depth -= 1;
          at += 2;
        } else at += 1;
      } while (depth > 0 && at < sql.length);
    } else break;
  }
  return /^[A-Za-z_]+/.exec(sql.slice(at))?.[0].toUpperCase() ?? "";
}

/** The statements PostgreSQL's runner takes: queries only (DECLARE … CURSOR FOR takes no other). */
const QUERY_KEYWORDS = new Set(["SELECT", "WITH", "VALUES", "TABLE"]);
/** Largest result a run may send back (10,000 rows of a few columns fit easily). */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/** Runs `sql` on `target` with the limits given. */
export function runReadOnlyQuery(
  target: QueryTarget,
  sql: string,
  limits: { maxRows: number; timeoutMs: number },
): Promise<QueryOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (target.kind === "postgres" && !QUERY_KEYWORDS.has(leadingKeyword(sql))) {
    return Promise.resolve({
      kind: "notAllowed",
      message: "Only read-only SELECT statements can run.",
      durationMs: elapsed(),
    });
  }
  const source = target.kind === "sqlite" ? SQLITE_RUNNER_SOURCE : POSTGRES_RUNNER_SOURCE;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--max-old-space-size=256", "-e", source], {
      stdio: ["pipe", "pipe", "ignore"],
      env: {},
    });
    const output: Buffer[] = [];
    let outputBytes = 0;
    let settled = false;
    const settle = (outcome: QueryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve(outcome);
    };
    const timer = setTimeout(
      () =>
        settle({
          kind: "timedOut",
          message: `The query ran longer than ${limits.timeoutMs / 1000} s and was stopped.`,
          durationMs: elapsed(),
        }),
      limits.timeoutMs,
    );
    child.stdout.on("data", (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > MAX_OUTPUT_BYTES) {
        settle({
          kind: "failed",
          message: "The result is too large: lower MaxRows or select fewer columns.",
          durationMs: elapsed(),
        });
      } else output.push(chunk);
    });
    child.once("error", (error) => settle({ kind: "failed", message: error.message, durationMs: elapsed() }));
    child.once("close", () => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(Buffer.concat(output).toString("utf8")) as Record<string, unknown>;
      } catch {
        return settle({ kind: "failed", message: "The query stopped unexpectedly.", durationMs: elapsed() });
      }
      if (message.kind === "rows") {
        return settle({
          kind: "rows",
          columns: message.columns as string[],
          rows: message.rows as unknown[][],
          truncated: message.truncated === true,
          durationMs: elapsed(),
        });
      }
      return settle({
        kind: message.kind === "notAllowed" ? "notAllowed" : "failed",
        message: String(message.message),
        durationMs: elapsed(),
      });
    });
    // The reader's URL goes on stdin: neither the environment nor the command line shows it.
    const where =
      target.kind === "sqlite"
        ? { file: target.file }
        : { url: target.url, searchPath: pg.escapeIdentifier(target.schema) };
    child.stdin.end(
      JSON.stringify({
        driver: DRIVERS[target.kind],
        ...where,
        sql,
        maxRows: limits.maxRows,
        timeoutMs: limits.timeoutMs,
        tables: QUERY_TOOL_TABLES,
        views: QUERY_TOOL_VIEWS,
      }),
    );
  });
}
