/**
 * The settings of one widget of the dashboard being edited: a General tab — its title and the
 * form generated from its kind's settingsSchema (@rjsf/core with the kit's widgets and the CSP-safe
 * interpreting validator of runtime/forms/) — and, for kinds with data, a Data tab — the data picker
 * (data-picker.tsx) beside a live preview of the widget drawn from the query it builds (POST
 * Data/Query, after a short pause in typing). Apply hands the title, settings and query back as one
 * step of the editor's history; nothing changes before it. A problem keeps the dialog open, on the
 * tab that shows it.
 */
import type { ErrorSchema, RJSFSchema } from "@rjsf/utils";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FilterSelection, isFilterKind } from "../../../../core/analytics/cross-filter.ts";
import type { WidgetDefinition } from "../../../../schemas/payloads/analytics-content.ts";
import { SINGLE_LINE_TEXT_PATTERN } from "../../../../schemas/text-rules.ts";
import type { WidgetKind } from "../../../../schemas/widgets.ts";
import { TextField } from "../../../components/fields/text-field.tsx";
import { ModalDialog } from "../../../components/modal-dialog/modal-dialog.tsx";
import { createFormValidator } from "../../../forms/form-validator.ts";
import { ThemedForm } from "../../../forms/rjsf-theme.tsx";
import { WidgetView } from "../../../widgets/widget-view.tsx";
import { Tabs } from "../../content/content-tabs.tsx";
import { useResource } from "../../content/use-resource.ts";
import type { WidgetSetup } from "../widget-setup.ts";
import {
  type DataPick,
  emptyPick,
  type MeasureLabeler,
  pickOf,
  pickProblems,
  pickShape,
  queryOf,
  suggestedPick,
} from "./data-pick.ts";
import { DataPicker } from "./data-picker.tsx";
import { type DataSource, loadColumns, loadSources, runQuery } from "./editor-data.ts";
import type { WidgetPatch } from "./editor-model.ts";
import {
  hasFormSettings,
  settingsFormSchema,
  settingsProblems,
  settingsUiSchema,
  type TargetChoice,
  targetsWithoutColumn,
} from "./settings-schema.ts";

/** Pause after the last change before the preview queries again, in milliseconds. */
export const PREVIEW_DELAY_MS = 400;
/** Longest widget title (the definition schema's Title). */
const TITLE_MAX_CHARS = 120;
const SINGLE_LINE = new RegExp(SINGLE_LINE_TEXT_PATTERN, "u");

/** Props of a WidgetSettingsDialog. */
export interface WidgetSettingsDialogProps {
  widget: WidgetDefinition;
  kind: WidgetKind;
  /** The widgets a filter widget may narrow (the definition's data widgets but itself). */
  targets: readonly TargetChoice[];
  setup: WidgetSetup;
  /** The widget's name when it has no title (its kind's name). */
  kindName: string;
  onApply: (patch: WidgetPatch) => void;
  onClose: () => void;
}

