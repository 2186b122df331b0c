/**
 * The data picker of the widget settings (the Data tab): a source from the sources the builder may
 * query, then — by what the widget's renderer draws (data-pick.ts pickShape) — its groupings (a Date
 * column by day, week, month, quarter or year), its measures (an aggregate of a column; sum and
 * average only over Number columns), or plain columns; conditions typed by their column (the values
 * of a Text column offered from the data), the order, a row limit and the top N with the rest as
 * Other. A filter widget picks its source and the column it filters. Every choice is a new DataPick;
 * the dialog turns it into the widget's query.
 */
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import {
  DATE_BUCKETS,
  type DataQueryResult,
  QUERY_MAX_LIMIT,
} from "../../../../schemas/payloads/data-query.ts";
import type { WidgetRenderer } from "../../../../schemas/widgets.ts";
import { Checkbox } from "../../../components/fields/checkbox.tsx";
import { TextField } from "../../../components/fields/text-field.tsx";
import { Select } from "../../../components/select/select.tsx";
import type { SelectOption } from "../../../components/select/select-options.ts";
import type { SelectValue } from "../../../forms/select-rules.ts";
import { useResource } from "../../content/use-resource.ts";
import {
  type AggregateFunction,
  type DataPick,
  type DateBucket,
  type FilterOperator,
  type FilterPick,
  functionsFor,
  type MeasureLabeler,
  operatorArity,
  operatorsFor,
  outputNames,
  type PickProblem,
  type PickShape,
  pickShape,
  type SourceColumn,
  uniqueLabel,
  withChoice,
  withMeasure,
} from "./data-pick.ts";
import { type DataSource, runQuery } from "./editor-data.ts";

/** The order's choices beside the outputs (an output's value is "=" and its name). */
const SORT_AUTO = "auto";
const SORT_NONE = "none";

/** Most values of a Text column the condition's choice offers (the rest are typed). */
const OFFERED_VALUES = 200;

/** Props of a DataPicker. */
export interface DataPickerProps {
  renderer: WidgetRenderer;
  pick: DataPick;
  onChange: (pick: DataPick) => void;
  sources: { data: DataSource[] | null; status: string; error: unknown; reload: () => void };
  columns: SourceColumn[] | null;
  columnsLoading: boolean;
  problems: readonly PickProblem[];
  labelOf: MeasureLabeler;
  /** Another source was chosen (null: none): the picker starts over with a choice over its columns. */
  onChooseSource: (source: number | null) => void;
}

