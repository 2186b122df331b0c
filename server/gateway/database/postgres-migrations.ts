/**
 * The gateway's tables on PostgreSQL, one migration per version (postgres.ts applies them in order).
 * They hold what the SQLite stores hold (session/sqlite-session-store.ts, config/sqlite-config-store.ts),
 * column for column: epoch milliseconds as BIGINT, JSON as the TEXT the store wrote (a version's content
 * is canonical JSON whose hash is checked at boot, so it is kept byte for byte), sealed sessions as BYTEA.
 * A landed migration never changes; a new one is appended (ARCHITECTURE.md Decisions).
 */

/** One schema step. */
export interface GatewayMigration {
  /** 1, 2, …: contiguous. */
  version: number;
  /** What it creates, for the migrations table and the log. */
  name: string;
  sql: string;
}

export const GATEWAY_MIGRATIONS: readonly GatewayMigration[] = [
  {
    version: 1,
    name: "gateway sessions",
    sql: `CREATE TABLE gateway_sessions (
            id_hash TEXT PRIMARY KEY,
            sealed BYTEA NOT NULL,
            expires_at BIGINT NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0
          );
          CREATE INDEX gateway_sessions_expires_at ON gateway_sessions (expires_at);`,
  },
  {
    version: 2,
    name: "configuration store",
    sql: `CREATE TABLE config_versions (
            number INTEGER PRIMARY KEY,
            created_at BIGINT NOT NULL,
            author TEXT NOT NULL,
            comment TEXT NOT NULL,
            content TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            base_hash TEXT NOT NULL,
            origin TEXT NOT NULL,
            change_set_id BIGINT,
            restores INTEGER,
            summary TEXT NOT NULL
          );
          CREATE TABLE config_releases (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            version INTEGER NOT NULL REFERENCES config_versions (number),
            scope TEXT NOT NULL,
            accounts TEXT,
            at BIGINT NOT NULL,
            actor TEXT NOT NULL
          );
          CREATE TABLE config_change_sets (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            author TEXT NOT NULL,
            comment TEXT NOT NULL,
            base_version INTEGER NOT NULL,
            edits TEXT NOT NULL,
            status TEXT NOT NULL,
            revision INTEGER NOT NULL,
            approved_by TEXT,
            approved_at BIGINT,
            scheduled_at BIGINT,
            scheduled_accounts TEXT,
            published_version INTEGER,
            failure TEXT,
            system BOOLEAN NOT NULL,
            review_requested_at BIGINT,
            review TEXT
          );
          CREATE INDEX config_change_sets_status ON config_change_sets (status);
          CREATE TABLE config_audit (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            at BIGINT NOT NULL,
            actor TEXT NOT NULL,
            address TEXT NOT NULL,
            action TEXT NOT NULL,
            target TEXT NOT NULL,
            details TEXT NOT NULL
          );
          CREATE INDEX config_audit_at ON config_audit (at);
          -- Append-only history, as in SQLite: versions are never changed or removed, releases and audit
          -- entries never changed.
          CREATE FUNCTION config_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END
          $$;
          CREATE TRIGGER config_versions_append_only BEFORE UPDATE OR DELETE ON config_versions
            FOR EACH ROW EXECUTE FUNCTION config_append_only();
          CREATE TRIGGER config_releases_append_only BEFORE UPDATE ON config_releases
            FOR EACH ROW EXECUTE FUNCTION config_append_only();
          CREATE TRIGGER config_audit_append_only BEFORE UPDATE ON config_audit
            FOR EACH ROW EXECUTE FUNCTION config_append_only();`,
  },
];
