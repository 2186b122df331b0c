/** How a wire value is stored: ISO date-times as epoch ms, booleans as 0/1, money as cents. */
export type AdminValueType = "text" | "int" | "real" | "bool" | "datetime" | "date" | "json" | "cents";

/** One wire field of a resource. */
export interface AdminColumn {
  /** SQL expression selecting the value (may use the spec's joins and the named parameter @now). */
  sql: string;
  type: AdminValueType;
  /** Column of the base table the field is written to; absent for read-only fields. */
  write?: string;
  /** Matched by the list's `search` (contains, case-insensitive). */
  search?: boolean;
  /** Offered as `sort=Field` / `sort=-Field`. */
  sort?: boolean;
  /** Write-only secret: stored, never selected into a row. */
  secret?: boolean;
  /** SQL the list sorts by when it differs from `sql` (e.g. an IP's numeric key). */
  order?: string;
}

/**
 * How a filter compares: equality, contains, inclusive lower or upper date bound, or `match`: the
 * filter's SQL is a condition using the parameter @value.
 */
export type AdminFilterOp = "eq" | "contains" | "from" | "to" | "match";

/** One list filter (§2.4 screens: sent as a query parameter of its name). */
export interface AdminFilter {
  sql: string;
  type: AdminValueType;
  op: AdminFilterOp;
  /** Condition applied when the request does not send the filter (e.g. the root folder). */
  absent?: string;
}

/** A guarded change of a record (a custom action): SET expressions applied only when `when` holds. */
export interface AdminTransition {
  /** Base-table column → SQL expression (literals, @now, @actor, @input_<name>). */
  set: Record<string, string>;
  /** Condition on the base-table row (alias `t`); the transition is refused when it does not hold. */
  when?: string;
  /** More statements in the same transaction (params @key, @now, @actor, @input_<name>). */
  also?: string[];
}

/** The declarative mapping of one resource onto SQL. */
export interface AdminTableSpec {
  /** Base table, aliased `t` in `from`, in guards and in transitions. */
  table: string;
  /** FROM clause: `<table> t` plus joins. */
  from: string;
  /** Fixed condition every query of the resource adds (e.g. only the spam folder). */
  where?: string;
  /** Primary key column of the base table. */
  key: string;
  keyType: "int" | "text";
  /** Wire field carrying the key (the screen's rowKey, e.g. RecId). */
  keyField: string;
  columns: Record<string, AdminColumn>;
  filters: Record<string, AdminFilter>;
  /** Default order when the list sends no sort (SQL, e.g. "t.name"). */
  defaultOrder: string;
  /** Base-table column → SQL expression added to every insert (e.g. created_at = @now). */
  insertDefaults?: Record<string, string>;
  /** Base-table column → SQL expression set on every insert and update (e.g. modified_at = @now). */
  touch?: Record<string, string>;
  /** Statements run after each insert or update in the same transaction (params @key, @now). */
  afterWrite?: string[];
  /** Condition on `t` that must hold to update a record (e.g. only drafts). */
  updateWhen?: string;
  /** Condition on `t` that must hold to delete a record (e.g. no account uses it). */
  deleteWhen?: string;
}

/** A page request of a list (screens.ts contract: page from 1, sort=Field or -Field). */
export interface AdminListQuery {
  limit: number;
  offset: number;
  search?: string;
  sort?: { field: string; descending: boolean };
  /** Filter name → value (already typed by the query schema). */
  filters: Record<string, string | number | boolean>;
}

/** A record in its wire shape. */
export type AdminRow = Record<string, unknown>;

/** A record key (RecId, or Key/ObjectId for text-keyed resources). */
export type AdminKey = number | string;

/** Parameters every statement may use. */
export interface AdminStatementContext {
  now: number;
  /** The staff user acting. */
  actor: number | null;
  /** Inputs of an action (bound as @input_<name>). */
  input?: Record<string, unknown>;
}

/** Outcome of a guarded change. */
export type AdminChangeResult = "ok" | "missing" | "blocked";

/** Outcome of a delete: all or nothing. */
export type AdminDeleteResult = { result: "ok"; deleted: number } | { result: "missing" | "blocked" };

/** Thrown when a write breaks a foreign key (the referenced record does not exist). */
export class StoreReferenceError extends Error {
  constructor() {
    super("a referenced record does not exist");
  }
}

/** The generic family: list, read, create, update, delete and guarded transitions of a spec. */
export interface AdminRecordStoreFamily {
  list(
    spec: AdminTableSpec,
    query: AdminListQuery,
    at: AdminStatementContext,
  ): Promise<{
    items: AdminRow[];
    total: number;
  }>;
  get(spec: AdminTableSpec, key: AdminKey, at: AdminStatementContext): Promise<AdminRow | undefined>;
  /** StoreConflictError on a uniqueness rule, StoreReferenceError on a missing reference. */
  create(spec: AdminTableSpec, values: AdminRow, at: AdminStatementContext): Promise<AdminRow>;
  update(
    spec: AdminTableSpec,
    key: AdminKey,
    values: AdminRow,
    at: AdminStatementContext,
  ): Promise<{ result: AdminChangeResult; row?: AdminRow }>;
  /** Deletes every key or none (a missing or blocked key refuses the whole request). */
  delete(spec: AdminTableSpec, keys: AdminKey[], at: AdminStatementContext): Promise<AdminDeleteResult>;
  /** Applies a guarded transition to each key, all or none. */
  transition(
    spec: AdminTableSpec,
    keys: AdminKey[],
    change: AdminTransition,
    at: AdminStatementContext,
  ): Promise<AdminChangeResult>;
}
