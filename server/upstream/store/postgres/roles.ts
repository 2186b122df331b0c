/** PostgreSQL implementation of roles and teams (../sqlite/roles.ts). */
import type { RoleRecord, TeamRecord } from "../records.ts";
import { type RoleStoreFamily, StoreConflictError, type TeamStoreFamily } from "../types/identity.ts";
import { isUniqueViolation, row, rows, run, type UpstreamDatabase } from "./database.ts";

function roleFromRow(found: Record<string, unknown>): RoleRecord {
  return {
    recId: found.id as number,
    accountId: found.account_id as number,
    name: found.name as string,
    permissions: found.permissions as string,
    isOwner: found.is_owner as boolean,
    createdAt: found.created_at as number,
    modifiedAt: found.modified_at as number,
  };
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new StoreConflictError("name");
    throw error;
  }
}

/**
 * SQLite orders a NOCASE column by its ASCII-lower-cased bytes; the ICU collation would order it
 * linguistically, so lists sort on the C-collated lower case (README.md, ordering).
 */
const BY_NAME = `lower(name COLLATE "C")`;

/** Roles in PostgreSQL. */
export class PostgresRoleStore implements RoleStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(accountId: number) {
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `SELECT * FROM roles WHERE account_id = $1 ORDER BY ${BY_NAME}`,
      [accountId],
    );
    return found.map(roleFromRow);
  }

  async get(accountId: number, roleId: number) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM roles WHERE account_id = $1 AND id = $2",
      [accountId, roleId],
    );
    return found ? roleFromRow(found) : undefined;
  }

  async create(
    accountId: number,
    input: { name: string; permissions: string; isOwner?: boolean },
    now: number,
  ) {
    return uniqueName(async () => {
      const inserted = await row<Record<string, unknown>>(
        this.db.pool,
        `INSERT INTO roles (account_id, name, permissions, is_owner, created_at, modified_at)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING *`,
        [accountId, input.name, input.permissions, input.isOwner ?? false, now],
      );
      return roleFromRow(inserted as Record<string, unknown>);
    });
  }

  async update(
    accountId: number,
    roleId: number,
    change: { name?: string; permissions?: string },
    now: number,
  ) {
    return uniqueName(async () => {
      const updated = await row<Record<string, unknown>>(
        this.db.pool,
        `UPDATE roles SET name = COALESCE($1, name), permissions = COALESCE($2, permissions), modified_at = $3
         WHERE account_id = $4 AND id = $5 RETURNING *`,
        [change.name ?? null, change.permissions ?? null, now, accountId, roleId],
      );
      return updated ? roleFromRow(updated) : undefined;
    });
  }

  async delete(accountId: number, roleId: number) {
    return this.db.transaction(async (tx): Promise<"deleted" | "notFound" | "inUse" | "owner"> => {
      const role = await row<{ is_owner: boolean }>(
        tx,
        "SELECT is_owner FROM roles WHERE account_id = $1 AND id = $2",
        [accountId, roleId],
      );
      if (!role) return "notFound";
      if (role.is_owner) return "owner";
      const used = await row(tx, "SELECT 1 FROM users WHERE account_id = $1 AND role_id = $2 LIMIT 1", [
        accountId,
        roleId,
      ]);
      if (used) return "inUse";
      await run(tx, "DELETE FROM roles WHERE account_id = $1 AND id = $2", [accountId, roleId]);
      return "deleted";
    });
  }

  async userCount(accountId: number, roleId: number) {
    const found = await row<{ n: number }>(
      this.db.pool,
      "SELECT COUNT(*) AS n FROM users WHERE account_id = $1 AND role_id = $2",
      [accountId, roleId],
    );
    return found?.n ?? 0;
  }

  async permissionStringsForAdmin() {
    const found = await rows<{ permissions: string }>(
      this.db.pool,
      "SELECT DISTINCT permissions FROM roles ORDER BY permissions",
    );
    return found.map((entry) => entry.permissions);
  }
}

/** Teams and menus in PostgreSQL. */
export class PostgresTeamStore implements TeamStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async create(accountId: number, name: string, memberUserIds: number[], now: number): Promise<TeamRecord> {
    return uniqueName(() =>
      this.db.transaction(async (tx) => {
        const inserted = await row<{ id: number }>(
          tx,
          "INSERT INTO teams (account_id, name, created_at) VALUES ($1, $2, $3) RETURNING id",
          [accountId, name, now],
        );
        const teamId = (inserted as { id: number }).id;
        const added: number[] = [];
        for (const userId of memberUserIds) {
          // Members must be users of the same account: the SELECT drops any other id.
          const changed = await run(
            tx,
            "INSERT INTO team_members (account_id, team_id, user_id) SELECT $1, $2, id FROM users WHERE account_id = $1 AND id = $3",
            [accountId, teamId, userId],
          );
          if (changed) added.push(userId);
        }
        return { recId: teamId, accountId, name, memberUserIds: added };
      }),
    );
  }

  async list(accountId: number) {
    const teams = await rows<{ id: number; name: string }>(
      this.db.pool,
      `SELECT id, name FROM teams WHERE account_id = $1 ORDER BY ${BY_NAME}`,
      [accountId],
    );
    const result: TeamRecord[] = [];
    for (const team of teams) {
      const members = await rows<{ user_id: number }>(
        this.db.pool,
        "SELECT user_id FROM team_members WHERE account_id = $1 AND team_id = $2 ORDER BY user_id",
        [accountId, team.id],
      );
      result.push({
        recId: team.id,
        accountId,
        name: team.name,
        memberUserIds: members.map((entry) => entry.user_id),
      });
    }
    return result;
  }

  async createMenu(accountId: number, name: string, definition: unknown, now: number) {
    return uniqueName(async () => {
      const inserted = await row<{ id: number }>(
        this.db.pool,
        "INSERT INTO menus (account_id, name, definition, created_at, modified_at) VALUES ($1, $2, $3, $4, $4) RETURNING id",
        [accountId, name, JSON.stringify(definition), now],
      );
      return (inserted as { id: number }).id;
    });
  }
}
