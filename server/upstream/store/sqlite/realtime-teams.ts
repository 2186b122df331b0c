/**
 * SQLite implementation of the team directory. Every membership change stores the notifications it
 * causes (§4.3 AddedToTeam, RemovedFromTeam and its deleted-team variant) in the same transaction, so
 * a change is never recorded without its notifications or the other way round.
 */
import { isUniqueViolation, type SqliteDatabase } from "../database.ts";
import { StoreConflictError } from "../types/identity.ts";
import type { TeamChange, TeamDetail, TeamDirectoryStoreFamily, TeamNotice } from "../types/realtime.ts";
import { insertNotifications } from "./realtime-notifications.ts";

interface TeamRow {
  id: number;
  account_id: number;
  name: string;
  created_at: number;
}

/** Team membership in SQLite (tables of migration 1). */
export class SqliteTeamDirectoryStore implements TeamDirectoryStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private detail(row: TeamRow): TeamDetail {
    const members = this.db
      .prepare(
        `SELECT u.id, u.uid, u.full_name, u.email FROM team_members m
         JOIN users u ON u.id = m.user_id AND u.account_id = m.account_id
         WHERE m.account_id = ? AND m.team_id = ? ORDER BY u.full_name COLLATE NOCASE, u.id`,
      )
      .all(row.account_id, row.id) as { id: number; uid: string; full_name: string; email: string }[];
    return {
      recId: row.id,
      accountId: row.account_id,
      name: row.name,
      createdAt: row.created_at,
      members: members.map((m) => ({ recId: m.id, uid: m.uid, fullName: m.full_name, email: m.email })),
    };
  }

  private row(accountId: number, teamId: number): TeamRow | undefined {
    return this.db.prepare("SELECT * FROM teams WHERE account_id = ? AND id = ?").get(accountId, teamId) as
      | TeamRow
      | undefined;
  }

  /** Whether every id is a user of the account. */
  private allUsersExist(accountId: number, userIds: readonly number[]): boolean {
    const find = this.db.prepare("SELECT 1 FROM users WHERE account_id = ? AND id = ?");
    return userIds.every((id) => find.get(accountId, id) !== undefined);
  }

  /** Adds members (skipping current ones) and returns the ids actually added. */
  private insertMembers(accountId: number, teamId: number, userIds: readonly number[]): number[] {
    const add = this.db.prepare(
      "INSERT OR IGNORE INTO team_members (account_id, team_id, user_id) VALUES (?, ?, ?)",
    );
    return [...new Set(userIds)].filter((id) => add.run(accountId, teamId, id).changes === 1);
  }

  private notify(accountId: number, userIds: readonly number[], notice: TeamNotice, now: number) {
    const drafts = userIds
      .filter((userId) => userId !== notice.exceptUserId)
      .map((userId) => ({ accountId, userId, code: notice.code, fields: notice.fields }));
    return insertNotifications(this.db, drafts, now);
  }

  async list(accountId: number) {
    const rows = this.db
      .prepare("SELECT * FROM teams WHERE account_id = ? ORDER BY name COLLATE NOCASE, id")
      .all(accountId) as TeamRow[];
    return rows.map((row) => this.detail(row));
  }

  async get(accountId: number, teamId: number) {
    const row = this.row(accountId, teamId);
    return row ? this.detail(row) : undefined;
  }

  async create(
    accountId: number,
    input: { name: string; memberUserIds: number[] },
    now: number,
    notice: TeamNotice,
  ) {
    return this.db.transaction((): TeamChange | "unknownUser" => {
      if (!this.allUsersExist(accountId, input.memberUserIds)) return "unknownUser";
      let row: TeamRow;
      try {
        row = this.db
          .prepare("INSERT INTO teams (account_id, name, created_at) VALUES (?, ?, ?) RETURNING *")
          .get(accountId, input.name, now) as TeamRow;
      } catch (error) {
        if (isUniqueViolation(error)) throw new StoreConflictError("name");
        throw error;
      }
      const added = this.insertMembers(accountId, row.id, input.memberUserIds);
      return { team: this.detail(row), notifications: this.notify(accountId, added, notice, now) };
    })();
  }

  async rename(accountId: number, teamId: number, name: string) {
    try {
      const row = this.db
        .prepare("UPDATE teams SET name = ? WHERE account_id = ? AND id = ? RETURNING *")
        .get(name, accountId, teamId) as TeamRow | undefined;
      return row ? this.detail(row) : undefined;
    } catch (error) {
      if (isUniqueViolation(error)) throw new StoreConflictError("name");
      throw error;
    }
  }

  async delete(accountId: number, teamId: number, now: number, notice: TeamNotice) {
    return this.db.transaction((): TeamChange | "notFound" => {
      const row = this.row(accountId, teamId);
      if (!row) return "notFound";
      const team = this.detail(row);
      this.db.prepare("DELETE FROM team_members WHERE account_id = ? AND team_id = ?").run(accountId, teamId);
      this.db.prepare("DELETE FROM teams WHERE account_id = ? AND id = ?").run(accountId, teamId);
      const former = team.members.map((member) => member.recId);
      return { team, notifications: this.notify(accountId, former, notice, now) };
    })();
  }

  async addMembers(accountId: number, teamId: number, userIds: number[], now: number, notice: TeamNotice) {
    return this.db.transaction((): TeamChange | "notFound" | "unknownUser" => {
      const row = this.row(accountId, teamId);
      if (!row) return "notFound";
      if (!this.allUsersExist(accountId, userIds)) return "unknownUser";
      const added = this.insertMembers(accountId, teamId, userIds);
      return { team: this.detail(row), notifications: this.notify(accountId, added, notice, now) };
    })();
  }

  async removeMember(accountId: number, teamId: number, userId: number, now: number, notice: TeamNotice) {
    return this.db.transaction((): TeamChange | "notFound" => {
      const row = this.row(accountId, teamId);
      if (!row) return "notFound";
      const removed = this.db
        .prepare("DELETE FROM team_members WHERE account_id = ? AND team_id = ? AND user_id = ?")
        .run(accountId, teamId, userId).changes;
      if (removed === 0) return "notFound";
      return { team: this.detail(row), notifications: this.notify(accountId, [userId], notice, now) };
    })();
  }
}
