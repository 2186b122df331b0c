/**
 * The one small interface between the query service and the engine that runs its statements
 * (README.md "Engine"): the engine keeps copies of the data tables a statement reads, current with
 * the states the store reported, and runs the statement within the time limit. DuckDB implements it
 * (duckdb-engine.ts); nothing else in the service depends on which engine it is.
 */
import type { DataTableState } from "../store/types/analytics.ts";
import type { RelationOf, SqlStatement } from "./sql-plan.ts";

/** A data table a statement reads, at the state the store reported. */
export interface EngineTable {
  accountId: number;
  objectId: number;
  state: DataTableState;
}

/** A cell as the engine returns it: dates as Date (UTC), counts as numbers. */
export type EngineCell = number | string | boolean | null | Date;

/** What a run returns: the rows and how many source rows the tables held. */
export interface EngineResult {
  rows: EngineCell[][];
  rowsScanned: number;
}

/** Limits of one run. */
export interface EngineLimits {
  timeoutMs: number;
  /** The tables' rows summed (each as often as the statement reads it). */
  maxRowsScanned: number;
}

/** The statement ran longer than its limit and was interrupted. */
export class EngineTimeoutError extends Error {}

/** The tables hold more rows than the run may read; nothing ran. */
export class EngineScanLimitError extends Error {
  constructor(readonly rowsScanned: number) {
    super(`the statement would read ${rowsScanned} rows`);
  }
}

/** Runs statements over copies of the store's data tables. */
export interface AnalyticsEngine {
  /**
   * Brings the tables' copies to their states (loading, or appending the rows added since), builds
   * the statement over their relations and runs it. A table is not reloaded nor dropped while a
   * statement reads it.
   */
  run(
    tables: readonly EngineTable[],
    build: (relationOf: RelationOf) => SqlStatement,
    limits: EngineLimits,
  ): Promise<EngineResult>;
  close(): Promise<void>;
}
