/**
 * The login announcement (§4.2: opens after login when ShowLoginAnnouncement
 * is set): GET Common/LoginAnnouncement shows it, and closing it records it as
 * seen (POST Common/LoginAnnouncement/{recId}/Seen) so it does not come back.
 */
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../http/api-client.ts";
import { reportError } from "../../http/report-error.ts";
import { useApi } from "../../http/use-api.ts";
import { DialogButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";

/** The announcement as the upstream sends it. */
interface Announcement {
  RecId: number;
  Title: string;
  Body: string;
}

/** The login announcement dialog (a built-in dialog, not a registry entry). */
export function LoginAnnouncementDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  const { state } = useApi<Announcement>("Common/LoginAnnouncement", { quietNotFound: true });
  const shown = useRef<number | null>(null);
  if (state.status === "ready") shown.current = state.data.RecId;

  useEffect(
    () => () => {
      const recId = shown.current;
      if (recId === null) return;
      apiRequest(`Common/LoginAnnouncement/${recId}/Seen`, { method: "POST" }).catch(reportError);
    },
    [],
  );

  return (
    <DialogFrame
      title={state.status === "ready" ? state.data.Title : t("Announcement_Title")}
      describedBy={bodyId}
      footer={
        <DialogButton variant="primary" onClick={() => close()}>
          {t("Announcement_Dismiss")}
        </DialogButton>
      }
    >
      <LoadState state={state} notFoundKey="Announcement_None" />
      {state.status === "ready" ? (
        <p id={bodyId} className="dialog-mono-free">
          {state.data.Body}
        </p>
      ) : null}
    </DialogFrame>
  );
}
