/**
 * The console's top bar (§4.4 staff side): the chat service's open switch — members see the closed
 * notice at once, the upstream pushes the change to them — and the desktop notifications of new
 * chats, whose permission is asked for only on that button's click. §6: both are disabled without
 * Write (a member of staff who cannot take a chat has nothing to be called to).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showErrorBanner } from "../../content/content-feedback.ts";
import type { NoticePermission } from "./desktop-notice.ts";

/** The Notification API's permission in this browser, or "unsupported" without the API. */
export function noticePermission(): NoticePermission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Props of ConsoleToolbar. */
export interface ConsoleToolbarProps {
  serviceOpen: boolean | null;
  canAct: boolean;
  onServiceOpen: (open: boolean) => Promise<void>;
  notices: boolean;
  onNotices: (on: boolean) => void;
}

/** The switch and the notifications button. */
export function ConsoleToolbar(props: ConsoleToolbarProps) {
  const { t } = useTranslation();
  const stateId = useId();
  const [switching, setSwitching] = useState(false);
  const [permission, setPermission] = useState(noticePermission);

  const toggleService = async (open: boolean) => {
    setSwitching(true);
    try {
      await props.onServiceOpen(open);
    } catch (error) {
      showErrorBanner(error);
    } finally {
      setSwitching(false);
    }
  };
  const toggleNotices = async () => {
    if (props.notices) {
      props.onNotices(false);
      return;
    }
    // Asked only here, on the agent's click: a browser refuses (or remembers a refusal of) a prompt
    // no gesture asked for.
    const answer = permission === "default" ? await Notification.requestPermission() : permission;
    setPermission(answer as NoticePermission);
    if (answer === "granted") props.onNotices(true);
  };

  const stateText =
    props.serviceOpen === null
      ? t("SupportConsole_ServiceUnknown")
      : t(props.serviceOpen ? "SupportConsole_ServiceOpen" : "SupportConsole_ServiceClosed");
  return (
    <div className="support-toolbar">
      <div className="support-toolbar__service">
        <label className="support-switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={props.serviceOpen === true}
            className="support-switch__input"
            checked={props.serviceOpen === true}
            disabled={!props.canAct || props.serviceOpen === null || switching}
            aria-describedby={stateId}
            onChange={(event) => void toggleService(event.target.checked)}
          />
          <span className="support-switch__track" aria-hidden="true" />
          <span className="support-switch__label">{t("SupportConsole_ServiceSwitch")}</span>
        </label>
        <span id={stateId} className="support-toolbar__state">
          {stateText}
        </span>
      </div>
      {permission === "unsupported" ? null : (
        <div className="support-toolbar__notices">
          <button
            type="button"
            className="kit-button"
            aria-pressed={props.notices}
            disabled={!props.canAct || permission === "denied"}
            onClick={() => void toggleNotices()}
          >
            {t(props.notices ? "SupportConsole_NotifyOn" : "SupportConsole_Notify")}
          </button>
          {permission === "denied" ? (
            <span className="support-toolbar__state">{t("SupportConsole_NotifyBlocked")}</span>
          ) : null}
        </div>
      )}
    </div>
  );
}
