/**
 * Roles (/roles, §2.2 Security): named permission strings `Key_r;Key_rw` (§3). Strings are parsed
 * strictly — unknown keys or levels, malformed or repeated entries get 400 — and stored canonical.
 * The owner role holds every permission and is read-only, so an account can never lock itself out.
 */
import type { FastifyInstance } from "fastify";
import { singleLineText } from "../../../schemas/text-rules.ts";
import { actingUser, audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import {
  describePermissionProblem,
  formatPermissionString,
  MAX_PERMISSION_STRING_LENGTH,
  parsePermissionString,
  permissionEntries,
} from "../identity/permission-string.ts";
import type { RoleRecord } from "../store/records.ts";
import { StoreConflictError } from "../store/types/identity.ts";

const roleName = { ...singleLineText, minLength: 1, maxLength: 80, description: "Role name." } as const;
const permissionString = {
  type: "string",
  maxLength: MAX_PERMISSION_STRING_LENGTH,
  description: "Permission string, e.g. Dashboards_rw;Reports_r.",
} as const;

const createBody = {
  type: "object",
  properties: { Name: roleName, Permissions: permissionString },
  required: ["Name", "Permissions"],
  additionalProperties: false,
} as const;

const updateBody = {
  type: "object",
  properties: { Name: roleName, Permissions: permissionString },
  minProperties: 1,
  additionalProperties: false,
} as const;

/** Parses to the canonical string, or throws 400 InvalidPermissionString. */
function canonicalPermissions(text: string): string {
  const parsed = parsePermissionString(text);
  if (!parsed.ok) throw badRequest("InvalidPermissionString", describePermissionProblem(parsed.problem));
  return formatPermissionString(parsed.permissions);
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") throw badRequest("InvalidRequest", "The role name cannot be blank.");
  return trimmed;
}

function roleBody(role: RoleRecord, userCount: number) {
  const parsed = parsePermissionString(role.permissions);
  return {
    RecId: role.recId,
    Name: role.name,
    Permissions: role.permissions,
    PermissionList: parsed.ok ? permissionEntries(parsed.permissions) : [],
    IsOwner: role.isOwner,
    UserCount: userCount,
    ModifiedAt: new Date(role.modifiedAt).toISOString(),
  };
}

/** Registers the role routes under the application base. */
export function registerRoleRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { roles } = context.store;
  const read = [guards.session, guards.permission("Roles", "r")];
  const write = [guards.session, guards.permission("Roles", "rw")];
  const nameTaken = () => conflict("NameTaken", "A role with this name already exists.");

  api.get("/Roles", { onRequest: read }, async (request) => {
    const accountId = callerOf(request).account.recId;
    const list = await roles.list(accountId);
    return Promise.all(
      list.map(async (role) => roleBody(role, await roles.userCount(accountId, role.recId))),
    );
  });

  api.get("/Roles/:recId", { onRequest: read, schema: { params: recIdParams } }, async (request) => {
    const accountId = callerOf(request).account.recId;
    const role = await roles.get(accountId, (request.params as { recId: number }).recId);
    if (!role) throw notFound("Role");
    return roleBody(role, await roles.userCount(accountId, role.recId));
  });

  api.post("/Roles", { onRequest: write, schema: { body: createBody } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body as { Name: string; Permissions: string };
    const input = { name: cleanName(body.Name), permissions: canonicalPermissions(body.Permissions) };
    try {
      const role = await roles.create(caller.account.recId, input, context.now());
      await audit(context, {
        action: "RoleCreated",
        message: `Role ${role.name} created.`,
        actor: actingUser(caller),
        details: { roleId: role.recId, permissions: role.permissions },
      });
      return reply.status(201).send(roleBody(role, 0));
    } catch (error) {
      if (error instanceof StoreConflictError) throw nameTaken();
      throw error;
    }
  });

  api.put(
    "/Roles/:recId",
    { onRequest: write, schema: { params: recIdParams, body: updateBody } },
    async (request) => {
      const caller = callerOf(request);
      const accountId = caller.account.recId;
      const { recId } = request.params as { recId: number };
      const body = request.body as { Name?: string; Permissions?: string };
      const change = {
        ...(body.Name !== undefined && { name: cleanName(body.Name) }),
        ...(body.Permissions !== undefined && { permissions: canonicalPermissions(body.Permissions) }),
      };
      const existing = await roles.get(accountId, recId);
      if (!existing) throw notFound("Role");
      if (existing.isOwner) throw conflict("Conflict", "The owner role cannot be changed.");
      try {
        const role = (await roles.update(accountId, recId, change, context.now())) as RoleRecord;
        await audit(context, {
          action: "RoleChanged",
          message: `Role ${role.name} changed.`,
          actor: actingUser(caller),
          details: { roleId: recId, permissions: role.permissions },
        });
        return roleBody(role, await roles.userCount(accountId, recId));
      } catch (error) {
        if (error instanceof StoreConflictError) throw nameTaken();
        throw error;
      }
    },
  );

  api.delete(
    "/Roles/:recId",
    { onRequest: write, schema: { params: recIdParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      const outcome = await roles.delete(caller.account.recId, recId);
      if (outcome === "notFound") throw notFound("Role");
      if (outcome === "owner") throw conflict("Conflict", "The owner role cannot be deleted.");
      if (outcome === "inUse") throw conflict("Conflict", "The role is still assigned to users.");
      await audit(context, {
        action: "RoleDeleted",
        message: `Role ${recId} deleted.`,
        actor: actingUser(caller),
        details: { roleId: recId },
      });
      return reply.status(204).send();
    },
  );
}
