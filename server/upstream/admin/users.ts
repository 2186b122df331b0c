/**
 * /admin/users (§2.4): the real members of every account (staff are /admin/internalusers). Staff
 * create a user (no password: an invitation mail sets it), edit identity and status (Invited until a
 * password is set; Disabled and Locked users cannot sign in and their sessions end), send a password
 * reset through the outbox, reset the second factor, unlock, delete, and export the list.
 * Impersonation is the existing Admin/Users/{id}/ImpersonationToken flow (§7).
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import type { AdminUserStatus } from "../store/types/admin-identity.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import { announceRevoked } from "./accounts.ts";
import { bodySchemas, email, flag, LANGUAGES, oneOf, ref, text } from "./fields.ts";
import { sendInvitation, sendResetOrInvitation } from "./invitations.ts";
import type { AdminCall, AdminResource } from "./resource.ts";
import { adminCall, keyParams } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";

const STATUSES = ["Invited", "Active", "Disabled", "Locked"] as const;

/** /admin/users: reads from the admin_users view (user + admin profile + last sign-in). */
export const users: AdminResource = {
  path: "Users",
  module: "Users",
  noun: "User",
  spec: {
    table: "admin_users",
    from: "admin_users t JOIN accounts a ON a.id = t.account_id",
    where: "NOT t.is_staff",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.full_name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      UserUID: { sql: "t.uid", type: "text" },
      FullName: { sql: "t.full_name", type: "text", search: true, sort: true },
      Email: { sql: "t.email", type: "text", search: true, sort: true },
      AccountRecId: { sql: "t.account_id", type: "int" },
      AccountName: { sql: "a.name", type: "text", search: true, sort: true },
      LanguageCode: { sql: "t.language_code", type: "text" },
      Status: { sql: "t.status", type: "text", sort: true },
      AuthenticationProtocol: { sql: "'Password'", type: "text" },
      TwoFactorEnabled: { sql: "t.two_factor_enabled", type: "bool" },
      MustSetup2FA: { sql: "t.must_setup_2fa", type: "bool" },
      LastLoginAt: { sql: "t.last_login_at", type: "datetime", sort: true },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      Status: { sql: "t.status", type: "text", op: "eq" },
      LanguageCode: { sql: "t.language_code", type: "text", op: "eq" },
      TwoFactorEnabled: { sql: "t.two_factor_enabled", type: "bool", op: "eq" },
    },
  },
  fields: {
    FullName: { schema: text(200), required: true },
    Email: { schema: email(), required: true },
    AccountRecId: { schema: ref("Account."), required: true, createOnly: true },
    LanguageCode: { schema: oneOf(LANGUAGES), required: true },
    Status: { schema: oneOf(STATUSES), required: true },
    MustSetup2FA: { schema: flag() },
  },
  filters: {
    AccountRecId: ref(),
    Status: oneOf(STATUSES),
    LanguageCode: oneOf(LANGUAGES),
    TwoFactorEnabled: flag(),
  },
  export: true,
};

