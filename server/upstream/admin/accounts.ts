/**
 * /admin/accounts (§2.4): the real accounts (tenants) of the identity store. Staff create an account
 * from a subscription template (its features become the account's Included / Optional features,
 * §3), edit it — the shell's brand colours under the same WCAG 2.2 AA rule as the account's own
 * settings (../account/brand-colours.ts) — suspend and reactivate it (a suspended or cancelled
 * account is disabled: its users cannot sign in and their sessions end), delete it, and export the
 * list. An edit tells the account's open browsers to read their session again (title, colours).
 */
import type { FastifyInstance } from "fastify";
import { announceAccountChange } from "../account/account-refresh.ts";
import { checkedBrandColours } from "../account/brand-colours.ts";
import { OWNER_PERMISSIONS, RESERVED_DOMAINS } from "../auth/signup-routes.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { DOMAIN_PATTERN } from "../http/schemas.ts";
import type { AdminAccountInput, AdminProspectConversion } from "../store/types/admin-identity.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import { subscriptionTemplates } from "./billing.ts";
import { bodySchemas, date, flag, LANGUAGES, oneOf, ref, text } from "./fields.ts";
import type { AdminCall, AdminResource } from "./resource.ts";
import { adminCall, keyParams } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";

const STATUSES = ["Trial", "Active", "Suspended", "Cancelled"] as const;
const POLICIES = ["Optional", "Required", "Disabled"] as const;
/** The form of a brand colour; its contrast is checked by checkedBrandColours. */
const BRAND_COLOUR = "^#[0-9A-Fa-f]{6}$";

/** /admin/accounts: reads from the admin_accounts view (account + admin profile). */
export const accounts: AdminResource = {
  path: "Accounts",
  module: "Accounts",
  noun: "Account",
  spec: {
    table: "admin_accounts",
    from: "admin_accounts t LEFT JOIN subscription_templates st ON st.id = t.template_id",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", search: true, sort: true },
      Domain: { sql: "t.domain", type: "text", search: true, sort: true },
      SubscriptionTemplateRecId: { sql: "t.template_id", type: "int" },
      SubscriptionTemplateName: { sql: "st.name", type: "text", sort: true },
      SubscriptionType: { sql: "t.subscription_type", type: "text" },
      Status: { sql: "t.status", type: "text", sort: true },
      TrialEndsAt: { sql: "t.trial_ends_at", type: "date" },
      LanguageCode: { sql: "t.language_code", type: "text" },
      IsWhiteLabel: { sql: "t.is_white_label", type: "bool" },
      MenuTitle: { sql: "NULLIF(t.menu_title, '')", type: "text" },
      BrandPrimaryColor: { sql: "t.brand_primary_color", type: "text" },
      BrandAccentColor: { sql: "t.brand_accent_color", type: "text" },
      TwoFactorAuthenticationPolicy: { sql: "t.two_factor_policy", type: "text" },
      IsSystem: { sql: "t.is_system", type: "bool" },
      ParentAccountRecId: { sql: "t.parent_account_id", type: "int" },
      UserCount: { sql: "(SELECT COUNT(*) FROM users u WHERE u.account_id = t.id)", type: "int", sort: true },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      Status: { sql: "t.status", type: "text", op: "eq" },
      SubscriptionTemplateRecId: { sql: "t.template_id", type: "int", op: "eq" },
      IsWhiteLabel: { sql: "t.is_white_label", type: "bool", op: "eq" },
    },
  },
  fields: {
    Name: { schema: text(200), required: true },
    Domain: { schema: text(63, DOMAIN_PATTERN, "Sign-in domain."), required: true, createOnly: true },
    Status: { schema: oneOf(STATUSES), required: true },
    SubscriptionTemplateRecId: { schema: ref("Subscription template."), required: true },
    TrialEndsAt: { schema: date() },
    LanguageCode: { schema: oneOf(LANGUAGES), required: true },
    IsWhiteLabel: { schema: flag() },
    MenuTitle: { schema: text(100) },
    BrandPrimaryColor: { schema: text(7, BRAND_COLOUR, "Top menu bar colour #rrggbb; null: the product's.") },
    BrandAccentColor: { schema: text(7, BRAND_COLOUR, "Accent colour #rrggbb; null: the product's.") },
    TwoFactorAuthenticationPolicy: { schema: oneOf(POLICIES), required: true },
  },
  filters: { Status: oneOf(STATUSES), SubscriptionTemplateRecId: ref(), IsWhiteLabel: flag() },
  export: true,
};

