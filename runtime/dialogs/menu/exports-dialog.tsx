/**
 * Exports (§2.5 user menu; §6: needs Exports): the user's exports, newest
 * first (GET Exports), each with its status; a finished, unexpired export
 * downloads through {webservices}/File/Export/{FileUID} (§7), a failed one
 * shows its message, and an export's task opens in the task log viewer.
 */
import { useTranslation } from "react-i18next";
import { useApi } from "../../http/use-api.ts";
import { DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { hasDialog, openDialog } from "../open-dialog.ts";
import { EXPORTS_PAGE_SIZE, type ExportItem, exportAction, exportDownloadUrl } from "./export-action.ts";

export function ExportsDialog(_props: DialogProps) {
  const { t, i18n } = useTranslation();
  const { state, reload } = useApi<{ items: ExportItem[]; total: number }>(
    `Exports?page=1&pageSize=${EXPORTS_PAGE_SIZE}`,
    { quietNotFound: true },
  );
  const items = state.status === "ready" ? state.data.items : [];
  const refresh = (
    <button type="button" className="kit-button" onClick={reload}>
      {t("Exports_Refresh")}
    </button>
  );
  return (
    <DialogFrame size="l" headerActions={refresh} footer={<DialogCloseButton labelKey="Dialog_Close" />}>
      <LoadState state={state} />
      {state.status === "ready" && items.length === 0 ? <p>{t("Exports_Empty")}</p> : null}
      {items.length > 0 ? (
        <ul className="dialog-list" aria-label={t("DialogTitle_Exports")}>
          {items.map((item) => {
            const action = exportAction(item);
            return (
              <li key={item.RecId}>
                <span className="dialog-list__main">
                  {item.ExportName}
                  <br />
                  <span className="dialog-note">
                    {t(`Exports_Status_${item.Status}`, { defaultValue: item.Status })} ·{" "}
                    {new Date(item.CreatedAt).toLocaleString(i18n.language)}
                    {item.Message ? ` · ${item.Message}` : ""}
                  </span>
                </span>
                {action === "download" && item.FileUID ? (
                  <a className="kit-button" href={exportDownloadUrl(item.FileUID)} download>
                    {t("Action_Download")}
                  </a>
                ) : null}
                {action === "expired" ? <span className="dialog-note">{t("Exports_Expired")}</span> : null}
                {action === "taskLog" && hasDialog("taskLogViewer") ? (
                  <button
                    type="button"
                    className="kit-button"
                    onClick={() => openDialog("taskLogViewer", { recId: item.TaskRecId })}
                  >
                    {t("Exports_TaskLog")}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </DialogFrame>
  );
}
