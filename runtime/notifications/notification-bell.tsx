/**
 * The bell of the top menu bar (§2.5, §4.3): its name carries the unread count, a badge shows it,
 * and it opens the notification dropdown (NOTIFICATION_DROPDOWN_WIDTH_PX wide, §9). Opening marks the
 * new entries read; the dropdown's content loads lazily.
 */
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Dropdown } from "../components/popover/dropdown.tsx";
import { NOTIFICATION_DROPDOWN_WIDTH_PX } from "../state/constants.ts";
import { useStore } from "../state/create-store.ts";
import { unreadCount } from "./notifications-state.ts";
import {
  closeNotifications,
  notificationsStore,
  openNotifications,
  startNotifications,
} from "./notifications-store.ts";
import "./notifications.css";

const NotificationsPanel = lazy(() => import("./notifications-panel.tsx"));

/** The largest count the badge spells out. */
const BADGE_MAX = 99;

function BellIcon() {
  return (
    <svg
      className="shell-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The notifications button and dropdown. */
export function NotificationBell() {
  const { t } = useTranslation();
  useEffect(() => startNotifications(), []);
  const count = useStore(notificationsStore, unreadCount);
  const open = useStore(notificationsStore, (s) => s.open);
  const label = count > 0 ? t("Notifications_ButtonUnread", { count }) : t("Notifications_Button");
  return (
    <>
      <Dropdown
        open={open}
        onOpenChange={(next) => (next ? void openNotifications() : closeNotifications())}
        trigger={
          <>
            <BellIcon />
            {count > 0 ? (
              <span className="notif-badge" aria-hidden="true">
                {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
              </span>
            ) : null}
          </>
        }
        triggerLabel={label}
        panelLabel={t("Notifications_Title")}
        triggerClassName="shell-icon-button notif-bell"
        width={NOTIFICATION_DROPDOWN_WIDTH_PX}
        placement="bottom-end"
        className="notif-popover"
      >
        {(close) => (
          // One lasting child: the popover re-measures it when the lazy content replaces the fallback.
          <div className="notif-popover__content">
            <Suspense
              fallback={
                <p className="notif-panel__message" role="status">
                  {t("Loading")}
                </p>
              }
            >
              <NotificationsPanel close={close} />
            </Suspense>
          </div>
        )}
      </Dropdown>
      {/* New arrivals are announced politely; the button's name carries the count too. */}
      <span className="visually-hidden" aria-live="polite">
        {count > 0 && !open ? t("Notifications_UnreadStatus", { count }) : ""}
      </span>
    </>
  );
}
