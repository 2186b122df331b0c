/**
 * SQL helpers of the admin store families: the named parameters every statement may use, mapping
 * constraint errors to the store's typed errors, splitting an ORDER BY list, and undoing a
 * transaction with an outcome.
 */
import { isUniqueViolation } from "../database.ts";
import { type AdminStatementContext, StoreReferenceError } from "../types/admin-records.ts";
import { StoreConflictError } from "../types/identity.ts";

/** Statement parameters by name. */
export type Params = Record<string, unknown>;

/** The named parameters every statement can use. */
export function baseParams(at: AdminStatementContext): Params {
  const params: Params = { now: at.now, actor: at.actor };
  for (const [name, value] of Object.entries(at.input ?? {})) params[`input_${name}`] = value;
  return params;
}

/** Turns driver constraint errors into the store's typed errors. */
export function translateConstraint(error: unknown): never {
  if (isUniqueViolation(error)) throw new StoreConflictError("name");
  const code = (error as { code?: string }).code;
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY") throw new StoreReferenceError();
  throw error;
}

/** The comma-separated parts of an ORDER BY list, ignoring commas inside parentheses and quotes. */
export function topLevelParts(sql: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < sql.length; index += 1) {
    const char = sql[index];
    if (char === "'") quoted = !quoted;
    else if (!quoted && char === "(") depth += 1;
    else if (!quoted && char === ")") depth -= 1;
    else if (!quoted && depth === 0 && char === ",") {
      parts.push(sql.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(sql.slice(start).trim());
  return parts;
}

/** Thrown inside a transaction to undo what it did and answer an outcome. */
export class Rollback extends Error {
  constructor(readonly outcome: unknown) {
    super("rollback");
  }
}

/** Undoes the surrounding transaction, answering `outcome`. */
export function rollback<T>(outcome: T): never {
  throw new Rollback(outcome);
}
