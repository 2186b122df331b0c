/**
 * /admin/packagemanager (§2.4): folders of object packages. A package is a ZIP archive holding
 * `package.json` — { Name, Version (semver), Description?, Objects: [{ Type, Name, Properties? }] }
 * with Type one of the §3 user-area object types. Staff upload packages into the folder shown,
 * download them, and install them into accounts (objects of the same type and name are updated with
 * Overwrite, else left as they are).
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { contentDisposition } from "../files/content-disposition.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import { flag, longText, nonBlank, oneOf, ref, text } from "./fields.ts";
import { PACKAGE_MAX_BYTES, readPackage, SEMVER } from "./package-archive.ts";
import type { AdminResource } from "./resource.ts";
import { adminCall, keyParams, userJoin } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";
import { readUploads } from "./uploads.ts";

/** /admin/packagemanager (the list shows one folder: FolderRecId, or the root without it). */
export const packageManager: AdminResource = {
  path: "PackageManager",
  module: "PackageManager",
  noun: "Package item",
  spec: {
    table: "package_items",
    from: `package_items t ${userJoin("t.created_by_user_id", "cb")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.item_type DESC, t.name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", write: "name", search: true, sort: true },
      ItemType: { sql: "t.item_type", type: "text", write: "item_type", sort: true },
      Version: { sql: "t.version", type: "text", write: "version", sort: true },
      Description: { sql: "t.description", type: "text", write: "description", search: true },
      ObjectCount: { sql: "t.object_count", type: "int", write: "object_count", sort: true },
      SizeBytes: { sql: "t.size_bytes", type: "int", write: "size_bytes", sort: true },
      FolderRecId: { sql: "t.parent_id", type: "int", write: "parent_id" },
      Data: { sql: "t.data", type: "text", write: "data", secret: true },
      CreatedByName: { sql: "cb.full_name", type: "text" },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      FolderRecId: { sql: "t.parent_id", type: "int", op: "eq", absent: "t.parent_id IS NULL" },
      ItemType: { sql: "t.item_type", type: "text", op: "eq" },
    },
    insertDefaults: { created_at: "@now", modified_at: "@now", created_by_user_id: "@actor" },
    touch: { modified_at: "@now" },
    deleteWhen: "NOT EXISTS (SELECT 1 FROM package_items c WHERE c.parent_id = t.id)",
  },
  fields: {
    Name: { schema: text(200), required: true },
    Version: { schema: text(40, SEMVER) },
    Description: { schema: longText(2000) },
  },
  filters: { FolderRecId: ref("Folder shown."), ItemType: oneOf(["Folder", "Package"]) },
  update: true,
  remove: {},
  refused: { code: "RecordInUse", delete: "The folder is not empty: delete or move its items first." },
  duplicate: {
    code: "DuplicateRecord",
    message: "This folder already holds an item with this name (and version).",
  },
  prepare: async (values, current) => {
    if (current?.ItemType === "Folder" && typeof values.Version === "string") {
      throw badRequest("InvalidRequest", "Folders have no version.");
    }
    return values;
  },
};

const screenQuery = {
  type: "object",
  properties: {
    FolderRecId: ref("Folder the new item goes to (the root without it)."),
    ItemType: oneOf(["Folder", "Package"]),
    search: { type: "string", maxLength: 200 },
    sort: { type: "string", maxLength: 60 },
    page: { type: "integer", minimum: 1 },
    pageSize: { type: "integer", minimum: 1, maximum: 500 },
  },
  additionalProperties: false,
} as const;

const installBody = {
  type: "object",
  properties: {
    AccountRecIds: { type: "array", items: ref("Account."), minItems: 1, maxItems: 500, uniqueItems: true },
    Overwrite: flag(),
  },
  required: ["AccountRecIds"],
  additionalProperties: false,
} as const;

/** Registers /admin/packagemanager. */
export function registerPackageRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, packageManager);
  const { store } = context;
  const records = store.admin.records;
  const write = [guards.session, guards.admin("PackageManager", "Write")];
  const params = keyParams("int");
  const folderOf = async (call: ReturnType<typeof adminCall>, folderId: number | undefined) => {
    if (folderId === undefined) return null;
    const folder = await records.get(packageManager.spec, folderId, call.at);
    if (folder?.ItemType !== "Folder") throw badRequest("InvalidReference", "The folder does not exist.");
    return folderId;
  };
  const create = async (call: ReturnType<typeof adminCall>, values: Record<string, unknown>) => {
    try {
      return await records.create(packageManager.spec, values, call.at);
    } catch (error) {
      if (error instanceof StoreConflictError)
        throw conflict("DuplicateRecord", packageManager.duplicate?.message ?? "");
      throw error;
    }
  };

  api.post(
    "/Admin/PackageManager/Folders",
    {
      onRequest: write,
      schema: {
        querystring: screenQuery,
        body: {
          type: "object",
          properties: { Name: nonBlank(text(200)) },
          required: ["Name"],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const call = adminCall(request, context);
      const parent = await folderOf(call, (request.query as { FolderRecId?: number }).FolderRecId);
      const row = await create(call, {
        Name: (request.body as { Name: string }).Name.trim(),
        ItemType: "Folder",
        FolderRecId: parent,
      });
      await auditChange(call, "AdminPackageManagerNewFolder", `Package folder ${String(row.Name)} created.`, {
        RecId: row.RecId,
      });
      return reply.status(201).send(row);
    },
  );

  api.post(
    "/Admin/PackageManager/Upload",
    { onRequest: write, schema: { querystring: screenQuery }, bodyLimit: uploadBodyLimit(PACKAGE_MAX_BYTES) },
    async (request, reply) => {
      const call = adminCall(request, context);
      const parent = await folderOf(call, (request.query as { FolderRecId?: number }).FolderRecId);
      const [file] = await readUploads(request, {
        accept: ["zip"],
        maxBytes: PACKAGE_MAX_BYTES,
        maxFiles: 1,
      });
      if (!file) throw badRequest("FileMissing", "No file was sent.");
      const manifest = readPackage(file.data);
      const row = await create(call, {
        Name: manifest.name,
        ItemType: "Package",
        Version: manifest.version,
        Description: manifest.description,
        ObjectCount: manifest.objects.length,
        SizeBytes: file.data.length,
        FolderRecId: parent,
        Data: file.data,
      });
      await auditChange(
        call,
        "AdminPackageManagerUpload",
        `Package ${manifest.name} ${manifest.version} uploaded.`,
        { RecId: row.RecId },
      );
      return reply.status(201).send(row);
    },
  );

  api.get(
    "/Admin/PackageManager/:key/File",
    { onRequest: [guards.session, guards.admin("PackageManager", "Read")], schema: { params } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const row = await records.get(packageManager.spec, (request.params as { key: number }).key, call.at);
      const data =
        row?.ItemType === "Package"
          ? await store.admin.system.fileData("package_items", row.RecId as number)
          : undefined;
      if (!row || !data) throw notFound("Package");
      return reply
        .type("application/zip")
        .header(
          "Content-Disposition",
          contentDisposition("attachment", `${String(row.Name)}-${String(row.Version)}.zip`),
        )
        .send(data);
    },
  );

  api.post(
    "/Admin/PackageManager/:key/Install",
    { onRequest: [...write, guards.admin("Accounts", "Read")], schema: { params, body: installBody } },
    async (request) => {
      const call = adminCall(request, context);
      const row = await records.get(packageManager.spec, (request.params as { key: number }).key, call.at);
      const data =
        row?.ItemType === "Package"
          ? await store.admin.system.fileData("package_items", row.RecId as number)
          : undefined;
      if (!row || !data) throw notFound("Package");
      const body = request.body as { AccountRecIds: number[]; Overwrite?: boolean | null };
      for (const id of body.AccountRecIds) {
        const account = await store.accounts.get(id);
        if (!account || account.isSystem) throw badRequest("InvalidReference", "Choose customer accounts.");
      }
      const results = await store.admin.jobs.installPackage(
        readPackage(data).objects,
        body.AccountRecIds,
        body.Overwrite === true,
        call.at.now,
      );
      await auditChange(
        call,
        "AdminPackageManagerInstall",
        `Package ${String(row.Name)} ${String(row.Version)} installed.`,
        { RecId: row.RecId, Results: results },
      );
      return {
        Results: results.map((r) => ({
          AccountRecId: r.accountId,
          Added: r.added,
          Updated: r.updated,
          Skipped: r.skipped,
        })),
      };
    },
  );
}
