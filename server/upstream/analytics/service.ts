/**
 * The query service (README.md): resolves a source, checks a description against its catalogue,
 * answers from the result cache or runs the statement in the engine within the limits, and shapes
 * the result. Access is the routes' business: every call here names the account whose data it reads,
 * and every read of the store takes that account id.
 */
import type { DataQuery, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound, UpstreamError } from "../http/errors.ts";
import type { UpstreamStore } from "../store/index.ts";
import type { DataSourceObject } from "../store/types/analytics.ts";
import { DuckDbEngine } from "./duckdb-engine.ts";
import { type AnalyticsEngine, type EngineCell, EngineScanLimitError, EngineTimeoutError } from "./engine.ts";
import { MAX_RESULT_BYTES, MAX_ROWS_SCANNED, QUERY_TIMEOUT_MS, RESULT_CACHE_BYTES } from "./limits.ts";
import { type CheckedQuery, checkQuery, type QueryRefusal } from "./query-check.ts";
import { canonicalJson, ResultCache } from "./result-cache.ts";
import { planTables, resolveSource, SourceNotQueryable, type SourcePlan } from "./source-plan.ts";
import { querySql } from "./sql-plan.ts";

/** Options of a service instance. */
export interface AnalyticsOptions {
  now?: () => number;
  engine?: AnalyticsEngine;
  cacheBytes?: number;
}

/** Per-run limits (the defaults are limits.ts'). */
export interface RunLimits {
  maxRowsScanned?: number;
  timeoutMs?: number;
  maxResultBytes?: number;
}

/** A checked query over a resolved source, or why not. */
export type PreparedQuery =
  | { ok: true; plan: SourcePlan; query: CheckedQuery }
  | { ok: false; refusal: QueryRefusal }
  | { ok: false; missing: true };

/** The 400 of a refusal. */
export function refusalError(refusal: QueryRefusal): UpstreamError {
  return badRequest(refusal.code, refusal.message);
}

/** The query service of one store. */
export class AnalyticsService {
  private readonly engine: AnalyticsEngine;
  private readonly cache: ResultCache<DataQueryResult>;
  private readonly now: () => number;

  constructor(
    private readonly store: Pick<UpstreamStore, "analytics">,
    options: AnalyticsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.engine = options.engine ?? new DuckDbEngine(store.analytics, this.now);
    this.cache = new ResultCache(options.cacheBytes ?? RESULT_CACHE_BYTES);
  }

  /**
   * The resolved source (undefined when `recId` is no live data source of the account); a source
   * that does not compose is a 400 DataSourceNotQueryable. `overrides` stand in for stored objects.
   */
  async source(
    accountId: number,
    recId: number,
    overrides?: ReadonlyMap<number, DataSourceObject>,
  ): Promise<SourcePlan | undefined> {
    try {
      return await resolveSource(this.store.analytics, accountId, recId, overrides);
    } catch (error) {
      if (error instanceof SourceNotQueryable) throw refusalError(error.refusal);
      throw error;
    }
  }

  /** Resolves the query's source and checks the description against it (nothing runs). */
  async prepare(
    accountId: number,
    query: DataQuery,
    overrides?: ReadonlyMap<number, DataSourceObject>,
  ): Promise<PreparedQuery> {
    let plan: SourcePlan | undefined;
    try {
      plan = await resolveSource(this.store.analytics, accountId, query.Source.RecId, overrides);
    } catch (error) {
      if (error instanceof SourceNotQueryable) return { ok: false, refusal: error.refusal };
      throw error;
    }
    if (!plan) return { ok: false, missing: true };
    const checked = checkQuery(query, plan.columns);
    return checked.ok ? { ok: true, plan, query: checked.query } : checked;
  }

  /**
   * Runs a schema-valid description over the account's data: 404 when its source is no live data
   * source of the account, 400 with a 60xx code when the description does not fit the source, 422
   * at a limit (rows scanned, result size, time).
   */
  async query(accountId: number, query: DataQuery, limits: RunLimits = {}): Promise<DataQueryResult> {
    const prepared = await this.prepare(accountId, query);
    if (!prepared.ok) {
      if ("missing" in prepared) throw notFound("Data source");
      throw refusalError(prepared.refusal);
    }
    const key = `${accountId}|${prepared.plan.recId}|${prepared.plan.version}|${canonicalJson(prepared.query)}`;
    const cached = this.cache.get(key);
    if (cached) return { ...cached, Cached: true, ElapsedMs: 0 };
    const result = await this.execute(accountId, prepared.plan, prepared.query, limits);
    const tables = [...new Set(planTables(prepared.plan).map((table) => `${accountId}:${table.recId}`))];
    this.cache.set(key, result, JSON.stringify(result.Rows).length + 256, tables);
    return result;
  }

  /** Runs without the cache (the benchmark measures the engine). */
  async runUncached(accountId: number, query: DataQuery, limits: RunLimits = {}): Promise<DataQueryResult> {
    const prepared = await this.prepare(accountId, query);
    if (!prepared.ok) throw new Error("not a runnable query");
    return this.execute(accountId, prepared.plan, prepared.query, limits);
  }

