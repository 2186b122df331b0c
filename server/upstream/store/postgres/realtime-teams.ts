/**
 * PostgreSQL implementation of the team directory (../sqlite/realtime-teams.ts). Every membership
 * change stores the notifications it causes (§4.3 AddedToTeam, RemovedFromTeam and its deleted-team
 * variant) in the same transaction, so a change is never recorded without its notifications or the
 * other way round.
 */
import { StoreConflictError } from "../types/identity.ts";
import type { TeamChange, TeamDetail, TeamDirectoryStoreFamily, TeamNotice } from "../types/realtime.ts";
import { isUniqueViolation, type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";
import { insertNotifications } from "./realtime-notifications.ts";

interface TeamRow {
  id: number;
  account_id: number;
  name: string;
  created_at: number;
}

async function detail(on: Queryable, team: TeamRow): Promise<TeamDetail> {
  // lower() under "C" is SQLite's `COLLATE NOCASE` order (README.md, ordering).
  const members = await rows<{ id: number; uid: string; full_name: string; email: string }>(
    on,
    `SELECT u.id, u.uid, u.full_name, u.email FROM team_members m
     JOIN users u ON u.id = m.user_id AND u.account_id = m.account_id
     WHERE m.account_id = $1 AND m.team_id = $2 ORDER BY lower(u.full_name COLLATE "C"), u.id`,
    [team.account_id, team.id],
  );
  return {
    recId: team.id,
    accountId: team.account_id,
    name: team.name,
    createdAt: team.created_at,
    members: members.map((m) => ({ recId: m.id, uid: m.uid, fullName: m.full_name, email: m.email })),
  };
}

function teamRow(on: Queryable, accountId: number, teamId: number) {
  return row<TeamRow>(on, "SELECT * FROM teams WHERE account_id = $1 AND id = $2", [accountId, teamId]);
}

/** Whether every id is a user of the account. */
async function allUsersExist(on: Queryable, accountId: number, userIds: readonly number[]) {
  const wanted = [...new Set(userIds)];
  const found = await row<{ n: number }>(
    on,
    "SELECT COUNT(*) AS n FROM users WHERE account_id = $1 AND id = ANY($2::bigint[])",
    [accountId, wanted],
  );
  return found?.n === wanted.length;
}

/** Adds members (skipping current ones) and returns the ids actually added, in the order given. */
async function insertMembers(on: Queryable, accountId: number, teamId: number, userIds: readonly number[]) {
  const added: number[] = [];
  for (const id of new Set(userIds)) {
    const inserted = await run(
      on,
      "INSERT INTO team_members (account_id, team_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
      [accountId, teamId, id],
    );
    if (inserted === 1) added.push(id);
  }
  return added;
}

function notify(
  on: Queryable,
  accountId: number,
  userIds: readonly number[],
  notice: TeamNotice,
  now: number,
) {
  const drafts = userIds
    .filter((userId) => userId !== notice.exceptUserId)
    .map((userId) => ({ accountId, userId, code: notice.code, fields: notice.fields }));
  return insertNotifications(on, drafts, now);
}

/** Team membership in PostgreSQL (tables of migration 1). */
export class PostgresTeamDirectoryStore implements TeamDirectoryStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(accountId: number) {
    const teams = await rows<TeamRow>(
      this.db.pool,
      `SELECT * FROM teams WHERE account_id = $1 ORDER BY lower(name COLLATE "C"), id`,
      [accountId],
    );
    const details: TeamDetail[] = [];
    for (const team of teams) details.push(await detail(this.db.pool, team));
    return details;
  }

  async get(accountId: number, teamId: number) {
    const team = await teamRow(this.db.pool, accountId, teamId);
    return team ? detail(this.db.pool, team) : undefined;
  }

  async create(
    accountId: number,
    input: { name: string; memberUserIds: number[] },
    now: number,
    notice: TeamNotice,
  ) {
    return this.db.transaction(async (tx): Promise<TeamChange | "unknownUser"> => {
      if (!(await allUsersExist(tx, accountId, input.memberUserIds))) return "unknownUser";
      let team: TeamRow;
      try {
        team = (await row<TeamRow>(
          tx,
          "INSERT INTO teams (account_id, name, created_at) VALUES ($1, $2, $3) RETURNING *",
          [accountId, input.name, now],
        )) as TeamRow;
      } catch (error) {
        if (isUniqueViolation(error)) throw new StoreConflictError("name");
        throw error;
      }
      const added = await insertMembers(tx, accountId, team.id, input.memberUserIds);
      return { team: await detail(tx, team), notifications: await notify(tx, accountId, added, notice, now) };
    });
  }

  async rename(accountId: number, teamId: number, name: string) {
    let team: TeamRow | undefined;
    try {
      team = await row<TeamRow>(
        this.db.pool,
        "UPDATE teams SET name = $1 WHERE account_id = $2 AND id = $3 RETURNING *",
        [name, accountId, teamId],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new StoreConflictError("name");
      throw error;
    }
    return team ? detail(this.db.pool, team) : undefined;
  }

  async delete(accountId: number, teamId: number, now: number, notice: TeamNotice) {
    return this.db.transaction(async (tx): Promise<TeamChange | "notFound"> => {
      const found = await teamRow(tx, accountId, teamId);
      if (!found) return "notFound";
      const team = await detail(tx, found);
      await run(tx, "DELETE FROM team_members WHERE account_id = $1 AND team_id = $2", [accountId, teamId]);
      await run(tx, "DELETE FROM teams WHERE account_id = $1 AND id = $2", [accountId, teamId]);
      const former = team.members.map((member) => member.recId);
      return { team, notifications: await notify(tx, accountId, former, notice, now) };
    });
  }

  async addMembers(accountId: number, teamId: number, userIds: number[], now: number, notice: TeamNotice) {
    return this.db.transaction(async (tx): Promise<TeamChange | "notFound" | "unknownUser"> => {
      const found = await teamRow(tx, accountId, teamId);
      if (!found) return "notFound";
      if (!(await allUsersExist(tx, accountId, userIds))) return "unknownUser";
      const added = await insertMembers(tx, accountId, teamId, userIds);
      return {
        team: await detail(tx, found),
        notifications: await notify(tx, accountId, added, notice, now),
      };
    });
  }

  async removeMember(accountId: number, teamId: number, userId: number, now: number, notice: TeamNotice) {
    return this.db.transaction(async (tx): Promise<TeamChange | "notFound"> => {
      const found = await teamRow(tx, accountId, teamId);
      if (!found) return "notFound";
      const removed = await run(
        tx,
        "DELETE FROM team_members WHERE account_id = $1 AND team_id = $2 AND user_id = $3",
        [accountId, teamId, userId],
      );
      if (removed === 0) return "notFound";
      return {
        team: await detail(tx, found),
        notifications: await notify(tx, accountId, [userId], notice, now),
      };
    });
  }
}
