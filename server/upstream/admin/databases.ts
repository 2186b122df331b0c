/**
 * /admin/databases and /admin/querytool (§2.4). Database records describe the servers that hold
 * account data; one of them is this service's embedded store (engine Sqlite, registered by the
 * seed), whose size, version and account count are read live. Test and Migrate work on the embedded
 * store (quick_check and schema version; pending migrations — a failure notifies the administrators
 * of the accounts it holds, §4.3 DatabaseMigrationFailed); for an external server they answer
 * 422 ExternalSystemNotConfigured, since this installation has no driver or network route to it.
 * Saved queries run on the embedded store only, read-only, over the demo views (query-runner.ts; on
 * PostgreSQL as a reader role of their own, query-reader-role.ts).
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound, UpstreamError } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { notifyMigrationFailed } from "./database-migration-notice.ts";
import { flag, integer, oneOf, text } from "./fields.ts";
import type { AdminCall, AdminResource } from "./resource.ts";
import { adminCall, CREATED_MODIFIED, keyParams, stamps } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";
import { sealSecret } from "./secrets-box.ts";

const ENGINES = ["SqlServer", "PostgreSql", "MySql", "Sqlite"] as const;
const EMBEDDED = (live: string, stored: string) => `CASE WHEN t.is_embedded THEN ${live} ELSE ${stored} END`;

/** /admin/databases. */
export const databases: AdminResource = {
  path: "Databases",
  module: "Databases",
  noun: "Database",
  spec: {
    table: "databases",
    from: "databases t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", write: "name", search: true, sort: true },
      Engine: { sql: "t.engine", type: "text", write: "engine", sort: true },
      Host: { sql: "t.host", type: "text", write: "host", search: true, sort: true },
      Port: { sql: "t.port", type: "int", write: "port" },
      DatabaseName: { sql: "t.database_name", type: "text", write: "database_name", search: true },
      UseTls: { sql: "t.use_tls", type: "bool", write: "use_tls" },
      UserName: { sql: "t.user_name", type: "text", write: "user_name" },
      Password: { sql: "t.password_secret", type: "text", write: "password_secret", secret: true },
      Purpose: { sql: "t.purpose", type: "text", write: "purpose", sort: true },
      Status: { sql: "t.status", type: "text", write: "status", sort: true },
      MaxAccounts: { sql: "t.max_accounts", type: "int", write: "max_accounts" },
      IsDefaultForNewAccounts: { sql: "t.is_default", type: "bool", write: "is_default" },
      IsEmbedded: { sql: "t.is_embedded", type: "bool", write: "is_embedded" },
      AccountCount: {
        sql: EMBEDDED("(SELECT COUNT(*) FROM accounts)", "t.account_count"),
        type: "int",
        write: "account_count",
        sort: true,
      },
      SizeBytes: {
        sql: EMBEDDED(
          "(SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size())",
          "t.size_bytes",
        ),
        type: "int",
        write: "size_bytes",
        sort: true,
      },
      Version: {
        sql: EMBEDDED("'SQLite ' || sqlite_version()", "t.version"),
        type: "text",
        write: "version",
      },
      ...CREATED_MODIFIED,
    },
    filters: {
      Engine: { sql: "t.engine", type: "text", op: "eq" },
      Purpose: { sql: "t.purpose", type: "text", op: "eq" },
      Status: { sql: "t.status", type: "text", op: "eq" },
    },
    ...stamps(),
    afterWrite: [
      `UPDATE databases SET is_default = FALSE WHERE id <> @key AND (SELECT is_default FROM databases WHERE id = @key)`,
    ],
    deleteWhen: "NOT t.is_embedded AND t.account_count = 0",
  },
  fields: {
    Name: { schema: text(100), required: true },
    Engine: { schema: oneOf(ENGINES), required: true, createOnly: true },
    Host: { schema: text(253, "^[A-Za-z0-9.:\\[\\]-]+$"), required: true },
    Port: { schema: integer(0, 65535), required: true },
    DatabaseName: { schema: text(128), required: true },
    UseTls: { schema: flag() },
    UserName: { schema: text(128), required: true },
    Password: { schema: text(256), secret: true },
    Purpose: { schema: oneOf(["AccountData", "Warehouse", "Logs"]), required: true },
    Status: { schema: oneOf(["Online", "ReadOnly", "Maintenance", "Offline"]), required: true },
    MaxAccounts: { schema: integer(1, 100_000) },
    IsDefaultForNewAccounts: { schema: flag() },
  },
  filters: {
    Engine: oneOf(ENGINES),
    Purpose: oneOf(["AccountData", "Warehouse", "Logs"]),
    Status: oneOf(["Online", "ReadOnly", "Maintenance", "Offline"]),
  },
  create: true,
  update: true,
  remove: {},
  refused: { code: "RecordInUse", delete: "The database holds accounts (or is this service's own store)." },
  duplicate: { code: "NameTaken", message: "A database with this name already exists." },
  prepare: async (values, current) => {
    if (!current && values.Engine === "Sqlite") {
      throw badRequest("InvalidRequest", "The embedded SQLite store is registered by the service itself.");
    }
    const { Password, ...rest } = values;
    return typeof Password === "string" && Password !== ""
      ? { ...rest, Password: sealSecret(Password) }
      : rest;
  },
};

