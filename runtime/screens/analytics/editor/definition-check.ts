/**
 * What stands between an edited dashboard and a save, in words a builder can act on: the
 * definition's schema (the generated validator of dashboardDefinition, the one the upstream applies
 * on every write), unique widget ids and X + W ≤ 12 (the upstream's own checks), the size of the
 * object's Properties (the upstream keeps at most 48 KB), each widget's settings against its kind,
 * a filter widget's column (the upstream refuses a filter without one). Blocking problems stop the
 * save; the others (a widget with no data chosen yet, a kind the product no longer offers) are
 * shown and saved as they are.
 */
import type { ErrorObject } from "ajv";
import { isFilterKind } from "../../../../core/analytics/cross-filter.ts";
import { validateDashboardDefinition } from "../../../../schemas/generated/validators.js";
import {
  type DashboardDefinition,
  GRID_COLUMNS,
  MAX_WIDGETS,
  type WidgetDefinition,
} from "../../../../schemas/payloads/analytics-content.ts";
import type { WidgetsManifest } from "../../../../schemas/widgets.ts";
import type { Translate } from "../../../forms/schema-interpreter.ts";
import { kindOf } from "../../../widgets/widget-kinds.ts";
import { DEFINITION_MAX_CHARS } from "../../content/content-limits.ts";
import { settingsProblems } from "./settings-schema.ts";

/** One problem: its words (a text key and values, translated by the page) and the widget it is about. */
export interface DefinitionProblem {
  key: string;
  values: Record<string, string | number>;
  widgetId: string | null;
  /** The save is refused (by the upstream, or because it would be). */
  blocking: boolean;
}

/** The text keys of the definition's fields, for the schema's messages. */
const FIELD_KEYS: Readonly<Record<string, string>> = {
  Title: "DashboardEditor_FieldTitle",
  Position: "DashboardEditor_FieldPosition",
  X: "DashboardEditor_FieldPosition",
  Y: "DashboardEditor_FieldPosition",
  W: "DashboardEditor_FieldPosition",
  H: "DashboardEditor_FieldPosition",
  Query: "DashboardEditor_FieldQuery",
  Settings: "DashboardEditor_FieldSettings",
  Kind: "DashboardEditor_FieldKind",
  Id: "DashboardEditor_FieldId",
  RowHeight: "DashboardEditor_RowHeight",
  Theme: "DashboardEditor_FieldTheme",
  Widgets: "DashboardEditor_FieldWidgets",
};

/** The form's own message for a schema keyword, with its limit. */
function keywordMessage(error: ErrorObject, t: Translate): string {
  const params = error.params as { limit?: number };
  switch (error.keyword) {
    case "maxLength":
      return t("Validation_MaxLength", { limit: params.limit });
    case "minLength":
      return t("Validation_MinLength", { limit: params.limit });
    case "maximum":
      return t("Validation_Maximum", { limit: params.limit });
    case "minimum":
      return t("Validation_Minimum", { limit: params.limit });
    case "maxItems":
      return t("Validation_MaxItems", { limit: params.limit });
    case "minItems":
      return t("Validation_MinItems", { limit: params.limit });
    case "pattern":
      return t("Validation_Pattern");
    case "required":
      return t("ValidationErrorMessage_Required");
    default:
      return t("Validation_Invalid");
  }
}

