/**
 * Helpers of the analytics suites: data tables made through the API (create the DataTable, import a
 * CSV, wait for its task) or, for large generated tables, through the store family the demo seed
 * uses; objects with definitions; a checksum of the store's tables (what a refused request must
 * leave unchanged).
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import { upstreamContextOf } from "../../../../server/upstream/app.ts";
import type { DataColumn, DataValue } from "../../../../server/upstream/store/types/data-tables.ts";
import { filesForm, roots } from "../content-fixture.ts";
import type { Client, Json, RunningUpstream } from "../upstream-fixture.ts";

/** Creates an object of `area` in the caller's Team folder (201 expected) and returns its RecId. */
export async function createObject(
  client: Client,
  area: string,
  type: string,
  name: string,
  properties?: Record<string, unknown>,
  folder: "Team" | "Personal" = "Team",
): Promise<number> {
  const reply = await client.post(`/api/Content/${area}/Objects`, {
    Type: type,
    Name: name,
    FolderRecId: (await roots(client, area))[folder].RecId,
    ...(properties && { Properties: properties }),
  });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return reply.body.RecId;
}

/** Imports a CSV into a data table and waits for its task; the task's final status. */
export async function importCsv(client: Client, tableId: number, csv: string): Promise<string> {
  const form = filesForm([{ name: "rows.csv", data: Buffer.from(csv, "utf8"), type: "text/csv" }], {
    DataTableRecId: String(tableId),
  });
  const started = await client.post("/api/Imports/Data", form);
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const taskId = (started.body.Tasks as Json[])[0].RecId;
  // The import runs on the upstream's queue; its task says when it has finished.
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const task = await client.get(`/api/Tasks/${taskId}`);
    if (["Succeeded", "Failed", "Cancelled"].includes(task.body.Status)) return task.body.Status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import task ${taskId} did not finish`);
}

/** A DataTable of Tables and views (the Team folder unless said), filled by an import of `csv`. */
export async function tableFromCsv(
  client: Client,
  name: string,
  csv: string,
  folder: "Team" | "Personal" = "Team",
): Promise<number> {
  const recId = await createObject(client, "TableAndViews", "DataTable", name, undefined, folder);
  assert.equal(await importCsv(client, recId, csv), "Succeeded");
  return recId;
}

/** Replaces a data table's columns and rows through the store family (large generated tables). */
export async function defineRows(
  upstream: RunningUpstream,
  accountId: number,
  tableId: number,
  columns: DataColumn[],
  rows: DataValue[][],
): Promise<void> {
  const context = upstreamContextOf(upstream.app);
  await context.store.jobs.dataTables.define(accountId, tableId, columns, rows, context.now());
}

/** The caller's account RecId. */
export async function accountOf(client: Client): Promise<number> {
  const reply = await client.get("/api/Common/LoggedInConfig");
  return reply.body.User.AccountRecId;
}

/** Tables every request may touch without changing data: the session's last use, the request log. */
const PER_REQUEST_TABLES = new Set(["sessions", "request_log"]);

/** A SHA-256 per table over every row of the store (per-request bookkeeping left out). */
export function storeChecksums(upstream: RunningUpstream): Record<string, string> {
  const db = new Database(join(upstream.dataDir, "upstream.sqlite"), { readonly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[];
    const sums: Record<string, string> = {};
    for (const { name } of tables) {
      if (PER_REQUEST_TABLES.has(name)) continue;
      const hash = createHash("sha256");
      for (const row of db.prepare(`SELECT * FROM "${name}" ORDER BY 1`).all())
        hash.update(JSON.stringify(row, (_, v) => (Buffer.isBuffer(v) ? v.toString("base64") : v)));
      sums[name] = hash.digest("hex");
    }
    return sums;
  } finally {
    db.close();
  }
}

/** A dashboard definition of the given widgets (Version 1). */
export function dashboard(widgets: Json[]): { Definition: Json } {
  return { Definition: { Version: 1, Widgets: widgets } };
}

/** A widget at a grid place, with its query and settings. */
export function widget(Id: string, Kind: string, Query?: Json, Settings?: Json, X = 0): Json {
  return {
    Id,
    Kind,
    Position: { X, Y: 0, W: 4, H: 3 },
    ...(Query && { Query }),
    ...(Settings && { Settings }),
  };
}
