/**
 * The top menu bar (§2.5): navigation panel and admin menu buttons, the account
 * logo and title, the help menu, the notifications and support chat slots, the
 * impersonation badge (§4.2) and the user menu. Signed out, only the brand shows.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AccessProfile } from "../access/access-profile.ts";
import { visibleAdminMenu, visibleMainMenu } from "../access/menu-conditions.ts";
import {
  ADMIN_MENU_COLUMNS,
  ADMIN_MENU_MAX_WIDTH_PX,
  MENU_COLUMNS,
  MENU_DROPDOWN_WIDTH_PX,
} from "../boot/constants.ts";
import { useManifest } from "../boot/manifest-context.tsx";
import { Brand } from "./brand.tsx";
import { groupColumns } from "./menu-layout.ts";
import { NavigationPanel } from "./navigation-panel.tsx";
import type { ShellChrome } from "./shell-chrome.ts";
import { AdminIcon, MenuIcon } from "./shell-icons.tsx";
import { conditionInputFor, type ShellUser } from "./shell-user.ts";
import { HelpMenu, type MenuHandlers, UserMenu } from "./top-bar-menus.tsx";
import { NotificationsSlot, SupportChatSlot } from "./top-bar-slots.tsx";

/** Props: which parts show, the signed-in user and profile (null when signed out), the menu handlers. */
export interface TopBarProps {
  chrome: ShellChrome;
  user: ShellUser | null;
  profile: AccessProfile | null;
  handlers: MenuHandlers;
}

/** The banner landmark of the page. */
export function TopBar({ chrome, user, profile, handlers }: TopBarProps) {
  const { t } = useTranslation();
  const { shell, menus } = useManifest();
  const input = useMemo(
    () => (user && profile && menus ? conditionInputFor(profile, user, shell, menus) : null),
    [user, profile, shell, menus],
  );
  const mainColumns = useMemo(
    () =>
      input && menus && chrome.navigationPanel
        ? groupColumns(visibleMainMenu(menus.main, input), MENU_COLUMNS)
        : [],
    [input, menus, chrome.navigationPanel],
  );
  const adminColumns = useMemo(
    () =>
      input && menus && chrome.adminMenu
        ? groupColumns(visibleAdminMenu(menus.admin, input), ADMIN_MENU_COLUMNS)
        : [],
    [input, menus, chrome.adminMenu],
  );
  const signedIn = input !== null && user !== null && menus !== null;
  return (
    <header className="shell-top-bar">
      <div className="shell-top-bar__start">
        {signedIn && mainColumns.length > 0 ? (
          <NavigationPanel
            labelKey={menus.main.titleKey}
            icon={<MenuIcon />}
            columns={mainColumns}
            fullWidth={MENU_DROPDOWN_WIDTH_PX}
            maxColumns={MENU_COLUMNS}
          />
        ) : null}
        {signedIn && adminColumns.length > 0 ? (
          <NavigationPanel
            labelKey={menus.admin.titleKey}
            icon={<AdminIcon />}
            columns={adminColumns}
            fullWidth={ADMIN_MENU_MAX_WIDTH_PX}
            maxColumns={ADMIN_MENU_COLUMNS}
          />
        ) : null}
        <Brand shell={shell} account={user?.account ?? null} />
      </div>
      {signedIn ? (
        <div className="shell-top-bar__end">
          {chrome.helpMenu ? (
            <HelpMenu menu={menus.help} input={input} user={user} handlers={handlers} />
          ) : null}
          {chrome.notifications ? <NotificationsSlot /> : null}
          {chrome.supportChat ? <SupportChatSlot /> : null}
          {user.impersonating ? (
            <span className="shell-badge shell-badge--impersonation">{t("Shell_ImpersonationBadge")}</span>
          ) : null}
          {chrome.userMenu ? (
            <UserMenu menu={menus.user} input={input} user={user} handlers={handlers} />
          ) : null}
        </div>
      ) : null}
    </header>
  );
}
