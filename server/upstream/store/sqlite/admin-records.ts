/**
 * SQLite implementation of the generic admin family: executes the declarative specs of
 * ../types/admin-records.ts. Only spec text (written in this code base) becomes SQL; every caller value —
 * search text, filter values, keys, field values — is bound as a named parameter, and sort fields
 * are looked up in the spec, so no request can shape the SQL.
 */
import type { SqliteDatabase } from "../database.ts";
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
import {
  baseParams,
  type Params,
  Rollback,
  rollback,
  topLevelParts,
  translateConstraint,
} from "./admin-sql.ts";
import { decodeAdminValue, encodeAdminValue, filterValue } from "./admin-values.ts";

/** The generic admin records in SQLite. */
export class SqliteAdminRecordStore implements AdminRecordStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private select(spec: AdminTableSpec): string {
    const fields = Object.entries(spec.columns)
      .filter(([, column]) => !column.secret)
      .map(([name, column]) => `${column.sql} AS "${name}"`);
    return `SELECT ${fields.join(", ")} FROM ${spec.from}`;
  }

  private decode(spec: AdminTableSpec, row: Record<string, unknown>): AdminRow {
    const out: AdminRow = {};
    for (const [name, value] of Object.entries(row)) {
      const column = spec.columns[name];
      out[name] = column ? decodeAdminValue(column.type, value) : value;
    }
    return out;
  }

  private conditions(spec: AdminTableSpec, query: AdminListQuery, params: Params): string {
    const parts = spec.where ? [`(${spec.where})`] : [];
    const search = query.search?.trim();
    const searchable = Object.values(spec.columns).filter((column) => column.search);
    if (search && searchable.length > 0) {
      const columns = searchable;
      params.search = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(`(${columns.map((column) => `${column.sql} LIKE @search ESCAPE '\\'`).join(" OR ")})`);
    }
    for (const [name, filter] of Object.entries(spec.filters)) {
      const raw = query.filters[name];
      if (raw === "" || raw === undefined) {
        if (filter.absent) parts.push(`(${filter.absent})`);
        continue;
      }
      const param = `f_${name}`;
      params[param] = filterValue(filter, raw);
      if (filter.op === "match") {
        parts.push(`(${filter.sql.replaceAll("@value", `@${param}`)})`);
        continue;
      }
      const operator = { eq: "=", contains: "LIKE", from: ">=", to: "<" }[filter.op];
      parts.push(`${filter.sql} ${operator} @${param}${filter.op === "contains" ? " ESCAPE '\\'" : ""}`);
    }
    return parts.length > 0 ? `WHERE ${parts.join(" AND ")}` : "";
  }

  async list(spec: AdminTableSpec, query: AdminListQuery, at: AdminStatementContext) {
    const params = { ...baseParams(at), limit: query.limit, offset: query.offset };
    const where = this.conditions(spec, query, params);
    const sorted = query.sort ? spec.columns[query.sort.field] : undefined;
    const direction = query.sort?.descending ? "DESC" : "ASC";
    // Each part of a multi-part order (commas outside parentheses) takes the direction.
    const order = sorted
      ? `${topLevelParts(sorted.order ?? sorted.sql)
          .map((part) => `${part} ${direction}`)
          .join(", ")}, t.${spec.key} ${direction}`
      : `${spec.defaultOrder}, t.${spec.key}`;
    const rows = this.db
      .prepare(`${this.select(spec)} ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
      .all(params) as Record<string, unknown>[];
    const { n } = this.db.prepare(`SELECT COUNT(*) AS n FROM ${spec.from} ${where}`).get(params) as {
      n: number;
    };
    return { items: rows.map((row) => this.decode(spec, row)), total: n };
  }

  private getSync(spec: AdminTableSpec, key: AdminKey, at: AdminStatementContext) {
    const where = [`t.${spec.key} = @key`, ...(spec.where ? [`(${spec.where})`] : [])].join(" AND ");
    const row = this.db.prepare(`${this.select(spec)} WHERE ${where}`).get({ ...baseParams(at), key }) as
      | Record<string, unknown>
      | undefined;
    return row ? this.decode(spec, row) : undefined;
  }

  async get(spec: AdminTableSpec, key: AdminKey, at: AdminStatementContext) {
    return this.getSync(spec, key, at);
  }

  /** Column assignments of the wire values that map to base-table columns. */
  private assignments(spec: AdminTableSpec, values: AdminRow, params: Params): Map<string, string> {
    const set = new Map<string, string>();
    for (const [name, value] of Object.entries(values)) {
      const column = spec.columns[name];
      if (!column?.write || value === undefined) continue;
      params[`v_${name}`] = encodeAdminValue(column.type, value);
      set.set(column.write, `@v_${name}`);
    }
    for (const [column, sql] of Object.entries(spec.touch ?? {})) set.set(column, sql);
    return set;
  }

  private holds(spec: AdminTableSpec, condition: string | undefined, params: Params): boolean {
    if (!condition) return true;
    const sql = `SELECT 1 FROM ${spec.table} t WHERE t.${spec.key} = @key AND (${condition})`;
    return this.db.prepare(sql).get(params) !== undefined;
  }

  async create(spec: AdminTableSpec, values: AdminRow, at: AdminStatementContext) {
    const params = baseParams(at);
    const set = this.assignments(spec, values, params);
    for (const [column, sql] of Object.entries(spec.insertDefaults ?? {}))
      if (!set.has(column)) set.set(column, sql);
    const run = this.db.transaction(() => {
      const columns = [...set.keys()];
      const inserted = this.db
        .prepare(
          `INSERT INTO ${spec.table} (${columns.join(", ")}) VALUES (${columns.map((c) => set.get(c)).join(", ")}) RETURNING ${spec.key} AS key`,
        )
        .get(params) as { key: AdminKey };
      for (const sql of spec.afterWrite ?? []) this.db.prepare(sql).run({ ...params, key: inserted.key });
      return this.getSync(spec, inserted.key, at) as AdminRow;
    });
    try {
      return run();
    } catch (error) {
      return translateConstraint(error);
    }
  }

  async update(spec: AdminTableSpec, key: AdminKey, values: AdminRow, at: AdminStatementContext) {
    const params = { ...baseParams(at), key };
    const set = this.assignments(spec, values, params);
    const run = this.db.transaction((): { result: AdminChangeResult; row?: AdminRow } => {
      if (!this.getSync(spec, key, at)) return { result: "missing" };
      if (!this.holds(spec, spec.updateWhen, params)) return { result: "blocked" };
      if (set.size > 0) {
        const assignments = [...set].map(([column, sql]) => `${column} = ${sql}`).join(", ");
        this.db
          .prepare(`UPDATE ${spec.table} AS t SET ${assignments} WHERE t.${spec.key} = @key`)
          .run(params);
      }
      for (const sql of spec.afterWrite ?? []) this.db.prepare(sql).run(params);
      return { result: "ok", row: this.getSync(spec, key, at) };
    });
    try {
      return run();
    } catch (error) {
      return translateConstraint(error);
    }
  }

  async delete(
    spec: AdminTableSpec,
    keys: AdminKey[],
    at: AdminStatementContext,
  ): Promise<AdminDeleteResult> {
    const run = this.db.transaction((): AdminDeleteResult => {
      let deleted = 0;
      for (const key of new Set(keys)) {
        const params = { ...baseParams(at), key };
        if (!this.getSync(spec, key, at)) return rollback({ result: "missing" });
        if (!this.holds(spec, spec.deleteWhen, params)) return rollback({ result: "blocked" });
        deleted += this.db.prepare(`DELETE FROM ${spec.table} WHERE ${spec.key} = @key`).run(params).changes;
      }
      return { result: "ok", deleted };
    });
    try {
      return run();
    } catch (error) {
      if (error instanceof Rollback) return error.outcome as AdminDeleteResult;
      return translateConstraint(error);
    }
  }

  async transition(
    spec: AdminTableSpec,
    keys: AdminKey[],
    change: AdminTransition,
    at: AdminStatementContext,
  ) {
    const run = this.db.transaction((): AdminChangeResult => {
      for (const key of new Set(keys)) {
        const params = { ...baseParams(at), key };
        if (!this.getSync(spec, key, at)) return rollback("missing");
        if (!this.holds(spec, change.when, params)) return rollback("blocked");
        const assignments = Object.entries(change.set).map(([column, sql]) => `${column} = ${sql}`);
        if (assignments.length > 0) {
          this.db
            .prepare(`UPDATE ${spec.table} AS t SET ${assignments.join(", ")} WHERE t.${spec.key} = @key`)
            .run(params);
        }
        for (const sql of change.also ?? []) this.db.prepare(sql).run(params);
      }
      return "ok";
    });
    try {
      return run();
    } catch (error) {
      if (error instanceof Rollback) return error.outcome as AdminChangeResult;
      return translateConstraint(error);
    }
  }
}
