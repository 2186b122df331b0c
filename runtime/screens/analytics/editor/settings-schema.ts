/**
 * The widget settings form from a kind's settingsSchema (schemas/widgets.ts: the closed subset the
 * dialog renders): the schema rjsf draws — labels from the text keys in the UI language, a filter's
 * Targets as a choice of the definition's data widgets — its uiSchema (the kind's settingsUi; a
 * filter's Column is chosen in the data picker, beside its source), and the settings' problems by
 * the runtime's interpreting validator (runtime/forms/schema-interpreter.ts: no eval under the CSP).
 * The form validator knows no `additionalProperties: false`; settings the kind does not declare are
 * found here instead.
 */
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { isFilterKind } from "../../../../core/analytics/cross-filter.ts";
import type { WidgetKind } from "../../../../schemas/widgets.ts";
import { interpretSchema, type RawError, type Translate } from "../../../forms/schema-interpreter.ts";

/** A widget a filter may narrow: its id, the name it is shown by, the source its query reads. */
export interface TargetChoice {
  id: string;
  label: string;
  source?: number;
}

type SettingSchema = WidgetKind["settingsSchema"]["properties"][string];

/** The settings the data picker sets rather than the form (a filter's column). */
export function pickedSettings(kind: WidgetKind): string[] {
  return isFilterKind(kind.renderer) && kind.settingsSchema.properties.Column ? ["Column"] : [];
}

/** One setting as rjsf draws it: labels translated, a filter's targets a choice of widgets. */
function formSetting(name: string, setting: SettingSchema, t: Translate, targets: readonly TargetChoice[]) {
  const { title, oneOf, items, ...rules } = setting;
  const schema: Record<string, unknown> = { ...rules, title: t(title) };
  if (oneOf) schema.oneOf = oneOf.map((choice) => ({ const: choice.const, title: t(choice.title) }));
  if (items) {
    schema.items =
      name === "Targets" && targets.length > 0
        ? { ...items, oneOf: targets.map((target) => ({ const: target.id, title: target.label })) }
        : { ...items };
  }
  return schema;
}

/** The schema the settings form draws for a kind (`targets`: the widgets a filter kind may narrow). */
export function settingsFormSchema(
  kind: WidgetKind,
  t: Translate,
  targets: readonly TargetChoice[] = [],
): RJSFSchema {
  const picked = pickedSettings(kind);
  const properties: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(kind.settingsSchema.properties)) {
    if (picked.includes(name)) continue;
    properties[name] = formSetting(name, setting, t, targets);
  }
  const required = (kind.settingsSchema.required ?? []).filter((name) => !picked.includes(name));
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) } as RJSFSchema;
}

/**
 * How the form draws the settings: the kind's settingsUi (a text widget's Html as a multi-line
 * field), a filter's Targets only where there are widgets to choose, no submit button of its own.
 */
export function settingsUiSchema(
  kind: WidgetKind,
  targets: readonly TargetChoice[],
  targetsHelp: string,
): UiSchema {
  const ui: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  for (const [name, presentation] of Object.entries(kind.settingsUi ?? {})) ui[name] = { ...presentation };
  if (kind.settingsSchema.properties.Targets) {
    ui.Targets = targets.length > 0 ? { "ui:help": targetsHelp } : { "ui:widget": "hidden" };
  }
  return ui;
}

/** Whether a kind has settings the form shows. */
export function hasFormSettings(kind: WidgetKind): boolean {
  const picked = pickedSettings(kind);
  return Object.keys(kind.settingsSchema.properties).some((name) => !picked.includes(name));
}

/** One problem of a widget's settings: which setting (its title's key) and the message. */
export interface SettingsProblem {
  setting: string;
  message: string;
}

/**
 * The problems of `settings` against the kind's schema (the full one: a filter's Column included),
 * each named by the setting: a setting the kind does not declare, a value its rules refuse, a
 * required one missing.
 */
export function settingsProblems(
  kind: WidgetKind,
  settings: Readonly<Record<string, unknown>>,
  t: Translate,
): SettingsProblem[] {
  const declared = kind.settingsSchema.properties;
  const problems: SettingsProblem[] = [];
  for (const name of Object.keys(settings)) {
    if (!Object.hasOwn(declared, name))
      problems.push({ setting: name, message: t("DashboardEditor_SettingUnknown") });
  }
  const schema = settingsFormSchema(kind, t, []);
  const full = {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(declared).map(([name, setting]) => [name, formSetting(name, setting, t, [])]),
    ),
    ...(kind.settingsSchema.required ? { required: [...kind.settingsSchema.required] } : {}),
  };
  const errors: RawError[] = interpretSchema(full as never, { ...settings }, t);
  for (const error of errors) {
    const name = error.instancePath.split("/").filter(Boolean)[0] ?? "";
    const title = declared[name]?.title;
    problems.push({ setting: title ? t(title) : name, message: error.message });
  }
  return problems;
}

/**
 * The widgets a filter is told to narrow whose data lacks the filter's column — the upstream
 * refuses such a definition (each target must have the column); `columnsOf` gives a source's
 * column names once known (undefined while loading: not judged yet).
 */
export function targetsWithoutColumn(
  column: string | null,
  chosen: readonly TargetChoice[],
  columnsOf: (source: number) => readonly string[] | undefined,
): TargetChoice[] {
  if (column === null) return [];
  return chosen.filter((target) => {
    if (target.source === undefined) return false;
    const names = columnsOf(target.source);
    return names !== undefined && !names.includes(column);
  });
}
