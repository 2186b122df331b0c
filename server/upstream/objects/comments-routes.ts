/**
 * Comments on library objects (§3 Comment; §4.3 DashboardCommented, DataCommented). Whoever sees a
 * live object may read and add comments (the area's permission at r); the owner and earlier
 * commenters are notified. Attachments download from the object they belong to, so another
 * tenant's or another user's private attachment answers 404 like a missing one.
 */

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { areaGuard, areaOf, areaSchema, contentScope } from "../folders/areas.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema, uidSchema } from "../http/schemas.ts";
import { objectParams } from "./bodies.ts";
import {
  commentBody,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  readCommentInput,
  sendAttachment,
} from "./comment-input.ts";
import { afterComment } from "./notify.ts";

const attachmentParams = {
  type: "object",
  properties: { area: areaSchema, recId: recIdSchema, uid: uidSchema },
  required: ["area", "recId", "uid"],
  additionalProperties: false,
} as const;

/** Registers the comment routes of library objects. */
export function registerObjectCommentRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { library, comments } = context.store.content;
  const read = [guards.session, areaGuard("r")];

  /** The live object the request names, as the caller sees it. */
  const liveObject = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const area = areaOf(request);
    const { recId } = request.params as { recId: number };
    const object = await library.get(contentScope(caller, area), recId);
    if (!object || object.deletedAt !== null) throw notFound("Object");
    const previewUrl = (attachment: { uid: string }) =>
      `Content/${area}/Objects/${recId}/Comments/Attachments/${attachment.uid}`;
    return { caller, object, previewUrl };
  };

  api.get(
    "/Content/:area/Objects/:recId/Comments",
    { onRequest: read, schema: { params: objectParams } },
    async (request) => {
      const { caller, object, previewUrl } = await liveObject(request);
      const list = await comments.list(caller.account.recId, object.recId, false);
      return list.map((comment) => commentBody(comment, previewUrl));
    },
  );

  api.post(
    "/Content/:area/Objects/:recId/Comments",
    {
      onRequest: read,
      schema: { params: objectParams },
      bodyLimit: uploadBodyLimit(MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES),
    },
    async (request, reply) => {
      const { caller, object, previewUrl } = await liveObject(request);
      const input = await readCommentInput(request, caller.user.recId);
      const earlier = await comments.list(caller.account.recId, object.recId, false);
      const comment = await comments.add(
        caller.account.recId,
        object.recId,
        { ...input, isInternal: false },
        context.now(),
      );
      const commenters = earlier.flatMap((c) => (c.authorUserId === null ? [] : [c.authorUserId]));
      await afterComment(context, caller, object, comment.text, commenters);
      return reply.status(201).send(commentBody(comment, previewUrl));
    },
  );

  api.get(
    "/Content/:area/Objects/:recId/Comments/Attachments/:uid",
    { onRequest: read, schema: { params: attachmentParams } },
    async (request, reply) => {
      const { caller, object } = await liveObject(request);
      const { uid } = request.params as { uid: string };
      const attachment = await comments.attachment(caller.account.recId, object.recId, uid, false);
      if (!attachment) throw notFound("Attachment");
      return sendAttachment(reply, attachment);
    },
  );
}
