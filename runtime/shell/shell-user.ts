/**
 * The part of the User session (§3) the shell shows: name, avatar, account
 * branding, language and the values menu conditions read. The gateway session
 * provides the User; until then `shellUser` is null and the shell is signed out.
 */

import type { AccessProfile } from "../../core/access/access-profile.ts";
import type { MenuConditionInput, MenuConditionSession } from "../../core/menus/conditions.ts";
import type { MenusManifest } from "../../schemas/menus.ts";
import type { UserSession } from "../../schemas/payloads/user-session.ts";
import type { ShellManifest } from "../../schemas/shell.ts";
import { isLanguage, type Language } from "../i18n/i18n.ts";
import type { AccountBranding } from "./branding.ts";

/** What the top menu bar knows about the signed-in user. */
export interface ShellUser {
  fullName: string;
  email: string;
  userUID: string;
  languageCode: Language;
  /** The impersonating administrator's language (§4.2); null when not impersonating. */
  impersonatorLanguageCode: Language | null;
  impersonating: boolean;
  account: AccountBranding;
  /** Session values of the menu condition atoms (core/menus/conditions.ts). */
  conditions: MenuConditionSession;
}

/** Maps the User session (§3) to the shell's view of it. */
export function shellUserFromSession(user: UserSession): ShellUser {
  const impersonator = user.ImpersonatorLanguageCode;
  return {
    fullName: user.FullName,
    email: user.Email,
    userUID: user.UserUID,
    languageCode: user.LanguageCode,
    impersonatorLanguageCode: user.Impersonating && isLanguage(impersonator) ? impersonator : null,
    impersonating: user.Impersonating,
    account: {
      accountName: user.AccountName,
      logoUID: user.AccountLogoUID,
      isWhiteLabel: user.AccountIsWhiteLabel,
      menuLogoIsSet: user.AccountMenuLogoIsSet,
      menuLogoStyle: user.AccountMenuLogoStyle,
      menuDisplayTitleType: user.AccountMenuDisplayTitleType,
      menuTitle: user.AccountMenuTitle,
    },
    conditions: {
      flags: {
        ShowHelpLinks: user.ShowHelpLinks,
        IsAdmin: user.IsAdmin,
        MustSetup2FA: user.MustSetup2FA,
        AccountIsWhiteLabel: user.AccountIsWhiteLabel,
        AccountMenuLogoIsSet: user.AccountMenuLogoIsSet,
      },
      twoFactorPolicy: user.AccountTwoFactorAuthenticationPolicy,
      authenticationProtocol: user.AuthenticationProtocol,
      impersonating: user.Impersonating,
    },
  };
}

/** The input of the menu conditions for this user (core/menus/conditions.ts). */
export function conditionInputFor(
  profile: AccessProfile,
  user: ShellUser,
  shell: Pick<ShellManifest, "videoTutorials" | "signupAllowed">,
  menus: Pick<MenusManifest, "sessionValues">,
): MenuConditionInput {
  return {
    profile,
    session: user.conditions,
    shellFlags: { videoTutorials: shell.videoTutorials, signupAllowed: shell.signupAllowed },
    sessionValues: menus.sessionValues,
  };
}
