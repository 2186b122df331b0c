/**
 * SQL helpers of the admin store families on PostgreSQL (../sqlite/admin-sql.ts): mapping constraint
 * errors to the store's typed errors. The named parameters, ORDER BY splitting and the rollback
 * outcome are the SQLite family's own, shared.
 */
import { StoreReferenceError } from "../types/admin-records.ts";
import { StoreConflictError } from "../types/identity.ts";
import { isUniqueViolation, sqlState } from "./database.ts";

/** SQLSTATE of a FOREIGN KEY violation (SQLite's SQLITE_CONSTRAINT_FOREIGNKEY). */
const FOREIGN_KEY_VIOLATION = "23503";

/** Turns server constraint errors into the store's typed errors. */
export function translateConstraint(error: unknown): never {
  if (isUniqueViolation(error)) throw new StoreConflictError("name");
  if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new StoreReferenceError();
  throw error;
}
