/**
 * /admin/supportsessions (§2.4): the in-app chat sessions of every account (§4.4) with their
 * transcript (§3 support chat messages) and rating (§3 Rating), filtered by state, staff member,
 * account, start date, exact rating and whether they were rated. Archiving a session from here is the
 * staff side's archive: a SessionArchived message the member's chat receives (they are asked for a
 * rating).
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { generateUid } from "../identity/secrets.ts";
import { date, flag, integer, oneOf, ref } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import {
  ACCOUNT_COLUMNS,
  accountNameJoin,
  adminCall,
  dateRange,
  keyParams,
  userJoin,
} from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";

const STATUSES = ["Waiting", "Active", "Archived"] as const;

/** /admin/supportsessions. */
export const supportSessions: AdminResource = {
  path: "SupportSessions",
  module: "SupportSessions",
  noun: "Support session",
  spec: {
    table: "support_sessions",
    from: `support_sessions t ${accountNameJoin("t.account_id")} ${userJoin("t.user_id", "u")} ${userJoin("t.staff_user_id", "st")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.started_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Status: { sql: "t.status", type: "text", sort: true },
      StartedAt: { sql: "t.started_at", type: "datetime", sort: true },
      EndedAt: { sql: "t.archived_at", type: "datetime", sort: true },
      ...ACCOUNT_COLUMNS(),
      UserRecId: { sql: "t.user_id", type: "int" },
      UserFullName: { sql: "u.full_name", type: "text", search: true, sort: true },
      InternalUserRecId: { sql: "t.staff_user_id", type: "int" },
      InternalUserName: { sql: "st.full_name", type: "text", search: true, sort: true },
      Page: { sql: "t.page", type: "text" },
      MessageCount: {
        sql: "(SELECT COUNT(*) FROM chat_messages m WHERE m.account_id = t.account_id AND m.session_id = t.id)",
        type: "int",
        sort: true,
      },
      Rating: { sql: "t.rating", type: "int", sort: true },
      Feedback: { sql: "t.feedback", type: "text", search: true },
    },
    filters: {
      Status: { sql: "t.status", type: "text", op: "eq" },
      InternalUserRecId: { sql: "t.staff_user_id", type: "int", op: "eq" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      Rating: { sql: "t.rating", type: "int", op: "eq" },
      Rated: { sql: "(t.rating IS NOT NULL)", type: "bool", op: "eq" },
      ...dateRange("t.started_at"),
    },
  },
  filters: {
    Status: oneOf(STATUSES),
    InternalUserRecId: ref(),
    AccountRecId: ref(),
    // §3 Rating: 1 (poor) to 5 (excellent), exactly; Rated: whether the member rated at all.
    Rating: integer(1, 5),
    Rated: flag(),
    DateFrom: date(),
    DateTo: date(),
  },
  export: true,
};

/** Registers /admin/supportsessions. */
export function registerSupportSessionRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, supportSessions);
  const { store } = context;
  const params = keyParams("int");

  api.get(
    "/Admin/SupportSessions/:key/Messages",
    { onRequest: [guards.session, guards.admin("SupportSessions", "Read")], schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const session = await store.admin.records.get(
        supportSessions.spec,
        (request.params as { key: number }).key,
        call.at,
      );
      if (!session) throw notFound("Support session");
      const messages = await store.chat.messages(session.AccountRecId as number, session.RecId as number);
      return messages.map((message) => ({
        UID: message.uid,
        Type: message.type,
        Text: message.text,
        UserName: message.authorName,
        IsInternal: message.isInternal,
        Acknowledged: true,
        FileID: message.fileUid,
        FileName: message.fileName,
        Date: new Date(message.createdAt).toISOString(),
      }));
    },
  );

  api.post(
    "/Admin/SupportSessions/:key/Archive",
    { onRequest: [guards.session, guards.admin("SupportSessions", "Write")], schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const session = await store.admin.records.get(supportSessions.spec, key, call.at);
      if (!session) throw notFound("Support session");
      const outcome = await store.realtime.chatStaff.archive(
        session.AccountRecId as number,
        key,
        call.caller.user.recId,
        generateUid(),
        call.at.now,
      );
      if (outcome === "notFound") throw notFound("Support session");
      if (typeof outcome === "string")
        throw conflict("ChatSessionNotActive", "The support session is already archived.");
      // The chat hub pushes the SessionArchived message to the member (realtime/chat-events.ts).
      if (outcome.message) {
        context.events.emit("chatMessage", {
          accountId: outcome.message.accountId,
          sessionId: key,
          message: outcome.message,
        });
      }
      await auditChange(call, "AdminSupportSessionsArchive", `Support session ${key} archived.`, {
        SupportSessionRecId: key,
      });
      return store.admin.records.get(supportSessions.spec, key, call.at);
    },
  );
}
