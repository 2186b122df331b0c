/**
 * /admin/internalusers (§2.4): the operator's staff — admin permissions per module (§3
 * AdminPermissions: ReadModules and WriteModules; Write implies Read) and the support chat profile
 * of internal support agents (§6). Chat availability is computed: Offline without a live session,
 * Busy at the agent's concurrent chat limit, else Online. Staff cannot deactivate or delete
 * themselves, nor take away their own Write on this module.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { ADMIN_MODULE_KEYS } from "../identity/admin-modules.ts";
import { DEFAULT_LIFETIMES } from "../options.ts";
import type { AdminStaffProfile } from "../store/types/admin-identity.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import { announceRevoked } from "./accounts.ts";
import { bodySchemas, email, flag, integer, LANGUAGES, oneOf, someOf, text } from "./fields.ts";
import { sendInvitation, sendResetOrInvitation } from "./invitations.ts";
import type { AdminCall, AdminResource } from "./resource.ts";
import { adminCall, keyParams } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";

const modules = (access: "can_read" | "can_write") =>
  `(SELECT json_group_array(module) FROM (SELECT module FROM admin_permissions p
     WHERE p.user_id = t.id AND p.${access} ORDER BY module) AS granted)`;

/** A live staff session: not revoked, before its absolute end and within the idle window. */
const LIVE_SESSION = `EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = t.id AND s.revoked_at IS NULL
  AND s.impersonator_user_id IS NULL AND s.expires_at > @now AND s.last_seen_at > @now - ${DEFAULT_LIFETIMES.sessionIdleMs})`;

/** /admin/internalusers. */
export const internalUsers: AdminResource = {
  path: "InternalUsers",
  module: "InternalUsers",
  noun: "Internal user",
  spec: {
    table: "admin_users",
    from: "admin_users t LEFT JOIN internal_user_profiles ip ON ip.user_id = t.id",
    where: "t.is_staff",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.full_name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      FullName: { sql: "t.full_name", type: "text", search: true, sort: true },
      Email: { sql: "t.email", type: "text", search: true, sort: true },
      LanguageCode: { sql: "t.language_code", type: "text" },
      IsActive: { sql: "NOT t.disabled", type: "bool" },
      IsSupportAgent: { sql: "t.is_internal_support", type: "bool" },
      DisplayName: { sql: "ip.display_name", type: "text", search: true },
      MaxConcurrentChats: { sql: "COALESCE(ip.max_concurrent_chats, 3)", type: "int" },
      SpokenLanguages: { sql: "COALESCE(ip.spoken_languages, '[]')", type: "json" },
      ChatAvailability: {
        sql: `CASE WHEN NOT t.is_internal_support THEN NULL WHEN NOT ${LIVE_SESSION} THEN 'Offline'
          WHEN (SELECT COUNT(*) FROM support_sessions ss WHERE ss.staff_user_id = t.id AND ss.status = 'Active')
            >= COALESCE(ip.max_concurrent_chats, 3) THEN 'Busy' ELSE 'Online' END`,
        type: "text",
      },
      ReadModules: { sql: modules("can_read"), type: "json" },
      WriteModules: { sql: modules("can_write"), type: "json" },
      LastLoginAt: { sql: "t.last_login_at", type: "datetime", sort: true },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      IsSupportAgent: { sql: "t.is_internal_support", type: "bool", op: "eq" },
      IsActive: { sql: "NOT t.disabled", type: "bool", op: "eq" },
    },
  },
  fields: {
    FullName: { schema: text(200), required: true },
    Email: { schema: email(), required: true },
    LanguageCode: { schema: oneOf(LANGUAGES), required: true },
    IsActive: { schema: flag() },
    IsSupportAgent: { schema: flag() },
    DisplayName: { schema: text(80) },
    MaxConcurrentChats: { schema: integer(1, 20) },
    SpokenLanguages: { schema: someOf(LANGUAGES) },
    ReadModules: { schema: someOf(ADMIN_MODULE_KEYS) },
    WriteModules: { schema: someOf(ADMIN_MODULE_KEYS) },
  },
  filters: { IsSupportAgent: flag(), IsActive: flag() },
};

/** The staff profile of a body (only what it sends). */
function profileOf(body: AdminRow, current?: AdminRow): Partial<AdminStaffProfile> {
  const profile: Partial<AdminStaffProfile> = {};
  if (body.IsSupportAgent !== undefined) profile.isSupportAgent = body.IsSupportAgent === true;
  if (body.DisplayName !== undefined) profile.displayName = (body.DisplayName as string | null) || null;
  if (typeof body.MaxConcurrentChats === "number") profile.maxConcurrentChats = body.MaxConcurrentChats;
  if (body.SpokenLanguages !== undefined)
    profile.spokenLanguages = (body.SpokenLanguages as string[] | null) ?? [];
  if (body.ReadModules !== undefined || body.WriteModules !== undefined) {
    const read = (body.ReadModules ?? current?.ReadModules ?? []) as string[];
    const write = (body.WriteModules ?? current?.WriteModules ?? []) as string[];
    profile.permissions = new Map(
      [...new Set([...read, ...write])].map((module) => [
        module,
        { Read: true, Write: write.includes(module) },
      ]),
    );
  }
  return profile;
}

