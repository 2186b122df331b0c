/**
 * The content of the notification dropdown (§4.3): a heading with clear-all, then the list rendered
 * through the manifest templates in the kit's virtual list (§9 buffer and throttle), so 10,000
 * entries cost what a screenful does. Entries are formatted when their row is rendered, once.
 * Loaded lazily with DOMPurify when the dropdown first opens.
 */
import { useCallback, useId, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationsManifest } from "../../schemas/notifications.ts";
import type { NotificationRecord } from "../../schemas/payloads/notification-record.ts";
import { VirtualList } from "../components/virtual-list/virtual-list.tsx";
import { sessionStore } from "../session/session-store.ts";
import { useStore } from "../state/create-store.ts";
import { useManifest } from "../state/manifest-context.tsx";
import {
  type DisplayedNotification,
  formatNotification,
  type NotificationTranslate,
} from "./format-notification.ts";
import { NotificationItem } from "./notification-item.tsx";
import { clearNotifications, loadNotifications, notificationsStore } from "./notifications-store.ts";

/** Height of one entry: source line, two lines of description, the link (a fixed height keeps the list virtual). */
export const NOTIFICATION_ROW_HEIGHT_PX = 112;
/** Entries in view before the list scrolls. */
export const NOTIFICATION_VISIBLE_ROWS = 5;

/** The dropdown's date in `language`: medium date, short time; a date that does not parse is shown as sent. */
export function notificationDateFormatter(language: string): (date: string) => string {
  const dates = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  return (date) => {
    const parsed = new Date(date);
    return Number.isNaN(parsed.getTime()) ? date : dates.format(parsed);
  };
}

function useFormatter(manifest: NotificationsManifest | null) {
  const { t, i18n } = useTranslation();
  const isAdmin = useStore(sessionStore, (s) => s.config?.User.IsAdmin === true);
  const language = i18n.language;
  return useMemo(() => {
    const cache = new WeakMap<NotificationRecord, DisplayedNotification>();
    const format = (record: NotificationRecord): DisplayedNotification | null => {
      if (!manifest) return null;
      let entry = cache.get(record);
      if (!entry) {
        entry = formatNotification(record, manifest, { isAdmin, t: t as unknown as NotificationTranslate });
        cache.set(record, entry);
      }
      return entry;
    };
    const formatDate = notificationDateFormatter(language);
    return { format, formatDate };
  }, [manifest, isAdmin, t, language]);
}

/** The dropdown's content; `close` closes the dropdown (after a link was followed). */
export default function NotificationsPanel({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const { notifications } = useManifest();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const { status, records, highlighted } = useStore(notificationsStore);
  const highlightedSet = useMemo(() => new Set(highlighted), [highlighted]);
  const { format, formatDate } = useFormatter(notifications);
  const maxHeight = NOTIFICATION_ROW_HEIGHT_PX * NOTIFICATION_VISIBLE_ROWS;

  const clearAll = useCallback(() => {
    void clearNotifications().then(() => title.current?.focus());
  }, []);

  const renderItem = useCallback(
    (record: NotificationRecord, index: number) => {
      const entry = format(record);
      if (!entry) return null;
      return (
        <NotificationItem
          entry={entry}
          position={index + 1}
          total={records.length}
          isNew={highlightedSet.has(record.RecId)}
          formatDate={formatDate}
          onDone={close}
        />
      );
    },
    [format, formatDate, records.length, highlightedSet, close],
  );

  let body: React.ReactNode;
  if (records.length > 0) {
    body = (
      <VirtualList
        items={records}
        itemHeight={NOTIFICATION_ROW_HEIGHT_PX}
        maxHeight={maxHeight}
        getKey={(record) => record.RecId}
        renderItem={renderItem}
        role="list"
        aria-labelledby={titleId}
        className="notif-panel__list"
      />
    );
  } else if (status === "loading" || status === "idle") {
    body = (
      <p className="notif-panel__message" role="status">
        {t("Loading")}
      </p>
    );
  } else if (status === "error") {
    body = (
      <div className="notif-panel__message">
        <p>{t("Notifications_LoadFailed")}</p>
        <button type="button" className="kit-button" onClick={() => void loadNotifications()}>
          {t("Notifications_Retry")}
        </button>
      </div>
    );
  } else {
    body = <p className="notif-panel__message">{t("Notifications_Empty")}</p>;
  }

  return (
    <div className="notif-panel">
      <div className="notif-panel__header">
        <h2 id={titleId} ref={title} tabIndex={-1} className="notif-panel__title">
          {t("Notifications_Title")}
        </h2>
        {records.length > 0 ? (
          <button type="button" className="kit-button notif-panel__clear" onClick={clearAll}>
            {t("Notifications_ClearAll")}
          </button>
        ) : null}
      </div>
      {body}
    </div>
  );
}
