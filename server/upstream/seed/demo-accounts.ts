/**
 * The demo logins (documented in the README). Every user's password is DEMO_PASSWORD; the TOTP user
 * enrols with DEMO_TOTP_SECRET (enter it in any authenticator app).
 */
import type { UpstreamContext } from "../context.ts";
import type { AdminModuleKey } from "../identity/admin-modules.ts";
import type { UserRecord } from "../store/records.ts";

/** The one demo password. */
export const DEMO_PASSWORD = "tessera-demo";

/** The TOTP secret of the demo user with two-factor authentication (base32). */
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXP";

export const DEMO_DOMAINS = {
  operator: "tessera",
  northwind: "northwind",
  starter: "northwind-starter",
  contoso: "contoso",
} as const;

/** A demo login: domain, e-mail and what the user shows. */
export interface DemoLogin {
  domain: string;
  email: string;
  fullName: string;
  shows: string;
}

/** Every demo login, in the order of the README table. */
export const DEMO_LOGINS = {
  owner: {
    domain: "northwind",
    email: "owner@northwind.example",
    fullName: "Olivia Owner",
    shows:
      "Account owner: every permission, notifications of every code, a rated and an unrated support chat",
  },
  analyst: {
    domain: "northwind",
    email: "analyst@northwind.example",
    fullName: "Andre Analyst",
    shows: "Data and dashboard permissions only",
  },
  viewer: {
    domain: "northwind",
    email: "viewer@northwind.example",
    fullName: "Vera Viewer",
    shows: "Read-only dashboards; home page goes to the dashboards menu",
  },
  secure: {
    domain: "northwind",
    email: "secure@northwind.example",
    fullName: "Sasha Secure",
    shows: "Analyst with TOTP two-factor sign-in",
  },
  consultant: {
    domain: "northwind",
    email: "consultant@example.com",
    fullName: "Casey Consultant",
    shows: "Same e-mail in Northwind and Contoso: the login needs the domain",
  },
  starter: {
    domain: "northwind-starter",
    email: "starter@northwind.example",
    fullName: "Stella Starter",
    shows:
      "Owner of a managed Starter account whose subscription lacks Insights, LiveDocs, Binders, the chat…",
  },
  contoso: {
    domain: "contoso",
    email: "admin@contoso.example",
    fullName: "Carla Contoso",
    shows: "White-label account owner; the account requires 2FA (MustSetup2FA)",
  },
  staffAdmin: {
    domain: "tessera",
    email: "admin@tessera.example",
    fullName: "Ada Admin",
    shows: "Staff: Read and Write on every admin module",
  },
  staffAuditor: {
    domain: "tessera",
    email: "auditor@tessera.example",
    fullName: "Otto Auditor",
    shows: "Staff: Read only on every admin module",
  },
  supportAgent: {
    domain: "tessera",
    email: "agent@tessera.example",
    fullName: "Sofia Support",
    shows: "Internal support agent (chat staff side); Support and SupportSessions modules",
  },
} as const satisfies Record<string, DemoLogin>;

/** The support agent's admin modules. */
export const SUPPORT_AGENT_MODULES: readonly AdminModuleKey[] = ["Support", "SupportSessions"];

/** Role permission strings of the demo roles (§3 format). */
export const DEMO_ROLES = {
  analyst:
    "TableAndViews_rw;Connections_rw;DataLoaders_rw;DataFlows_rw;DataHooks_rw;DataScripts_rw;DataStreams_rw;MediaManager_rw;Dashboards_rw;Exports_rw;UserProfileAndPreferences_rw",
  viewer: "Dashboards_r;UserProfileAndPreferences_r",
  staff: "SupportTickets_rw;UserProfileAndPreferences_rw",
} as const;

/** A demo user by login name. */
export async function demoUser(context: UpstreamContext, who: keyof typeof DEMO_LOGINS): Promise<UserRecord> {
  const login = DEMO_LOGINS[who];
  const [found] = await context.store.users.resolveLoginCandidates(login.email, login.domain);
  if (!found) throw new Error(`demo seed: no user ${who}`);
  return found.user;
}