/** Registers /admin/users. */
export function registerUserRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, users);
  const { store } = context;
  const write = [guards.session, guards.admin("Users", "Write")];
  const params = keyParams("int");
  const schemas = bodySchemas(users.fields ?? {});
  const load = async (call: AdminCall, key: number) => {
    const row = await store.admin.records.get(users.spec, key, call.at);
    if (!row) throw notFound("User");
    return row;
  };
  /** The user and account records behind a row (for mails and credentials). */
  const identity = async (row: AdminRow) => {
    const user = await store.users.get(row.AccountRecId as number, row.RecId as number);
    const account = await store.accounts.get(row.AccountRecId as number);
    if (!user || !account) throw notFound("User");
    return { user, account };
  };
  const keyOf = (params: unknown) => (params as { key: number }).key;

  api.post("/Admin/Users", { onRequest: write, schema: { body: schemas.create } }, async (request, reply) => {
    const call = adminCall(request, context);
    const body = request.body as AdminRow;
    const account = await store.accounts.get(body.AccountRecId as number);
    if (!account || account.isSystem) {
      throw badRequest("InvalidReference", "Choose a customer account (staff are internal users).");
    }
    if (body.Status !== "Invited" && body.Status !== "Disabled") {
      throw conflict(
        "Conflict",
        "A new user is Invited (or Disabled) until they set a password from the invitation.",
      );
    }
    let created: { recId: number };
    try {
      created = await store.admin.identity.createUser(
        account.recId,
        {
          email: String(body.Email),
          fullName: String(body.FullName).trim(),
          languageCode: String(body.LanguageCode),
          disabled: body.Status === "Disabled",
          mustSetup2fa: body.MustSetup2FA === true,
        },
        call.at.now,
      );
    } catch (error) {
      if (error instanceof StoreConflictError)
        throw conflict("EmailTaken", "This e-mail is already used in the account.");
      throw error;
    }
    const row = await load(call, created.recId);
    if (body.Status === "Invited") {
      const { user } = await identity(row);
      await sendInvitation(context, user, account, call.caller.user.recId);
    }
    await auditChange(call, "AdminUsersCreate", `User ${String(row.Email)} created.`, {
      UserRecId: created.recId,
    });
    return reply.status(201).send(row);
  });

  api.put(
    "/Admin/Users/:key",
    { onRequest: write, schema: { params, body: schemas.update } },
    async (request) => {
      const call = adminCall(request, context);
      const key = keyOf(request.params);
      const current = await load(call, key);
      const body = request.body as AdminRow;
      if (body.AccountRecId !== undefined && body.AccountRecId !== current.AccountRecId) {
        throw badRequest("FieldNotChangeable", "A user cannot move to another account.");
      }
      let outcome: Awaited<ReturnType<typeof store.admin.identity.updateUser>>;
      try {
        outcome = await store.admin.identity.updateUser(
          key,
          {
            email: body.Email as string | undefined,
            fullName: body.FullName === undefined ? undefined : String(body.FullName).trim(),
            languageCode: body.LanguageCode as string | undefined,
            status: body.Status as AdminUserStatus | undefined,
            mustSetup2fa:
              body.MustSetup2FA === undefined || body.MustSetup2FA === null
                ? undefined
                : body.MustSetup2FA === true,
          },
          call.at.now,
        );
      } catch (error) {
        if (error instanceof StoreConflictError)
          throw conflict("EmailTaken", "This e-mail is already used in the account.");
        throw error;
      }
      if (outcome.result !== "ok") {
        if (outcome.result === "missing") throw notFound("User");
        throw conflict(
          "Conflict",
          "A user is Invited until they set a password and Active only once they have one.",
        );
      }
      if (outcome.revoked) announceRevoked(context, current.AccountRecId as number, [key]);
      await auditChange(call, "AdminUsersUpdate", `User ${String(current.Email)} changed.`, {
        UserRecId: key,
        Fields: Object.keys(body),
      });
      return load(call, key);
    },
  );

  api.delete("/Admin/Users/:key", { onRequest: write, schema: { params } }, async (request, reply) => {
    const call = adminCall(request, context);
    const key = keyOf(request.params);
    const current = await load(call, key);
    if ((await store.admin.identity.deleteUser(key, false)) !== "ok") throw notFound("User");
    announceRevoked(context, current.AccountRecId as number, [key]);
    await auditChange(call, "AdminUsersDelete", `User ${String(current.Email)} deleted.`, { UserRecId: key });
    return reply.status(204).send();
  });

  api.post(
    "/Admin/Users/:key/SendPasswordReset",
    { onRequest: write, schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const row = await load(call, keyOf(request.params));
      const { user, account } = await identity(row);
      const kind = await sendResetOrInvitation(context, user, account, call.caller.user.recId);
      await auditChange(call, "AdminUsersSendPasswordReset", `${kind} mail sent to ${user.email}.`, {
        UserRecId: user.recId,
      });
      return row;
    },
  );

  api.post("/Admin/Users/:key/Reset2FA", { onRequest: write, schema: { params } }, async (request) => {
    const call = adminCall(request, context);
    const row = await load(call, keyOf(request.params));
    if (row.TwoFactorEnabled !== true)
      throw conflict("TwoFactorNotEnabled", "The user has no second factor set up.");
    await store.credentials.disableTotp(row.AccountRecId as number, row.RecId as number);
    await auditChange(
      call,
      "AdminUsersReset2FA",
      `Two-factor authentication of ${String(row.Email)} reset.`,
      {
        UserRecId: row.RecId,
      },
    );
    return load(call, row.RecId as number);
  });

  api.post("/Admin/Users/:key/Unlock", { onRequest: write, schema: { params } }, async (request) => {
    const call = adminCall(request, context);
    const key = keyOf(request.params);
    const outcome = await store.admin.identity.unlockUser(key, call.at.now);
    if (outcome === "missing") throw notFound("User");
    if (outcome === "blocked") throw conflict("Conflict", "Only locked users can be unlocked.");
    await auditChange(call, "AdminUsersUnlock", "User unlocked.", { UserRecId: key });
    return load(call, key);
  });
}
