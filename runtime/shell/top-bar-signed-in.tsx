/**
 * The signed-in parts of the top menu bar (§2.5): the navigation panel and admin menu buttons,
 * the help menu, the notifications and support chat slots, the impersonation badge (§4.2) and
 * the user menu. Loaded only once a user is signed in: the sign-in page never needs it.
 */
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AccessProfile } from "../../core/access/access-profile.ts";
import { visibleAdminMenu, visibleMainMenu } from "../../core/menus/menu-links.ts";
import type { MenusManifest } from "../../schemas/menus.ts";
import { whenAppReady } from "../boot/app-ready.ts";
import {
  ADMIN_MENU_COLUMNS,
  ADMIN_MENU_MAX_WIDTH_PX,
  MENU_COLUMNS,
  MENU_DROPDOWN_WIDTH_PX,
} from "../state/constants.ts";
import { useManifest } from "../state/manifest-context.tsx";
import { groupColumns } from "./menu-layout.ts";
import { NavigationPanel } from "./navigation-panel.tsx";
import type { ShellChrome } from "./shell-chrome.ts";
import { AdminIcon, MenuIcon } from "./shell-icons.tsx";
import { conditionInputFor, type ShellUser } from "./shell-user.ts";
import { HelpMenu, type MenuHandlers, UserMenu } from "./top-bar-menus.tsx";

/** The bell and the chat load after the first screen rendered: it never waits for them. */
const NotificationsSlot = lazy(() =>
  whenAppReady().then(() => import("./top-bar-slots.tsx").then((m) => ({ default: m.NotificationsSlot }))),
);
const SupportChatSlot = lazy(() =>
  whenAppReady().then(() => import("./top-bar-slots.tsx").then((m) => ({ default: m.SupportChatSlot }))),
);

/** Props: which parts show, the signed-in user, profile and menus, the menu handlers. */
export interface SignedInTopBarProps {
  chrome: ShellChrome;
  user: ShellUser;
  profile: AccessProfile;
  menus: MenusManifest;
  handlers: MenuHandlers;
}

function useMenuInput({ user, profile, menus }: SignedInTopBarProps) {
  const { shell } = useManifest();
  return useMemo(() => conditionInputFor(profile, user, shell, menus), [user, profile, shell, menus]);
}

/** The menu buttons before the brand: the navigation panel and the admin menu. */
export function SignedInTopBarStart(props: SignedInTopBarProps) {
  const { chrome, menus } = props;
  const input = useMenuInput(props);
  const mainColumns = useMemo(
    () => (chrome.navigationPanel ? groupColumns(visibleMainMenu(menus.main, input), MENU_COLUMNS) : []),
    [input, menus, chrome.navigationPanel],
  );
  const adminColumns = useMemo(
    () => (chrome.adminMenu ? groupColumns(visibleAdminMenu(menus.admin, input), ADMIN_MENU_COLUMNS) : []),
    [input, menus, chrome.adminMenu],
  );
  return (
    <>
      {mainColumns.length > 0 ? (
        <NavigationPanel
          labelKey={menus.main.titleKey}
          icon={<MenuIcon />}
          columns={mainColumns}
          fullWidth={MENU_DROPDOWN_WIDTH_PX}
          maxColumns={MENU_COLUMNS}
        />
      ) : null}
      {adminColumns.length > 0 ? (
        <NavigationPanel
          labelKey={menus.admin.titleKey}
          icon={<AdminIcon />}
          columns={adminColumns}
          fullWidth={ADMIN_MENU_MAX_WIDTH_PX}
          maxColumns={ADMIN_MENU_COLUMNS}
        />
      ) : null}
    </>
  );
}

/** The end of the bar: help menu, notifications, support chat, impersonation badge, user menu. */
export function SignedInTopBarEnd(props: SignedInTopBarProps) {
  const { t } = useTranslation();
  const { chrome, user, menus, handlers } = props;
  const input = useMenuInput(props);
  return (
    <div className="shell-top-bar__end">
      {chrome.helpMenu ? <HelpMenu menu={menus.help} input={input} user={user} handlers={handlers} /> : null}
      <Suspense fallback={null}>
        {chrome.notifications ? <NotificationsSlot /> : null}
        {chrome.supportChat ? <SupportChatSlot /> : null}
      </Suspense>
      {user.impersonating ? (
        <span className="shell-badge shell-badge--impersonation">{t("Shell_ImpersonationBadge")}</span>
      ) : null}
      {chrome.userMenu ? <UserMenu menu={menus.user} input={input} user={user} handlers={handlers} /> : null}
    </div>
  );
}
