/**
 * The configuration API, `/gw/config/…` (README.md beside this file): staff with the Configuration
 * admin module only — Read to view versions, diffs, the audit, client reports and previews; Write to
 * draft, validate, ask for a review, approve or refuse, publish, roll back and switch maintenance. CSRF is the gateway's root
 * guard (every state-changing request); bodies are JSON of at most 1 MB, refused on a forbidden key
 * with its pointer and validated as sent by the precompiled validators.
 */

import type { ValidateFunction } from "ajv";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findForbiddenKey } from "../../../core/json/prototype-pollution.ts";
import type {
  ConfigApproveBody,
  ConfigChangeSetCreateBody,
  ConfigChangeSetUpdateBody,
  ConfigMaintenanceBody,
  ConfigPreviewBody,
  ConfigPublishBody,
  ConfigRefuseBody,
  ConfigRequestReviewBody,
  ConfigRollbackBody,
  ConfigValidateBody,
} from "../../../schemas/config-api.ts";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import type { GatewayUserAccess } from "../../../schemas/payloads/gateway-user-access.ts";
import { GatewayErrorCode } from "../errors/gateway-error-codes.ts";
import { type AccessFacts, accessFactsFrom } from "../manifests/filter-access.ts";
import { SlidingWindowLimiter } from "../security/rate-limit.ts";
import type { ConfigEdit } from "./change-set.ts";
import { ConfigPlaneError } from "./config-errors.ts";
import type { Language } from "./config-kinds.ts";
import type { Actor, ConfigPlane } from "./config-plane.ts";
import type { AuditFilter } from "./config-store.ts";
import { previewFacts, previewManifest } from "./preview.ts";
import type { PreviewData, PreviewStaff } from "./preview-data.ts";

/** Where the API lives. */
export const CONFIG_API_PREFIX = "/gw/config";
/** Largest request body (a change set of whole documents in seven languages fits easily). */
export const CONFIG_BODY_LIMIT_BYTES = 1024 * 1024;
/** Requests per staff member and minute: reads, and changes. */
export const CONFIG_READS_PER_MINUTE = 600;
export const CONFIG_WRITES_PER_MINUTE = 60;

/** A staff member as the API sees them: who, and what the Configuration module grants. */
export interface ConfigStaff {
  name: string;
  read: boolean;
  write: boolean;
  /** Their gateway session and upstream token, for a preview's reads as a user (never sent anywhere else). */
  upstream?: Omit<PreviewStaff, "name">;
}

export interface ConfigRoutesOptions {
  plane: ConfigPlane;
  /** The request's staff member (null: not signed in, not staff, or impersonating). */
  staffOf(request: FastifyRequest): Promise<ConfigStaff | null>;
  /**
   * What the user's session would carry that decides their manifest (the upstream's answer,
   * plugins/upstream-user-access.ts): `unknownUser` when there is no such user, null when the upstream
   * cannot tell. Absent: previews as a user are unavailable.
   */
  userAccessOf?: (userRecId: number) => Promise<GatewayUserAccess | "unknownUser" | null>;
  /** The reads of a preview as a user (preview-data.ts). Absent: a preview draws no data. */
  previewData?: PreviewData;
  now?: () => number;
}

/** The user a preview is for, as the preview header shows them. */
interface PreviewedUser {
  recId: number;
  name: string;
  email: string;
  accountRecId: number;
}

const id = (value: string): number => {
  if (!/^[0-9]{1,10}$/.test(value)) throw new ConfigPlaneError(404, "ConfigNotFound", "No such entry.");
  return Number(value);
};

function checked<T>(schemaId: string, body: unknown): T {
  const validate = validatorsById[schemaId] as ValidateFunction | undefined;
  if (!validate) throw new Error(`no validator ${schemaId}`);
  if (validate(body)) return body as T;
  const first = validate.errors?.[0];
  const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
  throw new ConfigPlaneError(
    400,
    "ConfigBadRequest",
    `body${first?.instancePath ?? ""} ${first?.message ?? "is invalid"}${extra ? `: ${extra}` : ""}`,
    { pointer: first?.instancePath ?? "" },
  );
}

