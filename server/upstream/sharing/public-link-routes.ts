/**
 * Public share links, member side (§2.1 public routes, §1 "Public shared links exist for
 * dashboards, binders and live documents"). A member with rw on the area of a Dashboard, Binder or
 * LiveDoc they can see creates a link with an unguessable code (256 random bits, base64url), lists
 * the object's live links and revokes one; from a dashboard they take a chart snapshot (a title and
 * a PNG: the one sent, else the dashboard's thumbnail) shared the same way. Creating and revoking
 * are audited. Under the application base:
 *
 * - `GET    Content/{area}/Objects/{recId}/PublicLinks` → `[link…]`, newest first
 * - `POST   Content/{area}/Objects/{recId}/PublicLinks` → 201 link
 * - `POST   Content/Dashboards/Objects/{recId}/ChartSnapshots` `{ Title, ImagePng? }` → 201 link
 * - `DELETE Content/{area}/Objects/{recId}/PublicLinks/{linkRecId}` → 204
 *
 * A link is `{ RecId, Type, Code, Path, Title, CreatedByFullName, CreatedAt }`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { singleLineText } from "../../../schemas/text-rules.ts";
import { actingUser, audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { areaGuard, areaOf, contentScope } from "../folders/areas.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { generateToken } from "../identity/secrets.ts";
import type { PublicLinkRecord } from "../store/types/public-links.ts";
import { checkedPng, MAX_SNAPSHOT_IMAGE_BYTES, publicLinkBody } from "./shared-bodies.ts";

/** Most live public links (snapshots included) one object may have. */
export const MAX_PUBLIC_LINKS_PER_OBJECT = 20;
/** Body limit of the snapshot route: the base64 image plus the title. */
const SNAPSHOT_BODY_LIMIT_BYTES = Math.ceil((MAX_SNAPSHOT_IMAGE_BYTES * 4) / 3) + 4096;

/** The areas whose objects may be shared publicly, with their object type. */
const SHAREABLE_AREAS = { Dashboards: "Dashboard", Binders: "Binder", LiveDocs: "LiveDoc" } as const;
type ShareableArea = keyof typeof SHAREABLE_AREAS;

const area = { enum: Object.keys(SHAREABLE_AREAS), description: "Dashboards, Binders or LiveDocs." };
const objectParams = {
  type: "object",
  properties: { area, recId: recIdSchema },
  required: ["area", "recId"],
  additionalProperties: false,
} as const;
const linkParams = {
  type: "object",
  properties: { area, recId: recIdSchema, linkRecId: { ...recIdSchema, description: "Public link." } },
  required: ["area", "recId", "linkRecId"],
  additionalProperties: false,
} as const;
const snapshotParams = {
  type: "object",
  properties: { area: { enum: ["Dashboards"], description: "Dashboards only." }, recId: recIdSchema },
  required: ["area", "recId"],
  additionalProperties: false,
} as const;
const snapshotBody = {
  type: "object",
  properties: {
    Title: {
      ...singleLineText,
      minLength: 1,
      maxLength: 200,
      description: "Title shown above the image.",
    },
    ImagePng: {
      type: "string",
      minLength: 1,
      maxLength: Math.ceil((MAX_SNAPSHOT_IMAGE_BYTES * 4) / 3) + 4,
      description: "The chart as a base64 PNG; the dashboard's thumbnail when absent.",
    },
  },
  required: ["Title"],
  additionalProperties: false,
} as const;

/** Registers the member-side public link routes under the application base. */
export function registerPublicLinkRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const links = context.store.publicLinks;
  const write = [guards.session, areaGuard("rw")];

  // The live object of the request's area the caller sees; 404 (like any foreign record) otherwise.
  const target = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const scope = contentScope(caller, areaOf(request));
    const { recId } = request.params as { recId: number };
    const object = await context.store.content.library.get(scope, recId);
    const type = SHAREABLE_AREAS[areaOf(request) as ShareableArea];
    if (!object || object.deletedAt !== null || object.type !== type) throw notFound("Object");
    return { caller, object };
  };

  const created = async (request: FastifyRequest, link: PublicLinkRecord) => {
    await audit(context, {
      action: "PublicLinkCreated",
      message: `Public link to ${link.type} #${link.objectId} created.`,
      actor: actingUser(callerOf(request)),
      details: { publicLinkId: link.recId, objectId: link.objectId, type: link.type },
    });
    return publicLinkBody(link);
  };

  const assertRoom = async (accountId: number, objectId: number) => {
    if ((await links.countActive(accountId, objectId)) >= MAX_PUBLIC_LINKS_PER_OBJECT) {
      throw conflict(
        "TooManyPublicLinks",
        `An object has at most ${MAX_PUBLIC_LINKS_PER_OBJECT} public links; revoke one first.`,
      );
    }
  };

  api.get(
    "/Content/:area/Objects/:recId/PublicLinks",
    { onRequest: write, schema: { params: objectParams } },
    async (request) => {
      const { caller, object } = await target(request);
      return (await links.listActive(caller.account.recId, object.recId)).map(publicLinkBody);
    },
  );

  api.post(
    "/Content/:area/Objects/:recId/PublicLinks",
    { onRequest: write, schema: { params: objectParams } },
    async (request, reply) => {
      const { caller, object } = await target(request);
      await assertRoom(caller.account.recId, object.recId);
      const type = SHAREABLE_AREAS[areaOf(request) as ShareableArea];
      const link = await links.create(
        caller.account.recId,
        object.recId,
        caller.user.recId,
        { type, code: generateToken() },
        context.now(),
      );
      return reply.status(201).send(await created(request, link));
    },
  );

  api.post(
    "/Content/:area/Objects/:recId/ChartSnapshots",
    {
      onRequest: write,
      bodyLimit: SNAPSHOT_BODY_LIMIT_BYTES,
      schema: { params: snapshotParams, body: snapshotBody },
    },
    async (request, reply) => {
      const { caller, object } = await target(request);
      const body = request.body as { Title: string; ImagePng?: string };
      const title = body.Title.trim();
      if (title === "") throw badRequest("InvalidRequest", "The title must not be blank.");
      const source = body.ImagePng ?? object.properties.Thumbnail;
      if (source === undefined)
        throw badRequest("InvalidChartImage", "The dashboard has no chart image; send ImagePng.");
      const image = checkedPng(source);
      if (typeof image === "string") throw badRequest("InvalidChartImage", `The chart image is ${image}.`);
      await assertRoom(caller.account.recId, object.recId);
      const link = await links.create(
        caller.account.recId,
        object.recId,
        caller.user.recId,
        { type: "ChartSnapshot", code: generateToken(), title, image },
        context.now(),
      );
      return reply.status(201).send(await created(request, link));
    },
  );

  api.delete(
    "/Content/:area/Objects/:recId/PublicLinks/:linkRecId",
    { onRequest: write, schema: { params: linkParams } },
    async (request, reply) => {
      const { caller, object } = await target(request);
      const { linkRecId } = request.params as { linkRecId: number };
      const link = await links.revoke(
        caller.account.recId,
        object.recId,
        linkRecId,
        caller.user.recId,
        context.now(),
      );
      if (link === "notFound") throw notFound("Public link");
      await audit(context, {
        action: "PublicLinkRevoked",
        message: `Public link to ${link.type} #${link.objectId} revoked.`,
        actor: actingUser(caller),
        details: { publicLinkId: link.recId, objectId: link.objectId, type: link.type },
      });
      return reply.status(204).send();
    },
  );
}
