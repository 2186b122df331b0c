/**
 * Imports in PostgreSQL (../sqlite/jobs-imports.ts): an import applies its whole file and marks
 * itself applied in one transaction, or changes nothing — so a restart between the change and the
 * task's final report finishes the task correctly and never applies a file twice.
 */
import { importFromRow, type Row } from "../job-rows.ts";
import type { UserRecord } from "../records.ts";
import type { DataColumn, DataValue } from "../types/data-tables.ts";
import { type NewUserInput, StoreConflictError } from "../types/identity.ts";
import type {
  ImportedTeam,
  ImportJob,
  ImportJobStoreFamily,
  ImportKind,
  ImportRefusal,
} from "../types/imports.ts";
import type { TeamNotice } from "../types/realtime.ts";
import { isUniqueViolation, type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";
import { insertRows, insertTask, tableColumns, taskStatus, upsertColumns } from "./jobs-common.ts";
import { insertNotifications } from "./realtime-notifications.ts";
import { insertUser } from "./users.ts";

const TASK_KINDS: Record<ImportKind, string> = {
  User: "UserImport",
  Team: "TeamImport",
  BackgroundData: "DataImport",
};

/** Thrown inside a transaction to roll it back with a refusal. */
class Refused extends Error {
  constructor(readonly refusal: ImportRefusal) {
    super("import refused");
  }
}

async function readImport(on: Queryable, accountId: number, taskId: number) {
  const found = await row<Row>(on, "SELECT * FROM import_jobs WHERE account_id = $1 AND task_id = $2", [
    accountId,
    taskId,
  ]);
  return found ? importFromRow(found) : undefined;
}

export class PostgresImportJobStore implements ImportJobStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  /** Runs `work` in a transaction that also marks the import applied; a Refused rolls everything back. */
  private async apply<T>(
    accountId: number,
    taskId: number,
    now: number,
    work: (tx: Queryable) => Promise<T>,
  ): Promise<T | ImportRefusal> {
    try {
      return await this.db.transaction(async (tx) => {
        const job = await readImport(tx, accountId, taskId);
        if (!job || job.appliedAt !== null) throw new Error("import not found or already applied");
        if ((await taskStatus(tx, accountId, taskId)) === "Cancelled") throw new Refused("cancelled");
        const result = await work(tx);
        await run(tx, "UPDATE import_jobs SET applied_at = $1 WHERE account_id = $2 AND task_id = $3", [
          now,
          accountId,
          taskId,
        ]);
        return result;
      });
    } catch (error) {
      if (error instanceof Refused) return error.refusal;
      throw error;
    }
  }

  async create(
    accountId: number,
    input: Omit<ImportJob, "taskId" | "accountId" | "appliedAt" | "finishedAt"> & { taskName: string },
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      const taskId = await insertTask(
        tx,
        accountId,
        {
          name: input.taskName,
          kind: TASK_KINDS[input.kind],
          ownerUserId: input.userId,
          relatedObjectId: input.dataTableId,
        },
        now,
      );
      await run(
        tx,
        `INSERT INTO import_jobs (task_id, account_id, user_id, kind, data_table_id, file_name, content, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [taskId, accountId, input.userId, input.kind, input.dataTableId, input.fileName, input.content, now],
      );
      return (await readImport(tx, accountId, taskId)) as ImportJob;
    });
  }

  async get(accountId: number, taskId: number) {
    return readImport(this.db.pool, accountId, taskId);
  }

  async applyUsers(accountId: number, taskId: number, users: NewUserInput[], now: number) {
    return this.apply(accountId, taskId, now, async (tx) => {
      const created: UserRecord[] = [];
      for (const user of users) {
        try {
          created.push(await insertUser(tx, accountId, user, now));
        } catch (error) {
          if (error instanceof StoreConflictError) throw new Refused({ emailTaken: user.email });
          throw error;
        }
      }
      return created;
    });
  }

  async applyTeams(
    accountId: number,
    taskId: number,
    teams: ImportedTeam[],
    notice: TeamNotice,
    now: number,
  ) {
    return this.apply(accountId, taskId, now, async (tx) => {
      const drafts = [];
      for (const team of teams) {
        let teamId: number;
        try {
          const inserted = await row<{ id: number }>(
            tx,
            "INSERT INTO teams (account_id, name, created_at) VALUES ($1, $2, $3) RETURNING id",
            [accountId, team.name, now],
          );
          teamId = (inserted as { id: number }).id;
        } catch (error) {
          if (isUniqueViolation(error)) throw new Refused({ teamNameTaken: team.name });
          throw error;
        }
        for (const userId of team.memberUserIds) {
          // Members must be users of the same account: the SELECT writes nothing for any other id.
          const added =
            (await run(
              tx,
              `INSERT INTO team_members (account_id, team_id, user_id)
               SELECT account_id, $1, id FROM users WHERE account_id = $2 AND id = $3 ON CONFLICT DO NOTHING`,
              [teamId, accountId, userId],
            )) === 1;
          if (added && userId !== notice.exceptUserId) {
            drafts.push({
              accountId,
              userId,
              code: notice.code,
              fields: { ...notice.fields, TeamName: team.name },
            });
          }
        }
      }
      return insertNotifications(tx, drafts, now);
    });
  }

  async applyData(
    accountId: number,
    taskId: number,
    input: { dataTableId: number; columns: DataColumn[]; defineColumns: boolean; rows: DataValue[][] },
    now: number,
  ) {
    return this.apply(accountId, taskId, now, async (tx) => {
      const current = await tableColumns(tx, accountId, input.dataTableId, true);
      if (!current) throw new Refused("tableGone");
      const unchanged = input.defineColumns
        ? current.length === 0
        : JSON.stringify(current) === JSON.stringify(input.columns);
      if (!unchanged) throw new Refused("columnsChanged");
      await upsertColumns(tx, accountId, input.dataTableId, input.columns, now);
      await insertRows(tx, accountId, input.dataTableId, input.rows, taskId);
      await run(tx, "UPDATE objects SET modified_at = $1 WHERE account_id = $2 AND id = $3", [
        now,
        accountId,
        input.dataTableId,
      ]);
      return input.rows.length;
    });
  }

  async finish(accountId: number, taskId: number, now: number) {
    await run(
      this.db.pool,
      "UPDATE import_jobs SET finished_at = $1, content = NULL WHERE account_id = $2 AND task_id = $3",
      [now, accountId, taskId],
    );
  }

  async unfinishedForRecovery() {
    const found = await rows<Row>(
      this.db.pool,
      "SELECT * FROM import_jobs WHERE finished_at IS NULL ORDER BY task_id",
    );
    return found.map(importFromRow);
  }
}