  private async execute(
    accountId: number,
    plan: SourcePlan,
    query: CheckedQuery,
    limits: RunLimits,
  ): Promise<DataQueryResult> {
    const started = performance.now();
    const tables = planTables(plan).map((table) => ({
      accountId,
      objectId: table.recId,
      state: table.state,
    }));
    let run: Awaited<ReturnType<AnalyticsEngine["run"]>>;
    let hasOtherMarker = false;
    try {
      run = await this.engine.run(
        tables,
        (relationOf) => {
          const statement = querySql(plan, query, relationOf);
          hasOtherMarker = statement.hasOtherMarker;
          return statement;
        },
        {
          timeoutMs: limits.timeoutMs ?? QUERY_TIMEOUT_MS,
          maxRowsScanned: limits.maxRowsScanned ?? MAX_ROWS_SCANNED,
        },
      );
    } catch (error) {
      if (error instanceof EngineScanLimitError) {
        throw new UpstreamError(
          422,
          "DataRowsScannedLimit",
          `The query would read ${error.rowsScanned} rows; at most ${limits.maxRowsScanned ?? MAX_ROWS_SCANNED} are read.`,
        );
      }
      if (error instanceof EngineTimeoutError) {
        throw new UpstreamError(
          422,
          "DataQueryTimedOut",
          `The query ran longer than ${(limits.timeoutMs ?? QUERY_TIMEOUT_MS) / 1000} s and was stopped.`,
        );
      }
      throw error;
    }
    const truncated = run.rows.length > query.limit;
    const kept = truncated ? run.rows.slice(0, query.limit) : run.rows;
    let otherRow: number | null = null;
    const rows = kept.map((row, index) => {
      if (hasOtherMarker && row.at(-1) === 1) otherRow = index;
      return query.outputs.map((output, column) =>
        resultCell(row[column] ?? null, output.type, bucketed(query, column)),
      );
    });
    const maxBytes = limits.maxResultBytes ?? MAX_RESULT_BYTES;
    const bytes = Buffer.byteLength(JSON.stringify(rows));
    if (bytes > maxBytes) {
      throw new UpstreamError(
        422,
        "DataResultTooLarge",
        `The result has ${bytes} bytes; at most ${maxBytes} are sent. Filter it or lower its Limit.`,
      );
    }
    return {
      Columns: query.outputs.map((output) => ({ Name: output.name, Type: output.type, Role: output.role })),
      Rows: rows,
      OtherRow: otherRow,
      Truncated: truncated,
      RowsScanned: run.rowsScanned,
      SourceVersion: plan.version,
      Cached: false,
      ElapsedMs: Math.round((performance.now() - started) * 100) / 100,
    };
  }

  /** How many rows a resolved source has (a table's stored rows; a derived source counted by the engine). */
  async rowCount(accountId: number, plan: SourcePlan): Promise<number> {
    if (plan.kind === "table") return this.store.analytics.rowCount(accountId, plan.recId);
    const result = await this.query(accountId, {
      Source: { RecId: plan.recId },
      Aggregates: [{ Function: "count", As: "Rows" }],
    });
    return Number(result.Rows[0]?.[0] ?? 0);
  }

  /** Loads a data table's copy now (the benchmark's load and refresh). */
  async warm(accountId: number, tableId: number): Promise<void> {
    await this.runUncached(accountId, {
      Source: { RecId: tableId },
      Aggregates: [{ Function: "count", As: "n" }],
    });
  }

  /**
   * A data table's rows changed (an import): the cached results that read it go now (their keys
   * hold the old version, so none would be served again; this frees them). The engine's copy stays:
   * the next query appends the new rows to it.
   */
  invalidateTable(accountId: number, tableId: number): void {
    this.cache.dropTable(accountId, tableId);
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}

function bucketed(query: CheckedQuery, column: number): boolean {
  return (
    query.mode === "groups" &&
    column < query.dimensions.length &&
    query.dimensions[column]?.bucket !== undefined
  );
}

/** A result cell: dates as ISO 8601 text (a bucket as its first day, YYYY-MM-DD). */
function resultCell(cell: EngineCell, type: string, bucket: boolean): string | number | boolean | null {
  if (cell instanceof Date) return bucket ? cell.toISOString().slice(0, 10) : cell.toISOString();
  if (type === "Number" && typeof cell === "number" && !Number.isFinite(cell)) return null;
  return cell;
}

const services = new WeakMap<UpstreamContext, AnalyticsService>();

/** The query service of an upstream instance, created on first use and closed with the instance. */
export function analyticsOf(context: UpstreamContext): AnalyticsService {
  let service = services.get(context);
  if (!service) {
    service = new AnalyticsService(context.store, { now: context.now });
    services.set(context, service);
  }
  return service;
}

/** The query service if one was started (imports tell it what changed; no start just for that). */
export function runningAnalytics(context: UpstreamContext): AnalyticsService | undefined {
  return services.get(context);
}

/** A service over a store (tools and the benchmark). */
export function openAnalytics(
  store: Pick<UpstreamStore, "analytics">,
  options: AnalyticsOptions = {},
): AnalyticsService {
  return new AnalyticsService(store, options);
}
