/**
 * Copying object definitions into an account on PostgreSQL (../sqlite/admin-copies.ts), shared by
 * account synchronisation and package installation: objects of the same type and name are updated
 * (overwrite) or left as they are; new ones land in the account's Team root. Runs on the caller's
 * transaction.
 */
import { generateUid } from "../../identity/secrets.ts";
import type { ObjectCopyResult, PackageObject } from "../types/admin-jobs.ts";
import { type Queryable, row, rows, run } from "./database.ts";

/** Copies object definitions into an account; `mirrorTypes` deletes objects of those types the source lacks. */
export async function copyObjects(
  tx: Queryable,
  accountId: number,
  objects: readonly PackageObject[],
  overwrite: boolean,
  now: number,
  mirrorTypes?: readonly string[],
): Promise<ObjectCopyResult> {
  const result: ObjectCopyResult = { accountId, added: 0, updated: 0, removed: 0, skipped: 0 };
  for (const object of objects) {
    const existing = await row<{ id: number; properties: string }>(
      tx,
      "SELECT id, properties FROM objects WHERE account_id = $1 AND type = $2 AND name = $3 AND deleted_at IS NULL ORDER BY id LIMIT 1",
      [accountId, object.Type, object.Name],
    );
    const properties = JSON.stringify(object.Properties);
    if (!existing) {
      await run(
        tx,
        `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
         VALUES ($1, $2, $3, $4, NULL, $5, $6, $6)`,
        [generateUid(), accountId, object.Type, object.Name, properties, now],
      );
      result.added += 1;
    } else if (overwrite && existing.properties !== properties) {
      await run(tx, "UPDATE objects SET properties = $1, modified_at = $2 WHERE id = $3", [
        properties,
        now,
        existing.id,
      ]);
      result.updated += 1;
    } else result.skipped += 1;
  }
  for (const type of mirrorTypes ?? []) {
    const names = objects.filter((object) => object.Type === type).map((object) => object.Name);
    // SQLite answers this unordered select in rowid order.
    const stale = await rows<{ id: number; name: string }>(
      tx,
      "SELECT id, name FROM objects WHERE account_id = $1 AND type = $2 AND deleted_at IS NULL ORDER BY id",
      [accountId, type],
    );
    for (const object of stale.filter((candidate) => !names.includes(candidate.name))) {
      await run(tx, "UPDATE objects SET deleted_at = $1, modified_at = $1 WHERE id = $2", [now, object.id]);
      result.removed += 1;
    }
  }
  return result;
}
