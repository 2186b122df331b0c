/**
 * Registry dialogs whose service this product's upstream does not have: ask-AI
 * (no AI service is configured), the dashboard tracking table (no usage
 * tracking is recorded), the schema migration (no migration service) and the
 * export settings (exports are not configurable here). Each says so plainly and
 * offers nothing that would pretend to work.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";

function unavailable(textKey: string) {
  return function UnavailableDialog(_props: DialogProps) {
    const { t } = useTranslation();
    const textId = useId();
    return (
      <DialogFrame size="s" describedBy={textId} footer={<DialogCloseButton labelKey="Dialog_Close" />}>
        <p id={textId}>{t(textKey)}</p>
      </DialogFrame>
    );
  };
}

export const DashboardAskAiDialog = unavailable("AskAi_NotConfigured");
export const DashboardTrackingTableDialog = unavailable("TrackingTable_NotAvailable");
export const SchemaMigrationDialog = unavailable("SchemaMigration_NotAvailable");
export const ExportSettingsDialog = unavailable("ExportSettings_NotAvailable");