function toInput(body: AdminRow): Partial<AdminAccountInput> {
  const input: Partial<AdminAccountInput> = {};
  if (body.Name !== undefined) input.name = String(body.Name).trim();
  if (body.Domain !== undefined) input.domain = String(body.Domain);
  if (body.Status !== undefined) input.status = body.Status as AdminAccountInput["status"];
  if (body.SubscriptionTemplateRecId !== undefined)
    input.templateId = body.SubscriptionTemplateRecId as number;
  if (body.TrialEndsAt !== undefined) input.trialEndsAt = (body.TrialEndsAt as string | null) ?? null;
  if (body.LanguageCode !== undefined) input.languageCode = String(body.LanguageCode);
  if (body.IsWhiteLabel !== undefined) input.isWhiteLabel = body.IsWhiteLabel === true;
  if (body.MenuTitle !== undefined) input.menuTitle = (body.MenuTitle as string | null) || null;
  if (body.TwoFactorAuthenticationPolicy !== undefined) {
    input.twoFactorPolicy = body.TwoFactorAuthenticationPolicy as AdminAccountInput["twoFactorPolicy"];
  }
  return input;
}

/** A create body as a whole input: the optional fields a body leaves out take their defaults. */
function toCreateInput(body: AdminRow): AdminAccountInput {
  const given = withBrandColours(toInput(body), body);
  return {
    ...given,
    trialEndsAt: given.trialEndsAt ?? null,
    isWhiteLabel: given.isWhiteLabel ?? false,
    menuTitle: given.menuTitle ?? null,
  } as AdminAccountInput;
}

/** The brand colours of a create or edit body, checked and canonical over the stored ones. */
function withBrandColours(
  input: Partial<AdminAccountInput>,
  body: AdminRow,
  current?: AdminRow,
): Partial<AdminAccountInput> {
  if (body.BrandPrimaryColor === undefined && body.BrandAccentColor === undefined) return input;
  // An empty text from the form means "the product's own", like null.
  const sent = (value: unknown) => (value === undefined ? undefined : (value as string | null) || null);
  const colours = checkedBrandColours(
    { primary: sent(body.BrandPrimaryColor), accent: sent(body.BrandAccentColor) },
    {
      primary: (current?.BrandPrimaryColor as string | null | undefined) ?? null,
      accent: (current?.BrandAccentColor as string | null | undefined) ?? null,
    },
  );
  return { ...input, brandPrimaryColor: colours.primary, brandAccentColor: colours.accent };
}

/** Refuses templates that do not exist or are retired (new and changed subscriptions use active ones). */
async function assertActiveTemplate(call: AdminCall, templateId: number | undefined, current?: AdminRow) {
  if (templateId === undefined || templateId === current?.SubscriptionTemplateRecId) return;
  const template = await call.context.store.admin.records.get(
    subscriptionTemplates.spec,
    templateId,
    call.at,
  );
  if (template?.IsActive !== true) {
    throw badRequest("InvalidReference", "Choose an active subscription template.");
  }
}

/** Ends the hub connections of users whose sessions a change revoked. */
export function announceRevoked(context: UpstreamContext, accountId: number, userIds: readonly number[]) {
  for (const userId of userIds) {
    context.events.emit("userSessionsRevoked", { accountId, userId, keptSessionId: null });
  }
}