/** The Data tab's choices. */
export function DataPicker(props: DataPickerProps) {
  const { t, i18n } = useTranslation();
  const uid = useId().replace(/:/g, "");
  const { pick, onChange, renderer, labelOf } = props;
  const shape = pickShape(renderer) as PickShape;
  const columns = props.columns ?? [];
  const columnOptions = (accept: (column: SourceColumn) => boolean = () => true): SelectOption[] =>
    columns.map((column) => ({
      label: column.Name,
      value: column.Name,
      description: t(`DashboardEditor_ColumnType_${column.Type}`),
      disabled: !accept(column),
    }));
  const sourceOptions: SelectOption[] = (props.sources.data ?? []).map((source) => ({
    label: source.Name,
    value: source.RecId,
    description:
      source.RowCount === null
        ? t(`ObjectType_${source.Type}`)
        : t("DashboardEditor_SourceRows", {
            type: t(`ObjectType_${source.Type}`),
            rows: new Intl.NumberFormat(i18n.language).format(source.RowCount),
          }),
  }));
  const problemsOf = (part: PickProblem["part"]) =>
    props.problems
      .filter((problem) => problem.part === part)
      .map((problem) => t(problem.key, problem.values));
  const set = (change: Partial<DataPick>) => onChange(withChoice(pick, change));

  const chooseSource = (value: SelectValue | SelectValue[] | null) => {
    const source = typeof value === "number" ? value : null;
    if (source !== pick.source) props.onChooseSource(source);
  };

  return (
    <div className="dashboard-editor__picker">
      <Select
        uid={`${uid}-source`}
        label={t("DashboardEditor_Source")}
        options={sourceOptions}
        value={pick.source}
        onChange={chooseSource}
        loading={props.sources.status === "loading"}
        error={props.sources.status === "error" ? t("DashboardEditor_SourcesFailed") : problemsOf("source")}
        help={
          props.sources.status === "ready" && sourceOptions.length === 0
            ? t("DashboardEditor_NoSources")
            : undefined
        }
        searchable
      />
      {pick.source === null ? (
        <p className="content-muted">{t("DashboardEditor_ChooseSource")}</p>
      ) : props.columnsLoading && !props.columns ? (
        <p className="content-muted" role="status">
          {t("Loading")}
        </p>
      ) : shape.filter ? (
        <Select
          uid={`${uid}-filter-column`}
          label={t("DashboardEditor_FilterColumn")}
          help={t(
            shape.filter === "dateRange"
              ? "DashboardEditor_FilterColumnDateHelp"
              : "DashboardEditor_FilterColumnHelp",
          )}
          options={columnOptions((column) => shape.filter !== "dateRange" || column.Type === "Date")}
          value={pick.filterColumn}
          onChange={(value) => set({ filterColumn: typeof value === "string" ? value : null })}
          error={problemsOf("columns")}
          searchable
        />
      ) : (
        <>
          {shape.modes.length > 1 ? (
            <fieldset className="dashboard-editor__modes">
              <legend>{t("DashboardEditor_Mode")}</legend>
              {shape.modes.map((mode) => (
                <label key={mode} className="dashboard-editor__radio">
                  <input
                    type="radio"
                    name={`${uid}-mode`}
                    checked={pick.mode === mode}
                    onChange={() => set({ mode })}
                  />
                  {t(`DashboardEditor_Mode_${mode}`)}
                </label>
              ))}
            </fieldset>
          ) : null}
          {pick.mode === "rows" ? (
            <Select
              uid={`${uid}-columns`}
              label={t("DashboardEditor_Columns")}
              multiple
              options={columnOptions()}
              value={pick.columns}
              onChange={(value) => set({ columns: Array.isArray(value) ? value.map(String) : [] })}
              error={problemsOf("columns")}
              searchable
            />
          ) : (
            <>
              <PickList
                title={t("DashboardEditor_Dimensions")}
                addLabel={t("DashboardEditor_AddDimension")}
                canAdd={pick.dimensions.length < shape.dimensions.max && columns.length > 0}
                onAdd={() => {
                  const used = new Set(pick.dimensions.map((dimension) => dimension.column));
                  const next =
                    columns.find((column) => !used.has(column.Name) && column.Type !== "Number") ??
                    columns[0];
                  if (next)
                    set({
                      dimensions: [
                        ...pick.dimensions,
                        { column: next.Name, bucket: next.Type === "Date" ? "month" : null, as: null },
                      ],
                    });
                }}
                problems={problemsOf("dimensions")}
              >
                {pick.dimensions.map((dimension, index) => {
                  const type = columns.find((column) => column.Name === dimension.column)?.Type;
                  return (
                    <PickRow
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
                      key={index}
                      legend={t("DashboardEditor_DimensionN", { n: index + 1 })}
                      removeLabel={t("DashboardEditor_RemoveDimension", { n: index + 1 })}
                      onRemove={() => set({ dimensions: pick.dimensions.filter((_, at) => at !== index) })}
                    >
                      <Select
                        uid={`${uid}-dimension-${index}`}
                        label={t("DashboardEditor_Column")}
                        options={columnOptions()}
                        value={dimension.column}
                        onChange={(value) => {
                          const column = String(value ?? "");
                          const isDate = columns.find((c) => c.Name === column)?.Type === "Date";
                          set({
                            dimensions: pick.dimensions.map((d, at) =>
                              at === index
                                ? { column, bucket: isDate ? (d.bucket ?? "month") : null, as: null }
                                : d,
                            ),
                          });
                        }}
                        searchable
                      />
                      {type === "Date" ? (
                        <Select
                          uid={`${uid}-bucket-${index}`}
                          label={t("DashboardEditor_Bucket")}
                          options={[
                            { label: t("DashboardEditor_Bucket_none"), value: "" },
                            ...DATE_BUCKETS.map((bucket) => ({
                              label: t(`DashboardEditor_Bucket_${bucket}`),
                              value: bucket,
                            })),
                          ]}
                          value={dimension.bucket ?? ""}
                          onChange={(value) =>
                            set({
                              dimensions: pick.dimensions.map((d, at) =>
                                at === index ? { ...d, bucket: value ? (value as DateBucket) : null } : d,
                              ),
                            })
                          }
                        />
                      ) : null}
                    </PickRow>
                  );
                })}
              </PickList>
              <PickList
                title={t("DashboardEditor_Measures")}
                addLabel={t("DashboardEditor_AddMeasure")}
                canAdd={pick.measures.length < shape.measures.max}
                onAdd={() => {
                  const number = columns.find(
                    (column) =>
                      column.Type === "Number" && !pick.measures.some((m) => m.column === column.Name),
                  );
                  const measure = number
                    ? { fn: "sum" as const, column: number.Name, label: labelOf("sum", number.Name) }
                    : { fn: "count" as const, column: null, label: labelOf("count", null) };
                  set({
                    measures: [
                      ...pick.measures,
                      { ...measure, label: uniqueLabel(measure.label, outputNames(pick)) },
                    ],
                  });
                }}
                problems={problemsOf("measures")}
              >
                {pick.measures.map((measure, index) => {
                  const type = columns.find((column) => column.Name === measure.column)?.Type ?? null;
                  const functions: AggregateFunction[] = [
                    "count",
                    "sum",
                    "avg",
                    "min",
                    "max",
                    "countDistinct",
                  ];
                  return (
                    <PickRow
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
                      key={index}
                      legend={t("DashboardEditor_MeasureN", { n: index + 1 })}
                      removeLabel={t("DashboardEditor_RemoveMeasure", { n: index + 1 })}
                      onRemove={() => set({ measures: pick.measures.filter((_, at) => at !== index) })}
                    >
                      <Select
                        uid={`${uid}-function-${index}`}
                        label={t("DashboardEditor_Function")}
                        options={functions.map((fn) => ({
                          label: t(`DashboardEditor_Function_${fn}`),
                          value: fn,
                        }))}
                        value={measure.fn}
                        onChange={(value) => {
                          const fn = value as AggregateFunction;
                          // A function that needs a column takes the first one it applies to.
                          const fits = (c: SourceColumn) => functionsFor(c.Type).includes(fn);
                          const keep =
                            measure.column !== null && type !== null && functionsFor(type).includes(fn);
                          const column =
                            fn === "count"
                              ? null
                              : keep
                                ? measure.column
                                : (columns.find(fits)?.Name ?? null);
                          set({
                            measures: withMeasure(pick.measures, index, { fn, column }, labelOf),
                          });
                        }}
                      />
                      {measure.fn === "count" ? null : (
                        <Select
                          uid={`${uid}-measure-column-${index}`}
                          label={t("DashboardEditor_Column")}
                          options={columnOptions((column) => functionsFor(column.Type).includes(measure.fn))}
                          value={measure.column}
                          onChange={(value) =>
                            set({
                              measures: withMeasure(
                                pick.measures,
                                index,
                                { column: String(value ?? "") },
                                labelOf,
                              ),
                            })
                          }
                          searchable
                        />
                      )}
                      <TextField
                        uid={`${uid}-label-${index}`}
                        label={t("DashboardEditor_MeasureLabel")}
                        value={measure.label}
                        maxLength={128}
                        onChange={(label) =>
                          set({ measures: withMeasure(pick.measures, index, { label }, labelOf) })
                        }
                      />
                    </PickRow>
                  );
                })}
              </PickList>
            </>
          )}
          <PickList
            title={t("DashboardEditor_Filters")}
            addLabel={t("DashboardEditor_AddFilter")}
            canAdd={pick.filters.length < 20 && columns.length > 0}
            onAdd={() => {
              const column = columns[0] as SourceColumn;
              set({
                filters: [
                  ...pick.filters,
                  {
                    column: column.Name,
                    operator: operatorsFor(column.Type)[0] as FilterOperator,
                    value: "",
                    values: [],
                  },
                ],
              });
            }}
            problems={problemsOf("filters")}
          >
            {pick.filters.map((filter, index) => (
              <FilterRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
                key={index}
                uid={`${uid}-filter-${index}`}
                index={index}
                filter={filter}
                source={pick.source as number}
                columns={columns}
                columnOptions={columnOptions()}
                onChange={(next) => set({ filters: pick.filters.map((f, at) => (at === index ? next : f)) })}
                onRemove={() => set({ filters: pick.filters.filter((_, at) => at !== index) })}
              />
            ))}
          </PickList>
          <SortAndLimit uid={uid} pick={pick} shape={shape} set={set} problemsOf={problemsOf} />
        </>
      )}
    </div>
  );
}

