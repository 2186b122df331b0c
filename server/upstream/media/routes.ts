/**
 * Files and media (§2.2 /files, "documents and media"; §7 uploads as multipart file[]): upload into
 * a folder of the MediaManager area and download, streamed both ways. Uploaded files are Media
 * objects, so the library routes (Content/MediaManager/…) list, rename, move, share, delete,
 * restore and purge them, and Content/MediaManager/Folders holds their folders. Upload needs
 * MediaManager at rw, download at r; both need the DocumentsAndMedia feature (§6).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { sendStoredStream } from "../files/send-stored-file.ts";
import { assertAreaAccess, contentScope } from "../folders/areas.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams, recIdSchema } from "../http/schemas.ts";
import type { PermissionLevel } from "../identity/permission-keys.ts";
import { libraryObjectBody } from "../objects/bodies.ts";
import { MAX_MEDIA_FILE_BYTES, MAX_MEDIA_FILES, stageUpload } from "./upload.ts";

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
    inline: { type: "boolean", default: false, description: "Show a raster image in the browser." },
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
      bodyLimit: uploadBodyLimit(MAX_MEDIA_FILES * MAX_MEDIA_FILE_BYTES),
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
      // Typed by its first bytes, never by the uploader's claim; only raster images show in place,
      // and only when the file viewer asks (?inline=true) — send-stored-file.ts.
      reply
        .header("Content-Length", String(file.size))
        .header("Cache-Control", "private, no-store")
        .header("ETag", `"${file.sha256}"`);
      return sendStoredStream(reply, stream, object.name, {
        allowInline: (request.query as { inline: boolean }).inline,
      });
    },
  );
}
