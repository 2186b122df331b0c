/**
 * The configuration store on PostgreSQL (DESIGN.md §7): the tables of sqlite-config-store.ts in the
 * gateway's database (database/postgres.ts), shared by every gateway instance. What SQLite gets from
 * being one writer at a time, this store gets from the database: a publication takes the versions
 * table's lock in its transaction, so two instances publishing at once get consecutive numbers; a
 * change set is updated by one compare-and-swap statement on its revision; ids come from identity
 * columns. The pool belongs to the database, which whoever opened it closes.
 */
import type { GatewayDatabase, Queryable } from "../database/postgres.ts";
import type {
  AuditFilter,
  AuditRecord,
  ChangeSetRecord,
  ChangeSetStatus,
  ConfigStore,
  Publication,
  ReleaseRecord,
  VersionHeader,
  VersionRecord,
} from "./config-store.ts";
import {
  type AuditRow,
  auditOf,
  type ChangeSetChanges,
  type ChangeSetRow,
  changeSetAssignments,
  changeSetOf,
  type ReleaseRow,
  releaseOf,
  VERSION_HEADER_COLUMNS,
  type VersionRow,
  versionHeader,
} from "./config-store-rows.ts";

async function insertAudit(db: Queryable, entry: Omit<AuditRecord, "id">): Promise<AuditRecord> {
  const { rows } = await db.query<{ id: number }>(
    "INSERT INTO config_audit (at, actor, address, action, target, details) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    [entry.at, entry.actor, entry.address, entry.action, entry.target, JSON.stringify(entry.details)],
  );
  return { id: (rows[0] as { id: number }).id, ...entry };
}

async function insertRelease(db: Queryable, release: Omit<ReleaseRecord, "id">): Promise<ReleaseRecord> {
  const { rows } = await db.query<{ id: number }>(
    "INSERT INTO config_releases (version, scope, accounts, at, actor) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    [
      release.version,
      release.scope,
      release.accounts === null ? null : JSON.stringify(release.accounts),
      release.at,
      release.actor,
    ],
  );
  return { id: (rows[0] as { id: number }).id, ...release };
}

/** ConfigStore over the gateway's PostgreSQL database. */
export class PostgresConfigStore implements ConfigStore {
  readonly #database: GatewayDatabase;

  /** The store over `database`, migrated when it opened. */
  constructor(database: GatewayDatabase) {
    this.#database = database;
  }