/** The value after a pause in its changes (the preview's query). */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** A widget's settings, title and data, applied together. */
export function WidgetSettingsDialog(props: WidgetSettingsDialogProps) {
  const { t, i18n } = useTranslation();
  const { widget, kind } = props;
  const uid = useId().replace(/:/g, "");
  const renderer = kind.renderer;
  const shape = pickShape(renderer);
  const filter = isFilterKind(renderer);
  const withForm = hasFormSettings(kind);
  const [tab, setTab] = useState(withForm || !shape ? "general" : "data");
  const [title, setTitle] = useState(widget.Title ?? "");
  const [settings, setSettings] = useState<Record<string, unknown>>(() => {
    const own = { ...((widget.Settings ?? {}) as Record<string, unknown>) };
    // A filter's targets that are no longer data widgets of the dashboard are not offered.
    if (Array.isArray(own.Targets))
      own.Targets = own.Targets.filter((id) => props.targets.some((target) => target.id === id));
    return own;
  });
  const [pick, setPick] = useState<DataPick>(() =>
    shape
      ? pickOf(widget.Query, renderer, (widget.Settings ?? {}) as Record<string, unknown>)
      : emptyPick(renderer),
  );
  const [suggestFor, setSuggestFor] = useState<number | null>(null);
  // Untouched, the stored query stays as it is (and previews at once, before the columns arrive).
  const [touched, setTouched] = useState(false);
  const choose = (next: DataPick) => {
    setPick(next);
    setTouched(true);
  };
  const [tried, setTried] = useState(false);
  const language = i18n.language;

  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the UI language
  const labelOf = useMemo<MeasureLabeler>(
    () => (fn, column) => t(`DashboardEditor_Measure_${fn}`, { column: column ?? "" }),
    [t, language],
  );
  const countLabel = t("DashboardEditor_Measure_count");
  const sources = useResource<DataSource[]>(shape ? "data-sources" : null, loadSources);
  const columns = useResource(pick.source !== null ? `columns:${pick.source}` : null, (signal) =>
    loadColumns(pick.source as number, signal),
  );
  const columnList = columns.status === "ready" ? columns.data : null;
  // A source just chosen: its first choice comes with its columns.
  useEffect(() => {
    if (suggestFor === null || suggestFor !== pick.source || !columnList) return;
    setPick(suggestedPick(renderer, suggestFor, columnList, labelOf));
    setSuggestFor(null);
  }, [suggestFor, pick.source, columnList, renderer, labelOf]);

  const problems = useMemo(
    () => (columnList ? pickProblems(pick, renderer, columnList) : []),
    [pick, renderer, columnList],
  );
  const built = useMemo(
    () =>
      shape && columnList && problems.length === 0 ? queryOf(pick, renderer, columnList, countLabel) : null,
    [shape, pick, renderer, columnList, problems, countLabel],
  );
  const query = touched ? built : (widget.Query ?? built);
  const previewKey = useSettled(query ? JSON.stringify(query) : null, PREVIEW_DELAY_MS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the UI language
  const validator = useMemo(() => createFormValidator<Record<string, unknown>>(t), [t, language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the UI language
  const schema = useMemo(
    () => settingsFormSchema(kind, t, props.targets),
    [kind, t, props.targets, language],
  );
  const uiSchema = useMemo(
    () => settingsUiSchema(kind, props.targets, t("DashboardEditor_TargetsHelp")),
    [kind, props.targets, t],
  );

  const finalSettings = useMemo(() => {
    const next = { ...settings };
    if (filter && pick.filterColumn !== null) next.Column = pick.filterColumn;
    // No list of targets means every widget over the filter's own source (core/analytics/cross-filter.ts).
    if (Array.isArray(next.Targets) && next.Targets.length === 0) delete next.Targets;
    for (const [name, value] of Object.entries(next)) if (value === undefined) delete next[name];
    return next;
  }, [settings, filter, pick.filterColumn]);
  // The targets of a filter must have its column: their sources' columns, when not the filter's own.
  const chosenTargets = useMemo(() => {
    const ids = Array.isArray(finalSettings.Targets) ? (finalSettings.Targets as unknown[]) : [];
    return props.targets.filter((target) => ids.includes(target.id));
  }, [finalSettings.Targets, props.targets]);
  const otherSources = [
    ...new Set(
      chosenTargets.flatMap((target) =>
        target.source !== undefined && target.source !== pick.source ? [target.source] : [],
      ),
    ),
  ].sort((a, b) => a - b);
  const targetColumns = useResource(
    filter && otherSources.length > 0 ? `target-columns:${otherSources.join(",")}` : null,
    (signal) =>
      Promise.all(otherSources.map(async (source) => [source, await loadColumns(source, signal)] as const)),
  );
  const formProblems = useMemo(() => {
    const found = settingsProblems(kind, finalSettings, t).filter(
      (problem) => !(filter && problem.setting === t("WidgetSetting_Column")),
    );
    const known = new Map<number, readonly string[]>(
      (targetColumns.data ?? []).map(([source, columns]) => [source, columns.map((column) => column.Name)]),
    );
    if (pick.source !== null && columnList)
      known.set(
        pick.source,
        columnList.map((column) => column.Name),
      );
    for (const target of targetsWithoutColumn(filter ? pick.filterColumn : null, chosenTargets, (source) =>
      known.get(source),
    ))
      found.push({
        setting: t("WidgetSetting_Targets"),
        message: t("DashboardEditor_TargetWithoutColumn", {
          widget: target.label,
          column: pick.filterColumn ?? "",
        }),
      });
    return found;
  }, [
    kind,
    finalSettings,
    t,
    filter,
    targetColumns.data,
    pick.source,
    pick.filterColumn,
    columnList,
    chosenTargets,
  ]);
  const titleProblem =
    title.trim().length > TITLE_MAX_CHARS
      ? t("Validation_MaxLength", { limit: TITLE_MAX_CHARS })
      : !SINGLE_LINE.test(title)
        ? t("Validation_Pattern")
        : null;
  const extraErrors = useMemo(() => {
    const errors: Record<string, { __errors: string[] }> = {};
    for (const name of Object.keys(kind.settingsSchema.properties)) {
      const label = t(kind.settingsSchema.properties[name]?.title ?? name);
      const messages = formProblems.filter((problem) => problem.setting === label).map((p) => p.message);
      if (messages.length > 0) errors[name] = { __errors: messages };
    }
    return errors as ErrorSchema;
  }, [formProblems, kind, t]);
  const filterNeedsData = filter && pick.source === null;
  // A source is chosen but its choice is incomplete (problems) or its columns are still on their way.
  const dataBlocked = (touched && pick.source !== null && (problems.length > 0 || !query)) || filterNeedsData;

  const apply = () => {
    setTried(true);
    if (titleProblem || formProblems.length > 0) {
      setTab("general");
      return;
    }
    if (dataBlocked) {
      setTab("data");
      return;
    }
    props.onApply({ Title: title, Settings: finalSettings, ...(shape && touched ? { Query: query } : {}) });
  };

  const name = title.trim() || props.kindName;
  // One object per change: the renderers redraw when their widget or settings change, not per keystroke elsewhere.
  const draft = useMemo<WidgetDefinition>(() => {
    const next: WidgetDefinition = { ...widget, Settings: finalSettings };
    delete next.Title;
    delete next.Query;
    if (title.trim()) next.Title = title.trim();
    if (query) next.Query = query;
    return next;
  }, [widget, title, finalSettings, query]);
  // A filter in the preview takes choices of its own (they narrow nothing there).
  const [previewSelection, setPreviewSelection] = useState<FilterSelection | null>(null);
  const previewBinding =
    filter && pick.filterColumn !== null
      ? { column: pick.filterColumn, selection: previewSelection, select: setPreviewSelection }
      : undefined;
  const preview = shape ? (
    <section className="dashboard-editor__preview" aria-label={t("DashboardEditor_Preview")}>
      <h3 className="dashboard-editor__pick-title">{t("DashboardEditor_Preview")}</h3>
      {previewKey && query ? (
        <WidgetView
          widget={draft}
          kind={props.setup.kindOf(draft)}
          theme={props.setup.styleOf(draft, props.setup.kindOf(draft))}
          load={(signal) => runQuery(JSON.parse(previewKey), signal)}
          loadKey={`preview:${previewKey}`}
          filter={previewBinding}
          headingLevel={3}
          className="dashboard-editor__preview-widget"
        />
      ) : (
        <p className="content-muted">
          {pick.source === null
            ? t("DashboardEditor_PreviewNoSource")
            : t("DashboardEditor_PreviewIncomplete")}
        </p>
      )}
    </section>
  ) : null;

  const general = (
    <div className="dashboard-editor__general">
      <TextField
        uid={`${uid}-title`}
        label={t("DashboardEditor_FieldTitle")}
        value={title}
        onChange={setTitle}
        maxLength={TITLE_MAX_CHARS}
        placeholder={props.kindName}
        help={t("DashboardEditor_TitleHelp", { name: props.kindName })}
        error={tried ? titleProblem : null}
      />
      {withForm ? (
        <ThemedForm
          tagName="div"
          idPrefix={`${uid}-settings`}
          className="kit-form"
          schema={schema as RJSFSchema}
          uiSchema={uiSchema}
          validator={validator}
          formData={settings}
          noHtml5Validate
          showErrorList={false}
          extraErrors={tried ? extraErrors : undefined}
          experimental_defaultFormStateBehavior={{
            constAsDefaults: "skipOneOf",
            emptyObjectFields: "skipDefaults",
          }}
          onChange={(event) => setSettings({ ...((event.formData ?? {}) as Record<string, unknown>) })}
          onSubmit={() => undefined}
        />
      ) : null}
    </div>
  );
  const data = shape ? (
    <div className="dashboard-editor__data">
      <DataPicker
        renderer={renderer}
        pick={pick}
        onChange={choose}
        onChooseSource={(source) => {
          choose({ ...emptyPick(renderer), source });
          setSuggestFor(source);
        }}
        sources={sources}
        columns={columnList}
        columnsLoading={columns.status === "loading"}
        problems={tried || pick.source !== null ? problems : []}
        labelOf={labelOf}
      />
      {preview}
    </div>
  ) : null;

  return (
    <ModalDialog
      title={t("DashboardEditor_SettingsTitle", { widget: name })}
      size="full"
      onClose={props.onClose}
      onSubmit={apply}
      closeButton={false}
      error={
        tried && (titleProblem || formProblems.length > 0 || dataBlocked)
          ? t(filterNeedsData ? "DashboardEditor_FilterNeedsData" : "DashboardEditor_FixProblems")
          : null
      }
      footer={
        <>
          <button type="button" className="kit-button" onClick={props.onClose}>
            {t("Content_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary">
            {t("DashboardEditor_Apply")}
          </button>
        </>
      }
    >
      {data ? (
        <Tabs
          label={t("DashboardEditor_SettingsTabs")}
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: "general", label: t("DashboardEditor_TabGeneral") },
            { id: "data", label: t("DashboardEditor_TabData") },
          ]}
        >
          {tab === "data" ? data : general}
        </Tabs>
      ) : (
        general
      )}
    </ModalDialog>
  );
}
