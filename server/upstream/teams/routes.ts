/**
 * Teams (/teams, §2.2 Security; §6 permission key Teams: r to read, rw to change): list, read,
 * create, rename, delete, add and remove members. Membership changes notify the members concerned
 * (§4.3 AddedToTeam, RemovedFromTeam, and RemovedFromTeam's deleted-team variant), stored in the
 * same transaction as the change and pushed on the user hub as `notificationAdded`.
 * Members are users of the caller's account: any other id answers 404, like a missing one.
 * `GET Teams/Candidates` lists the account's active users for the add-member picker, so a member
 * with Teams at rw can add anyone without also holding Users.
 */
import type { FastifyInstance } from "fastify";
import { singleLineText } from "../../../schemas/text-rules.ts";
import { actingUser, audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams, recIdSchema } from "../http/schemas.ts";
import { teamNotice } from "../notifications/account-events.ts";
import { announce } from "../notifications/dispatch.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import type { TeamChange, TeamDetail } from "../store/types/realtime.ts";

/** Most members one call may add (and a new team may start with). */
export const MAX_TEAM_MEMBERS_PER_CALL = 500;
/** Most candidates `GET Teams/Candidates` answers (the add-member picker searches among them). */
export const MAX_TEAM_CANDIDATES = 1000;

const teamName = { ...singleLineText, minLength: 1, maxLength: 80, description: "Team name." } as const;
const userIds = {
  type: "array",
  items: recIdSchema,
  maxItems: MAX_TEAM_MEMBERS_PER_CALL,
  uniqueItems: true,
  description: "Record ids of users of the account.",
} as const;

const createBody = {
  type: "object",
  properties: { Name: teamName, MemberRecIds: userIds },
  required: ["Name"],
  additionalProperties: false,
} as const;
const renameBody = {
  type: "object",
  properties: { Name: teamName },
  required: ["Name"],
  additionalProperties: false,
} as const;
const membersBody = {
  type: "object",
  properties: { UserRecIds: { ...userIds, minItems: 1 } },
  required: ["UserRecIds"],
  additionalProperties: false,
} as const;
const memberParams = {
  type: "object",
  properties: { recId: recIdSchema, userRecId: recIdSchema },
  required: ["recId", "userRecId"],
  additionalProperties: false,
} as const;

/** The team as the Teams calls return it. */
export function teamBody(team: TeamDetail) {
  return {
    RecId: team.recId,
    Name: team.name,
    CreatedAt: new Date(team.createdAt).toISOString(),
    Members: team.members.map((member) => ({
      RecId: member.recId,
      UserUID: member.uid,
      FullName: member.fullName,
      Email: member.email,
    })),
  };
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") throw badRequest("InvalidRequest", "The team name cannot be blank.");
  return trimmed;
}

/** Runs a change that may hit the unique team name. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreConflictError)
      throw conflict("NameTaken", "A team with this name already exists.");
    throw error;
  }
}

/** Registers the team routes under the application base. */
export function registerTeamRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { teams } = context.store.realtime;
  const read = [guards.session, guards.permission("Teams", "r")];
  const write = [guards.session, guards.permission("Teams", "rw")];

  /** Announces the change's notifications and audits it. */
  const done = async (request: Parameters<typeof callerOf>[0], action: string, change: TeamChange) => {
    announce(context, change.notifications);
    const caller = callerOf(request);
    await audit(context, {
      action,
      message: `${action.replace(/([a-z])([A-Z])/g, "$1 $2")}: ${change.team.name}.`,
      actor: actingUser(caller),
      details: { teamId: change.team.recId, notified: change.notifications.length },
    });
    return teamBody(change.team);
  };

  api.get("/Teams", { onRequest: read }, async (request) =>
    (await teams.list(callerOf(request).account.recId)).map(teamBody),
  );

  api.get("/Teams/Candidates", { onRequest: write }, async (request) => {
    const accountId = callerOf(request).account.recId;
    const query = {
      status: "Active" as const,
      sort: { field: "FullName", descending: false },
      offset: 0,
      limit: MAX_TEAM_CANDIDATES,
    };
    const page = await context.store.accountUsers.listUsers(accountId, query, context.now());
    return page.items.map((user) => ({
      RecId: user.recId,
      UserUID: user.uid,
      FullName: user.fullName,
      Email: user.email,
    }));
  });

  api.get("/Teams/:recId", { onRequest: read, schema: { params: recIdParams } }, async (request) => {
    const team = await teams.get(
      callerOf(request).account.recId,
      (request.params as { recId: number }).recId,
    );
    if (!team) throw notFound("Team");
    return teamBody(team);
  });

  api.post("/Teams", { onRequest: write, schema: { body: createBody } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body as { Name: string; MemberRecIds?: number[] };
    const name = cleanName(body.Name);
    const input = { name, memberUserIds: body.MemberRecIds ?? [] };
    const notice = teamNotice(caller.user, name, "added");
    const change = await uniqueName(() => teams.create(caller.account.recId, input, context.now(), notice));
    if (change === "unknownUser") throw notFound("User");
    return reply.status(201).send(await done(request, "TeamCreated", change));
  });

  api.put(
    "/Teams/:recId",
    { onRequest: write, schema: { params: recIdParams, body: renameBody } },
    async (request) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      const name = cleanName((request.body as { Name: string }).Name);
      const team = await uniqueName(() => teams.rename(caller.account.recId, recId, name));
      if (!team) throw notFound("Team");
      return done(request, "TeamRenamed", { team, notifications: [] });
    },
  );

  api.delete(
    "/Teams/:recId",
    { onRequest: write, schema: { params: recIdParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      const existing = await teams.get(caller.account.recId, recId);
      if (!existing) throw notFound("Team");
      const notice = teamNotice(caller.user, existing.name, "deleted");
      const change = await teams.delete(caller.account.recId, recId, context.now(), notice);
      if (change === "notFound") throw notFound("Team");
      await done(request, "TeamDeleted", change);
      return reply.status(204).send();
    },
  );

  api.post(
    "/Teams/:recId/Members",
    { onRequest: write, schema: { params: recIdParams, body: membersBody } },
    async (request) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      const existing = await teams.get(caller.account.recId, recId);
      if (!existing) throw notFound("Team");
      const { UserRecIds } = request.body as { UserRecIds: number[] };
      const notice = teamNotice(caller.user, existing.name, "added");
      const change = await teams.addMembers(caller.account.recId, recId, UserRecIds, context.now(), notice);
      if (change === "notFound") throw notFound("Team");
      if (change === "unknownUser") throw notFound("User");
      return done(request, "TeamMembersAdded", change);
    },
  );

  api.delete(
    "/Teams/:recId/Members/:userRecId",
    { onRequest: write, schema: { params: memberParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { recId, userRecId } = request.params as { recId: number; userRecId: number };
      const existing = await teams.get(caller.account.recId, recId);
      if (!existing) throw notFound("Team");
      const notice = teamNotice(caller.user, existing.name, "removed");
      const change = await teams.removeMember(caller.account.recId, recId, userRecId, context.now(), notice);
      if (change === "notFound") throw notFound("Team member");
      await done(request, "TeamMemberRemoved", change);
      return reply.status(204).send();
    },
  );
}
