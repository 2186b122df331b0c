/**
 * Library sharing in PostgreSQL (../sqlite/content-library-sharing.ts): favourites (per viewer, on
 * any object they see) and team shares (only on objects the viewer may change). Shared with a team,
 * an object is seen by the team's members — read-only, and never when deleted (§3 Folder: the Shared root).
 */
import type { ContentScope, LibraryObject, ShareChange } from "../types/library.ts";
import { PostgresLibraryQueries } from "./content-library.ts";
import { type Queryable, row, rows, run } from "./database.ts";

/** Favourites and shares, under the library changes. */
export class PostgresLibrarySharing extends PostgresLibraryQueries {
  /** The live object, if the viewer may change it. */
  protected async changeable(
    on: Queryable,
    scope: ContentScope,
    recId: number,
  ): Promise<LibraryObject | "notFound" | "readOnly"> {
    const object = await this.visible(on, scope, recId);
    if (!object || object.deletedAt !== null) return "notFound";
    return object.canChange ? object : "readOnly";
  }

  async setFavourite(scope: ContentScope, recId: number, favourite: boolean, now: number) {
    return this.db.transaction(async (tx): Promise<LibraryObject | "notFound"> => {
      const object = await this.visible(tx, scope, recId);
      if (!object || object.deletedAt !== null) return "notFound";
      if (favourite) {
        await run(
          tx,
          `INSERT INTO object_favourites (account_id, user_id, object_id, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [scope.accountId, scope.userId, recId, now],
        );
      } else {
        await run(
          tx,
          "DELETE FROM object_favourites WHERE account_id = $1 AND user_id = $2 AND object_id = $3",
          [scope.accountId, scope.userId, recId],
        );
      }
      return (await this.visible(tx, scope, recId)) as LibraryObject;
    });
  }

  async share(scope: ContentScope, recId: number, teamId: number, shared: boolean, now: number) {
    return this.db.transaction(
      async (tx): Promise<ShareChange | "notFound" | "readOnly" | "teamNotFound"> => {
        const object = await this.changeable(tx, scope, recId);
        if (typeof object === "string") return object;
        const team = await row<{ id: number; name: string }>(
          tx,
          "SELECT id, name FROM teams WHERE account_id = $1 AND id = $2",
          [scope.accountId, teamId],
        );
        if (!team) return "teamNotFound";
        const changes = shared
          ? await run(
              tx,
              `INSERT INTO object_shares (account_id, object_id, team_id, shared_by_user_id, created_at)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
              [scope.accountId, recId, teamId, scope.userId, now],
            )
          : await run(
              tx,
              "DELETE FROM object_shares WHERE account_id = $1 AND object_id = $2 AND team_id = $3",
              [scope.accountId, recId, teamId],
            );
        const members = await rows<{ user_id: number }>(
          tx,
          "SELECT user_id FROM team_members WHERE account_id = $1 AND team_id = $2 ORDER BY user_id",
          [scope.accountId, teamId],
        );
        return {
          object: (await this.visible(tx, scope, recId)) as LibraryObject,
          changed: changes === 1,
          team: { recId: team.id, name: team.name, memberUserIds: members.map((entry) => entry.user_id) },
        };
      },
    );
  }
}
