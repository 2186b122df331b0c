/**
 * Demo records of the admin screens (§2.4), seeded after the accounts and content: subscription templates
 * matching the demo accounts' plans, account and staff profiles, a billing clerk (staff with only the billing
 * modules, password DEMO_PASSWORD); then, one file each, the sales records (demo-admin-sales.ts), the cluster
 * (-cluster), databases and queries (-databases), mail (-mail), the catalogue (-catalogue) and distribution
 * (-distribution); the kit they share is admin-seed-kit.ts.
 */

import { subscriptionTemplates } from "../admin/billing.ts";
import type { UpstreamContext } from "../context.ts";
import type { AdminModuleAccess, AdminModuleKey } from "../identity/admin-modules.ts";
import { FEATURE_IDS } from "../identity/features.ts";
import { hashPassword } from "../identity/passwords.ts";
import type { AdminStatementContext } from "../store/types/admin-records.ts";
import type { AdminSeedKit } from "./admin-seed-kit.ts";
import { DEMO_DOMAINS, DEMO_PASSWORD } from "./demo-accounts.ts";
import { seedDemoAdminCatalogue } from "./demo-admin-catalogue.ts";
import { seedDemoAdminCluster } from "./demo-admin-cluster.ts";
import { seedDemoAdminDatabases } from "./demo-admin-databases.ts";
import { seedDemoAdminDistribution } from "./demo-admin-distribution.ts";
import { seedDemoAdminMail } from "./demo-admin-mail.ts";
import { seedDemoAdminSales } from "./demo-admin-sales.ts";

const DAY = 86_400_000;
/** The demo billing clerk: staff with the billing modules only. */
export const DEMO_BILLING_CLERK = { email: "billing@tessera.example", fullName: "Bill Ledger" } as const;
const STARTER_INCLUDED = [
  "TablesAndView",
  "Connection",
  "DataLoader",
  "Dashboard",
  "Report",
  "DocumentsAndMedia",
  "Schedules",
];

/** Seeds the admin area's demo records. */
export async function seedDemoAdmin(context: UpstreamContext): Promise<void> {
  const { store } = context;
  const now = context.now();
  const operator = await store.accounts.resolveSystemAccount();
  const [admin] = operator
    ? await store.users.resolveLoginCandidates("admin@tessera.example", DEMO_DOMAINS.operator)
    : [];
  const [agent] = await store.users.resolveLoginCandidates("agent@tessera.example", DEMO_DOMAINS.operator);
  if (!operator || !admin || !agent) throw new Error("demo admin seed: the operator's staff are missing");
  const at = (ago: number, actor = admin.user.recId): AdminStatementContext => ({ now: now - ago, actor });
  const records = store.admin.records;
  const account = async (domain: string) => {
    const found = await store.accounts.resolveByDomain(domain);
    if (!found) throw new Error(`demo admin seed: no account ${domain}`);
    return found;
  };
  const northwind = await account(DEMO_DOMAINS.northwind);
  const starter = await account(DEMO_DOMAINS.starter);
  const contoso = await account(DEMO_DOMAINS.contoso);

  // Plans: the demo accounts' subscriptions are exactly these templates.
  const plan = (
    name: string,
    type: string,
    monthly: number,
    users: number,
    included: readonly string[],
    extra = {},
  ) =>
    records.create(
      subscriptionTemplates.spec,
      {
        Name: name,
        SubscriptionType: type,
        Currency: "EUR",
        MonthlyPrice: monthly,
        YearlyPrice: monthly * 10,
        TrialDays: 14,
        MaxUsers: users,
        MaxStorageGb: users * 5,
        MaxDataRows: users * 1_000_000,
        IsActive: true,
        IsDefault: false,
        IncludedFeatures: included,
        OptionalFeatures: FEATURE_IDS.filter((id) => !included.includes(id)),
        Description: `${name} plan.`,
        ...extra,
      },
      at(120 * DAY),
    );
  const starterPlan = await plan("Starter", "Starter", 49, 5, STARTER_INCLUDED, { IsDefault: true });
  const businessPlan = await plan("Business", "Business", 499, 50, FEATURE_IDS);
  const enterprisePlan = await plan("Enterprise", "Enterprise", 1499, 1000, FEATURE_IDS, { TrialDays: 30 });
  const internalPlan = await plan("Internal", "Internal", 0, 100, FEATURE_IDS, {
    IsActive: false,
    TrialDays: 0,
    Description: "The operator's own account.",
  });
  const profile = async (
    id: number,
    status: "Trial" | "Active",
    templateId: unknown,
    trialEndsAt: string | null = null,
  ) => {
    await store.admin.identity.updateAccount(
      id,
      { status, templateId: templateId as number, trialEndsAt },
      now - 100 * DAY,
    );
  };
  await profile(operator.recId, "Active", internalPlan.RecId);
  await profile(northwind.recId, "Active", businessPlan.RecId);
  await profile(
    starter.recId,
    "Trial",
    starterPlan.RecId,
    new Date(now + 10 * DAY).toISOString().slice(0, 10),
  );
  await profile(contoso.recId, "Active", enterprisePlan.RecId);

  // Staff: the agent's chat profile, and a billing clerk without access to support or operations.
  await store.admin.identity.updateStaff(
    agent.user.recId,
    {},
    { displayName: "Sofia", maxConcurrentChats: 4, spokenLanguages: ["en", "de", "fr"] },
    now,
  );
  const clerk = await store.users.create(
    operator.recId,
    {
      ...DEMO_BILLING_CLERK,
      passwordHash: await hashPassword(DEMO_PASSWORD, context.settings.passwordCost),
      isStaff: true,
    },
    now,
  );
  const billing: [AdminModuleKey, AdminModuleAccess][] = [
    ["Accounts", { Read: true, Write: false }],
    ["Invoices", { Read: true, Write: true }],
    ["CreditNotes", { Read: true, Write: true }],
    ["SubscriptionTemplates", { Read: true, Write: true }],
    ["Prospects", { Read: true, Write: true }],
  ];
  await store.staff.setAdminPermissions(operator.recId, clerk.recId, new Map(billing));

  const kit: AdminSeedKit = {
    context,
    records,
    now,
    at: (ago = 0) => at(ago),
    admin: admin.user,
    agent: agent.user,
    clerk,
    northwind,
    starter,
    contoso,
  };
  await seedDemoAdminSales(kit);
  await seedDemoAdminCluster(kit);
  await seedDemoAdminDatabases(kit);
  await seedDemoAdminMail(kit);
  await seedDemoAdminCatalogue(kit);
  await seedDemoAdminDistribution(kit);
}