/** Registers /admin/internalusers. */
export function registerInternalUserRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, internalUsers);
  const { store } = context;
  const write = [guards.session, guards.admin("InternalUsers", "Write")];
  const params = keyParams("int");
  const schemas = bodySchemas(internalUsers.fields ?? {});
  const load = async (call: AdminCall, key: number) => {
    const row = await store.admin.records.get(internalUsers.spec, key, call.at);
    if (!row) throw notFound("Internal user");
    return row;
  };
  const emailTaken = (error: unknown): never => {
    if (error instanceof StoreConflictError)
      throw conflict("EmailTaken", "This e-mail is already used by staff.");
    throw error;
  };

  api.post(
    "/Admin/InternalUsers",
    { onRequest: write, schema: { body: schemas.create } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const body = request.body as AdminRow;
      const operator = call.caller.account;
      const profile = {
        isSupportAgent: false,
        displayName: null,
        maxConcurrentChats: 3,
        spokenLanguages: [],
        permissions: new Map(),
        ...profileOf(body),
      };
      const created = await store.admin.identity
        .createUser(
          operator.recId,
          {
            email: String(body.Email),
            fullName: String(body.FullName).trim(),
            languageCode: String(body.LanguageCode),
            disabled: body.IsActive === false,
            mustSetup2fa: false,
          },
          call.at.now,
          profile,
        )
        .catch(emailTaken);
      const user = await store.users.get(operator.recId, created.recId);
      if (user && body.IsActive !== false)
        await sendInvitation(context, user, operator, call.caller.user.recId);
      await auditChange(call, "AdminInternalUsersCreate", `Internal user ${String(body.Email)} created.`, {
        UserRecId: created.recId,
      });
      return reply.status(201).send(await load(call, created.recId));
    },
  );

  api.put(
    "/Admin/InternalUsers/:key",
    { onRequest: write, schema: { params, body: schemas.update } },
    async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const current = await load(call, key);
      const body = request.body as AdminRow;
      const profile = profileOf(body, current);
      if (key === call.caller.user.recId) {
        const keepsWrite = !profile.permissions || profile.permissions.get("InternalUsers")?.Write === true;
        if (body.IsActive === false || !keepsWrite) {
          throw conflict(
            "SelfChangeNotAllowed",
            "You cannot deactivate yourself or remove your own Write on internal users.",
          );
        }
      }
      const change = {
        email: body.Email as string | undefined,
        fullName: body.FullName === undefined ? undefined : String(body.FullName).trim(),
        languageCode: body.LanguageCode as string | undefined,
        isActive: typeof body.IsActive === "boolean" ? body.IsActive : undefined,
      };
      const outcome = await store.admin.identity
        .updateStaff(key, change, profile, call.at.now)
        .catch(emailTaken);
      if (outcome.result !== "ok") throw notFound("Internal user");
      if (outcome.revoked) announceRevoked(context, call.caller.account.recId, [key]);
      await auditChange(call, "AdminInternalUsersUpdate", `Internal user ${String(current.Email)} changed.`, {
        UserRecId: key,
        Fields: Object.keys(body),
      });
      return load(call, key);
    },
  );

  api.delete(
    "/Admin/InternalUsers/:key",
    { onRequest: write, schema: { params } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const current = await load(call, key);
      if (key === call.caller.user.recId)
        throw conflict("SelfChangeNotAllowed", "You cannot delete yourself.");
      if ((await store.admin.identity.deleteUser(key, true)) !== "ok") throw notFound("Internal user");
      announceRevoked(context, call.caller.account.recId, [key]);
      await auditChange(call, "AdminInternalUsersDelete", `Internal user ${String(current.Email)} deleted.`, {
        UserRecId: key,
      });
      return reply.status(204).send();
    },
  );

  api.post(
    "/Admin/InternalUsers/:key/SendPasswordReset",
    { onRequest: write, schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const row = await load(call, (request.params as { key: number }).key);
      const user = await store.users.get(call.caller.account.recId, row.RecId as number);
      if (!user) throw notFound("Internal user");
      const kind = await sendResetOrInvitation(context, user, call.caller.account, call.caller.user.recId);
      await auditChange(call, "AdminInternalUsersSendPasswordReset", `${kind} mail sent to ${user.email}.`, {
        UserRecId: user.recId,
      });
      return row;
    },
  );
}
