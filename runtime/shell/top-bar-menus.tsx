/**
 * The help menu and the user menu of the top menu bar (§2.5, §4.2, §6), built
 * from the menus manifest. Entries whose action this page cannot carry out (a
 * dialog or stop-impersonation handler nobody provided) are left out.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MenuConditionInput } from "../../core/menus/conditions.ts";
import type { DropdownMenuEntry, DropdownMenu as DropdownMenuManifest } from "../../schemas/menus.ts";
import { UNKNOWN_FAILURE_KEY } from "../http/api-error.ts";
import { switchLanguage } from "../i18n/i18n.ts";
import { languageCookieName, otherImpersonationLanguage } from "../i18n/language-cookie.ts";
import { showBanner } from "../state/banner-store.ts";
import { useManifest } from "../state/manifest-context.tsx";
import { userAvatarUrl } from "./branding.ts";
import { type DropdownItem, DropdownMenu } from "./dropdown-menu.tsx";
import { externalPageUrl, visibleDropdownMenu } from "./dropdown-menu-model.ts";
import { ChevronDownIcon, HelpIcon, UserIcon } from "./shell-icons.tsx";
import type { ShellUser } from "./shell-user.ts";

/** A menu dialog of §2.5 (My Settings, Exports, New Support Ticket, Welcome, rating). */
export type MenuDialogId = NonNullable<DropdownMenuEntry["dialog"]>;

/** What the page can do for menu entries; absent handlers leave their entries out. */
export interface MenuHandlers {
  openDialog?: (dialog: MenuDialogId) => void;
  /** §7 v2/User/StopImpersonate through the gateway, then the session reloads. */
  stopImpersonation?: () => Promise<void>;
}

const genericError = () => showBanner({ kind: "error", textKey: UNKNOWN_FAILURE_KEY });

/** The items of a dropdown menu for this user, or null when the menu is hidden. */
function useItems(
  menu: DropdownMenuManifest,
  input: MenuConditionInput,
  user: ShellUser,
  handlers: MenuHandlers,
): DropdownItem[] | null {
  const { t, i18n } = useTranslation();
  const { shell } = useManifest();
  const nativeName = (code: string) =>
    shell.languages.available.find((l) => l.code === code)?.nativeName ?? code;
  const supported = (entry: DropdownMenuEntry) => {
    if (entry.dialog) return handlers.openDialog !== undefined;
    if (entry.action === "stopImpersonation") return handlers.stopImpersonation !== undefined;
    if (entry.action === "switchLanguage") return user.impersonatorLanguageCode !== null;
    return true;
  };
  const visible = visibleDropdownMenu(menu, input, supported);
  if (!visible) return null;
  return visible.map(({ entry, separatorBefore }): DropdownItem => {
    const base = { id: entry.id, separatorBefore, label: t(entry.textKey) };
    if (entry.link) return { ...base, target: { href: entry.link, external: false } };
    if (entry.external) {
      return {
        ...base,
        target: { href: externalPageUrl(shell.externalSites, entry.external), external: true },
      };
    }
    const { dialog, action } = entry;
    if (dialog) return { ...base, target: { run: () => handlers.openDialog?.(dialog) } };
    if (action === "signOut") return { ...base, target: { href: "/logout", external: false } };
    if (action === "stopImpersonation") {
      return { ...base, target: { run: () => void handlers.stopImpersonation?.().catch(genericError) } };
    }
    // §4.2: switch between the impersonator's and the user's language, in the impersonation cookie.
    const next = otherImpersonationLanguage(i18n.language, user);
    const cookie = languageCookieName(shell.languages, true);
    return {
      ...base,
      label: t(entry.textKey, { language: nativeName(next) }),
      target: { run: () => void switchLanguage(next, cookie).catch(genericError) },
    };
  });
}

/** Props shared by the two menus. */
export interface TopBarMenuProps {
  menu: DropdownMenuManifest;
  input: MenuConditionInput;
  user: ShellUser;
  handlers: MenuHandlers;
}

/** The help menu (§6: shown with ShowHelpLinks or the SupportTickets permission, via the manifest). */
export function HelpMenu({ menu, input, user, handlers }: TopBarMenuProps) {
  const { t } = useTranslation();
  const items = useItems(menu, input, user, handlers);
  if (!items) return null;
  const content = (
    <>
      <HelpIcon />
      <ChevronDownIcon />
    </>
  );
  return <DropdownMenu label={t(menu.titleKey)} buttonContent={content} items={items} />;
}

/** The user menu: avatar and name; impersonation entries per §4.2. */
export function UserMenu({ menu, input, user, handlers }: TopBarMenuProps) {
  const { t } = useTranslation();
  const items = useItems(menu, input, user, handlers);
  if (!items) return null;
  const content = (
    <>
      <Avatar userUID={user.userUID} />
      <span className="shell-user-name">{user.fullName}</span>
      <ChevronDownIcon />
    </>
  );
  const label = t("Shell_UserMenuButton", { name: user.fullName, menu: t(menu.titleKey) });
  return <DropdownMenu label={label} buttonContent={content} items={items} className="shell-user-menu" />;
}

/** §7 avatar; a person icon when the image cannot be loaded. */
function Avatar({ userUID }: { userUID: string }) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  if (failedFor === userUID) return <UserIcon />;
  return (
    <img className="shell-avatar" src={userAvatarUrl(userUID)} alt="" onError={() => setFailedFor(userUID)} />
  );
}
