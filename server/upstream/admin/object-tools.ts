/**
 * Object tools of §2.4: /admin/objectviewer (every object of every account, §3 user-area types, with
 * its stored JSON; deleted objects can be restored) and /admin/accountsynchronizer (copies object
 * definitions of chosen types from one account to another: AddAndUpdate, or Mirror which also
 * deletes what the source lacks). Menus, roles and teams are not objects and are not offered. Runs are manual: the embedded upstream has no scheduler, so the
 * Frequency is kept for the cluster's scheduler. Copying data rows needs the account data databases
 * (not part of the embedded store) and media files are not copied; both are said in the answer.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound, UpstreamError } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { ADMIN_OBJECT_TYPES, USER_OBJECT_TYPES } from "./constants.ts";
import { flag, oneOf, ref, someOf, text } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import { accountNameJoin, adminCall, CREATED_MODIFIED, keyParams, stamps, userJoin } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";

const SYNC_TYPES = USER_OBJECT_TYPES.filter(
  (type) =>
    !["Task", "User", "Menu", "Role", "Team", "SupportSession", "SupportTicket", "API", "Project"].includes(
      type,
    ),
);
const FOLDER_PATH = `(WITH RECURSIVE up(id, parent_id, name, depth) AS (
    SELECT f.id, f.parent_id, f.name, 0 FROM folders f WHERE f.id = t.folder_id
    UNION ALL SELECT f.id, f.parent_id, f.name, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id)
  SELECT group_concat(name, ' / ') FROM (SELECT name FROM up ORDER BY depth DESC) AS path)`;
const OBJECT_JSON = `json_object('ObjectId', t.uid, 'RecId', t.id, 'ObjectType', t.type, 'Name', t.name,
  'AccountRecId', t.account_id, 'OwnerUserRecId', t.owner_user_id, 'FolderRecId', t.folder_id,
  'CreatedAt', strftime('%Y-%m-%dT%H:%M:%fZ', t.created_at / 1000.0, 'unixepoch'),
  'ModifiedAt', strftime('%Y-%m-%dT%H:%M:%fZ', t.modified_at / 1000.0, 'unixepoch'),
  'Deleted', json(CASE WHEN t.deleted_at IS NULL THEN 'false' ELSE 'true' END), 'Properties', json(t.properties))`;

/** /admin/objectviewer (rowKey ObjectId: the object's UID). */
export const objectViewer: AdminResource = {
  path: "ObjectViewer",
  module: "ObjectViewer",
  noun: "Object",
  spec: {
    table: "objects",
    from: `objects t ${accountNameJoin("t.account_id")} ${userJoin("t.owner_user_id", "o")}`,
    key: "uid",
    keyType: "text",
    keyField: "ObjectId",
    defaultOrder: "t.modified_at DESC",
    columns: {
      ObjectId: { sql: "t.uid", type: "text", search: true },
      ObjectType: { sql: "t.type", type: "text", sort: true },
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", search: true, sort: true },
      AccountRecId: { sql: "t.account_id", type: "int" },
      AccountName: { sql: "a.name", type: "text", search: true, sort: true },
      OwnerName: { sql: "o.full_name", type: "text", search: true },
      FolderPath: { sql: FOLDER_PATH, type: "text" },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
      IsDeleted: { sql: "t.deleted_at IS NOT NULL", type: "bool" },
      Json: { sql: OBJECT_JSON, type: "text" },
    },
    filters: {
      ObjectType: { sql: "t.type", type: "text", op: "eq" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      IsDeleted: { sql: "t.deleted_at IS NOT NULL", type: "bool", op: "eq" },
    },
  },
  filters: {
    ObjectType: oneOf([...new Set([...USER_OBJECT_TYPES, ...ADMIN_OBJECT_TYPES])]),
    AccountRecId: ref(),
    IsDeleted: flag(),
  },
  transitions: [
    {
      name: "Restore",
      change: {
        when: "t.deleted_at IS NOT NULL",
        // Back where it was, or to its root when its folder is gone too.
        set: {
          deleted_at: "NULL",
          deleted_with_folder_id: "NULL",
          folder_id:
            "CASE WHEN EXISTS (SELECT 1 FROM folders f WHERE f.id = t.folder_id AND f.deleted_at IS NULL) THEN t.folder_id END",
          modified_at: "@now",
        },
      },
      refused: "Only deleted objects can be restored.",
    },
  ],
};

/** /admin/accountsynchronizer. */
export const accountSynchronizer: AdminResource = {
  path: "AccountSynchronizer",
  module: "AccountSynchronizer",
  noun: "Synchronisation",
  spec: {
    table: "account_syncs",
    from: `account_syncs t ${accountNameJoin("t.source_account_id", "sa")} ${accountNameJoin("t.target_account_id", "ta")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", write: "name", search: true, sort: true },
      IsEnabled: { sql: "t.is_enabled", type: "bool", write: "is_enabled" },
      SourceAccountRecId: { sql: "t.source_account_id", type: "int", write: "source_account_id" },
      SourceAccountName: { sql: "sa.name", type: "text", search: true, sort: true },
      TargetAccountRecId: { sql: "t.target_account_id", type: "int", write: "target_account_id" },
      TargetAccountName: { sql: "ta.name", type: "text", search: true, sort: true },
      Mode: { sql: "t.mode", type: "text", write: "mode" },
      Frequency: { sql: "t.frequency", type: "text", write: "frequency" },
      ObjectTypes: { sql: "t.object_types", type: "json", write: "object_types" },
      IncludeData: { sql: "t.include_data", type: "bool", write: "include_data" },
      LastSyncAt: { sql: "t.last_sync_at", type: "datetime", sort: true },
      LastSyncStatus: { sql: "t.last_sync_status", type: "text" },
      LastSyncMessage: { sql: "t.last_sync_message", type: "text" },
      ...CREATED_MODIFIED,
    },
    filters: {
      AccountRecId: { sql: "@value IN (t.source_account_id, t.target_account_id)", type: "int", op: "match" },
      LastSyncStatus: { sql: "t.last_sync_status", type: "text", op: "eq" },
      IsEnabled: { sql: "t.is_enabled", type: "bool", op: "eq" },
    },
    ...stamps(),
  },
  fields: {
    Name: { schema: text(200), required: true },
    IsEnabled: { schema: flag() },
    SourceAccountRecId: { schema: ref("Account copied from."), required: true },
    TargetAccountRecId: { schema: ref("Account copied to."), required: true },
    Mode: { schema: oneOf(["AddAndUpdate", "Mirror"]), required: true },
    Frequency: { schema: oneOf(["Manual", "Hourly", "Daily", "Weekly"]), required: true },
    ObjectTypes: { schema: { ...someOf(SYNC_TYPES), minItems: 1 }, required: true },
    IncludeData: { schema: flag() },
  },
  filters: {
    AccountRecId: ref(),
    LastSyncStatus: oneOf(["Running", "Succeeded", "Failed"]),
    IsEnabled: flag(),
  },
  create: true,
  update: true,
  remove: {},
  prepare: async (values, current, call) => {
    const source = (values.SourceAccountRecId ?? current?.SourceAccountRecId) as number;
    const target = (values.TargetAccountRecId ?? current?.TargetAccountRecId) as number;
    if (source === target)
      throw badRequest("InvalidRequest", "Source and target must be different accounts.");
    for (const id of [source, target]) {
      const account = await call.context.store.accounts.get(id);
      if (!account || account.isSystem) throw badRequest("InvalidReference", "Choose customer accounts.");
    }
    return values;
  },
};

/** Registers the object viewer and the account synchroniser. */
export function registerObjectToolRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, objectViewer);
  registerAdminResource(api, context, guards, accountSynchronizer);
  const { store } = context;

  api.get(
    "/Admin/ObjectViewer/:key/Json",
    {
      onRequest: [guards.session, guards.admin("ObjectViewer", "Read")],
      schema: { params: keyParams("text") },
    },
    async (request, reply) => {
      const call = adminCall(request, context);
      const row = await store.admin.records.get(
        objectViewer.spec,
        (request.params as { key: string }).key,
        call.at,
      );
      if (!row) throw notFound("Object");
      return reply
        .type("application/json; charset=utf-8")
        .header(
          "Content-Disposition",
          `attachment; filename="${String(row.ObjectType)}-${String(row.RecId)}.json"`,
        )
        .send(JSON.stringify(JSON.parse(String(row.Json)), null, 2));
    },
  );

  api.post(
    "/Admin/AccountSynchronizer/:key/Run",
    {
      onRequest: [guards.session, guards.admin("AccountSynchronizer", "Write")],
      schema: { params: keyParams("int") },
    },
    async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const sync = await store.admin.records.get(accountSynchronizer.spec, key, call.at);
      if (!sync) throw notFound("Synchronisation");
      if (sync.IncludeData === true) {
        throw new UpstreamError(
          422,
          "ExternalSystemNotConfigured",
          "Copying data rows needs the account data databases, which this installation does not have: turn off IncludeData to copy the object definitions.",
        );
      }
      const outcome = await store.admin.jobs.runAccountSync(key, call.at.now);
      if (outcome.result !== "ok") {
        if (outcome.result === "missing") throw notFound("Synchronisation");
        throw conflict("Conflict", "The synchronisation is disabled.");
      }
      await auditChange(call, "AdminAccountSynchronizerRun", `Synchronisation ${key} ran.`, {
        SyncRecId: key,
        ...outcome.copy,
      });
      const skippedMedia = (sync.ObjectTypes as string[]).includes("Media")
        ? " Media files are not synchronised."
        : "";
      return {
        ...(await store.admin.records.get(accountSynchronizer.spec, key, call.at)),
        Note: skippedMedia.trim() || null,
      };
    },
  );
}
