/**
 * SQLite implementation of the generic admin family: executes the declarative specs of
 * ../types/admin-records.ts as ../admin-statements.ts compiles them. Only spec text (written in this
 * code base) becomes SQL; every caller value — search text, filter values, keys, field values — is
 * bound as a named parameter, and sort fields are looked up in the spec, so no request can shape the SQL.
 */

import {
  assignments,
  deleteSql,
  getSql,
  holdsSql,
  insertSql,
  listSql,
  SQLITE_ADMIN_DIALECT,
  updateSql,
} from "../admin-statements.ts";
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
import { baseParams, type Params, Rollback, rollback, translateConstraint } from "./admin-sql.ts";
import { decodeAdminRow } from "./admin-values.ts";

/** The generic admin records in SQLite. */
export class SqliteAdminRecordStore implements AdminRecordStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async list(spec: AdminTableSpec, query: AdminListQuery, at: AdminStatementContext) {
    const params = { ...baseParams(at), limit: query.limit, offset: query.offset };
    const sql = listSql(spec, query, params, SQLITE_ADMIN_DIALECT);
    const rows = this.db.prepare(sql.page).all(params) as Record<string, unknown>[];
    const { n } = this.db.prepare(sql.count).get(params) as { n: number };
    return { items: rows.map((row) => decodeAdminRow(spec, row)), total: n };
  }

  private getSync(spec: AdminTableSpec, key: AdminKey, at: AdminStatementContext) {
    const row = this.db.prepare(getSql(spec)).get({ ...baseParams(at), key }) as
      | Record<string, unknown>
      | undefined;
    return row ? decodeAdminRow(spec, row) : undefined;
  }

  async get(spec: AdminTableSpec, key: AdminKey, at: AdminStatementContext) {
    return this.getSync(spec, key, at);
  }

  private holds(spec: AdminTableSpec, condition: string | undefined, params: Params): boolean {
    if (!condition) return true;
    return this.db.prepare(holdsSql(spec, condition)).get(params) !== undefined;
  }

  async create(spec: AdminTableSpec, values: AdminRow, at: AdminStatementContext) {
    const params = baseParams(at);
    const set = assignments(spec, values, params);
    for (const [column, sql] of Object.entries(spec.insertDefaults ?? {}))
      if (!set.has(column)) set.set(column, sql);
    const run = this.db.transaction(() => {
      const inserted = this.db.prepare(insertSql(spec, set)).get(params) as { key: AdminKey };
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
    const set = assignments(spec, values, params);
    const run = this.db.transaction((): { result: AdminChangeResult; row?: AdminRow } => {
      if (!this.getSync(spec, key, at)) return { result: "missing" };
      if (!this.holds(spec, spec.updateWhen, params)) return { result: "blocked" };
      if (set.size > 0) this.db.prepare(updateSql(spec, set)).run(params);
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
        deleted += this.db.prepare(deleteSql(spec)).run(params).changes;
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
        const set = Object.entries(change.set);
        if (set.length > 0) this.db.prepare(updateSql(spec, set)).run(params);
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
