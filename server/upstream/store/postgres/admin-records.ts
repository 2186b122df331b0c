/**
 * PostgreSQL implementation of the generic admin family (../sqlite/admin-records.ts): the specs of
 * ../types/admin-records.ts compiled by ../admin-statements.ts, as on SQLite, and made PostgreSQL's by
 * ./admin-dialect.ts. Only spec text becomes SQL; every caller value is a bound parameter.
 */
import {
  assignments,
  deleteSql,
  getSql,
  holdsSql,
  insertSql,
  listSql,
  updateSql,
} from "../admin-statements.ts";
import { baseParams, type Params, Rollback, rollback } from "../sqlite/admin-sql.ts";
import { decodeAdminValue } from "../sqlite/admin-values.ts";
import type {
  AdminChangeResult,
  AdminDeleteResult,
  AdminKey,
  AdminListQuery,
  AdminRecordStoreFamily,
  AdminRow,
  AdminStatementContext,
  AdminTableSpec,
  AdminTransition,
} from "../types/admin-records.ts";
import { type ParamTypes, POSTGRES_ADMIN_DIALECT, toPostgres } from "./admin-dialect.ts";
import { translateConstraint } from "./admin-sql.ts";
import { type Queryable, rows, run, type UpstreamDatabase } from "./database.ts";

/** The types of the parameters every statement may use, where their place may not tell PostgreSQL. */
function paramTypes(spec: AdminTableSpec): ParamTypes {
  return {
    now: "bigint",
    actor: "bigint",
    limit: "bigint",
    offset: "bigint",
    key: spec.keyType === "int" ? "bigint" : "text",
  };
}

/**
 * A selected row → its wire shape, as on SQLite. Integers summed or averaged come back as NUMERIC
 * text and a JSON member (->>) as text, where SQLite gave numbers: an int or real field reads them as
 * numbers.
 */
function decodeRow(spec: AdminTableSpec, found: Record<string, unknown>): AdminRow {
  const out: AdminRow = {};
  for (const [name, value] of Object.entries(found)) {
    const column = spec.columns[name];
    if (!column) out[name] = value;
    else if ((column.type === "int" || column.type === "real") && typeof value === "string")
      out[name] = Number(value);
    else out[name] = decodeAdminValue(column.type, value);
  }
  return out;
}

/** The generic admin records in PostgreSQL. */
export class PostgresAdminRecordStore implements AdminRecordStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  private query(on: Queryable, spec: AdminTableSpec, sql: string, params: Params) {
    const statement = toPostgres(sql, params, paramTypes(spec));
    return rows<Record<string, unknown>>(on, statement.text, statement.values);
  }

  private execute(on: Queryable, spec: AdminTableSpec, sql: string, params: Params) {
    const statement = toPostgres(sql, params, paramTypes(spec));
    return run(on, statement.text, statement.values);
  }

  async list(spec: AdminTableSpec, query: AdminListQuery, at: AdminStatementContext) {
    const params = { ...baseParams(at), limit: query.limit, offset: query.offset };
    const sql = listSql(spec, query, params, POSTGRES_ADMIN_DIALECT);
    const page = await this.query(this.db.pool, spec, sql.page, params);
    const [count] = await this.query(this.db.pool, spec, sql.count, params);
    return { items: page.map((found) => decodeRow(spec, found)), total: count?.n as number };
  }

  private async read(on: Queryable, spec: AdminTableSpec, key: AdminKey, at: AdminStatementContext) {
    const [found] = await this.query(on, spec, getSql(spec), { ...baseParams(at), key });
    return found ? decodeRow(spec, found) : undefined;
  }

  async get(spec: AdminTableSpec, key: AdminKey, at: AdminStatementContext) {
    return this.read(this.db.pool, spec, key, at);
  }

  private async holds(on: Queryable, spec: AdminTableSpec, condition: string | undefined, params: Params) {
    if (!condition) return true;
    return (await this.query(on, spec, holdsSql(spec, condition), params)).length > 0;
  }

  private async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      if (error instanceof Rollback) return error.outcome as T;
      return translateConstraint(error);
    }
  }

  async create(spec: AdminTableSpec, values: AdminRow, at: AdminStatementContext) {
    const params = baseParams(at);
    const set = assignments(spec, values, params);
    for (const [column, sql] of Object.entries(spec.insertDefaults ?? {}))
      if (!set.has(column)) set.set(column, sql);
    return this.transaction(async (tx) => {
      const [inserted] = await this.query(tx, spec, insertSql(spec, set), params);
      const key = (inserted as { key: AdminKey }).key;
      for (const sql of spec.afterWrite ?? []) await this.execute(tx, spec, sql, { ...params, key });
      return (await this.read(tx, spec, key, at)) as AdminRow;
    });
  }

  async update(spec: AdminTableSpec, key: AdminKey, values: AdminRow, at: AdminStatementContext) {
    const params = { ...baseParams(at), key };
    const set = assignments(spec, values, params);
    return this.transaction(async (tx): Promise<{ result: AdminChangeResult; row?: AdminRow }> => {
      if (!(await this.read(tx, spec, key, at))) return { result: "missing" };
      if (!(await this.holds(tx, spec, spec.updateWhen, params))) return { result: "blocked" };
      if (set.size > 0) await this.execute(tx, spec, updateSql(spec, set), params);
      for (const sql of spec.afterWrite ?? []) await this.execute(tx, spec, sql, params);
      return { result: "ok", row: await this.read(tx, spec, key, at) };
    });
  }

  async delete(spec: AdminTableSpec, keys: AdminKey[], at: AdminStatementContext) {
    return this.transaction(async (tx): Promise<AdminDeleteResult> => {
      let deleted = 0;
      for (const key of new Set(keys)) {
        const params = { ...baseParams(at), key };
        if (!(await this.read(tx, spec, key, at))) return rollback({ result: "missing" });
        if (!(await this.holds(tx, spec, spec.deleteWhen, params))) return rollback({ result: "blocked" });
        deleted += await this.execute(tx, spec, deleteSql(spec), params);
      }
      return { result: "ok", deleted };
    });
  }

  async transition(
    spec: AdminTableSpec,
    keys: AdminKey[],
    change: AdminTransition,
    at: AdminStatementContext,
  ) {
    return this.transaction(async (tx): Promise<AdminChangeResult> => {
      for (const key of new Set(keys)) {
        const params = { ...baseParams(at), key };
        if (!(await this.read(tx, spec, key, at))) return rollback("missing");
        if (!(await this.holds(tx, spec, change.when, params))) return rollback("blocked");
        const set = Object.entries(change.set);
        if (set.length > 0) await this.execute(tx, spec, updateSql(spec, set), params);
        for (const sql of change.also ?? []) await this.execute(tx, spec, sql, params);
      }
      return "ok";
    });
  }
}
