/**
 * One entry of the notification dropdown (§3 Notification (as displayed)): source name with the
 * author's avatar or the code's icon, the sanitised description, the date, the thumbnail, the
 * success/failure styling and the link, carried out as §4.3 says.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DisplayedNotification } from "../../schemas/notifications.ts";
import { Icon } from "../components/icon-picker/icon.tsx";
import { useManifest } from "../state/manifest-context.tsx";
import { sanitizeNotificationHtml } from "./notification-html.ts";
import {
  notificationDialogOpener,
  notificationLinkTarget,
  sourcePictureUrl,
  thumbnailUrl,
} from "./notification-link.ts";

/** Props: the formatted entry, its place in the list, whether it is new, and how to close the dropdown. */
export interface NotificationItemProps {
  entry: DisplayedNotification;
  position: number;
  total: number;
  isNew: boolean;
  formatDate: (date: string) => string;
  onDone: () => void;
}

function EntryLink({ entry, onDone }: { entry: DisplayedNotification; onDone: () => void }) {
  const { dialogs } = useManifest();
  const opener = notificationDialogOpener();
  // The user's registry holds only the dialogs they may open (the gateway filtered it, DESIGN.md §3).
  const canOpen = (id: string) =>
    opener !== null && (dialogs?.dialogs.some((dialog) => dialog.id === id) ?? false);
  const target = entry.link ? notificationLinkTarget(entry.link, canOpen) : null;
  if (!target || !entry.linkText) return null;
  switch (target.kind) {
    case "route":
      return (
        <Link className="notif-item__link" to={target.to} onClick={onDone}>
          {entry.linkText}
        </Link>
      );
    case "dialog":
      return (
        <button
          type="button"
          className="notif-item__link"
          onClick={() => {
            onDone();
            opener?.(target.dialogId, target.params);
          }}
        >
          {entry.linkText}
        </button>
      );
    case "download":
      return (
        <a className="notif-item__link" href={target.href} download>
          {entry.linkText}
        </a>
      );
    case "invoice":
      return (
        <a className="notif-item__link" href={target.href} target="_blank" rel="noopener noreferrer">
          {entry.linkText}
        </a>
      );
  }
}

/** The status words read out with the entry (the colour alone says nothing to everyone). */
const STATUS_KEYS = {
  success: "Notifications_StatusSuccess",
  failure: "Notifications_StatusFailure",
  warning: "Notifications_StatusWarning",
  info: null,
} as const;

/** A list item of the notification list. */
export function NotificationItem({
  entry,
  position,
  total,
  isNew,
  formatDate,
  onDone,
}: NotificationItemProps) {
  const { t } = useTranslation();
  const [pictureFailed, setPictureFailed] = useState(false);
  const picture = pictureFailed ? null : sourcePictureUrl(entry);
  const thumbnail = thumbnailUrl(entry);
  const statusKey = STATUS_KEYS[entry.status];
  const classes = [
    "notif-item",
    `notif-item--${entry.status}`,
    entry.isSuccess ? "notif-item--is-success" : "",
    entry.isFailure ? "notif-item--is-failure" : "",
    isNew ? "notif-item--new" : "",
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: the virtual list's rows are divs; an <li> needs a <ul> parent
    <div
      role="listitem"
      aria-setsize={total}
      aria-posinset={position}
      className={classes.filter(Boolean).join(" ")}
      data-code={entry.code}
    >
      {picture ? (
        <div className="notif-item__media" aria-hidden="true">
          <img className="notif-item__avatar" src={picture} alt="" onError={() => setPictureFailed(true)} />
        </div>
      ) : null}
      <div className="notif-item__body">
        <div className="notif-item__meta">
          {isNew ? <span className="notif-item__new">{t("Notifications_New")}</span> : null}
          {picture ? null : <Icon name={entry.sourceIcon} className="notif-item__icon" />}
          {entry.rawHtml.sourceName ? (
            <span
              className="notif-item__source"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (§4.3 Custom title)
              dangerouslySetInnerHTML={{ __html: sanitizeNotificationHtml(entry.sourceName) }}
            />
          ) : (
            <span className="notif-item__source">{entry.sourceName}</span>
          )}
        </div>
        {statusKey ? <span className="visually-hidden">{t(statusKey)}</span> : null}
        <p
          className="notif-item__text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (descriptions are HTML, §4.3)
          dangerouslySetInnerHTML={{ __html: sanitizeNotificationHtml(entry.description) }}
        />
        <div className="notif-item__footer">
          <time className="notif-item__date" dateTime={entry.date}>
            {formatDate(entry.date)}
          </time>
          <EntryLink entry={entry} onDone={onDone} />
        </div>
      </div>
      {thumbnail ? <img className="notif-item__thumb" src={thumbnail} alt="" /> : null}
    </div>
  );
}
