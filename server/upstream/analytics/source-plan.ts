/**
 * Data sources as the engine composes them (README.md "Sources"): a DataTable holds rows; a DataView
 * keeps some columns of one source and the rows meeting its filters; a DataFusion appends the rows of
 * its sources (columns: the union by name); a DataMerge joins two sources on equal columns. A source
 * resolves to a plan: its column catalogue, its version, and the tree of inputs down to the tables.
 * The composition rules are pure functions; `resolveSource` reads the store for the objects.
 */
import { createHash } from "node:crypto";
import {
  validateDataFusionDefinition,
  validateDataMergeDefinition,
  validateDataViewDefinition,
} from "../../../schemas/generated/validators.js";
import type {
  DataFusionDefinition,
  DataMergeDefinition,
  DataViewDefinition,
} from "../../../schemas/payloads/data-sources.ts";
import type {
  AnalyticsStoreFamily,
  DataSourceObject,
  DataSourceType,
  DataTableState,
} from "../store/types/analytics.ts";
import { MAX_SOURCE_DEPTH } from "./limits.ts";
import { type CatalogueColumn, type CheckedFilter, checkFilters, type QueryRefusal } from "./query-check.ts";

interface PlanBase {
  recId: number;
  name: string;
  type: DataSourceType;
  columns: CatalogueColumn[];
  /** Changes whenever the source's rows or columns may have changed. */
  version: string;
  /** How many order keys its rows carry (source order: tables by row id, derived sources by input). */
  orderWidth: number;
}

/** A resolved source. Column references are indexes into the input's catalogue. */
export type SourcePlan =
  | (PlanBase & { kind: "table"; state: DataTableState })
  | (PlanBase & { kind: "view"; input: SourcePlan; keep: number[]; filters: CheckedFilter[] })
  | (PlanBase & { kind: "fusion"; inputs: { plan: SourcePlan; map: (number | null)[] }[] })
  | (PlanBase & {
      kind: "merge";
      left: SourcePlan;
      right: SourcePlan;
      on: [number, number][];
      join: "Inner" | "Left";
      /** Right's columns in the merge, after Left's (its On columns are left out). */
      rightKeep: number[];
    });

/** The data tables of a plan, each as often as the plan reads it. */
export function planTables(plan: SourcePlan): Extract<SourcePlan, { kind: "table" }>[] {
  switch (plan.kind) {
    case "table":
      return [plan];
    case "view":
      return planTables(plan.input);
    case "fusion":
      return plan.inputs.flatMap((input) => planTables(input.plan));
    case "merge":
      return [...planTables(plan.left), ...planTables(plan.right)];
  }
}

type Composed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A view's catalogue: the kept columns of its source, in the definition's order, and its filters. */
export function composeView(
  definition: DataViewDefinition,
  input: readonly CatalogueColumn[],
): Composed<{ columns: CatalogueColumn[]; keep: number[]; filters: CheckedFilter[] }> {
  const names = definition.Columns ?? input.map((column) => column.name);
  const keep: number[] = [];
  for (const name of names) {
    const index = input.findIndex((column) => column.name === name);
    if (index < 0) return { ok: false, message: `its source has no column «${name}»` };
    keep.push(index);
  }
  const filters = checkFilters(definition.Filters ?? [], input);
  if (!filters.ok) return { ok: false, message: `a filter: ${filters.refusal.message}` };
  return {
    ok: true,
    value: { columns: keep.map((index) => input[index] as CatalogueColumn), keep, filters: filters.filters },
  };
}

/** A fusion's catalogue: the union by name of its inputs' columns, in order of first appearance. */
export function composeFusion(
  inputs: readonly (readonly CatalogueColumn[])[],
): Composed<{ columns: CatalogueColumn[]; maps: (number | null)[][] }> {
  const columns: CatalogueColumn[] = [];
  for (const input of inputs) {
    for (const column of input) {
      const known = columns.find((candidate) => candidate.name === column.name);
      if (!known) columns.push(column);
      else if (known.type !== column.type)
        return {
          ok: false,
          message: `«${column.name}» is ${known.type} in one source and ${column.type} in another`,
        };
    }
  }
  const maps = inputs.map((input) =>
    columns.map((column) => {
      const index = input.findIndex((candidate) => candidate.name === column.name);
      return index < 0 ? null : index;
    }),
  );
  return { ok: true, value: { columns, maps } };
}

/** A merge's catalogue: Left's columns, then Right's other than its On columns (« (right)» on a clash). */
export function composeMerge(
  definition: DataMergeDefinition,
  left: readonly CatalogueColumn[],
  right: readonly CatalogueColumn[],
): Composed<{ columns: CatalogueColumn[]; on: [number, number][]; rightKeep: number[] }> {
  const on: [number, number][] = [];
  for (const pair of definition.On) {
    const l = left.findIndex((column) => column.name === pair.Left);
    const r = right.findIndex((column) => column.name === pair.Right);
    if (l < 0) return { ok: false, message: `its left source has no column «${pair.Left}»` };
    if (r < 0) return { ok: false, message: `its right source has no column «${pair.Right}»` };
    if (left[l]?.type !== right[r]?.type)
      return { ok: false, message: `«${pair.Left}» and «${pair.Right}» are not of the same type` };
    on.push([l, r]);
  }
  const columns: CatalogueColumn[] = [...left];
  const rightKeep: number[] = [];
  right.forEach((column, index) => {
    if (on.some(([, r]) => r === index)) return;
    rightKeep.push(index);
    const taken = columns.some((candidate) => candidate.name === column.name);
    columns.push({ name: taken ? `${column.name} (right)` : column.name, type: column.type });
  });
  const names = new Set(columns.map((column) => column.name));
  if (names.size !== columns.length)
    return { ok: false, message: "two of its columns would have the same name" };
  return { ok: true, value: { columns, on, rightKeep } };
}

