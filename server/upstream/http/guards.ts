/**
 * Route guards, in the order every family applies them: no or expired session (or API key) → 401,
 * then a missing right → 403, and only then the route (which answers 404 for records it cannot see).
 * Guards run as onRequest hooks, before the body is even read or validated, so an unauthenticated
 * caller learns nothing from validation errors and costs no parsing.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { authenticateApiKey, isApiKeyAuthorization } from "../auth/api-key-auth.ts";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import {
  type AdminModuleAccess,
  type AdminModuleKey,
  adminGrants,
  hasAnyAdminPermission,
} from "../identity/admin-modules.ts";
import { type FeatureId, featureIncluded } from "../identity/features.ts";
import type { PermissionKey, PermissionLevel } from "../identity/permission-keys.ts";
import { grants } from "../identity/permission-string.ts";
import { forbidden, unauthorized } from "./errors.ts";

/** A onRequest guard. */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const callers = new WeakMap<FastifyRequest, Caller>();
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;
/** The only methods a read-only session may call. */
const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/** The authenticated caller of a request that passed the session guard. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (!caller) throw new Error("route used callerOf without the session guard");
  return caller;
}

/** The bearer token of a request, if it carries a well-formed one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === "string" ? BEARER.exec(header)?.[1] : undefined;
}

/** The guard factories bound to one upstream instance. */
export function createGuards(context: UpstreamContext) {
  /** 401 unless the request carries a live session. */
  const session: Guard = async (request) => {
    const header = request.headers.authorization;
    if (header === undefined) throw unauthorized("AuthenticationRequired", "Sign in first.");
    // Programmatic clients: an API key acts as its creator (auth/api-key-auth.ts).
    if (isApiKeyAuthorization(header))
      return void callers.set(request, await authenticateApiKey(context, request));
    const token = bearerToken(request);
    if (!token) throw unauthorized("SessionExpired", "The session token is not valid.");
    const result = await context.sessions.authenticate(token);
    if (result === "expired") throw unauthorized("SessionExpired", "The session has expired; sign in again.");
    if (result === "disabled") throw unauthorized("AccountDisabled", "The user or the account is disabled.");
    // A preview's session only reads (auth/preview-session-routes.ts): refused before any route runs.
    if (result.session.readOnly && !READ_METHODS.has(request.method)) {
      throw forbidden("PreviewReadOnly", "A preview only reads; nothing in it can change data.");
    }
    callers.set(request, result);
  };

  /** 403 unless the role grants `key` at `level` (§6). */
  const permission =
    (key: PermissionKey, level: PermissionLevel): Guard =>
    async (request) => {
      if (!grants(callerOf(request).permissions, key, level)) {
        throw forbidden("PermissionDenied", `This needs the ${key} permission (${level}).`);
      }
    };

  /** 403 unless the subscription includes the feature (§5: Included only). */
  const feature =
    (id: FeatureId): Guard =>
    async (request) => {
      if (!featureIncluded(callerOf(request).features, id)) {
        throw forbidden("FeatureNotIncluded", `The subscription does not include ${id}.`);
      }
    };

  /** 403 unless the caller is staff acting as themself with any admin permission. */
  const staff: Guard = async (request) => {
    const caller = callerOf(request);
    if (!caller.isStaff || !hasAnyAdminPermission(caller.adminPermissions)) {
      throw forbidden("StaffOnly", "This is for staff only.");
    }
  };

  /** 403 unless the staff member holds `access` on `module` (§6: Read for reads, Write for changes). */
  const admin =
    (module: AdminModuleKey, access: keyof AdminModuleAccess): Guard =>
    async (request) => {
      const caller = callerOf(request);
      if (!caller.isStaff) throw forbidden("StaffOnly", "This is for staff only.");
      if (!adminGrants(caller.adminPermissions, module, access)) {
        throw forbidden("AdminPermissionDenied", `This needs ${access} on the ${module} admin module.`);
      }
    };

  return { session, permission, feature, staff, admin };
}

/** The guards of one upstream instance. */
export type Guards = ReturnType<typeof createGuards>;
