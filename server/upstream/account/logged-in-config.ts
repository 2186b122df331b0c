/**
 * Common/LoggedInConfig (§7): the session User with every field of §3, the subscription feature
 * flags under their session names (on User) and their `Features…` names (next to User), and
 * ShowLoginAnnouncement.
 *
 * - MustSetup2FA (§4.2 "users who must set up 2FA get My Settings opened automatically"): the
 *   account's policy requires 2FA, or staff flagged the user on /admin/users while the policy allows
 *   2FA at all — and the user has no second factor yet, and nobody impersonates them.
 * - ShowLoginAnnouncement: an active announcement runs for this user's audience (everyone, their
 *   account, their language) that they have not seen; once marked seen it is not shown again.
 */
import type { Caller, CallerGrants } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { ADMIN_MODULE_KEYS } from "../identity/admin-modules.ts";
import {
  CONFIG_NAME_FEATURES,
  type FeatureAvailability,
  type FeatureId,
  SESSION_FLAG_FEATURES,
} from "../identity/features.ts";
import { permissionEntries } from "../identity/permission-string.ts";
import type { AnnouncementAudience } from "../store/types/member-data.ts";
import { storedInterfacePreferences } from "./interface-preferences.ts";

/** The application version this service announces (Common/LoggedInConfig and the desktop-started event). */
export const UPSTREAM_VERSION = "0.1.0";

/** How users of this service sign on (§6: My Settings depends on sign-on by password). */
export const AUTHENTICATION_PROTOCOL = "Password";

/** Availability of each feature; a feature absent from the subscription is Optional. */
function availability(caller: CallerGrants, id: FeatureId): FeatureAvailability {
  return caller.features.get(id) ?? "Optional";
}

/** What LoggedInConfig reads beyond the caller: the admin screen's per-user 2FA flag. */
export interface SessionUserFacts {
  /** Staff set MustSetup2FA on the user (/admin/users). */
  flaggedForTwoFactor: boolean;
}

/** Whether the user must set up a second factor now (§4.2). */
export function mustSetUpTwoFactor(caller: CallerGrants, facts: SessionUserFacts): boolean {
  const { account, user, impersonator } = caller;
  // Staff acting as a member are not asked to set up the member's second factor.
  if (user.totpSecret !== null || impersonator !== null) return false;
  if (account.twoFactorPolicy === "Required") return true;
  return facts.flaggedForTwoFactor && account.twoFactorPolicy !== "Disabled";
}

/** The User object of §3 for a caller. */
export function sessionUser(caller: CallerGrants, facts: SessionUserFacts = { flaggedForTwoFactor: false }) {
  const { user, account, impersonator } = caller;
  const flags = Object.fromEntries(
    SESSION_FLAG_FEATURES.map((f) => [f.sessionFlag, availability(caller, f.id)]),
  );
  return {
    FullName: user.fullName,
    Email: user.email,
    UserUID: user.uid,
    RecId: user.recId,
    AccountRecId: account.recId,
    Domain: account.domain,
    DomainType: account.domainType,
    LanguageCode: user.languageCode,
    ImpersonatorLanguageCode: impersonator?.user.languageCode ?? null,
    Impersonating: impersonator !== null,
    IsAdmin: caller.isStaff,
    RolePermissions: permissionEntries(caller.permissions),
    AdminPermissions: ADMIN_MODULE_KEYS.filter((key) => caller.adminPermissions.get(key)?.Read).map(
      (key) => ({
        Key: key,
        Value: { Read: true, Write: caller.adminPermissions.get(key)?.Write === true },
      }),
    ),
    ShowHelpLinks: account.showHelpLinks,
    MustSetup2FA: mustSetUpTwoFactor(caller, facts),
    AccountLogoUID: account.hasPrimaryLogo || account.hasMenuLogo ? account.logoUid : null,
    AccountName: account.name,
    AccountIsWhiteLabel: account.isWhiteLabel,
    AccountMenuLogoIsSet: account.hasMenuLogo,
    AccountMenuLogoStyle: account.menuLogoStyle,
    AccountMenuDisplayTitleType: account.menuTitleType,
    AccountMenuTitle: account.menuTitle,
    AccountBrandPrimaryColor: account.brandPrimaryColor,
    AccountBrandAccentColor: account.brandAccentColor,
    AccountTwoFactorAuthenticationPolicy: account.twoFactorPolicy,
    AuthenticationProtocol: AUTHENTICATION_PROTOCOL,
    InterfacePreferences: storedInterfacePreferences(user.interfacePreferences),
    HomePageType: user.homePageType,
    HomePageRedirectionMenu: user.homePageRedirectionMenu,
    ...flags,
  };
}

/** Who the caller is for login announcements (account, user, language). */
export function announcementAudience(caller: Caller): AnnouncementAudience {
  return {
    accountId: caller.account.recId,
    userId: caller.user.recId,
    languageCode: caller.user.languageCode,
  };
}

/**
 * LoggedInConfig's User and the features under their `Features…` names: all of it that does not
 * depend on the session (no announcement, no version), for a caller or for a user nobody signed in as.
 */
export async function sessionConfig(context: UpstreamContext, caller: CallerGrants) {
  const configFlags = Object.fromEntries(
    CONFIG_NAME_FEATURES.map((f) => [f.configName, availability(caller, f.id)]),
  );
  const flaggedForTwoFactor = await context.store.admin.identity.mustSetup2fa(
    caller.account.recId,
    caller.user.recId,
  );
  return { User: sessionUser(caller, { flaggedForTwoFactor }), ...configFlags };
}

/** The whole LoggedInConfig response. */
export async function loggedInConfig(context: UpstreamContext, caller: Caller) {
  const pending = await context.store.announcements.pendingFor(announcementAudience(caller), context.now());
  return {
    ...(await sessionConfig(context, caller)),
    ShowLoginAnnouncement: pending !== undefined && caller.impersonator === null,
    // §4.2: the runtime compares this with its own version to raise the new-version flag.
    DesktopVersion: UPSTREAM_VERSION,
  };
}
