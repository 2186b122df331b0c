/**
 * /admin/subscriptiontemplates (§2.4): the plans accounts are created from — price, limits, and
 * which §3 features are Included or Optional. One template at most is the default; a template
 * accounts use cannot be deleted; duplicating copies one under a free name.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { FEATURE_IDS } from "../identity/features.ts";
import { flag, integer, longText, number, someOf, text } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import { adminCall, CREATED_MODIFIED, keyParams, stamps } from "./resource-kit.ts";
import { registerAdminResource } from "./resource-routes.ts";

/** An ISO 4217 currency code. */
export const CURRENCY = "^[A-Z]{3}$";

/** /admin/subscriptiontemplates. */
export const subscriptionTemplates: AdminResource = {
  path: "SubscriptionTemplates",
  module: "SubscriptionTemplates",
  noun: "Subscription template",
  spec: {
    table: "subscription_templates",
    from: "subscription_templates t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", write: "name", search: true, sort: true },
      SubscriptionType: {
        sql: "t.subscription_type",
        type: "text",
        write: "subscription_type",
        search: true,
        sort: true,
      },
      Description: { sql: "t.description", type: "text", write: "description", search: true },
      IsActive: { sql: "t.is_active", type: "bool", write: "is_active" },
      IsDefault: { sql: "t.is_default", type: "bool", write: "is_default" },
      Currency: { sql: "t.currency", type: "text", write: "currency" },
      MonthlyPrice: { sql: "t.monthly_price_cents", type: "cents", write: "monthly_price_cents", sort: true },
      YearlyPrice: { sql: "t.yearly_price_cents", type: "cents", write: "yearly_price_cents", sort: true },
      TrialDays: { sql: "t.trial_days", type: "int", write: "trial_days" },
      MaxUsers: { sql: "t.max_users", type: "int", write: "max_users", sort: true },
      MaxStorageGb: { sql: "t.max_storage_gb", type: "int", write: "max_storage_gb" },
      MaxDataRows: { sql: "t.max_data_rows", type: "int", write: "max_data_rows" },
      IncludedFeatures: { sql: "t.included_features", type: "json", write: "included_features" },
      OptionalFeatures: { sql: "t.optional_features", type: "json", write: "optional_features" },
      AccountCount: {
        sql: "(SELECT COUNT(*) FROM admin_accounts aa WHERE aa.template_id = t.id)",
        type: "int",
        sort: true,
      },
      ...CREATED_MODIFIED,
    },
    filters: { IsActive: { sql: "t.is_active", type: "bool", op: "eq" } },
    ...stamps(),
    afterWrite: [
      // One default template at most: the one just saved as default wins.
      `UPDATE subscription_templates SET is_default = FALSE WHERE id <> @key
         AND (SELECT is_default FROM subscription_templates WHERE id = @key)`,
    ],
    deleteWhen: "NOT EXISTS (SELECT 1 FROM admin_accounts aa WHERE aa.template_id = t.id)",
  },
  fields: {
    Name: { schema: text(200), required: true },
    SubscriptionType: { schema: text(80, "^[A-Za-z][A-Za-z0-9_]*$"), required: true },
    IsActive: { schema: flag() },
    IsDefault: { schema: flag() },
    Description: { schema: longText(2000) },
    Currency: { schema: text(3, CURRENCY), required: true },
    MonthlyPrice: { schema: number(0, 1e9), required: true },
    YearlyPrice: { schema: number(0, 1e9), required: true },
    TrialDays: { schema: integer(0, 365) },
    MaxUsers: { schema: integer(1, 100_000), required: true },
    MaxStorageGb: { schema: integer(1, 100_000), required: true },
    MaxDataRows: { schema: integer(0, 2 ** 53 - 1) },
    IncludedFeatures: { schema: someOf(FEATURE_IDS) },
    OptionalFeatures: { schema: someOf(FEATURE_IDS) },
  },
  filters: { IsActive: flag() },
  create: true,
  update: true,
  remove: {},
  refused: { code: "RecordInUse", delete: "Accounts still use this subscription template." },
  duplicate: { code: "NameTaken", message: "A subscription template with this name already exists." },
  prepare: async (values, current) => {
    const included = (values.IncludedFeatures ?? current?.IncludedFeatures ?? []) as string[];
    const optional = (values.OptionalFeatures ?? current?.OptionalFeatures ?? []) as string[];
    if (included.some((feature) => optional.includes(feature))) {
      throw badRequest("InvalidFeatureSelection", "A feature is either Included or Optional, not both.");
    }
    return values;
  },
};

/** Registers /admin/subscriptiontemplates. */
export function registerBillingRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  registerAdminResource(api, context, guards, subscriptionTemplates);
  const records = context.store.admin.records;
  const params = keyParams("int");

  api.post(
    "/Admin/SubscriptionTemplates/:key/Duplicate",
    { onRequest: [guards.session, guards.admin("SubscriptionTemplates", "Write")], schema: { params } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const source = await records.get(
        subscriptionTemplates.spec,
        (request.params as { key: number }).key,
        call.at,
      );
      if (!source) throw notFound("Subscription template");
      const { items } = await records.list(
        subscriptionTemplates.spec,
        { limit: 500, offset: 0, search: `${source.Name} (copy`, filters: {} },
        call.at,
      );
      const taken = new Set(items.map((row) => String(row.Name).toLowerCase()));
      let name = `${source.Name} (copy)`;
      for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${source.Name} (copy ${n})`;
      const values = Object.fromEntries(
        Object.keys(subscriptionTemplates.fields ?? {}).map((field) => [field, source[field]]),
      );
      const copy = await records.create(
        subscriptionTemplates.spec,
        { ...values, Name: name.slice(0, 200), IsDefault: false },
        call.at,
      );
      return reply.status(201).send(copy);
    },
  );
}
