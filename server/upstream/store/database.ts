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

/** Opens (creating if needed) and migrates the database file. `":memory:"` is accepted for tools. */
export function openDatabase(file: string, now: () => number): SqliteDatabase {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db, now);
  return db;
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