/** Creates an account (used by the screen and by converting a prospect). */
export async function createAccount(
  call: AdminCall,
  input: AdminAccountInput,
  conversion?: AdminProspectConversion,
): Promise<AdminRow> {
  if (RESERVED_DOMAINS.has(input.domain)) throw badRequest("InvalidDomain", "This domain is reserved.");
  await assertActiveTemplate(call, input.templateId);
  let accountId: number;
  try {
    accountId = await call.context.store.admin.identity.createAccount(
      input,
      { name: "Account Owner", permissions: OWNER_PERMISSIONS },
      call.at.now,
      conversion,
    );
  } catch (error) {
    if (error instanceof StoreConflictError) throw conflict("DomainTaken", "This domain is already used.");
    throw error;
  }
  await auditChange(call, "AdminAccountsCreate", `Account ${input.name} created.`, {
    AccountRecId: accountId,
  });
  return (await call.context.store.admin.records.get(accounts.spec, accountId, call.at)) as AdminRow;
}

/** Registers /admin/accounts. */
export function registerAccountRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, accounts);
  const { records, identity } = context.store.admin;
  const write = [guards.session, guards.admin("Accounts", "Write")];
  const params = keyParams("int");
  const schemas = bodySchemas(accounts.fields ?? {});
  const load = async (call: AdminCall, key: number) => {
    const row = await records.get(accounts.spec, key, call.at);
    if (!row) throw notFound("Account");
    return row;
  };

  api.post(
    "/Admin/Accounts",
    { onRequest: write, schema: { body: schemas.create } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const body = request.body as AdminRow;
      const row = await createAccount(call, toCreateInput(body));
      return reply.status(201).send(row);
    },
  );

  const change = async (call: AdminCall, key: number, input: Partial<AdminAccountInput>, action: string) => {
    const current = await load(call, key);
    await assertActiveTemplate(call, input.templateId, current);
    const outcome = await identity.updateAccount(key, input, call.at.now);
    if (outcome.result === "missing") throw notFound("Account");
    if (outcome.result === "blocked") {
      throw conflict("ProtectedRecord", "The operator's own account cannot be suspended or cancelled.");
    }
    announceRevoked(context, key, outcome.revokedUserIds);
    // The name, title and colours are session data: the account's open shells read them again.
    announceAccountChange(context, key);
    await auditChange(call, `AdminAccounts${action}`, `Account ${String(current.Name)}: ${action}.`, {
      AccountRecId: key,
      Fields: Object.keys(input),
    });
    return load(call, key);
  };

  api.put(
    "/Admin/Accounts/:key",
    { onRequest: write, schema: { params, body: schemas.update } },
    async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const body = request.body as AdminRow;
      const current = await load(call, key);
      if (body.Domain !== undefined && body.Domain !== current.Domain) {
        throw badRequest("FieldNotChangeable", "Domain cannot change after the account was created.");
      }
      return change(call, key, withBrandColours(toInput(body), body, current), "Update");
    },
  );

  const transition = (name: string, to: AdminAccountInput["status"], from: readonly string[]) =>
    api.post(`/Admin/Accounts/:key/${name}`, { onRequest: write, schema: { params } }, async (request) => {
      const call = adminCall(request, context);
      const key = (request.params as { key: number }).key;
      const current = await load(call, key);
      if (!from.includes(String(current.Status))) {
        throw conflict("Conflict", `Only ${from.join(" or ")} accounts can be ${name.toLowerCase()}ed.`);
      }
      return change(call, key, { status: to }, name);
    });
  transition("Suspend", "Suspended", ["Trial", "Active"]);
  transition("Reactivate", "Active", ["Suspended", "Cancelled"]);

  api.delete("/Admin/Accounts/:key", { onRequest: write, schema: { params } }, async (request, reply) => {
    const call = adminCall(request, context);
    const key = (request.params as { key: number }).key;
    const current = await load(call, key);
    const outcome = await identity.deleteAccount(key);
    if (outcome === "missing") throw notFound("Account");
    if (outcome === "blocked") {
      throw conflict(
        current.IsSystem ? "ProtectedRecord" : "RecordInUse",
        current.IsSystem
          ? "The operator's own account cannot be deleted."
          : "The account still manages other accounts: move or delete them first.",
      );
    }
    await auditChange(call, "AdminAccountsDelete", `Account ${String(current.Name)} deleted.`, {
      AccountRecId: key,
    });
    return reply.status(204).send();
  });
}