/** The version of a derived source: its own definition and change time, and its inputs' versions. */
function derivedVersion(object: DataSourceObject, inputs: readonly SourcePlan[]): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify([object.type, object.recId, object.modifiedAt, object.properties.Definition]));
  for (const input of inputs) hash.update(`|${input.recId}:${input.version}`);
  return hash.digest("base64url").slice(0, 22);
}

/** A source that does not resolve: why, for the DataSourceNotQueryable message. */
export class SourceNotQueryable extends Error {
  readonly refusal: QueryRefusal;
  constructor(message: string) {
    super(message);
    this.refusal = { code: "DataSourceNotQueryable", message };
  }
}

const definitionValidators = {
  DataView: validateDataViewDefinition,
  DataFusion: validateDataFusionDefinition,
  DataMerge: validateDataMergeDefinition,
} as const;

/**
 * Resolves a live data source of the account, whoever may see it (callers check the access to the
 * object they were asked for): undefined when `recId` is not one; SourceNotQueryable when a derived
 * source's definition is missing or invalid, an input is gone, the inputs form a cycle, the nesting
 * is deeper than MAX_SOURCE_DEPTH or the composition fails. `overrides` replaces stored definitions
 * (a definition being saved is checked before it is stored).
 */
export async function resolveSource(
  store: AnalyticsStoreFamily,
  accountId: number,
  recId: number,
  overrides: ReadonlyMap<number, DataSourceObject> = new Map(),
): Promise<SourcePlan | undefined> {
  const resolve = async (id: number, path: readonly number[]): Promise<SourcePlan | undefined> => {
    const object = overrides.get(id) ?? (await store.sourceObject(accountId, id));
    if (!object) return undefined;
    if (path.includes(id)) throw new SourceNotQueryable(`«${object.name}» is composed of itself.`);
    if (path.length > MAX_SOURCE_DEPTH)
      throw new SourceNotQueryable(`«${object.name}» is nested more than ${MAX_SOURCE_DEPTH} sources deep.`);
    const base = { recId: object.recId, name: object.name, type: object.type };
    if (object.type === "DataTable") {
      const state = await store.tableState(accountId, id);
      if (!state) return undefined;
      const version = `${state.generation}.${state.version}.${state.maxRowId}`;
      return { ...base, kind: "table", columns: state.columns, version, orderWidth: 1, state };
    }
    const definition = object.properties.Definition;
    if (!definitionValidators[object.type](definition))
      throw new SourceNotQueryable(`«${object.name}» has no valid ${object.type} definition.`);
    const inner = [...path, id];
    const input = async (ref: { RecId: number }) => {
      const plan = await resolve(ref.RecId, inner);
      if (!plan)
        throw new SourceNotQueryable(
          `An input of «${object.name}» is missing, deleted or not a data source.`,
        );
      return plan;
    };
    const failed = (message: string): never => {
      throw new SourceNotQueryable(`«${object.name}» cannot be composed: ${message}.`);
    };
    if (object.type === "DataView") {
      const view = definition as DataViewDefinition;
      const source = await input(view.Source);
      const composed = composeView(view, source.columns);
      if (!composed.ok) return failed(composed.message);
      return {
        ...base,
        kind: "view",
        ...composed.value,
        input: source,
        version: derivedVersion(object, [source]),
        orderWidth: source.orderWidth,
      };
    }
    if (object.type === "DataFusion") {
      const fusion = definition as DataFusionDefinition;
      const sources: SourcePlan[] = [];
      for (const ref of fusion.Sources) sources.push(await input(ref));
      const composed = composeFusion(sources.map((source) => source.columns));
      if (!composed.ok) return failed(composed.message);
      return {
        ...base,
        kind: "fusion",
        columns: composed.value.columns,
        inputs: sources.map((plan, index) => ({
          plan,
          map: composed.value.maps[index] as (number | null)[],
        })),
        version: derivedVersion(object, sources),
        orderWidth: 1 + Math.max(...sources.map((source) => source.orderWidth)),
      };
    }
    const merge = definition as DataMergeDefinition;
    const left = await input(merge.Left);
    const right = await input(merge.Right);
    const composed = composeMerge(merge, left.columns, right.columns);
    if (!composed.ok) return failed(composed.message);
    return {
      ...base,
      kind: "merge",
      ...composed.value,
      left,
      right,
      join: merge.Join,
      version: derivedVersion(object, [left, right]),
      orderWidth: left.orderWidth + right.orderWidth,
    };
  };
  return resolve(recId, []);
}
