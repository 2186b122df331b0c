/**
 * The demo seed, run on first start (empty store): the operator account with staff and a support
 * agent, "Northwind Analytics" with a user per role, its managed Starter account whose subscription
 * lacks features, and the white-label "Contoso", plus content (seed/demo-content.ts), a
 * notification of every §4.3 code (seed/demo-notifications.ts) and, with `seedAnalytics`, the
 * analytics demo (seed/demo-analytics.ts).
 */
import { OWNER_PERMISSIONS, SIGNUP_ALLOWED_KEY } from "../auth/signup-routes.ts";
import { SUPPORT_CHAT_OPEN_KEY } from "../chat/chat-state.ts";
import type { UpstreamContext } from "../context.ts";
import { drawLogoMark } from "../files/png.ts";
import { ADMIN_MODULE_KEYS, type AdminModuleAccess, type AdminModuleKey } from "../identity/admin-modules.ts";
import { FEATURE_IDS, type FeatureAvailability, type FeatureId } from "../identity/features.ts";
import { hashPassword } from "../identity/passwords.ts";
import type { NewAccountInput, NewUserInput } from "../store/types/identity.ts";
import {
  DEMO_LOGINS,
  DEMO_PASSWORD,
  DEMO_ROLES,
  DEMO_TOTP_SECRET,
  SUPPORT_AGENT_MODULES,
} from "./demo-accounts.ts";
import { seedDemoAdmin } from "./demo-admin.ts";
import { seedDemoAnalytics } from "./demo-analytics.ts";
import { seedDemoContent } from "./demo-content.ts";
import { seedDemoJobs } from "./demo-jobs.ts";
import { seedDemoLibrary } from "./demo-library.ts";
import { seedDemoNotifications } from "./demo-notifications.ts";

/** Configuration key recording that the seed finished. */
export const DEMO_SEED_KEY = "DemoSeed";

const allIncluded = () => new Map<FeatureId, FeatureAvailability>(FEATURE_IDS.map((id) => [id, "Included"]));

/** Starter plan: the basics are Included, everything else is Optional (an upgrade). */
const STARTER_INCLUDED: readonly FeatureId[] = [
  "TablesAndView",
  "Connection",
  "DataLoader",
  "Dashboard",
  "Report",
  "DocumentsAndMedia",
  "Schedules",
];

function adminMap(
  modules: readonly AdminModuleKey[],
  access: AdminModuleAccess,
): Map<AdminModuleKey, AdminModuleAccess> {
  return new Map(modules.map((module) => [module, access]));
}

