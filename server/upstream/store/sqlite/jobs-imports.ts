/**
 * Imports in SQLite: an import applies its whole file and marks itself applied in one transaction,
 * or changes nothing — so a restart between the change and the task's final report finishes the
 * task correctly and never applies a file twice.
 */
import { isUniqueViolation, type SqliteDatabase } from "../database.ts";
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

export class SqliteImportJobStore implements ImportJobStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private read(accountId: number, taskId: number): ImportJob | undefined {
    const row = this.db
      .prepare("SELECT * FROM import_jobs WHERE account_id = ? AND task_id = ?")
      .get(accountId, taskId);
    return row ? importFromRow(row as Row) : undefined;
  }

  /** Runs `work` in a transaction that also marks the import applied; a Refused rolls everything back. */
  private apply<T>(accountId: number, taskId: number, now: number, work: () => T): T | ImportRefusal {
    try {
      return this.db.transaction(() => {
        const job = this.read(accountId, taskId);
        if (!job || job.appliedAt !== null) throw new Error("import not found or already applied");
        if (taskStatus(this.db, accountId, taskId) === "Cancelled") throw new Refused("cancelled");
        const result = work();
        this.db
          .prepare("UPDATE import_jobs SET applied_at = ? WHERE account_id = ? AND task_id = ?")
          .run(now, accountId, taskId);
        return result;
      })();
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
    return this.db.transaction((): ImportJob => {
      const taskId = insertTask(
        this.db,
        accountId,
        {
          name: input.taskName,
          kind: TASK_KINDS[input.kind],
          ownerUserId: input.userId,
          relatedObjectId: input.dataTableId,
        },
        now,
      );
      this.db
        .prepare(
          `INSERT INTO import_jobs (task_id, account_id, user_id, kind, data_table_id, file_name, content, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          taskId,
          accountId,
          input.userId,
          input.kind,
          input.dataTableId,
          input.fileName,
          input.content,
          now,
        );
      return this.read(accountId, taskId) as ImportJob;
    })();
  }

  async get(accountId: number, taskId: number) {
    return this.read(accountId, taskId);
  }

  async applyUsers(accountId: number, taskId: number, users: NewUserInput[], now: number) {
    return this.apply(accountId, taskId, now, (): UserRecord[] =>
      users.map((user) => {
        try {
          return insertUser(this.db, accountId, user, now);
        } catch (error) {
          if (error instanceof StoreConflictError) throw new Refused({ emailTaken: user.email });
          throw error;
        }
      }),
    );
  }

  async applyTeams(
    accountId: number,
    taskId: number,
    teams: ImportedTeam[],
    notice: TeamNotice,
    now: number,
  ) {
    return this.apply(accountId, taskId, now, () => {
      const insertTeam = this.db.prepare("INSERT INTO teams (account_id, name, created_at) VALUES (?, ?, ?)");
      // Members must be users of the same account: the SELECT writes nothing for any other id.
      const addMember = this.db.prepare(
        "INSERT OR IGNORE INTO team_members (account_id, team_id, user_id) SELECT account_id, ?, id FROM users WHERE account_id = ? AND id = ?",
      );
      const drafts = [];
      for (const team of teams) {
        let teamId: number;
        try {
          teamId = Number(insertTeam.run(accountId, team.name, now).lastInsertRowid);
        } catch (error) {
          if (isUniqueViolation(error)) throw new Refused({ teamNameTaken: team.name });
          throw error;
        }
        for (const userId of team.memberUserIds) {
          const added = addMember.run(teamId, accountId, userId).changes === 1;
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
      return insertNotifications(this.db, drafts, now);
    });
  }

  async applyData(
    accountId: number,
    taskId: number,
    input: { dataTableId: number; columns: DataColumn[]; defineColumns: boolean; rows: DataValue[][] },
    now: number,
  ) {
    return this.apply(accountId, taskId, now, () => {
      const current = tableColumns(this.db, accountId, input.dataTableId, true);
      if (!current) throw new Refused("tableGone");
      const unchanged = input.defineColumns
        ? current.length === 0
        : JSON.stringify(current) === JSON.stringify(input.columns);
      if (!unchanged) throw new Refused("columnsChanged");
      upsertColumns(this.db, accountId, input.dataTableId, input.columns, now);
      insertRows(this.db, accountId, input.dataTableId, input.rows, taskId);
      this.db
        .prepare("UPDATE objects SET modified_at = ? WHERE account_id = ? AND id = ?")
        .run(now, accountId, input.dataTableId);
      return input.rows.length;
    });
  }

  async finish(accountId: number, taskId: number, now: number) {
    this.db
      .prepare("UPDATE import_jobs SET finished_at = ?, content = NULL WHERE account_id = ? AND task_id = ?")
      .run(now, accountId, taskId);
  }

  async unfinishedForRecovery() {
    const rows = this.db
      .prepare("SELECT * FROM import_jobs WHERE finished_at IS NULL ORDER BY task_id")
      .all() as Row[];
    return rows.map(importFromRow);
  }
}