/** A titled list of rows with its Add button and its problems. */
function PickList(props: {
  title: string;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  problems: string[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="dashboard-editor__pick-list" aria-labelledby={id}>
      <h3 id={id} className="dashboard-editor__pick-title">
        {props.title}
      </h3>
      {props.children}
      {props.problems.length > 0 ? (
        <ul className="dashboard-editor__pick-problems">
          {props.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="kit-button" disabled={!props.canAdd} onClick={props.onAdd}>
        <span aria-hidden="true">+ </span>
        {props.addLabel}
      </button>
    </section>
  );
}

/** One row of a list: its controls in a named group, and a remove button. */
function PickRow(props: { legend: string; removeLabel: string; onRemove: () => void; children: ReactNode }) {
  return (
    <fieldset className="dashboard-editor__pick-row">
      <legend className="visually-hidden">{props.legend}</legend>
      {props.children}
      <button
        type="button"
        className="kit-button dashboard-editor__pick-remove"
        aria-label={props.removeLabel}
        onClick={props.onRemove}
      >
        <span aria-hidden="true">×</span>
      </button>
    </fieldset>
  );
}

/** A condition: column, operator, and the value(s) the operator takes, typed by the column. */
function FilterRow(props: {
  uid: string;
  index: number;
  filter: FilterPick;
  source: number;
  columns: readonly SourceColumn[];
  columnOptions: SelectOption[];
  onChange: (filter: FilterPick) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { filter, uid } = props;
  const type = props.columns.find((column) => column.Name === filter.column)?.Type ?? "Text";
  const arity = operatorArity(filter.operator);
  const offered =
    type === "Text" &&
    (arity === "one" || arity === "list") &&
    filter.operator !== "Contains" &&
    filter.operator !== "StartsWith";
  const values = useResource<DataQueryResult>(
    offered ? `values:${props.source}:${filter.column}` : null,
    (signal) =>
      runQuery(
        {
          Source: { RecId: props.source },
          GroupBy: [{ Column: filter.column }],
          Sort: [{ By: filter.column }],
          Limit: OFFERED_VALUES,
        },
        signal,
      ),
  );
  const chosen = arity === "list" ? filter.values : filter.value ? [filter.value] : [];
  const known = (values.data?.Rows ?? [])
    .map((row) => row[0])
    .filter((cell): cell is string => typeof cell === "string");
  const valueOptions: SelectOption[] = [...new Set([...known, ...chosen])].map((value) => ({
    label: value,
    value,
  }));
  const inputType = type === "Number" ? "number" : type === "Date" ? "date" : "text";
  const set = (change: Partial<FilterPick>) => props.onChange({ ...filter, ...change });
  return (
    <PickRow
      legend={t("DashboardEditor_FilterN", { n: props.index + 1 })}
      removeLabel={t("DashboardEditor_RemoveFilter", { n: props.index + 1 })}
      onRemove={props.onRemove}
    >
      <Select
        uid={`${uid}-column`}
        label={t("DashboardEditor_Column")}
        options={props.columnOptions}
        value={filter.column}
        onChange={(value) => {
          const column = String(value ?? "");
          const nextType = props.columns.find((c) => c.Name === column)?.Type ?? "Text";
          const operators = operatorsFor(nextType);
          set({
            column,
            operator: operators.includes(filter.operator)
              ? filter.operator
              : (operators[0] as FilterOperator),
            value: "",
            values: [],
          });
        }}
        searchable
      />
      <Select
        uid={`${uid}-operator`}
        label={t("DashboardEditor_Operator")}
        options={operatorsFor(type).map((operator) => ({
          label: t(`DashboardEditor_Operator_${operator}`),
          value: operator,
        }))}
        value={filter.operator}
        onChange={(value) => set({ operator: value as FilterOperator })}
      />
      {arity === "none" ? null : type === "Boolean" ? (
        <Select
          uid={`${uid}-value`}
          label={t("DashboardEditor_Value")}
          options={[
            { label: t("Widget_Yes"), value: "true" },
            { label: t("Widget_No"), value: "false" },
          ]}
          value={filter.value || null}
          onChange={(value) => set({ value: String(value ?? "") })}
        />
      ) : offered ? (
        <Select
          uid={`${uid}-value`}
          label={t(arity === "list" ? "DashboardEditor_Values" : "DashboardEditor_Value")}
          multiple={arity === "list"}
          options={valueOptions}
          value={arity === "list" ? filter.values : filter.value || null}
          loading={values.status === "loading"}
          allowCustom
          onAddCustomValue={(value) =>
            arity === "list" ? set({ values: [...filter.values, value] }) : set({ value })
          }
          onChange={(value) =>
            arity === "list"
              ? set({ values: Array.isArray(value) ? value.map(String) : [] })
              : set({ value: value === null ? "" : String(value) })
          }
          searchable
        />
      ) : arity === "range" ? (
        <>
          <TextField
            uid={`${uid}-from`}
            label={t("DashboardEditor_From")}
            type={inputType}
            value={filter.values[0] ?? ""}
            onChange={(value) => set({ values: [value, filter.values[1] ?? ""] })}
          />
          <TextField
            uid={`${uid}-to`}
            label={t("DashboardEditor_To")}
            type={inputType}
            value={filter.values[1] ?? ""}
            onChange={(value) => set({ values: [filter.values[0] ?? "", value] })}
          />
        </>
      ) : arity === "list" ? (
        <TextField
          uid={`${uid}-values`}
          label={t("DashboardEditor_ValuesLines")}
          multiline
          rows={3}
          value={filter.values.join("\n")}
          onChange={(value) => set({ values: value.split("\n").filter((line) => line.trim() !== "") })}
        />
      ) : (
        <TextField
          uid={`${uid}-value`}
          label={t("DashboardEditor_Value")}
          type={inputType}
          value={filter.value}
          onChange={(value) => set({ value })}
        />
      )}
    </PickRow>
  );
}

/** The order of the result, its row limit, and the top N with Other. */
function SortAndLimit(props: {
  uid: string;
  pick: DataPick;
  shape: PickShape;
  set: (change: Partial<DataPick>) => void;
  problemsOf: (part: PickProblem["part"]) => string[];
}) {
  const { t } = useTranslation();
  const { pick, shape, set, uid } = props;
  const outputs = outputNames(pick);
  const first = pick.sort === "auto" ? undefined : pick.sort[0];
  const topN =
    shape.topN && pick.mode === "groups" && pick.dimensions.length === 1 && pick.measures.length > 0;
  return (
    <section className="dashboard-editor__pick-list" aria-label={t("DashboardEditor_OrderAndLimit")}>
      <h3 className="dashboard-editor__pick-title">{t("DashboardEditor_OrderAndLimit")}</h3>
      <div className="dashboard-editor__pick-row dashboard-editor__pick-row--plain">
        <Select
          uid={`${uid}-sort`}
          label={t("DashboardEditor_SortBy")}
          options={[
            { label: t("DashboardEditor_SortAutomatic"), value: SORT_AUTO },
            { label: t("DashboardEditor_SortNone"), value: SORT_NONE },
            ...outputs.map((name) => ({ label: name, value: `=${name}` })),
          ]}
          value={pick.sort === "auto" ? SORT_AUTO : first ? `=${first.by}` : SORT_NONE}
          onChange={(value) => {
            const chosen = String(value ?? SORT_AUTO);
            set({
              sort:
                chosen === SORT_AUTO
                  ? "auto"
                  : chosen === SORT_NONE
                    ? []
                    : [{ by: chosen.slice(1), descending: first?.descending ?? false }],
            });
          }}
          error={props.problemsOf("sort")}
        />
        {first ? (
          <Checkbox
            uid={`${uid}-descending`}
            label={t("DashboardEditor_Descending")}
            checked={first.descending}
            onChange={(descending) =>
              set({
                sort: [{ by: first.by, descending }, ...(pick.sort === "auto" ? [] : pick.sort.slice(1))],
              })
            }
          />
        ) : null}
        <TextField
          uid={`${uid}-limit`}
          label={t("DashboardEditor_Limit")}
          help={t("DashboardEditor_LimitHelp", { max: QUERY_MAX_LIMIT })}
          type="number"
          min={1}
          max={QUERY_MAX_LIMIT}
          step={1}
          value={pick.limit === null ? "" : String(pick.limit)}
          onChange={(value) => set({ limit: value.trim() === "" ? null : Number(value) })}
          error={props.problemsOf("limit")}
        />
      </div>
      {topN ? (
        <div className="dashboard-editor__pick-row dashboard-editor__pick-row--plain">
          <Checkbox
            uid={`${uid}-topn`}
            label={t("DashboardEditor_TopN")}
            checked={pick.topN !== null}
            onChange={(on) => set({ topN: on ? { n: 8, other: true, by: null } : null })}
          />
          {pick.topN ? (
            <>
              <TextField
                uid={`${uid}-topn-n`}
                label={t("DashboardEditor_TopNCount")}
                type="number"
                min={1}
                max={50}
                step={1}
                value={String(pick.topN.n)}
                onChange={(value) => {
                  const n = Math.min(50, Math.max(1, Math.trunc(Number(value)) || 1));
                  set({ topN: { n, other: pick.topN?.other ?? true, by: pick.topN?.by ?? null } });
                }}
              />
              <Checkbox
                uid={`${uid}-topn-other`}
                label={t("DashboardEditor_TopNOther")}
                checked={pick.topN.other}
                onChange={(other) =>
                  set({ topN: { n: pick.topN?.n ?? 8, other, by: pick.topN?.by ?? null } })
                }
              />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
