/**
 * The definitions of analytical objects (`Properties.Definition`, schemas/payloads/analytics-content.ts
 * and data-sources.ts): the widgets of a Dashboard, LiveDoc, Insight or Report, and the checks every
 * write of a definition passes before anything is stored (README.md "Definitions") — the schema, unique
 * widget ids, positions on the grid, every widget query against its source's catalogue and the saver's
 * right to read the source, filter widgets' columns, a binder's pages, a derived source's inputs.
 */
import type { ErrorObject } from "ajv";
import { filterWidgets, isFilterKind } from "../../../core/analytics/cross-filter.ts";
import {
  validateBinderDefinition,
  validateDashboardDefinition,
  validateDataFusionDefinition,
  validateDataMergeDefinition,
  validateDataViewDefinition,
  validateInsightDefinition,
  validateLiveDocDefinition,
  validateReportDefinition,
} from "../../../schemas/generated/validators.js";
import { GRID_COLUMNS, type WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { areaRefusal, contentScope } from "../folders/areas.ts";
import { badRequest, type UpstreamError } from "../http/errors.ts";
import { formatValidationErrors } from "../http/validation.ts";
import type { DataSourceObject, DataSourceType } from "../store/types/analytics.ts";
import { analyticsOf, refusalError } from "./service.ts";
import type { SourcePlan } from "./source-plan.ts";

/** The object types whose Properties.Definition the upstream checks, with their schema's validator. */
const DEFINITION_VALIDATORS = {
  Dashboard: validateDashboardDefinition,
  Binder: validateBinderDefinition,
  LiveDoc: validateLiveDocDefinition,
  Insight: validateInsightDefinition,
  Report: validateReportDefinition,
  DataView: validateDataViewDefinition,
  DataFusion: validateDataFusionDefinition,
  DataMerge: validateDataMergeDefinition,
} as const;

type DefinedType = keyof typeof DEFINITION_VALIDATORS;

/** The upstream's rule of filter widgets: the kind is the renderer (core/analytics/cross-filter.ts). */
export const kindRenderer = (kind: string): string => kind;

/** The widget types' areas: the objects whose widgets run queries. */
export const WIDGET_OBJECT_TYPES = ["Dashboard", "LiveDoc", "Insight", "Report"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Every widget of a definition, in order (LiveDoc blocks, Report sections flattened): the scope of
 * widget ids and of cross-filtering. [] when the definition does not pass its schema.
 */
export function widgetsOf(type: string, definition: unknown): WidgetDefinition[] {
  if (type === "Dashboard" && validateDashboardDefinition(definition))
    return (definition as { Widgets: WidgetDefinition[] }).Widgets;
  if (type === "LiveDoc" && validateLiveDocDefinition(definition)) {
    return (definition as { Blocks: { Type: string; Widget?: WidgetDefinition }[] }).Blocks.flatMap(
      (block) => (block.Widget ? [block.Widget] : []),
    );
  }
  if (type === "Insight" && validateInsightDefinition(definition))
    return [(definition as { Widget: WidgetDefinition }).Widget];
  if (type === "Report" && validateReportDefinition(definition))
    return (definition as { Sections: { Widgets: WidgetDefinition[] }[] }).Sections.flatMap(
      (section) => section.Widgets,
    );
  return [];
}

/** The definition when it passes its type's schema, else null. */
export function validDefinition(type: DefinedType, definition: unknown): unknown {
  return definition !== undefined && DEFINITION_VALIDATORS[type](definition) ? definition : null;
}

/** A binder's dashboards in page order; [] when its definition does not pass its schema. */
export function binderPages(definition: unknown): number[] {
  return validateBinderDefinition(definition)
    ? (definition as { DashboardRecIds: number[] }).DashboardRecIds
    : [];
}

const invalid = (message: string): UpstreamError => badRequest("DataDefinitionInvalid", message);

function schemaMessage(type: DefinedType): string {
  const errors = (DEFINITION_VALIDATORS[type].errors ?? []) as ErrorObject[];
  return `The ${type} definition is not valid: ${formatValidationErrors(errors.slice(0, 3), "Definition").message}`;
}

/** Whether the caller may read data sources at all (TablesAndView feature, TableAndViews r). */
function readsData(caller: Caller): boolean {
  return areaRefusal(caller, "TableAndViews", "r") === null;
}

/** A live data source the caller sees (the library's visibility rules), or undefined. */
export async function visibleSource(context: UpstreamContext, caller: Caller, recId: number) {
  const object = await context.store.content.library.get(contentScope(caller, "TableAndViews"), recId);
  return object && object.deletedAt === null ? object : undefined;
}

/** What a check may compare with: the definition stored before this write (absent for a new object). */
export interface DefinitionWrite {
  caller: Caller;
  type: string;
  properties: Record<string, unknown> | undefined;
  /** The object written (absent when created) and its stored definition. */
  existing?: { recId: number; definition: unknown };
}

/**
 * Refuses (400, nothing stored) a definition that does not hold; answers nothing for other types or
 * properties without a Definition.
 */
export async function checkDefinitionWrite(context: UpstreamContext, write: DefinitionWrite): Promise<void> {
  const { type, properties } = write;
  if (!properties || !Object.hasOwn(properties, "Definition") || !Object.hasOwn(DEFINITION_VALIDATORS, type))
    return;
  const definedType = type as DefinedType;
  const definition = properties.Definition;
  if (!DEFINITION_VALIDATORS[definedType](definition)) throw invalid(schemaMessage(definedType));
  if (definedType === "Binder")
    return checkBinder(context, write.caller, definition as { DashboardRecIds: number[] });
  if (definedType === "DataView" || definedType === "DataFusion" || definedType === "DataMerge")
    return checkDerivedSource(context, write, definedType, definition);
  return checkWidgets(context, write, widgetsOf(definedType, definition));
}

async function checkBinder(
  context: UpstreamContext,
  caller: Caller,
  definition: { DashboardRecIds: number[] },
) {
  const scope = contentScope(caller, "Dashboards");
  for (const [index, recId] of definition.DashboardRecIds.entries()) {
    const dashboard = await context.store.content.library.get(scope, recId);
    if (!dashboard || dashboard.deletedAt !== null)
      throw invalid(`Page ${index + 1}: no dashboard you can see has the RecId ${recId}.`);
  }
}

async function checkDerivedSource(
  context: UpstreamContext,
  write: DefinitionWrite,
  type: Exclude<DataSourceType, "DataTable">,
  definition: unknown,
) {
  const inputs =
    type === "DataView"
      ? [(definition as { Source: { RecId: number } }).Source]
      : type === "DataFusion"
        ? (definition as { Sources: { RecId: number }[] }).Sources
        : [
            (definition as { Left: { RecId: number } }).Left,
            (definition as { Right: { RecId: number } }).Right,
          ];
  for (const input of inputs) {
    if (!(await visibleSource(context, write.caller, input.RecId)))
      throw invalid(`No data source you can see has the RecId ${input.RecId}.`);
  }
  // Resolved as it will be stored: the object itself (a new one under an id no object has) carries
  // the new definition, so a cycle through it is found.
  const recId = write.existing?.recId ?? 0;
  const object: DataSourceObject = {
    recId,
    type,
    name: "This source",
    properties: { ...write.properties, Definition: definition },
    modifiedAt: context.now(),
  };
  try {
    await analyticsOf(context).source(write.caller.account.recId, recId, new Map([[recId, object]]));
  } catch (error) {
    const code = (error as UpstreamError).code;
    if (code === "DataSourceNotQueryable") throw invalid((error as Error).message);
    throw error;
  }
}

function sameQuery(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

async function checkWidgets(
  context: UpstreamContext,
  write: DefinitionWrite,
  widgets: readonly WidgetDefinition[],
) {
  const { caller } = write;
  const seen = new Set<string>();
  for (const widget of widgets) {
    if (seen.has(widget.Id))
      throw invalid(`Two widgets have the id «${widget.Id}»; widget ids are unique in a definition.`);
    seen.add(widget.Id);
    if (widget.Position.X + widget.Position.W > GRID_COLUMNS)
      throw invalid(`Widget «${widget.Id}»: X + W must be at most ${GRID_COLUMNS}.`);
  }
  const stored = write.existing ? widgetsOf(write.type, write.existing.definition) : [];
  const analytics = analyticsOf(context);
  const plans = new Map<string, SourcePlan>();
  for (const widget of widgets) {
    if (!widget.Query) continue;
    // A query already stored under this widget id was vetted when it was saved: rearranging a
    // dashboard needs no data right; a new or changed query needs the saver to read its source.
    const vetted = stored.some((old) => old.Id === widget.Id && sameQuery(old.Query, widget.Query));
    if (!vetted && (!readsData(caller) || !(await visibleSource(context, caller, widget.Query.Source.RecId))))
      throw invalid(
        `Widget «${widget.Id}»: no data source you can read has the RecId ${widget.Query.Source.RecId}.`,
      );
    const prepared = await analytics.prepare(caller.account.recId, widget.Query);
    if (!prepared.ok) {
      if ("missing" in prepared)
        throw invalid(
          `Widget «${widget.Id}»: its data source ${widget.Query.Source.RecId} is missing or deleted.`,
        );
      const error = refusalError(prepared.refusal);
      throw badRequest(error.code, `Widget «${widget.Id}»: ${error.message}`);
    }
    plans.set(widget.Id, prepared.plan);
  }
  // A filter widget's column must be one its own source and every widget it narrows have.
  for (const filter of filterWidgets(widgets, kindRenderer)) {
    for (const id of [filter.widgetId, ...filter.targets]) {
      const plan = plans.get(id);
      if (plan && !plan.columns.some((column) => column.name === filter.column))
        throw invalid(
          `Filter widget «${filter.widgetId}»: the source of «${id}» has no column «${filter.column}».`,
        );
    }
  }
  for (const widget of widgets) {
    if (
      isFilterKind(kindRenderer(widget.Kind)) &&
      typeof (widget.Settings as { Column?: unknown } | undefined)?.Column !== "string"
    )
      throw invalid(`Filter widget «${widget.Id}»: Settings.Column must name the column it filters.`);
  }
}

/** The stored definition of a properties object (undefined when it has none). */
export function definitionOf(properties: Record<string, unknown> | undefined): unknown {
  return isRecord(properties) ? properties.Definition : undefined;
}
