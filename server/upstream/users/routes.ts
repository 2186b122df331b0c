/**
 * Users (/users, §2.2 Security; §6 permission key Users: r to read, rw to change): the caller's
 * account users with paging, search and sort; invite (a mail with a single-use /newaccountuser link),
 * resend or cancel an invitation, change the role, disable and enable. Another account's user
 * answers 404 exactly like a missing one. Guards beyond the permission:
 * - nobody disables themself, and the account keeps at least one active user holding Users_rw
 *   (409 SelfChangeNotAllowed / LastUserAdministrator);
 * - nobody assigns a role, or changes a user, whose permissions exceed their own (403).
 * Disabling ends the user's sessions at once (the hubs disconnect them, `userSessionsRevoked`).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { actingUser, audit } from "../admin/audit.ts";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { type ListQueryString, nonBlank, pageBody, toListQuery } from "../folders/list-query.ts";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import type { MemberChange, MemberUser, MemberUserStatus } from "../store/types/account-users.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import { administratorRoles, rolePermissions, withinPermissions } from "./access.ts";
import { inviteBody, roleBody, userBody, userListQuery } from "./bodies.ts";
import { newInvitationLink, sendMemberInvitation } from "./invitation-mail.ts";

type InviteInput = { Email: string; FullName: string; RoleRecId: number; LanguageCode?: string };

/** Registers the member user routes under the application base. */
export function registerUserRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { accountUsers, roles } = context.store;
  const read = [guards.session, guards.permission("Users", "r")];
  const write = [guards.session, guards.permission("Users", "rw")];
  const recIdOf = (request: FastifyRequest) => (request.params as { recId: number }).recId;

  /** The account's user `userId`, or 404 (also for other accounts' users). */
  const load = async (caller: Caller, userId: number): Promise<MemberUser> => {
    const user = await accountUsers.getUser(caller.account.recId, userId, context.now());
    if (!user) throw notFound("User");
    return user;
  };

  /** 403 unless the caller holds every permission of the role (no escalation through Users_rw). */
  const assertAssignable = async (caller: Caller, roleId: number | null) => {
    if (roleId === null) return;
    const role = await roles.get(caller.account.recId, roleId);
    if (role && !withinPermissions(rolePermissions(role), caller.permissions)) {
      throw forbidden("PermissionDenied", "This role grants permissions you do not hold yourself.");
    }
  };

  const administrators = async (caller: Caller) => administratorRoles(await roles.list(caller.account.recId));

  /** Turns a guarded store change into the answer, or the matching error. */
  const settle = (change: MemberChange, caller: Caller) => {
    switch (change.result) {
      case "missing":
        throw notFound("User");
      case "unknownRole":
        throw badRequest("InvalidReference", "The role does not exist in this account.");
      case "lastAdministrator":
        throw conflict(
          "LastUserAdministrator",
          "The account must keep at least one active user who can manage users.",
        );
      case "locked":
        throw conflict("Conflict", "Support locked this user; contact support to unlock it.");
      case "ok":
        if (change.revoked) {
          context.events.emit("userSessionsRevoked", {
            accountId: caller.account.recId,
            userId: change.user.recId,
            keptSessionId: null,
          });
        }
        return change.user;
    }
  };

  const logged = async (caller: Caller, action: string, user: MemberUser, details = {}) =>
    audit(context, {
      action,
      message: `${action.replace(/([a-z])([A-Z])/g, "$1 $2")}: ${user.email}.`,
      actor: actingUser(caller),
      target: { accountId: caller.account.recId, recId: user.recId },
      details: { userId: user.recId, ...details },
    });

  api.get("/Users", { onRequest: read, schema: { querystring: userListQuery } }, async (request) => {
    const caller = callerOf(request);
    const query = request.query as ListQueryString & { status?: MemberUserStatus };
    const page = await accountUsers.listUsers(
      caller.account.recId,
      { ...toListQuery(query), ...(query.status && { status: query.status }) },
      context.now(),
    );
    return pageBody(page, (user) => userBody(user, caller.user.recId));
  });

  // The roles the caller may hand out (within their own permissions), for the invite and role
  // pickers: Users_rw alone must do, without the Roles permission.
  api.get("/Users/AssignableRoles", { onRequest: write }, async (request) => {
    const caller = callerOf(request);
    return (await roles.list(caller.account.recId))
      .filter((role) => withinPermissions(rolePermissions(role), caller.permissions))
      .map((role) => ({ RecId: role.recId, Name: role.name, IsOwner: role.isOwner }));
  });

  api.get("/Users/:recId", { onRequest: read, schema: { params: recIdParams } }, async (request) => {
    const caller = callerOf(request);
    return userBody(await load(caller, recIdOf(request)), caller.user.recId);
  });

  api.post("/Users", { onRequest: write, schema: { body: inviteBody } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body as InviteInput;
    const fullName = nonBlank(body.FullName, "full name");
    await assertAssignable(caller, body.RoleRecId);
    const { token, link } = newInvitationLink(context, caller.user);
    const input = {
      email: body.Email.trim(),
      fullName,
      roleId: body.RoleRecId,
      languageCode: body.LanguageCode ?? caller.user.languageCode,
    };
    let user: MemberUser | "unknownRole";
    try {
      user = await accountUsers.invite(caller.account.recId, input, link, context.now());
    } catch (error) {
      if (error instanceof StoreConflictError)
        throw conflict("EmailTaken", "This e-mail is already used in the account.");
      throw error;
    }
    if (user === "unknownRole")
      throw badRequest("InvalidReference", "The role does not exist in this account.");
    await sendMemberInvitation(context, user, caller.account, caller.user, token);
    await logged(caller, "UserInvited", user, { roleId: body.RoleRecId });
    return reply.status(201).send(userBody(user, caller.user.recId));
  });

  api.post(
    "/Users/:recId/Invitation",
    { onRequest: write, schema: { params: recIdParams } },
    async (request) => {
      const caller = callerOf(request);
      const current = await load(caller, recIdOf(request));
      await assertAssignable(caller, current.roleId);
      const { token, link } = newInvitationLink(context, caller.user);
      const user = await accountUsers.renewInvitation(
        caller.account.recId,
        current.recId,
        link,
        context.now(),
      );
      if (user === "missing") throw notFound("User");
      if (user === "notInvited") throw conflict("NotInvited", "This user already accepted the invitation.");
      await sendMemberInvitation(context, user, caller.account, caller.user, token);
      await logged(caller, "UserInvitationResent", user);
      return userBody(user, caller.user.recId);
    },
  );

  api.delete(
    "/Users/:recId/Invitation",
    { onRequest: write, schema: { params: recIdParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const current = await load(caller, recIdOf(request));
      await assertAssignable(caller, current.roleId);
      const outcome = await accountUsers.cancelInvitation(caller.account.recId, current.recId);
      if (outcome === "missing") throw notFound("User");
      if (outcome === "notInvited")
        throw conflict("NotInvited", "This user already accepted the invitation.");
      await logged(caller, "UserInvitationCancelled", current);
      return reply.status(204).send();
    },
  );

  api.put(
    "/Users/:recId/Role",
    { onRequest: write, schema: { params: recIdParams, body: roleBody } },
    async (request) => {
      const caller = callerOf(request);
      const current = await load(caller, recIdOf(request));
      const { RoleRecId } = request.body as { RoleRecId: number };
      await assertAssignable(caller, current.roleId);
      await assertAssignable(caller, RoleRecId);
      const change = await accountUsers.setRole(
        caller.account.recId,
        current.recId,
        RoleRecId,
        await administrators(caller),
        context.now(),
      );
      const user = settle(change, caller);
      await logged(caller, "UserRoleChanged", user, { from: current.roleId, to: RoleRecId });
      return userBody(user, caller.user.recId);
    },
  );

  for (const [action, disabled] of [
    ["Disable", true],
    ["Enable", false],
  ] as const) {
    api.post(
      `/Users/:recId/${action}`,
      { onRequest: write, schema: { params: recIdParams } },
      async (request) => {
        const caller = callerOf(request);
        const current = await load(caller, recIdOf(request));
        if (disabled && current.recId === caller.user.recId) {
          throw conflict("SelfChangeNotAllowed", "You cannot disable your own user.");
        }
        await assertAssignable(caller, current.roleId);
        const change = await accountUsers.setDisabled(
          caller.account.recId,
          current.recId,
          disabled,
          await administrators(caller),
          context.now(),
        );
        const user = settle(change, caller);
        await logged(caller, disabled ? "UserDisabled" : "UserEnabled", user);
        return userBody(user, caller.user.recId);
      },
    );
  }
}