const instant = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Date.parse(text);

export async function configRoutes(app: FastifyInstance, options: ConfigRoutesOptions): Promise<void> {
  const { plane } = options;
  const now = options.now ?? (() => Date.now());
  const reads = new SlidingWindowLimiter({ limit: CONFIG_READS_PER_MINUTE, windowMs: 60_000 });
  const writes = new SlidingWindowLimiter({ limit: CONFIG_WRITES_PER_MINUTE, windowMs: 60_000 });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: CONFIG_BODY_LIMIT_BYTES },
      (_request, text, done) => {
        if ((text as string).trim() === "") return done(null, {});
        let body: unknown;
        try {
          body = JSON.parse(text as string);
        } catch {
          return done(
            new ConfigPlaneError(400, "ConfigBadRequest", "The body is not valid JSON."),
            undefined,
          );
        }
        const forbidden = findForbiddenKey(body);
        if (forbidden !== null) {
          return done(
            new ConfigPlaneError(
              400,
              "ConfigBadRequest",
              `Forbidden key (prototype pollution) at ${forbidden}.`,
              { pointer: forbidden },
            ),
            undefined,
          );
        }
        return done(null, body);
      },
    );
    scope.setErrorHandler((error: FastifyError | ConfigPlaneError, request, reply) => {
      reply.header("Cache-Control", "no-store");
      if (error instanceof ConfigPlaneError) {
        return reply
          .code(error.status)
          .send({ ErrorCode: GatewayErrorCode[error.code], Message: error.message, ...error.details });
      }
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        return reply.code(413).send({
          ErrorCode: GatewayErrorCode.ConfigBadRequest,
          Message: "The request body is larger than 1 MB.",
        });
      }
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
        return reply.code(415).send({
          ErrorCode: GatewayErrorCode.ConfigBadRequest,
          Message: "Send the body as application/json.",
        });
      }
      if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
        return reply
          .code(400)
          .send({ ErrorCode: GatewayErrorCode.ConfigBadRequest, Message: "The request is not valid." });
      }
      request.log.error({ err: error }, "configuration API failed");
      return reply
        .code(500)
        .send({ ErrorCode: GatewayErrorCode.Internal, Message: "An unexpected error occurred." });
    });

    /** The staff member allowed to do this, or a refusal (401/403 never say more than needed). */
    // The staff member behind an allowed request; their upstream token never goes into an Actor.
    const staffOfRequest = new WeakMap<FastifyRequest, ConfigStaff>();
    async function allowed(request: FastifyRequest, reply: FastifyReply, write: boolean): Promise<Actor> {
      reply.header("Cache-Control", "no-store");
      const staff = await options.staffOf(request);
      if (!staff?.read) {
        throw new ConfigPlaneError(
          staff ? 403 : 401,
          "ConfigNotAllowed",
          "Configuration needs a staff session with Read on the Configuration module.",
        );
      }
      if (write && !staff.write) {
        throw new ConfigPlaneError(
          403,
          "ConfigWriteNotAllowed",
          "This change needs Write on the Configuration module.",
        );
      }
      const limiter = write ? writes : reads;
      const wait = limiter.retryAfterMs(staff.name, now());
      if (wait > 0) {
        reply.header("Retry-After", String(Math.ceil(wait / 1000)));
        throw new ConfigPlaneError(
          429,
          "ConfigBadRequest",
          "Too many configuration requests; try again shortly.",
        );
      }
      limiter.record(staff.name, now());
      staffOfRequest.set(request, staff);
      return { name: staff.name, address: request.ip };
    }
    const read = (request: FastifyRequest, reply: FastifyReply) => allowed(request, reply, false);
    const write = (request: FastifyRequest, reply: FastifyReply) => allowed(request, reply, true);

    const P = CONFIG_API_PREFIX;
    type Id = { Params: { id: string } };

    scope.get(P, async (request, reply) => {
      const actor = await read(request, reply);
      // `you`: the name the plane records as author and reviewer, so a page can tell its own change sets.
      return { ...plane.status(), head: await plane.headVersion(), you: actor.name };
    });

    scope.get(`${P}/versions`, async (request, reply) => {
      await read(request, reply);
      return { versions: await plane.versions() };
    });

    scope.get<Id & { Querystring: { kind?: string } }>(`${P}/versions/:id`, async (request, reply) => {
      await read(request, reply);
      const { header, content, documents } = await plane.version(id(request.params.id));
      const kind = request.query.kind;
      return {
        version: header ?? { number: 0, origin: "base" },
        content,
        ...(kind !== undefined && Object.hasOwn(documents, kind)
          ? { document: documents[kind as keyof typeof documents] }
          : {}),
      };
    });

    scope.get<Id & { Querystring: { from?: string } }>(`${P}/versions/:id/diff`, async (request, reply) => {
      await read(request, reply);
      const to = id(request.params.id);
      const from = request.query.from === undefined ? Math.max(0, to - 1) : id(request.query.from);
      return { from, to, ...(await plane.compare(from, to)) };
    });

    scope.post<Id>(`${P}/versions/:id/rollback`, async (request, reply) => {
      const actor = await write(request, reply);
      const body = checked<ConfigRollbackBody>("configRollback", request.body ?? {});
      return reply.code(201).send(await plane.rollback(actor, id(request.params.id), body.comment ?? ""));
    });

    scope.post<Id>(`${P}/versions/:id/promote`, async (request, reply) => {
      const actor = await write(request, reply);
      return plane.promote(actor, id(request.params.id));
    });

    scope.get(`${P}/releases`, async (request, reply) => {
      await read(request, reply);
      return { releases: await plane.releases() };
    });

    scope.get(`${P}/changesets`, async (request, reply) => {
      await read(request, reply);
      return { changeSets: await plane.changeSets() };
    });

    scope.post(`${P}/changesets`, async (request, reply) => {
      const actor = await write(request, reply);
      const body = checked<ConfigChangeSetCreateBody>("configChangeSetCreate", request.body);
      const record = await plane.createChangeSet(actor, { ...body, edits: body.edits as ConfigEdit[] });
      const validation = await plane.validate(record.edits, record.baseVersion).catch((error: unknown) => {
        if (error instanceof ConfigPlaneError)
          return { valid: false, stale: { message: error.message, ...error.details } };
        throw error;
      });
      return reply.code(201).send({ changeSet: record, validation });
    });

    scope.get<Id>(`${P}/changesets/:id`, async (request, reply) => {
      await read(request, reply);
      return { changeSet: await plane.changeSet(id(request.params.id)) };
    });

    scope.put<Id>(`${P}/changesets/:id`, async (request, reply) => {
      const actor = await write(request, reply);
      const body = checked<ConfigChangeSetUpdateBody>("configChangeSetUpdate", request.body);
      const { edits, ...rest } = body;
      return {
        changeSet: await plane.updateChangeSet(actor, id(request.params.id), {
          ...rest,
          ...(edits ? { edits: edits as ConfigEdit[] } : {}),
        }),
      };
    });

    scope.post<Id>(`${P}/changesets/:id/validate`, async (request, reply) => {
      await write(request, reply);
      const record = await plane.changeSet(id(request.params.id));
      return plane.validate(record.edits, record.baseVersion, record.system);
    });

    scope.post<Id>(`${P}/changesets/:id/request-review`, async (request, reply) => {
      const actor = await write(request, reply);
      const body = checked<ConfigRequestReviewBody>("configRequestReview", request.body);
      return {
        changeSet: await plane.requestReview(actor, id(request.params.id), body.revision, body.comment),
      };
    });

    scope.post<Id>(`${P}/changesets/:id/approve`, async (request, reply) => {
      const actor = await write(request, reply);
      const body = checked<ConfigApproveBody>("configApprove", request.body);
      return { changeSet: await plane.approve(actor, id(request.params.id), body.revision, body.comment) };
    });

    scope.post<Id>(`${P}/changesets/:id/refuse`, async (request, reply) => {
      const actor = await write(request, reply);
      const body = checked<ConfigRefuseBody>("configRefuse", request.body);
      return { changeSet: await plane.refuse(actor, id(request.params.id), body.revision, body.comment) };
    });

    scope.post<Id>(`${P}/changesets/:id/publish`, async (request, reply) => {
      const actor = await write(request, reply);
      const body = checked<ConfigPublishBody>("configPublish", request.body ?? {});
      const at = instant(body.at);
      const result = await plane.publish(actor, id(request.params.id), {
        ...(at !== undefined ? { at } : {}),
        ...(body.accounts ? { accounts: body.accounts } : {}),
      });
      return reply.code("version" in result ? 201 : 202).send(result);
    });

    scope.post<Id>(`${P}/changesets/:id/cancel`, async (request, reply) => {
      const actor = await write(request, reply);
      return { changeSet: await plane.cancelChangeSet(actor, id(request.params.id)) };
    });

    scope.post(`${P}/validate`, async (request, reply) => {
      await write(request, reply);
      const body = checked<ConfigValidateBody>("configValidate", request.body);
      return plane.validate(body.edits as ConfigEdit[], body.baseVersion);
    });

    /** The user to preview as and their access facts, as their session would carry them. */
    async function previewedUser(
      userRecId: number,
      accountRecId: number | undefined,
    ): Promise<{ user: PreviewedUser; facts: AccessFacts }> {
      const access = options.userAccessOf ? await options.userAccessOf(userRecId) : null;
      if (access === "unknownUser") {
        throw new ConfigPlaneError(404, "ConfigNotFound", `There is no user ${userRecId}.`, { userRecId });
      }
      const facts = access ? accessFactsFrom(access, false) : null;
      if (!access || !facts) {
        throw new ConfigPlaneError(
          503,
          "ConfigUpstreamUnavailable",
          "The user's permissions cannot be read from the upstream right now; try again shortly.",
          { userRecId },
        );
      }
      if (accountRecId !== undefined && accountRecId !== facts.accountRecId) {
        throw new ConfigPlaneError(
          400,
          "ConfigBadRequest",
          `User ${userRecId} belongs to account ${facts.accountRecId}, not ${accountRecId}.`,
          { pointer: "/accountRecId" },
        );
      }
      const user = {
        recId: access.User.RecId,
        name: access.User.FullName,
        email: access.User.Email,
        accountRecId: facts.accountRecId,
      };
      return { user, facts };
    }

    scope.post(`${P}/preview`, async (request, reply) => {
      await read(request, reply);
      const body = checked<ConfigPreviewBody>("configPreview", request.body);
      if (body.changeSet !== undefined && body.version !== undefined) {
        throw new ConfigPlaneError(400, "ConfigBadRequest", "Preview a change set or a version, not both.");
      }
      if (body.audience !== undefined && body.userRecId !== undefined) {
        throw new ConfigPlaneError(400, "ConfigBadRequest", "Preview as an audience or as a user, not both.");
      }
      // DESIGN.md §3 "previewed as a given role/account": as a user, their account's layer applies.
      const previewed =
        body.userRecId !== undefined ? await previewedUser(body.userRecId, body.accountRecId) : null;
      const account = previewed?.user.accountRecId ?? body.accountRecId ?? null;
      const source =
        body.changeSet !== undefined
          ? { changeSet: body.changeSet }
          : { version: body.version ?? plane.servedFor(account).configVersion };
      const preview = await plane.previewConfiguration(source, account);
      const language = body.language as Language;
      const served = { configVersion: preview.configVersion, texts: plane.servedFor(null).texts };
      if (previewed) {
        const { manifest, hidden } = previewManifest(
          preview.set,
          served,
          previewed.facts,
          preview.operatorSet,
        );
        return { user: previewed.user, manifest, texts: preview.texts[language], hidden };
      }
      if (!body.audience) {
        return { texts: preview.texts[language], shell: preview.set.shell, menus: preview.set.menus };
      }
      const facts = previewFacts(body.accountRecId ?? 1, body.audience);
      const { manifest, hidden } = previewManifest(preview.set, served, facts, preview.operatorSet);
      return { manifest, texts: preview.texts[language], hidden };
    });

    // DESIGN.md §3: the previewed user's first screen reads its data as them, GET only (preview-data.ts).
    type PreviewDataRoute = { Params: { accountRecId: string; userRecId: string } };
    const PREVIEW_DATA = `${P}/preview/accounts/:accountRecId/users/:userRecId/api/*`;
    scope.get<PreviewDataRoute>(PREVIEW_DATA, async (request, reply) => {
      await read(request, reply);
      const staff = staffOfRequest.get(request);
      const accountRecId = id(request.params.accountRecId);
      const userRecId = id(request.params.userRecId);
      if (!options.previewData || !staff?.upstream) {
        throw new ConfigPlaneError(
          503,
          "ConfigUpstreamUnavailable",
          "A preview cannot read data as a user in this deployment.",
        );
      }
      const prefix = `${P}/preview/accounts/${accountRecId}/users/${userRecId}/api/`;
      const answer = await options.previewData.read(
        { name: staff.name, ...staff.upstream },
        accountRecId,
        userRecId,
        request.raw.url ?? "",
        prefix,
      );
      return reply.code(answer.status).type("application/json; charset=utf-8").send(answer.body);
    });
    // Nothing in a preview can change data: every other method is refused before anything is read.
    scope.route<PreviewDataRoute>({
      method: ["POST", "PUT", "PATCH", "DELETE"],
      url: PREVIEW_DATA,
      handler: async (_request, reply) => {
        reply.header("Cache-Control", "no-store").header("Allow", "GET");
        throw new ConfigPlaneError(
          405,
          "ConfigPreviewReadOnly",
          "A preview only reads; nothing in it can change data.",
        );
      },
    });

    scope.get<{ Querystring: Record<string, string | undefined> }>(`${P}/audit`, async (request, reply) => {
      await read(request, reply);
      const q = request.query;
      const filter: AuditFilter = {};
      if (q.actor) filter.actor = q.actor;
      if (q.action) filter.action = q.action;
      if (q.target) filter.target = q.target;
      for (const key of ["from", "to"] as const) {
        const value = q[key];
        if (value === undefined) continue;
        const time = Date.parse(value);
        if (Number.isNaN(time))
          throw new ConfigPlaneError(400, "ConfigBadRequest", `${key} must be an RFC 3339 date-time.`);
        filter[key] = time;
      }
      for (const key of ["limit", "before"] as const) {
        const value = q[key];
        if (value === undefined) continue;
        if (!/^[0-9]{1,9}$/.test(value))
          throw new ConfigPlaneError(400, "ConfigBadRequest", `${key} must be a number.`);
        filter[key] = Number(value);
      }
      return { entries: await plane.audit(filter) };
    });

    scope.get(`${P}/clients`, async (request, reply) => {
      await read(request, reply);
      return plane.clients();
    });

    scope.get(`${P}/maintenance`, async (request, reply) => {
      await read(request, reply);
      const scheduled = (await plane.changeSets()).filter((c) => c.system && c.status === "scheduled");
      return {
        ...plane.maintenanceFor(null),
        scheduled: scheduled.map((c) => ({ changeSet: c.id, comment: c.comment, at: c.scheduledAt })),
      };
    });

    scope.put(`${P}/maintenance`, async (request, reply) => {
      const actor = await write(request, reply);
      const body = checked<ConfigMaintenanceBody>("configMaintenance", request.body);
      const startsAt = instant(body.startsAt);
      const endsAt = instant(body.endsAt);
      if (startsAt !== undefined && endsAt !== undefined && endsAt <= startsAt) {
        throw new ConfigPlaneError(400, "ConfigBadRequest", "endsAt must be after startsAt.");
      }
      return plane.setMaintenance(actor, {
        enabled: body.enabled,
        ...(body.messages ? { messages: body.messages as Partial<Record<Language, string>> } : {}),
        ...(startsAt !== undefined ? { startsAt } : {}),
        ...(endsAt !== undefined ? { endsAt } : {}),
      });
    });
  });
}
