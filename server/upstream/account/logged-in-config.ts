/**
 * Common/LoggedInConfig (§7): the session User with every field of §3, the subscription feature
 * flags under their session names (on User) and their `Features…` names (next to User), and
 * ShowLoginAnnouncement.
 */
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { ADMIN_MODULE_KEYS } from "../identity/admin-modules.ts";
import {
  CONFIG_NAME_FEATURES,
  type FeatureAvailability,
  type FeatureId,
  SESSION_FLAG_FEATURES,
} from "../identity/features.ts";
import { permissionEntries } from "../identity/permission-string.ts";
import { storedInterfacePreferences } from "./interface-preferences.ts";

/** The application version this service announces (Common/LoggedInConfig and the desktop-started event). */
export const UPSTREAM_VERSION = "0.1.0";

/** How users of this service sign on (§6: My Settings depends on sign-on by password). */
export const AUTHENTICATION_PROTOCOL = "Password";

/** Availability of each feature; a feature absent from the subscription is Optional. */
function availability(caller: Caller, id: FeatureId): FeatureAvailability {
  return caller.features.get(id) ?? "Optional";
}

/** The User object of §3 for a caller. */
export function sessionUser(caller: Caller) {
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
    // Staff acting as a member are not asked to set up the member's second factor.
    MustSetup2FA: account.twoFactorPolicy === "Required" && user.totpSecret === null && impersonator === null,
    AccountLogoUID: account.hasPrimaryLogo || account.hasMenuLogo ? account.logoUid : null,
    AccountName: account.name,
    AccountIsWhiteLabel: account.isWhiteLabel,
    AccountMenuLogoIsSet: account.hasMenuLogo,
    AccountMenuLogoStyle: account.menuLogoStyle,
    AccountMenuDisplayTitleType: account.menuTitleType,
    AccountMenuTitle: account.menuTitle,
    AccountTwoFactorAuthenticationPolicy: account.twoFactorPolicy,
    AuthenticationProtocol: AUTHENTICATION_PROTOCOL,
    InterfacePreferences: storedInterfacePreferences(user.interfacePreferences),
    HomePageType: user.homePageType,
    HomePageRedirectionMenu: user.homePageRedirectionMenu,
    ...flags,
  };
}

/** The whole LoggedInConfig response. */
export async function loggedInConfig(context: UpstreamContext, caller: Caller) {
  const configFlags = Object.fromEntries(
    CONFIG_NAME_FEATURES.map((f) => [f.configName, availability(caller, f.id)]),
  );
  const announcement = await context.store.announcements.current(context.now());
  const showLoginAnnouncement =
    announcement !== undefined &&
    caller.impersonator === null &&
    !(await context.store.announcements.seen(caller.account.recId, caller.user.recId, announcement.recId));
  return {
    User: sessionUser(caller),
    ...configFlags,
    ShowLoginAnnouncement: showLoginAnnouncement,
    // §4.2: the runtime compares this with its own version to raise the new-version flag.
    DesktopVersion: UPSTREAM_VERSION,
  };
}
