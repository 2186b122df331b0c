/**
 * The engine on DuckDB (@duckdb/node-api), in memory, fed from the store (README.md "Engine", the
 * figures in scripts/bench/README.md): a data table is copied into a typed columnar table the first
 * time a statement reads it, and kept current by appending the rows an import added (within one
 * generation rows only grow, store/types/analytics.ts); a replaced table is loaded again under a new
 * name, the old one dropped once no statement reads it. Copies are evicted least recently used
 * beyond MAX_LOADED_CELLS. Statements run on a small pool of connections, each interrupted at its
 * time limit; the native module loads on the first statement, so an upstream that never queries
 * never pays for it.
 *
 * The copy reads cells the way the query checks read literals: a Text cell that is "" is empty
 * (NULL); a cell that does not read as its column's type — a Date not in DATE_LITERAL_PATTERN's form,
 * a Boolean that is not true or false — is empty.
 */
import type { DuckDBConnection, DuckDBInstance, DuckDBType, DuckDBValue } from "@duckdb/node-api";
import type { ColumnType } from "../../../schemas/payloads/data-query.ts";
import type { AnalyticsStoreFamily } from "../store/types/analytics.ts";
import type { DataColumn } from "../store/types/data-tables.ts";
import { DATE_LITERAL_PATTERN } from "./date-literals.ts";
import {
  type AnalyticsEngine,
  type EngineCell,
  type EngineLimits,
  type EngineResult,
  EngineScanLimitError,
  type EngineTable,
  EngineTimeoutError,
} from "./engine.ts";
import { LOAD_PAGE_ROWS, MAX_LOADED_CELLS } from "./limits.ts";
import { ENGINE_TYPES, ident, type SqlParam, type SqlStatement } from "./sql-plan.ts";

type DuckDb = typeof import("@duckdb/node-api");

/** Rows of one data chunk (DuckDB's vector size). */
const CHUNK_ROWS = 2048;
/** How often a statement past its time limit is interrupted again, until it stops. */
const INTERRUPT_REPEAT_MS = 25;
/** Connections statements run on (the machine's two cores). */
const QUERY_CONNECTIONS = 2;

/** The instance settings: no files, no extensions fetched, bounded memory. */
const INSTANCE_OPTIONS: Record<string, string> = {
  threads: String(QUERY_CONNECTIONS),
  memory_limit: "1GB",
  enable_external_access: "false",
  autoinstall_known_extensions: "false",
  autoload_known_extensions: "false",
};

/** A data table's copy in the engine. */
interface Copy {
  key: string;
  relation: string;
  columns: string;
  generation: number;
  maxRowId: number;
  rowCount: number;
  cellCount: number;
  leases: number;
  lastUsedAt: number;
  /** Replaced or forgotten: dropped when the last lease ends. */
  retired: boolean;
}

if (DATE_LITERAL_PATTERN.includes("'")) throw new Error("the date pattern must fit in a SQL literal");

/** The SQL reading one stored cell (`l[i]`, text from the row's JSON array) as its column's type. */
function cellSql(type: ColumnType, position: number): string {
  const cell = `${ident("l")}[${position + 1}]`;
  switch (type) {
    case "Number":
      return `TRY_CAST(${cell} AS DOUBLE)`;
    case "Text":
      return `NULLIF(${cell}, '')`;
    case "Boolean":
      return `CASE ${cell} WHEN 'true' THEN TRUE WHEN 'false' THEN FALSE END`;
    case "Date":
      // TIMESTAMPTZ reads the zone (none: UTC, the connection's time zone); the copy keeps UTC.
      return `CASE WHEN regexp_full_match(${cell}, '${DATE_LITERAL_PATTERN}') THEN TRY_CAST(TRY_CAST(${cell} AS TIMESTAMPTZ) AS TIMESTAMP) END`;
  }
}

/** A simple lock: one holder at a time, in arrival order. */
class Lock {
  private tail: Promise<void> = Promise.resolve();
  async hold<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release = () => {};
    this.tail = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/** The DuckDB engine over one store. */
export class DuckDbEngine implements AnalyticsEngine {
  private started:
    | Promise<{ duckdb: DuckDb; instance: DuckDBInstance; loader: DuckDBConnection }>
    | undefined;
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];
  private readonly copies = new Map<string, Copy>();
  private readonly loading = new Map<string, Promise<Copy>>();
  private readonly loaderLock = new Lock();
  private nextRelation = 1;
  private closed = false;

  constructor(
    private readonly store: AnalyticsStoreFamily,
    private readonly now: () => number = Date.now,
  ) {}