/** The problems the definition's schema finds, each named by its widget and field. */
function schemaProblems(
  definition: DashboardDefinition,
  nameOf: (widget: WidgetDefinition) => string,
  t: Translate,
): DefinitionProblem[] {
  // Passed as a value of its own: the validator is a type guard, and a refusal must not narrow `definition`.
  const value: unknown = definition;
  if (validateDashboardDefinition(value)) return [];
  const errors = (validateDashboardDefinition.errors ?? []) as ErrorObject[];
  const seen = new Set<string>();
  const problems: DefinitionProblem[] = [];
  for (const error of errors) {
    const segments = error.instancePath.split("/").filter(Boolean);
    const index = segments[0] === "Widgets" && segments[1] !== undefined ? Number(segments[1]) : null;
    const widget = index !== null ? definition.Widgets[index] : undefined;
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    const field = (missing ?? [...segments].reverse().find((segment) => FIELD_KEYS[segment])) || "Widgets";
    const fieldText = t(FIELD_KEYS[field] ?? "DashboardEditor_FieldWidgets");
    const message = keywordMessage(error, t);
    const dedupe = `${widget?.Id ?? ""}\u0000${fieldText}\u0000${message}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    problems.push(
      widget
        ? {
            key: "DashboardEditor_ProblemWidgetField",
            values: { widget: nameOf(widget), field: fieldText, problem: message },
            widgetId: widget.Id,
            blocking: true,
          }
        : {
            key: "DashboardEditor_ProblemField",
            values: { field: fieldText, problem: message },
            widgetId: null,
            blocking: true,
          },
    );
  }
  return problems;
}

/** The characters of the Properties a save sends: the object's other properties and the definition. */
export function propertiesSize(
  properties: Readonly<Record<string, unknown>>,
  definition: DashboardDefinition,
) {
  return JSON.stringify({ ...properties, Definition: definition }).length;
}

/** Everything wrong with a definition before it is saved with the object's `properties`. */
export function definitionProblems(
  definition: DashboardDefinition,
  properties: Readonly<Record<string, unknown>>,
  manifest: WidgetsManifest,
  nameOf: (widget: WidgetDefinition) => string,
  t: Translate,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (definition.Widgets.length > MAX_WIDGETS)
    problems.push({
      key: "DashboardEditor_ProblemTooMany",
      values: { max: MAX_WIDGETS, count: definition.Widgets.length },
      widgetId: null,
      blocking: true,
    });
  problems.push(...schemaProblems(definition, nameOf, t));
  const ids = new Set<string>();
  for (const widget of definition.Widgets) {
    const name = nameOf(widget);
    if (ids.has(widget.Id))
      problems.push({
        key: "DashboardEditor_ProblemDuplicateId",
        values: { widget: name, id: widget.Id },
        widgetId: widget.Id,
        blocking: true,
      });
    ids.add(widget.Id);
    if (widget.Position.X + widget.Position.W > GRID_COLUMNS)
      problems.push({
        key: "DashboardEditor_ProblemOutsideGrid",
        values: { widget: name, columns: GRID_COLUMNS },
        widgetId: widget.Id,
        blocking: true,
      });
    const kind = kindOf(manifest, widget.Kind);
    if (!kind?.enabled) {
      problems.push({
        key: "DashboardEditor_ProblemKindUnavailable",
        values: { widget: name, kind: widget.Kind },
        widgetId: widget.Id,
        blocking: false,
      });
      continue;
    }
    const settings = (widget.Settings ?? {}) as Record<string, unknown>;
    for (const problem of settingsProblems(kind, settings, t)) {
      problems.push({
        key: "DashboardEditor_ProblemWidgetField",
        values: { widget: name, field: problem.setting, problem: problem.message },
        widgetId: widget.Id,
        blocking: true,
      });
    }
    if (isFilterKind(kind.renderer) && (typeof settings.Column !== "string" || settings.Column === ""))
      problems.push({
        key: "DashboardEditor_ProblemFilterColumn",
        values: { widget: name },
        widgetId: widget.Id,
        blocking: true,
      });
    else if (kind.data === "query" && !widget.Query)
      problems.push({
        key: "DashboardEditor_ProblemNoData",
        values: { widget: name },
        widgetId: widget.Id,
        blocking: false,
      });
  }
  const size = propertiesSize(properties, definition);
  if (size > DEFINITION_MAX_CHARS)
    problems.push({
      key: "DashboardEditor_ProblemTooLarge",
      values: { size, max: DEFINITION_MAX_CHARS },
      widgetId: null,
      blocking: true,
    });
  return problems;
}

/** Whether any problem stops the save. */
export const blocksSave = (problems: readonly DefinitionProblem[]) =>
  problems.some((problem) => problem.blocking);

/** A widget id in «guillemets», as the upstream's refusals of a definition name the widget at fault. */
const NAMED_WIDGET = /«([a-z0-9][a-z0-9-]{0,39})»/g;

/**
 * The first widget of the definition a refusal's message names (the upstream writes
 * `Widget «id»: …` and `Filter widget «id»: …`), so the page can lead to it; null when none.
 */
export function refusedWidget(
  message: string,
  widgets: readonly Pick<WidgetDefinition, "Id">[],
): string | null {
  for (const match of message.matchAll(NAMED_WIDGET)) {
    const id = match[1] as string;
    if (widgets.some((widget) => widget.Id === id)) return id;
  }
  return null;
}
