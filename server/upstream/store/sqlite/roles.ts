/** SQLite implementation of roles and teams. */
import { bool, isUniqueViolation, type SqliteDatabase } from "../database.ts";
import type { RoleRecord, TeamRecord } from "../records.ts";
import { type RoleStoreFamily, StoreConflictError, type TeamStoreFamily } from "../types/identity.ts";

function roleFromRow(row: Record<string, unknown>): RoleRecord {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    name: row.name as string,
    permissions: row.permissions as string,
    isOwner: bool(row.is_owner),
    createdAt: row.created_at as number,
    modifiedAt: row.modified_at as number,
  };
}

function uniqueName<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new StoreConflictError("name");
    throw error;
  }
}

/** Roles in SQLite. */
export class SqliteRoleStore implements RoleStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async list(accountId: number) {
    const rows = this.db.prepare("SELECT * FROM roles WHERE account_id = ? ORDER BY name").all(accountId);
    return (rows as Record<string, unknown>[]).map(roleFromRow);
  }

  async get(accountId: number, roleId: number) {
    const row = this.db.prepare("SELECT * FROM roles WHERE account_id = ? AND id = ?").get(accountId, roleId);
    return row ? roleFromRow(row as Record<string, unknown>) : undefined;
  }

  async create(
    accountId: number,
    input: { name: string; permissions: string; isOwner?: boolean },
    now: number,
  ) {
    return uniqueName(() => {
      const { lastInsertRowid } = this.db
        .prepare(
          "INSERT INTO roles (account_id, name, permissions, is_owner, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(accountId, input.name, input.permissions, input.isOwner ? 1 : 0, now, now);
      return this.get(accountId, Number(lastInsertRowid)) as Promise<RoleRecord>;
    });
  }

  async update(
    accountId: number,
    roleId: number,
    change: { name?: string; permissions?: string },
    now: number,
  ) {
    return uniqueName(() => {
      this.db
        .prepare(
          `UPDATE roles SET name = COALESCE(?, name), permissions = COALESCE(?, permissions), modified_at = ?
           WHERE account_id = ? AND id = ?`,
        )
        .run(change.name ?? null, change.permissions ?? null, now, accountId, roleId);
      return this.get(accountId, roleId);
    });
  }

  async delete(accountId: number, roleId: number) {
    return this.db.transaction((): "deleted" | "notFound" | "inUse" | "owner" => {
      const role = this.db
        .prepare("SELECT is_owner FROM roles WHERE account_id = ? AND id = ?")
        .get(accountId, roleId) as { is_owner: number } | undefined;
      if (!role) return "notFound";
      if (role.is_owner) return "owner";
      const used = this.db
        .prepare("SELECT 1 FROM users WHERE account_id = ? AND role_id = ? LIMIT 1")
        .get(accountId, roleId);
      if (used) return "inUse";
      this.db.prepare("DELETE FROM roles WHERE account_id = ? AND id = ?").run(accountId, roleId);
      return "deleted";
    })();
  }

  async userCount(accountId: number, roleId: number) {
    const row = this.db
      .prepare("SELECT COUNT(*) AS n FROM users WHERE account_id = ? AND role_id = ?")
      .get(accountId, roleId) as { n: number };
    return row.n;
  }

  async permissionStringsForAdmin() {
    const rows = this.db.prepare("SELECT DISTINCT permissions FROM roles ORDER BY permissions").all() as {
      permissions: string;
    }[];
    return rows.map((row) => row.permissions);
  }
}

/** Teams and menus in SQLite. */
export class SqliteTeamStore implements TeamStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async create(accountId: number, name: string, memberUserIds: number[], now: number): Promise<TeamRecord> {
    return uniqueName(() =>
      this.db.transaction(() => {
        const { lastInsertRowid } = this.db
          .prepare("INSERT INTO teams (account_id, name, created_at) VALUES (?, ?, ?)")
          .run(accountId, name, now);
        const teamId = Number(lastInsertRowid);
        // Members must be users of the same account: the SELECT drops any other id.
        const add = this.db.prepare(
          "INSERT INTO team_members (account_id, team_id, user_id) SELECT ?, ?, id FROM users WHERE account_id = ? AND id = ?",
        );
        const added: number[] = [];
        for (const userId of memberUserIds)
          if (add.run(accountId, teamId, accountId, userId).changes) added.push(userId);
        return { recId: teamId, accountId, name, memberUserIds: added };
      })(),
    );
  }

  async list(accountId: number) {
    const teams = this.db
      .prepare("SELECT id, name FROM teams WHERE account_id = ? ORDER BY name")
      .all(accountId) as {
      id: number;
      name: string;
    }[];
    const members = this.db.prepare(
      "SELECT user_id FROM team_members WHERE account_id = ? AND team_id = ? ORDER BY user_id",
    );
    return teams.map((team) => ({
      recId: team.id,
      accountId,
      name: team.name,
      memberUserIds: (members.all(accountId, team.id) as { user_id: number }[]).map((row) => row.user_id),
    }));
  }

  async createMenu(accountId: number, name: string, definition: unknown, now: number) {
    return uniqueName(() => {
      const { lastInsertRowid } = this.db
        .prepare(
          "INSERT INTO menus (account_id, name, definition, created_at, modified_at) VALUES (?, ?, ?, ?, ?)",
        )
        .run(accountId, name, JSON.stringify(definition), now, now);
      return Number(lastInsertRowid);
    });
  }
}