  private start() {
    this.started ??= (async () => {
      const duckdb = await import("@duckdb/node-api");
      const instance = await duckdb.DuckDBInstance.create(":memory:", INSTANCE_OPTIONS);
      const connect = async () => {
        const connection = await instance.connect();
        await connection.run("SET TimeZone = 'UTC'");
        return connection;
      };
      const loader = await connect();
      for (let index = 0; index < QUERY_CONNECTIONS; index += 1) this.idle.push(await connect());
      return { duckdb, instance, loader };
    })();
    return this.started;
  }

  private async connection(): Promise<DuckDBConnection> {
    await this.start();
    const idle = this.idle.pop();
    if (idle) return idle;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private giveBack(connection: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }

  /** The copy of a table at its state: the one held, appended to, or a new load. */
  private async current(table: EngineTable): Promise<Copy> {
    const key = `${table.accountId}:${table.objectId}`;
    for (;;) {
      const pending = this.loading.get(key);
      if (pending) {
        await pending.catch(() => undefined);
        continue;
      }
      const held = this.copies.get(key);
      const columns = JSON.stringify(table.state.columns);
      if (held && held.columns === columns && held.generation === table.state.generation) {
        if (held.maxRowId >= table.state.maxRowId) return held;
        const appending = this.append(held, table).finally(() => this.loading.delete(key));
        this.loading.set(key, appending);
        return appending;
      }
      const load = this.load(key, table).finally(() => this.loading.delete(key));
      this.loading.set(key, load);
      return load;
    }
  }

  private async load(key: string, table: EngineTable): Promise<Copy> {
    const { loader } = await this.start();
    return this.loaderLock.hold(async () => {
      const relation = ident(`t${this.nextRelation++}`);
      const columns = table.state.columns.map(
        (column, index) => `${ident(`c${index}`)} ${ENGINE_TYPES[column.type]}`,
      );
      await loader.run(`CREATE TABLE ${relation} (${[...columns, `${ident("o0")} BIGINT`].join(", ")})`);
      const copy: Copy = {
        key,
        relation,
        columns: JSON.stringify(table.state.columns),
        generation: table.state.generation,
        maxRowId: 0,
        rowCount: 0,
        cellCount: 0,
        leases: 0,
        lastUsedAt: this.now(),
        retired: false,
      };
      try {
        await this.copyRows(loader, copy, table);
      } catch (error) {
        await loader.run(`DROP TABLE IF EXISTS ${relation}`);
        throw error;
      }
      const replaced = this.copies.get(key);
      if (replaced) this.retire(replaced);
      this.copies.set(key, copy);
      await this.evict();
      return copy;
    });
  }

  private async append(copy: Copy, table: EngineTable): Promise<Copy> {
    const { loader } = await this.start();
    return this.loaderLock.hold(async () => {
      await this.copyRows(loader, copy, table);
      await this.evict();
      return copy;
    });
  }

  /** Copies the stored rows after the copy's last one, up to the state's last, page by page. */
  private async copyRows(loader: DuckDBConnection, copy: Copy, table: EngineTable): Promise<void> {
    const { duckdb } = await this.start();
    const stage = ident(`s${this.nextRelation++}`);
    const cells = table.state.columns.map(
      (column: DataColumn, index) => `${cellSql(column.type, index)} AS ${ident(`c${index}`)}`,
    );
    await loader.run(`CREATE TABLE ${stage} (${ident("id")} BIGINT, ${ident("data")} VARCHAR)`);
    try {
      for (;;) {
        const page = (
          await this.store.rowsAfter(table.accountId, table.objectId, copy.maxRowId, LOAD_PAGE_ROWS)
        ).filter((row) => row.id <= table.state.maxRowId);
        if (page.length === 0) break;
        const appender = await loader.createAppender(stage.slice(1, -1));
        for (let start = 0; start < page.length; start += CHUNK_ROWS) {
          const slice = page.slice(start, start + CHUNK_ROWS);
          const chunk = duckdb.DuckDBDataChunk.create([duckdb.BIGINT, duckdb.VARCHAR], slice.length);
          chunk.setColumns([slice.map((row) => BigInt(row.id)), slice.map((row) => row.data)]);
          appender.appendDataChunk(chunk);
        }
        appender.closeSync();
        // One JSON parse per row, by DuckDB; a row that is not a JSON array has only empty cells.
        await loader.run(
          `INSERT INTO ${copy.relation} SELECT ${[...cells, ident("id")].join(", ")} FROM (SELECT ${ident("id")}, ` +
            `TRY(json_transform(${ident("data")}, '["VARCHAR"]')) AS ${ident("l")} FROM ${stage})`,
        );
        await loader.run(`DELETE FROM ${stage}`);
        copy.maxRowId = (page.at(-1) as { id: number }).id;
        copy.rowCount += page.length;
        copy.cellCount = copy.rowCount * Math.max(1, table.state.columns.length);
        if (page.length < LOAD_PAGE_ROWS || copy.maxRowId >= table.state.maxRowId) break;
      }
    } finally {
      await loader.run(`DROP TABLE IF EXISTS ${stage}`);
    }
  }

  private retire(copy: Copy): void {
    copy.retired = true;
    if (this.copies.get(copy.key) === copy) this.copies.delete(copy.key);
    if (copy.leases === 0) void this.drop(copy);
  }

  private async drop(copy: Copy): Promise<void> {
    if (this.closed) return;
    const { loader } = await this.start();
    await this.loaderLock.hold(() => loader.run(`DROP TABLE IF EXISTS ${copy.relation}`));
  }

  /** Drops the least recently used copies no statement reads while more cells are held than allowed. */
  private async evict(): Promise<void> {
    let cells = [...this.copies.values()].reduce((sum, copy) => sum + copy.cellCount, 0);
    const byAge = [...this.copies.values()].sort((a, b) => a.lastUsedAt - b.lastUsedAt);
    for (const copy of byAge) {
      if (cells <= MAX_LOADED_CELLS) break;
      if (copy.leases > 0) continue;
      cells -= copy.cellCount;
      copy.retired = true;
      this.copies.delete(copy.key);
      // Called under the loader lock: drop directly.
      const { loader } = await this.start();
      await loader.run(`DROP TABLE IF EXISTS ${copy.relation}`);
    }
  }

  async run(
    tables: readonly EngineTable[],
    build: (relationOf: (table: { recId: number }) => string) => SqlStatement,
    limits: EngineLimits,
  ): Promise<EngineResult> {
    if (this.closed) throw new Error("the engine is closed");
    const leased: Copy[] = [];
    try {
      const byObject = new Map<number, Copy>();
      for (const table of tables) {
        let copy = byObject.get(table.objectId);
        if (!copy) {
          copy = await this.current(table);
          copy.leases += 1;
          copy.lastUsedAt = this.now();
          leased.push(copy);
          byObject.set(table.objectId, copy);
        }
      }
      const rowsScanned = tables.reduce(
        (sum, table) => sum + (byObject.get(table.objectId) as Copy).rowCount,
        0,
      );
      if (rowsScanned > limits.maxRowsScanned) throw new EngineScanLimitError(rowsScanned);
      const statement = build((table) => (byObject.get(table.recId) as Copy).relation);
      const rows = await this.execute(statement, limits.timeoutMs);
      return { rows, rowsScanned };
    } finally {
      for (const copy of leased) {
        copy.leases -= 1;
        if (copy.retired && copy.leases === 0) void this.drop(copy);
      }
    }
  }

  private async execute(statement: SqlStatement, timeoutMs: number): Promise<EngineCell[][]> {
    const { duckdb } = await this.start();
    const connection = await this.connection();
    let timedOut = false;
    let again: NodeJS.Timeout | undefined;
    // An interrupt that arrives before the statement has begun on DuckDB's thread is lost, so it is
    // repeated until the statement ends; and an answer that comes after the limit is refused anyway.
    const timer = setTimeout(() => {
      timedOut = true;
      connection.interrupt();
      again = setInterval(() => connection.interrupt(), INTERRUPT_REPEAT_MS);
    }, timeoutMs);
    try {
      const values: DuckDBValue[] = statement.params.map((param) => paramValue(duckdb, param));
      const types: DuckDBType[] = statement.params.map((param) => duckdb[param.type]);
      const reader = await connection.runAndReadAll(statement.sql, values, types);
      if (timedOut) throw new EngineTimeoutError("answered after the time limit");
      return reader.getRows().map((row) => row.map((value) => cellOf(duckdb, value)));
    } catch (error) {
      if (timedOut) throw new EngineTimeoutError("interrupted at the time limit");
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(again);
      this.giveBack(connection);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (!this.started) return;
    const { instance, loader } = await this.started;
    await this.loaderLock.hold(async () => {});
    for (const connection of [loader, ...this.idle]) connection.closeSync();
    instance.closeSync();
  }
}

function paramValue(duckdb: DuckDb, param: SqlParam): DuckDBValue {
  return param.type === "TIMESTAMP" ? new duckdb.DuckDBTimestampValue(param.micros) : param.value;
}

function cellOf(duckdb: DuckDb, value: DuckDBValue): EngineCell {
  if (value === null || typeof value === "number" || typeof value === "string" || typeof value === "boolean")
    return value;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof duckdb.DuckDBTimestampValue) return new Date(Number(value.micros / 1000n));
  throw new Error(`unexpected engine value ${String(value)}`);
}
