/**
 * /admin/prospects (§2.4): sales leads followed up by staff. Converting a prospect creates a real
 * account from a subscription template with the contact as its first user (invited by mail), and
 * marks the prospect Converted — in one transaction.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { DOMAIN_PATTERN } from "../http/schemas.ts";
import { ProspectNotConvertibleError } from "../store/types/admin-identity.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import { createAccount } from "./accounts.ts";
import { subscriptionTemplates } from "./billing.ts";
import { date, email, LANGUAGES, longText, oneOf, ref, text } from "./fields.ts";
import { sendInvitation } from "./invitations.ts";
import type { AdminResource } from "./resource.ts";
import { adminCall, CREATED_MODIFIED, keyParams, stamps, userJoin } from "./resource-kit.ts";
import { registerAdminResource } from "./resource-routes.ts";

const SOURCES = ["Signup", "ContactForm", "Referral", "Event", "Partner"] as const;
const STATUSES = ["New", "Contacted", "Qualified", "Converted", "Lost"] as const;
const DAY_MS = 86_400_000;

/** A staff member (internal user) chosen as assignee. */
export async function assertStaffUser(context: UpstreamContext, userId: unknown): Promise<void> {
  if (typeof userId !== "number") return;
  const found = await context.store.staff.getUserForAdmin(userId);
  if (!found?.user.isStaff || !found.account.isSystem) {
    throw badRequest("InvalidReference", "Choose an internal user.");
  }
}

/** /admin/prospects. */
export const prospects: AdminResource = {
  path: "Prospects",
  module: "Prospects",
  noun: "Prospect",
  spec: {
    table: "prospects",
    from: `prospects t ${userJoin("t.assigned_to_user_id", "au")} LEFT JOIN accounts ca ON ca.id = t.converted_account_id`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.created_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      CompanyName: { sql: "t.company_name", type: "text", write: "company_name", search: true, sort: true },
      ContactName: { sql: "t.contact_name", type: "text", write: "contact_name", search: true, sort: true },
      Email: { sql: "t.email", type: "text", write: "email", search: true, sort: true },
      Phone: { sql: "t.phone", type: "text", write: "phone" },
      CountryCode: { sql: "t.country_code", type: "text", write: "country_code" },
      LanguageCode: { sql: "t.language_code", type: "text", write: "language_code" },
      Source: { sql: "t.source", type: "text", write: "source", sort: true },
      Status: { sql: "t.status", type: "text", write: "status", sort: true },
      AssignedToRecId: { sql: "t.assigned_to_user_id", type: "int", write: "assigned_to_user_id" },
      AssignedToName: { sql: "au.full_name", type: "text", sort: true },
      ConvertedAccountRecId: { sql: "t.converted_account_id", type: "int" },
      ConvertedAccountName: { sql: "ca.name", type: "text" },
      Notes: { sql: "t.notes", type: "text", write: "notes", search: true },
      ...CREATED_MODIFIED,
    },
    filters: {
      Status: { sql: "t.status", type: "text", op: "eq" },
      Source: { sql: "t.source", type: "text", op: "eq" },
      AssignedToRecId: { sql: "t.assigned_to_user_id", type: "int", op: "eq" },
      CreatedFrom: { sql: "t.created_at", type: "datetime", op: "from" },
      CreatedTo: { sql: "t.created_at", type: "datetime", op: "to" },
    },
    ...stamps(),
  },
  fields: {
    CompanyName: { schema: text(200), required: true },
    ContactName: { schema: text(200), required: true },
    Email: { schema: email(), required: true },
    Phone: { schema: text(40, "^\\+?[0-9 ()./-]{4,40}$") },
    CountryCode: { schema: text(2, "^[A-Z]{2}$") },
    LanguageCode: { schema: oneOf(LANGUAGES) },
    Source: { schema: oneOf(SOURCES), required: true },
    Status: { schema: oneOf(STATUSES), required: true },
    AssignedToRecId: { schema: ref("Internal user.") },
    Notes: { schema: longText(4000) },
  },
  filters: {
    Status: oneOf(STATUSES),
    Source: oneOf(SOURCES),
    AssignedToRecId: ref(),
    CreatedFrom: date(),
    CreatedTo: date(),
  },
  create: true,
  update: true,
  remove: { bulk: true },
  export: true,
  prepare: async (values, current, call) => {
    const status = values.Status ?? current?.Status;
    if ((current?.Status === "Converted") !== (status === "Converted")) {
      throw conflict("Conflict", "Prospects become Converted through the Convert action, and stay so.");
    }
    await assertStaffUser(call.context, values.AssignedToRecId);
    return values;
  },
};

const convertBody = {
  type: "object",
  properties: {
    Domain: {
      type: "string",
      pattern: DOMAIN_PATTERN,
      maxLength: 63,
      description: "Domain of the new account.",
    },
    SubscriptionTemplateRecId: ref("Subscription template of the new account."),
  },
  required: ["Domain", "SubscriptionTemplateRecId"],
  additionalProperties: false,
} as const;

/** Registers /admin/prospects. */
export function registerProspectRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, prospects);
  const { records } = context.store.admin;

  api.post(
    "/Admin/Prospects/:key/Convert",
    {
      onRequest: [guards.session, guards.admin("Prospects", "Write"), guards.admin("Accounts", "Write")],
      schema: { params: keyParams("int"), body: convertBody },
    },
    async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const body = request.body as { Domain: string; SubscriptionTemplateRecId: number };
      const prospect = await records.get(prospects.spec, key, call.at);
      if (!prospect) throw notFound("Prospect");
      const template = await records.get(subscriptionTemplates.spec, body.SubscriptionTemplateRecId, call.at);
      const trialDays = Number(template?.TrialDays ?? 0);
      const language = (prospect.LanguageCode as string | null) ?? "en";
      const owner = {
        email: String(prospect.Email),
        fullName: String(prospect.ContactName),
        languageCode: language,
        disabled: false,
        mustSetup2fa: false,
      };
      let account: AdminRow;
      try {
        account = await createAccount(
          call,
          {
            name: String(prospect.CompanyName),
            domain: body.Domain,
            status: trialDays > 0 ? "Trial" : "Active",
            templateId: body.SubscriptionTemplateRecId,
            trialEndsAt:
              trialDays > 0 ? new Date(call.at.now + trialDays * DAY_MS).toISOString().slice(0, 10) : null,
            languageCode: language,
            isWhiteLabel: false,
            menuTitle: null,
            twoFactorPolicy: "Optional",
          },
          { prospectId: key, owner },
        );
      } catch (error) {
        if (error instanceof ProspectNotConvertibleError) {
          throw conflict("Conflict", "Only new, contacted or qualified prospects can be converted.");
        }
        if (error instanceof StoreConflictError)
          throw conflict("DomainTaken", "This domain is already used.");
        throw error;
      }
      const [user] = await context.store.users.resolveLoginCandidates(owner.email, body.Domain);
      if (user) await sendInvitation(context, user.user, user.account, call.caller.user.recId);
      return { ...(await records.get(prospects.spec, key, call.at)), ConvertedAccountRecId: account.RecId };
    },
  );
}
