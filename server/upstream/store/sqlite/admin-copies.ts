/**
 * Copying object definitions into an account, shared by account synchronisation and package
 * installation (sqlite/admin-jobs.ts): objects of the same type and name are updated (overwrite) or
 * left as they are; new ones land in the account's Team root. Runs inside the caller's transaction.
 */
import { generateUid } from "../../identity/secrets.ts";
import type { SqliteDatabase } from "../database.ts";
import type { ObjectCopyResult, PackageObject } from "../types/admin-jobs.ts";

/** Copies object definitions into an account; `mirror` deletes objects of the types the source lacks. */
export function copyObjects(
  db: SqliteDatabase,
  accountId: number,
  objects: readonly PackageObject[],
  overwrite: boolean,
  now: number,
  mirrorTypes?: readonly string[],
): ObjectCopyResult {
  const result: ObjectCopyResult = { accountId, added: 0, updated: 0, removed: 0, skipped: 0 };
  const find = db.prepare(
    "SELECT id, properties FROM objects WHERE account_id = ? AND type = ? AND name = ? AND deleted_at IS NULL ORDER BY id LIMIT 1",
  );
  for (const object of objects) {
    const existing = find.get(accountId, object.Type, object.Name) as
      | { id: number; properties: string }
      | undefined;
    const properties = JSON.stringify(object.Properties);
    if (!existing) {
      db.prepare(
        `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
           VALUES (?, ?, ?, ?, NULL, ?, ?, ?)`,
      ).run(generateUid(), accountId, object.Type, object.Name, properties, now, now);
      result.added += 1;
    } else if (overwrite && existing.properties !== properties) {
      db.prepare("UPDATE objects SET properties = ?, modified_at = ? WHERE id = ?").run(
        properties,
        now,
        existing.id,
      );
      result.updated += 1;
    } else result.skipped += 1;
  }
  for (const type of mirrorTypes ?? []) {
    const names = objects.filter((object) => object.Type === type).map((object) => object.Name);
    const stale = db
      .prepare("SELECT id, name FROM objects WHERE account_id = ? AND type = ? AND deleted_at IS NULL")
      .all(accountId, type) as { id: number; name: string }[];
    for (const object of stale.filter((candidate) => !names.includes(candidate.name))) {
      db.prepare("UPDATE objects SET deleted_at = ?, modified_at = ? WHERE id = ?").run(now, now, object.id);
      result.removed += 1;
    }
  }
  return result;
}
