/**
 * Opens the upstream's SQLite database: WAL journal (readers never block the writer), foreign keys
 * enforced, a busy timeout for a second process on the same file, then the migrations.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { migrate } from "./migrations.ts";

/** An open better-sqlite3 database. */
export type SqliteDatabase = Database.Database;

/**
 * Most prepared statements a database keeps (least recently used out first). The stores prepare
 * their SQL where they run it; the app has a few hundred distinct statements.
 */
export const PREPARED_STATEMENT_CACHE_SIZE = 1024;

/** Opens (creating if needed) and migrates the database file. `":memory:"` is accepted for tools. */
export function openDatabase(file: string, now: () => number): SqliteDatabase {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db, now);
  reusePreparedStatements(db, PREPARED_STATEMENT_CACHE_SIZE);
  return db;
}

/**
 * Makes `db.prepare` return the statement it compiled before for the same SQL text, instead of
 * compiling it on every call (~25 µs each, several per API request). A statement is shared by every
 * caller of its SQL, so its mode cannot change: `pluck`, `raw`, `expand` and `safeIntegers` throw
 * (one caller's mode would leak into the others' results). A statement still iterating is not
 * handed out again: that call gets a fresh one.
 */
export function reusePreparedStatements(db: SqliteDatabase, maxStatements: number): void {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const kept = statements.get(source);
    if (kept !== undefined && !kept.busy) {
      // Re-inserting moves the statement to the young end of the Map's insertion order.
      statements.delete(source);
      statements.set(source, kept);
      return kept;
    }
    const statement = compile(source);
    for (const mode of SHARED_STATEMENT_MODES) {
      Object.defineProperty(statement, mode, { value: () => refuseModeChange(mode, source) });
    }
    if (kept === undefined) {
      statements.set(source, statement);
      if (statements.size > maxStatements) statements.delete(statements.keys().next().value as string);
    }
    return statement;
  };
  db.prepare = prepare as SqliteDatabase["prepare"];
}

const SHARED_STATEMENT_MODES = ["pluck", "raw", "expand", "safeIntegers"] as const;

function refuseModeChange(mode: string, source: string): never {
  throw new Error(
    `prepared statements are shared: ${mode}() would change it for every caller (${source.slice(0, 80)})`,
  );
}

/** SQLite's boolean: 0 or 1. */
export const bool = (value: unknown): boolean => value === 1 || value === 1n;
/** A boolean as SQLite stores it. */
export const bit = (value: boolean | undefined): 0 | 1 => (value ? 1 : 0);

/** Whether an error is a UNIQUE constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    (error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "SQLITE_CONSTRAINT_PRIMARYKEY")
  );
}

/** Parses stored JSON, returning `fallback` when it is missing or corrupt. */
export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== "string") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
