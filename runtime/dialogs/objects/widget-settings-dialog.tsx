/**
 * Widget settings (§2.5 registry: chart, table and text widgets): a widget of
 * a dashboard lives in the dashboard's definition, `Properties.Widgets`
 * entries `{ Id, Type, Properties }`; its properties are edited as JSON and
 * saved with the dashboard through the Content API.
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
import { type LibraryObject, objectPath } from "./object-api.ts";
import { parsePropertiesText, propertiesToText, propertiesValidator } from "./properties-json.ts";
import { findWidget, type WidgetEntry, withWidgetProperties } from "./widgets.ts";

function WidgetForm(props: { dashboard: LibraryObject; widget: WidgetEntry; close: DialogProps["close"] }) {
  const { dashboard, widget, close } = props;
  const { t } = useTranslation();
  const formId = useId();
  const [text, setText] = useState(propertiesToText(widget.Properties));
  const field = useRef<FieldHandle>(null);
  const { busy, submit } = useSubmit();
  const readOnly = dashboard.CanChange === false;
  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const parsed = parsePropertiesText(text, widget.Properties);
    if (!(field.current?.validate() ?? false) || !parsed.ok) return;
    const Properties = withWidgetProperties(dashboard.Properties ?? {}, widget.Id, parsed.value);
    const saved = await submit(() =>
      apiRequest<LibraryObject>(objectPath("Dashboards", dashboard.RecId), {
        method: "PUT",
        body: { Properties },
      }),
    );
    if (!saved) return;
    showBanner({ kind: "success", textKey: "ObjectSettings_Saved", params: { name: saved.Name } });
    close(parsed.value);
  };
  return (
    <DialogFrame
      size="l"
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" form={formId} busy={busy} disabled={readOnly}>
            {t("Dialog_Save")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate>
        <p>{t("WidgetSettings_Of", { dashboard: dashboard.Name, widget: widget.Id })}</p>
        <TextField
          ref={field}
          uid="WidgetSettings_Properties"
          label={t("ObjectSettings_Properties")}
          value={text}
          onChange={setText}
          multiline
          rows={12}
          monospace
          validators={[propertiesValidator]}
          disabled={readOnly}
        />
      </form>
    </DialogFrame>
  );
}

function widgetDialog(type: string) {
  return function WidgetSettingsDialog({ entry, close }: DialogProps) {
    const { t } = useTranslation();
    const recId = entry.params.dashboardRecId as number;
    const widgetId = String(entry.params.widgetId);
    const { state } = useApi<LibraryObject>(objectPath("Dashboards", recId), { quietNotFound: true });
    const widget = state.status === "ready" ? findWidget(state.data.Properties, widgetId, type) : null;
    if (state.status === "ready" && widget)
      return <WidgetForm dashboard={state.data} widget={widget} close={close} />;
    return (
      <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
        <LoadState state={state} />
        {state.status === "ready" ? (
          <p role="alert">{t("WidgetSettings_NotFound", { widget: widgetId, dashboard: state.data.Name })}</p>
        ) : null}
      </DialogFrame>
    );
  };
}

export const ChartWidgetSettingsDialog = widgetDialog("Chart");
export const TableWidgetSettingsDialog = widgetDialog("Table");
export const TextWidgetSettingsDialog = widgetDialog("Text");
