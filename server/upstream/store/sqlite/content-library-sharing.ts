/**
 * Library sharing in SQLite: favourites (per viewer, on any object they see) and team shares (only
 * on objects the viewer may change). Shared with a team, an object is seen by the team's members —
 * read-only, and never when deleted (§3 Folder: the Shared root).
 */
import type { ContentScope, LibraryObject, ShareChange } from "../types/library.ts";
import { SqliteLibraryQueries } from "./content-library.ts";

/** Favourites and shares, under the library changes. */
export class SqliteLibrarySharing extends SqliteLibraryQueries {
  /** The live object, if the viewer may change it. */
  protected changeable(scope: ContentScope, recId: number): LibraryObject | "notFound" | "readOnly" {
    const object = this.visible(scope, recId);
    if (!object || object.deletedAt !== null) return "notFound";
    return object.canChange ? object : "readOnly";
  }

  async setFavourite(scope: ContentScope, recId: number, favourite: boolean, now: number) {
    return this.db.transaction((): LibraryObject | "notFound" => {
      const object = this.visible(scope, recId);
      if (!object || object.deletedAt !== null) return "notFound";
      if (favourite) {
        this.db
          .prepare(
            `INSERT INTO object_favourites (account_id, user_id, object_id, created_at) VALUES (?, ?, ?, ?)
             ON CONFLICT DO NOTHING`,
          )
          .run(scope.accountId, scope.userId, recId, now);
      } else {
        this.db
          .prepare("DELETE FROM object_favourites WHERE account_id = ? AND user_id = ? AND object_id = ?")
          .run(scope.accountId, scope.userId, recId);
      }
      return this.visible(scope, recId) as LibraryObject;
    })();
  }

  async share(scope: ContentScope, recId: number, teamId: number, shared: boolean, now: number) {
    return this.db.transaction((): ShareChange | "notFound" | "readOnly" | "teamNotFound" => {
      const object = this.changeable(scope, recId);
      if (typeof object === "string") return object;
      const team = this.db
        .prepare("SELECT id, name FROM teams WHERE account_id = ? AND id = ?")
        .get(scope.accountId, teamId) as { id: number; name: string } | undefined;
      if (!team) return "teamNotFound";
      const changes = shared
        ? this.db
            .prepare(
              `INSERT INTO object_shares (account_id, object_id, team_id, shared_by_user_id, created_at)
               VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
            )
            .run(scope.accountId, recId, teamId, scope.userId, now).changes
        : this.db
            .prepare("DELETE FROM object_shares WHERE account_id = ? AND object_id = ? AND team_id = ?")
            .run(scope.accountId, recId, teamId).changes;
      const members = this.db
        .prepare("SELECT user_id FROM team_members WHERE account_id = ? AND team_id = ? ORDER BY user_id")
        .all(scope.accountId, teamId) as { user_id: number }[];
      return {
        object: this.visible(scope, recId) as LibraryObject,
        changed: changes === 1,
        team: { recId: team.id, name: team.name, memberUserIds: members.map((row) => row.user_id) },
      };
    })();
  }
}