/** Seeds the demo; the caller runs it only on an empty store. */
export async function seedDemo(context: UpstreamContext): Promise<void> {
  const { store, settings } = context;
  const now = context.now();
  // One hash per user, each with its own salt, computed in parallel up front (scrypt is slow on purpose).
  const userCount = Object.keys(DEMO_LOGINS).length + 1; // the consultant is in two accounts
  const hashes = await Promise.all(
    Array.from({ length: userCount }, () => hashPassword(DEMO_PASSWORD, settings.passwordCost)),
  );
  const user = async (
    login: (typeof DEMO_LOGINS)[keyof typeof DEMO_LOGINS],
    extra: Partial<NewUserInput> = {},
  ): Promise<NewUserInput> => {
    const passwordHash = hashes.pop();
    if (!passwordHash) throw new Error("demo seed: more users than password hashes");
    return { email: login.email, fullName: login.fullName, passwordHash, ...extra };
  };
  const account = (
    input: Omit<NewAccountInput, "ownerRole"> & { ownerRole?: NewAccountInput["ownerRole"] },
  ) =>
    store.accounts.create(
      { ownerRole: { name: "Account Owner", permissions: OWNER_PERMISSIONS }, ...input },
      now,
    );

  // The operator: staff with full and with read-only admin rights, and a support agent.
  const operator = await account({
    name: "Tessera Operations",
    domain: "tessera",
    isSystem: true,
    subscriptionType: "Internal",
    features: allIncluded(),
    owner: await user(DEMO_LOGINS.staffAdmin, { isStaff: true }),
  });
  const opsId = operator.account.recId;
  const staffRole = await store.roles.create(opsId, { name: "Staff", permissions: DEMO_ROLES.staff }, now);
  const auditor = await store.users.create(
    opsId,
    await user(DEMO_LOGINS.staffAuditor, { isStaff: true, roleId: staffRole.recId }),
    now,
  );
  const agent = await store.users.create(
    opsId,
    await user(DEMO_LOGINS.supportAgent, { isStaff: true, isInternalSupport: true, roleId: staffRole.recId }),
    now,
  );
  await store.staff.setAdminPermissions(
    opsId,
    operator.user.recId,
    adminMap(ADMIN_MODULE_KEYS, { Read: true, Write: true }),
  );
  await store.staff.setAdminPermissions(
    opsId,
    auditor.recId,
    adminMap(ADMIN_MODULE_KEYS, { Read: true, Write: false }),
  );
  await store.staff.setAdminPermissions(
    opsId,
    agent.recId,
    adminMap(SUPPORT_AGENT_MODULES, { Read: true, Write: true }),
  );

  // Northwind: a user per role.
  const northwind = await account({
    name: "Northwind Analytics",
    domain: "northwind",
    subscriptionType: "Business",
    features: allIncluded(),
    owner: await user(DEMO_LOGINS.owner, { languageCode: "en" }),
  });
  const nwId = northwind.account.recId;
  const analystRole = await store.roles.create(
    nwId,
    { name: "Analyst", permissions: DEMO_ROLES.analyst },
    now,
  );
  const viewerRole = await store.roles.create(nwId, { name: "Viewer", permissions: DEMO_ROLES.viewer }, now);
  const analyst = await store.users.create(
    nwId,
    await user(DEMO_LOGINS.analyst, { roleId: analystRole.recId, languageCode: "de" }),
    now,
  );
  const viewer = await store.users.create(
    nwId,
    await user(DEMO_LOGINS.viewer, {
      roleId: viewerRole.recId,
      homePageType: "GoToMenu",
      homePageRedirectionMenu: "Dashboards",
    }),
    now,
  );
  await store.users.create(
    nwId,
    await user(DEMO_LOGINS.secure, { roleId: analystRole.recId, totpSecret: DEMO_TOTP_SECRET }),
    now,
  );
  await store.users.create(nwId, await user(DEMO_LOGINS.consultant, { roleId: analystRole.recId }), now);
  await store.teams.create(nwId, "Analytics", [northwind.user.recId, analyst.recId], now);
  await store.teams.create(nwId, "Leadership", [northwind.user.recId, viewer.recId], now);
  await store.teams.createMenu(
    nwId,
    "Analyst menu",
    { sections: [{ title: "Analytics", links: ["Dashboards", "Reports"] }] },
    now,
  );

  // A managed account on a plan that lacks features (→ /upgrade).
  const starterFeatures = new Map<FeatureId, FeatureAvailability>(
    FEATURE_IDS.map((id) => [id, STARTER_INCLUDED.includes(id) ? "Included" : "Optional"]),
  );
  const starter = await account({
    name: "Northwind Starter",
    domain: "northwind-starter",
    subscriptionType: "Starter",
    features: starterFeatures,
    parentAccountId: nwId,
    owner: await user(DEMO_LOGINS.starter),
  });

  // Contoso: white-label, custom title, 2FA required.
  const contoso = await account({
    name: "Contoso Ltd",
    domain: "contoso",
    domainType: "CustomDomain",
    isWhiteLabel: true,
    showHelpLinks: false,
    twoFactorPolicy: "Required",
    menuLogoStyle: "Wide",
    menuTitleType: "Custom",
    menuTitle: "Contoso Insights",
    subscriptionType: "Enterprise",
    features: allIncluded(),
    owner: await user(DEMO_LOGINS.contoso),
  });
  const contosoViewer = await store.roles.create(
    contoso.account.recId,
    { name: "Viewer", permissions: DEMO_ROLES.viewer },
    now,
  );
  await store.users.create(
    contoso.account.recId,
    await user(DEMO_LOGINS.consultant, { roleId: contosoViewer.recId }),
    now,
  );

  const logo = (rgb: [number, number, number], width: number, height: number) => ({
    contentType: "image/png",
    data: drawLogoMark(width, height, [...rgb, 255]),
    updatedAt: now,
  });
  await store.accounts.setLogo(opsId, "Primary", logo([15, 23, 42], 128, 128));
  await store.accounts.setLogo(nwId, "Primary", logo([37, 99, 235], 128, 128));
  await store.accounts.setLogo(nwId, "Menu", logo([37, 99, 235], 64, 64));
  await store.accounts.setLogo(starter.account.recId, "Primary", logo([22, 163, 74], 128, 128));
  await store.accounts.setLogo(contoso.account.recId, "Primary", logo([190, 18, 60], 128, 128));
  await store.accounts.setLogo(contoso.account.recId, "Menu", logo([190, 18, 60], 160, 40));

  const content = await seedDemoContent(context, {
    northwind: northwind.account,
    owner: northwind.user,
    analyst,
    contoso: contoso.account,
    contosoOwner: contoso.user,
    agent,
  });
  await seedDemoNotifications(context, { owner: northwind.user, author: analyst, content });
  await seedDemoLibrary(context, content);
  await store.config.set(SIGNUP_ALLOWED_KEY, true);
  await store.config.set(SUPPORT_CHAT_OPEN_KEY, true);
  await seedDemoAdmin(context);
  await seedDemoJobs(context);
  if (settings.seedAnalytics) await seedDemoAnalytics(context);
  await store.config.set(DEMO_SEED_KEY, { completedAt: new Date(now).toISOString() });
  context.log.info(
    { domains: ["tessera", "northwind", "northwind-starter", "contoso"] },
    "demo seed created",
  );
}
