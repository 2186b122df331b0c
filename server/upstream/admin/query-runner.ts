/**
 * The query tool's runner (/admin/querytool "Run"): read-only SQL against the demo views of the
 * embedded store, never anything else. The query runs in a separate Node process on its own
 * read-only connection (query_only), so a slow query is stopped by killing that process at its time
 * limit (a worker thread cannot be stopped while SQLite computes) without blocking the service. Before running, the statement must be a single reader statement,
 * and its bytecode (EXPLAIN) may open only the demo tables behind the designated views — the views
 * expand to those tables, while users, sessions or sqlite_schema, virtual tables and table-valued
 * functions (pragma_…) are refused. At most `maxRows` rows come back.
 */

import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/** The tables behind the designated views (retail_stores, retail_sales, retail_revenue_by_country). */
export const QUERY_TOOL_TABLES = ["demo_retail_stores", "demo_retail_sales"] as const;
/** The views a query may use (the tables are allowed too: they hold the same demo data). */
export const QUERY_TOOL_VIEWS = ["retail_stores", "retail_sales", "retail_revenue_by_country"] as const;

export type QueryOutcome =
  | { kind: "rows"; columns: string[]; rows: unknown[][]; truncated: boolean; durationMs: number }
  | { kind: "notAllowed" | "failed" | "timedOut"; message: string; durationMs: number };

const RUNNER_SOURCE = `
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
const workerData = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const parentPort = { postMessage: (message) => process.stdout.write(JSON.stringify(message)) };
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

const driver = createRequire(import.meta.url).resolve("better-sqlite3");
/** Largest result a run may send back (10,000 rows of a few columns fit easily). */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/** Runs `sql` against the database file with the limits given. */
export function runReadOnlyQuery(
  file: string,
  sql: string,
  limits: { maxRows: number; timeoutMs: number },
): Promise<QueryOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--max-old-space-size=256", "-e", RUNNER_SOURCE], {
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
    child.stdin.end(
      JSON.stringify({
        driver,
        file,
        sql,
        maxRows: limits.maxRows,
        tables: QUERY_TOOL_TABLES,
        views: QUERY_TOOL_VIEWS,
      }),
    );
  });
}
