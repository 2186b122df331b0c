/**
 * /admin/systemmedia (§2.4): files the product itself shows — login backgrounds, e-mail assets,
 * logos, icons, documents. Staff upload several at once (up to 10 MB together; png, jpg, jpeg, gif,
 * svg, webp, ico, pdf), rename, categorise, download and delete them. Each file is public at its
 * PublicUrl (`{webservices}/SystemMedia/{FileUID}`, served by `registerSystemMediaFileRoute`): the
 * UID is unguessable, and files are sent typed by their bytes with a sandboxing
 * Content-Security-Policy (files/send-stored-file.ts): raster images show in place, while SVG, ICO
 * and PDF files download as application/octet-stream or application/pdf, so an SVG never runs
 * script from the product's origin.
 */
import type { FastifyInstance } from "fastify";
import { SINGLE_LINE_FORBIDDEN } from "../../../schemas/text-rules.ts";
import type { UpstreamContext } from "../context.ts";
import { sendStoredFile } from "../files/send-stored-file.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { uidSchema } from "../http/schemas.ts";
import { generateUid } from "../identity/secrets.ts";
import { oneOf, text } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import { adminCall, keyParams, userJoin } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";
import { extensionOf, readUploads } from "./uploads.ts";

const CATEGORIES = ["LoginBackground", "EmailAsset", "Logo", "Icon", "Document", "Other"] as const;
/** Content type by extension (the upload's own type is not trusted). */
const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  ico: "image/x-icon",
  pdf: "application/pdf",
};
/** All files of one upload together. */
export const SYSTEM_MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** /admin/systemmedia. */
export const systemMedia: AdminResource = {
  path: "SystemMedia",
  module: "SystemMedia",
  noun: "File",
  spec: {
    table: "system_media",
    from: `system_media t ${userJoin("t.uploaded_by_user_id", "ub")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.uploaded_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      FileName: { sql: "t.file_name", type: "text", write: "file_name", search: true, sort: true },
      Category: { sql: "t.category", type: "text", write: "category", sort: true },
      AltText: { sql: "t.alt_text", type: "text", write: "alt_text", search: true },
      ContentType: { sql: "t.content_type", type: "text", write: "content_type" },
      SizeBytes: { sql: "t.size", type: "int", write: "size", sort: true },
      FileUID: { sql: "t.uid", type: "text", write: "uid" },
      PublicUrl: { sql: "'{webservices}/SystemMedia/' || t.uid", type: "text" },
      Data: { sql: "t.data", type: "text", write: "data", secret: true },
      UploadedByName: { sql: "ub.full_name", type: "text" },
      UploadedAt: { sql: "t.uploaded_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: { Category: { sql: "t.category", type: "text", op: "eq" } },
    insertDefaults: { uploaded_at: "@now", modified_at: "@now", uploaded_by_user_id: "@actor" },
    touch: { modified_at: "@now" },
  },
  fields: {
    // A file name: no path or reserved characters, and none the single-line text rule refuses.
    FileName: { schema: text(255, `^(?!\\s*$)[^\\\\/:*?"<>|${SINGLE_LINE_FORBIDDEN}]+$`), required: true },
    Category: { schema: oneOf(CATEGORIES), required: true },
    AltText: { schema: text(300) },
  },
  filters: { Category: oneOf(CATEGORIES) },
  update: true,
  remove: { bulk: true },
};

/** The category an upload starts in, from its type (staff can change it). */
function categoryOf(extension: string): (typeof CATEGORIES)[number] {
  if (extension === "ico") return "Icon";
  if (extension === "pdf") return "Document";
  return "Other";
}

/** Registers /admin/systemmedia. */
export function registerSystemMediaRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, systemMedia);
  const { store } = context;

  api.post(
    "/Admin/SystemMedia/Upload",
    {
      onRequest: [guards.session, guards.admin("SystemMedia", "Write")],
      bodyLimit: uploadBodyLimit(SYSTEM_MEDIA_MAX_BYTES),
    },
    async (request, reply) => {
      const call = adminCall(request, context);
      const files = await readUploads(request, {
        accept: Object.keys(CONTENT_TYPES),
        maxBytes: SYSTEM_MEDIA_MAX_BYTES,
        maxFiles: 20,
      });
      const rows = [];
      for (const file of files) {
        const extension = extensionOf(file.fileName);
        rows.push(
          await store.admin.records.create(
            systemMedia.spec,
            {
              FileName: file.fileName,
              Category: categoryOf(extension),
              ContentType: CONTENT_TYPES[extension],
              SizeBytes: file.data.length,
              FileUID: generateUid(),
              Data: file.data,
            },
            call.at,
          ),
        );
      }
      await auditChange(call, "AdminSystemMediaUpload", `${rows.length} system media file(s) uploaded.`, {
        RecIds: rows.map((row) => row.RecId),
      });
      return reply.status(201).send({ items: rows, total: rows.length });
    },
  );

  api.get(
    "/Admin/SystemMedia/:key/File",
    {
      onRequest: [guards.session, guards.admin("SystemMedia", "Read")],
      schema: { params: keyParams("int") },
    },
    async (request, reply) => {
      const call = adminCall(request, context);
      const row = await store.admin.records.get(
        systemMedia.spec,
        (request.params as { key: number }).key,
        call.at,
      );
      const data = row ? await store.admin.system.fileData("system_media", row.RecId as number) : undefined;
      if (!row || !data) throw notFound("File");
      // Staff asked to download it: an attachment whatever it is.
      return sendStoredFile(reply, data, String(row.FileName), { allowInline: false });
    },
  );
}

/** The public file route under the webservices base: GET /ws/SystemMedia/{FileUID}. */
export function registerSystemMediaFileRoute(ws: FastifyInstance, context: UpstreamContext): void {
  const params = {
    type: "object",
    properties: { uid: uidSchema },
    required: ["uid"],
    additionalProperties: false,
  } as const;
  ws.get("/SystemMedia/:uid", { schema: { params } }, async (request, reply) => {
    const { uid } = request.params as { uid: string };
    const row = await findByUid(context, uid);
    const data = row
      ? await context.store.admin.system.fileData("system_media", row.RecId as number)
      : undefined;
    if (!row || !data) throw notFound("File");
    // Typed by its bytes, not by the stored extension: an SVG is saved, never rendered from our origin.
    return sendStoredFile(reply.header("Cache-Control", "public, max-age=3600"), data, String(row.FileName));
  });
}

async function findByUid(context: UpstreamContext, uid: string) {
  const { items } = await context.store.admin.records.list(
    { ...systemMedia.spec, filters: { FileUID: { sql: "t.uid", type: "text", op: "eq" } } },
    { limit: 1, offset: 0, filters: { FileUID: uid } },
    { now: context.now(), actor: null },
  );
  return items[0];
}
