/**
 * Schedule settings and alert settings (§2.5; schedule settings opened from the
 * §4.3 schedule notifications): the automation of one schedule or alert — when
 * it runs, what it does, who is told — read from and saved to
 * Schedules|Alerts/{id}/Settings as JSON (the upstream validates each field and
 * its errors show in the banner, §8). A schedule can also be run now. An alert
 * settings dialog opened without recId creates the alert first (object settings).
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { apiRequest } from "../../http/api-client.ts";
import { useApi, useSubmit } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { type AutomationKind, editableSettings, settingsBodyFrom } from "./automation-settings.ts";
import { AlertObjectSettingsDialog } from "./object-settings-dialog.tsx";

type Settings = Record<string, unknown> & { Configured?: boolean; NextRunAt?: string | null };

const PATHS: Record<AutomationKind, string> = { schedule: "Schedules", alert: "Alerts" };
const NAME_FIELDS: Record<AutomationKind, string> = { schedule: "ScheduleName", alert: "AlertName" };

function SettingsForm(props: {
  kind: AutomationKind;
  recId: number;
  settings: Settings;
  close: DialogProps["close"];
}) {
  const { kind, recId, settings, close } = props;
  const { t, i18n } = useTranslation();
  const formId = useId();
  const [text, setText] = useState(JSON.stringify(editableSettings(kind, settings), null, 2));
  const field = useRef<FieldHandle>(null);
  const { busy, submit } = useSubmit();
  const path = `${PATHS[kind]}/${recId}`;
  const validator = (value: string) => {
    const parsed = settingsBodyFrom(kind, value);
    return parsed.ok ? null : parsed.errorKey;
  };
  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const parsed = settingsBodyFrom(kind, text);
    if (!(field.current?.validate() ?? false) || !parsed.ok) return;
    const saved = await submit(() =>
      apiRequest<Settings>(`${path}/Settings`, { method: "PUT", body: parsed.body }),
    );
    if (!saved) return;
    showBanner({
      kind: "success",
      textKey: "ObjectSettings_Saved",
      params: { name: String(saved[NAME_FIELDS[kind]]) },
    });
    close(saved);
  };
  const runNow = async () => {
    const started = await submit(() => apiRequest(`${path}/Run`, { method: "POST" }));
    if (started !== undefined) showBanner({ kind: "success", textKey: "Automation_RunStarted" });
  };
  return (
    <DialogFrame
      size="l"
      title={String(settings[NAME_FIELDS[kind]] ?? "") || undefined}
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" form={formId} busy={busy}>
            {t("Dialog_Save")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate>
        <p className="dialog-note">
          {settings.Configured
            ? settings.NextRunAt
              ? t("Automation_NextRun", { date: new Date(settings.NextRunAt).toLocaleString(i18n.language) })
              : t("Automation_NotScheduled")
            : t("Automation_NotConfigured")}
        </p>
        <TextField
          ref={field}
          uid="Automation_Settings"
          label={t("Automation_Settings")}
          help={t(kind === "schedule" ? "Automation_ScheduleHelp" : "Automation_AlertHelp")}
          value={text}
          onChange={setText}
          multiline
          rows={14}
          monospace
          validators={[validator]}
        />
        {kind === "schedule" && settings.Configured ? (
          <div>
            <button type="button" className="kit-button" onClick={runNow} disabled={busy}>
              {t("Automation_RunNow")}
            </button>
          </div>
        ) : null}
      </form>
    </DialogFrame>
  );
}

function automationDialog(kind: AutomationKind) {
  return function AutomationSettingsDialog({ entry, close }: DialogProps) {
    const recId = entry.params.recId as number;
    const { state } = useApi<Settings>(`${PATHS[kind]}/${recId}/Settings`, { quietNotFound: true });
    if (state.status !== "ready") {
      return (
        <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
          <LoadState state={state} />
        </DialogFrame>
      );
    }
    return <SettingsForm kind={kind} recId={recId} settings={state.data} close={close} />;
  };
}

/** Schedule settings (recId). */
export const ScheduleSettingsDialog = automationDialog("schedule");
const AlertAutomationDialog = automationDialog("alert");

/** Alert settings: the automation of an alert, or a new alert when opened without recId. */
export function AlertSettingsDialog(props: DialogProps) {
  return typeof props.entry.params.recId === "number" ? (
    <AlertAutomationDialog {...props} />
  ) : (
    <AlertObjectSettingsDialog {...props} />
  );
}
