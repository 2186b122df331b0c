/**
 * Files and media (§2.2 /files, "documents and media"; §7 uploads as multipart file[]): upload into
 * a folder of the MediaManager area and download, streamed both ways. Uploaded files are Media
 * objects, so the library routes (Content/MediaManager/…) list, rename, move, share, delete,
 * restore and purge them, and Content/MediaManager/Folders holds their folders. Upload needs
 * MediaManager at rw, download at r; both need the DocumentsAndMedia feature (§6).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { contentDisposition } from "../files/content-disposition.ts";
import { assertAreaAccess, contentScope } from "../folders/areas.ts";
import { notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams, recIdSchema } from "../http/schemas.ts";
import type { PermissionLevel } from "../identity/permission-keys.ts";
import { libraryObjectBody } from "../objects/bodies.ts";
import { stageUpload } from "./upload.ts";

/** Types a browser may show inline; everything else always downloads. */
const INLINE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain"];

const uploadQuery = {
  type: "object",
  properties: {
    folderRecId: { ...recIdSchema, description: "Target folder; the Personal root when absent." },
  },
  additionalProperties: false,
} as const;
const downloadQuery = {
  type: "object",
  properties: {
    inline: { type: "boolean", default: false, description: "Show images and PDFs in the browser." },
  },
  additionalProperties: false,
} as const;

/** Registers the media routes under the application base. */
export function registerMediaRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { folders, library, media } = context.store.content;
  const access = (level: PermissionLevel) => async (request: FastifyRequest) =>
    assertAreaAccess(callerOf(request), "MediaManager", level);
  // The upload is multipart: the route reads it itself, streaming (no JSON body parsing).
  api.post(
    "/Media/Upload",
    {
      onRequest: [guards.session, access("rw")],
      schema: { querystring: uploadQuery },
    },
    async (request, reply) => {
      const scope = contentScope(callerOf(request), "MediaManager");
      const roots = await folders.ensureRoots(scope, context.now());
      const folderId = (request.query as { folderRecId?: number }).folderRecId ?? roots.Personal.recId;
      // Refuse an unknown folder before reading the files.
      const folder = await folders.get(scope, folderId);
      if (!folder || folder.deletedAt !== null || !["Personal", "Team", "Folder"].includes(folder.kind)) {
        throw notFound("Folder");
      }
      const staged = await stageUpload(request, media);
      const created = await media.commit(scope, folderId, staged, context.now());
      if (created === "folderNotFound") throw notFound("Folder");
      return reply.status(201).send({ items: created.map((object) => libraryObjectBody(object, roots)) });
    },
  );

  api.get(
    "/Media/:recId/Download",
    { onRequest: [guards.session, access("r")], schema: { params: recIdParams, querystring: downloadQuery } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      const object = await library.get(contentScope(caller, "MediaManager"), recId);
      if (!object || object.deletedAt !== null) throw notFound("File");
      const file = await media.get(caller.account.recId, recId);
      const stream = file ? await media.open(caller.account.recId, recId) : undefined;
      if (!file || !stream) throw notFound("File");
      const inline = (request.query as { inline: boolean }).inline && INLINE_TYPES.includes(file.contentType);
      return reply
        .header("Content-Disposition", contentDisposition(inline ? "inline" : "attachment", object.name))
        .header("Content-Length", String(file.size))
        .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header("Cache-Control", "private, no-store")
        .header("ETag", `"${file.sha256}"`)
        .type(file.contentType)
        .send(stream);
    },
  );
}