  async publish(publication: Publication): Promise<number | null> {
    return this.#database.transaction(async (db): Promise<number | null> => {
      // One publisher at a time across instances: the next number is read and written under the
      // table's lock (readers are not blocked), so concurrent publications never take the same one.
      await db.query("LOCK TABLE config_versions IN EXCLUSIVE MODE");
      const head = await db.query<{ n: number }>("SELECT COALESCE(MAX(number), 0) AS n FROM config_versions");
      const number = (head.rows[0] as { n: number }).n + 1;
      const v = publication.version;
      if (publication.changeSet) {
        // First, at the revision the publisher read, under the lock: of two instances publishing one
        // change set, the second matches no row (the first bumped the revision) and writes nothing.
        const marked = await db.query(
          "UPDATE config_change_sets SET status = 'published', published_version = $1, updated_at = $2, revision = revision + 1 WHERE id = $3 AND revision = $4",
          [number, v.createdAt, publication.changeSet.id, publication.changeSet.revision],
        );
        if (marked.rowCount === 0) return null;
      }
      await db.query(
        `INSERT INTO config_versions (number, created_at, author, comment, content, content_hash, base_hash, origin,
           change_set_id, restores, summary) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          number,
          v.createdAt,
          v.author,
          v.comment,
          v.content,
          v.contentHash,
          v.baseHash,
          v.origin,
          v.changeSetId,
          v.restores,
          JSON.stringify(v.summary),
        ],
      );
      await insertRelease(db, { ...publication.release, version: number });
      const { target, ...audit } = publication.audit;
      await insertAudit(db, {
        ...audit,
        target: target ?? `version:${number}`,
        details: { ...audit.details, version: number },
      });
      return number;
    });
  }

  async promote(
    release: Omit<ReleaseRecord, "id" | "scope" | "accounts">,
    audit: Omit<AuditRecord, "id">,
  ): Promise<ReleaseRecord | null> {
    return this.#database.transaction(async (db): Promise<ReleaseRecord | null> => {
      // The publishers' lock: no publication, and no other promotion, writes a release between the
      // read of the newest release and this one.
      await db.query("LOCK TABLE config_versions IN EXCLUSIVE MODE");
      const { rows } = await db.query<Pick<ReleaseRecord, "version" | "scope">>(
        "SELECT version, scope FROM config_releases ORDER BY id DESC LIMIT 1",
      );
      const newest = rows[0];
      if (newest?.scope !== "canary" || newest.version !== release.version) return null;
      const written = await insertRelease(db, { ...release, scope: "all", accounts: null });
      await insertAudit(db, audit);
      return written;
    });
  }

  async version(number: number): Promise<VersionRecord | null> {
    const { rows } = await this.#database.pool.query<VersionRow>(
      "SELECT * FROM config_versions WHERE number = $1",
      [number],
    );
    const row = rows[0];
    return row ? { ...versionHeader(row), content: row.content as string } : null;
  }

  async versions(): Promise<VersionHeader[]> {
    const { rows } = await this.#database.pool.query<VersionRow>(
      `SELECT ${VERSION_HEADER_COLUMNS} FROM config_versions ORDER BY number DESC`,
    );
    return rows.map(versionHeader);
  }

  async headVersion(): Promise<number> {
    const { rows } = await this.#database.pool.query<{ n: number }>(
      "SELECT COALESCE(MAX(number), 0) AS n FROM config_versions",
    );
    return (rows[0] as { n: number }).n;
  }

  async releases(): Promise<ReleaseRecord[]> {
    const { rows } = await this.#database.pool.query<ReleaseRow>("SELECT * FROM config_releases ORDER BY id");
    return rows.map(releaseOf);
  }

  async createChangeSet(
    input: Pick<ChangeSetRecord, "author" | "comment" | "baseVersion" | "edits" | "system" | "createdAt">,
  ): Promise<ChangeSetRecord> {
    const now = input.createdAt;
    const { rows } = await this.#database.pool.query<ChangeSetRow>(
      `INSERT INTO config_change_sets (created_at, updated_at, author, comment, base_version, edits, status, revision, system)
         VALUES ($1, $2, $3, $4, $5, $6, 'draft', 1, $7) RETURNING *`,
      [now, now, input.author, input.comment, input.baseVersion, JSON.stringify(input.edits), input.system],
    );
    return changeSetOf(rows[0] as ChangeSetRow);
  }

  async changeSet(id: number): Promise<ChangeSetRecord | null> {
    const { rows } = await this.#database.pool.query<ChangeSetRow>(
      "SELECT * FROM config_change_sets WHERE id = $1",
      [id],
    );
    return rows[0] ? changeSetOf(rows[0]) : null;
  }

  async changeSets(statuses?: readonly ChangeSetStatus[]): Promise<ChangeSetRecord[]> {
    const { rows } =
      statuses && statuses.length > 0
        ? await this.#database.pool.query<ChangeSetRow>(
            "SELECT * FROM config_change_sets WHERE status = ANY($1::text[]) ORDER BY id DESC",
            [[...statuses]],
          )
        : await this.#database.pool.query<ChangeSetRow>("SELECT * FROM config_change_sets ORDER BY id DESC");
    return rows.map(changeSetOf);
  }

  async updateChangeSet(
    id: number,
    revision: number,
    changes: ChangeSetChanges,
  ): Promise<ChangeSetRecord | null> {
    const assignments = changeSetAssignments(changes);
    const values: unknown[] = assignments.map(([, value]) => value);
    const sets = assignments.map(([column], index) => `${column} = $${index + 1}`);
    values.push(id, revision);
    // One statement: of two instances updating the same revision, exactly one matches the row.
    const { rows } = await this.#database.pool.query<ChangeSetRow>(
      `UPDATE config_change_sets SET ${[...sets, "revision = revision + 1"].join(", ")}
         WHERE id = $${values.length - 1} AND revision = $${values.length} RETURNING *`,
      values,
    );
    return rows[0] ? changeSetOf(rows[0]) : null;
  }

  async appendAudit(entry: Omit<AuditRecord, "id">): Promise<AuditRecord> {
    return insertAudit(this.#database.pool, entry);
  }

  async audit(filter: AuditFilter = {}): Promise<AuditRecord[]> {
    const where: string[] = [];
    const values: unknown[] = [];
    const conditions: [unknown, string][] = [
      [filter.actor, "actor ="],
      [filter.action, "action ="],
      [filter.target, "target ="],
      [filter.from, "at >="],
      [filter.to, "at <="],
      [filter.before, "id <"],
    ];
    for (const [value, condition] of conditions) {
      if (value === undefined) continue;
      values.push(value);
      where.push(`${condition} $${values.length}`);
    }
    values.push(Math.min(Math.max(filter.limit ?? 100, 1), 1000));
    const { rows } = await this.#database.pool.query<AuditRow>(
      `SELECT * FROM config_audit ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT $${values.length}`,
      values,
    );
    return rows.map(auditOf);
  }

  /** Nothing to release: the pool is the database's. */
  async close(): Promise<void> {}
}