/** The embedded database record, or 422 for an external one. */
export function embeddedOnly(row: AdminRow, what: string): void {
  if (row.IsEmbedded === true) return;
  throw new UpstreamError(
    422,
    "ExternalSystemNotConfigured",
    `${what} ${String(row.Engine)} at ${String(row.Host)} needs a database driver and network access this installation does not have.`,
  );
}

/** Registers /admin/databases. */
export function registerDatabaseRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, databases);
  const { store } = context;
  const params = keyParams("int");
  const load = async (call: AdminCall, key: number) => {
    const row = await store.admin.records.get(databases.spec, key, call.at);
    if (!row) throw notFound("Database");
    return row;
  };

  api.post(
    "/Admin/Databases/:key/Test",
    { onRequest: [guards.session, guards.admin("Databases", "Read")], schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const row = await load(call, (request.params as { key: number }).key);
      embeddedOnly(row, "Testing");
      const check = await store.admin.system.checkEmbedded();
      return {
        Success: check.quickCheck === "ok",
        Message: `Integrity check: ${check.quickCheck}.`,
        QuickCheck: check.quickCheck,
        SchemaVersion: check.schemaVersion,
        SqliteVersion: check.sqliteVersion,
        SizeBytes: check.sizeBytes,
        DurationMs: check.durationMs,
      };
    },
  );

  api.post(
    "/Admin/Databases/:key/Migrate",
    { onRequest: [guards.session, guards.admin("Databases", "Write")], schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const row = await load(call, (request.params as { key: number }).key);
      embeddedOnly(row, "Migrating");
      let result: { applied: number[]; schemaVersion: number };
      try {
        result = await store.admin.system.migrateEmbedded(call.at.now);
      } catch (error) {
        // Each migration runs in its own transaction: the failed one left nothing half-written.
        context.log.error({ err: error }, "admin: migrating the embedded store failed");
        await auditChange(call, "AdminDatabasesMigrateFailed", `Migrating ${String(row.Name)} failed.`, {
          Error: error instanceof Error ? error.message : String(error),
        });
        const accounts = await store.admin.system.embeddedAccountIds();
        await notifyMigrationFailed(context, accounts, String(row.Name));
        throw new UpstreamError(
          500,
          "MigrationFailed",
          "The migration failed; the database was left unchanged.",
        );
      }
      await auditChange(
        call,
        "AdminDatabasesMigrate",
        `Embedded store migrated to version ${result.schemaVersion}.`,
        { Applied: result.applied },
      );
      return { AppliedVersions: result.applied, SchemaVersion: result.schemaVersion };
    },
  );
}
