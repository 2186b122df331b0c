/**
 * An accessible bar chart: an SVG with role="img", named by its title and described by a text
 * summary (largest value, total), and the same data as a table in a disclosure for anyone who
 * prefers or needs it. Categories are drawn as horizontal rows (their names stay readable); a time
 * series as vertical bars with every n-th date labelled. Geometry comes from chart-geometry.ts.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  type BarDatum,
  barLayout,
  labelStep,
  largest,
  niceMax,
  rowLayout,
  scaleY,
  tickCount,
  ticks,
} from "./chart-geometry.ts";
import "./account.css";

/** Drawing sizes in SVG units, drawn at 1:1 (the SVG only shrinks on narrow screens). */
const WIDTH = 720;
const COLUMNS = { height: 240, left: 48, top: 12, bottom: 28, right: 12 } as const;
const ROWS = { rowHeight: 24, left: 180, top: 8, bottom: 24, right: 72 } as const;
/** Preferred steps of the value axis, the most date labels under the bars, gaps between label and bar. */
const PREFERRED_TICKS = 4;
const LABEL_ROOM = 8;
const LABEL_GAP = 6;

/** Props of a BarChart. */
export interface BarChartProps {
  title: string;
  data: readonly BarDatum[];
  /** Categories as rows, or a series over time as columns. */
  layout: "rows" | "columns";
  /** Formats a value for the axis, the table and the summary. */
  format: (value: number) => string;
  /** Whole-number data (counts): the axis shows whole numbers only. */
  integer?: boolean;
  labelHeader: string;
  valueHeader: string;
}

/** The chart and its data table. */
export function BarChart(props: BarChartProps) {
  const { t } = useTranslation();
  const id = useId();
  const { data, format } = props;
  const top = largest(data);
  const total = data.reduce((sum, datum) => sum + Math.max(0, datum.value), 0);
  const summary =
    top === null
      ? t("Usage_ChartEmpty")
      : t("Usage_ChartSummary", {
          bars: data.length,
          label: top.label,
          value: format(top.value),
          total: format(total),
        });
  const max = niceMax(Math.max(0, ...data.map((datum) => datum.value)));
  const steps = tickCount(max, props.integer === true, PREFERRED_TICKS);
  const height =
    props.layout === "rows"
      ? ROWS.top + ROWS.bottom + ROWS.rowHeight * Math.max(1, data.length)
      : COLUMNS.height;
  return (
    <figure className="usage-chart work-panel">
      <figcaption id={`${id}-title`} className="work-section-title">
        {props.title}
      </figcaption>
      <svg
        className="usage-chart__svg"
        width={WIDTH}
        height={height}
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title>{props.title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {props.layout === "rows" ? (
          <Rows data={data} max={max} steps={steps} height={height} format={format} />
        ) : (
          <Columns data={data} max={max} steps={steps} format={format} />
        )}
      </svg>
      <p className="work-muted">{summary}</p>
      <details>
        <summary>{t("Usage_ShowTable")}</summary>
        <div className="work-table-wrap">
          <table className="work-table">
            <caption>{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">{props.labelHeader}</th>
                <th scope="col" className="work-num">
                  {props.valueHeader}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((datum) => (
                <tr key={datum.label}>
                  <th scope="row">{datum.label}</th>
                  <td className="work-num">{format(datum.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function Rows(props: {
  data: readonly BarDatum[];
  max: number;
  steps: number;
  height: number;
  format: (v: number) => string;
}) {
  const area = {
    left: ROWS.left,
    top: ROWS.top,
    width: WIDTH - ROWS.left - ROWS.right,
    height: props.height - ROWS.top - ROWS.bottom,
  };
  return (
    <>
      {ticks(props.max, props.steps).map((tick) => {
        const x = area.left + (area.width * tick) / props.max;
        return (
          <g key={tick}>
            <line className="usage-chart__axis" x1={x} x2={x} y1={area.top} y2={area.top + area.height} />
            <text className="usage-chart__label" x={x} y={area.top + area.height + 16} textAnchor="middle">
              {props.format(tick)}
            </text>
          </g>
        );
      })}
      {rowLayout(props.data, area, props.max).map((bar) => (
        <g key={bar.label}>
          <text
            className="usage-chart__label"
            x={area.left - LABEL_GAP}
            y={bar.y + bar.height / 2}
            dominantBaseline="middle"
            textAnchor="end"
          >
            {bar.label}
          </text>
          <rect className="usage-chart__bar" x={bar.x} y={bar.y} width={bar.width} height={bar.height} />
          <text
            className="usage-chart__value"
            x={bar.x + bar.width + LABEL_GAP}
            y={bar.y + bar.height / 2}
            dominantBaseline="middle"
          >
            {props.format(bar.value)}
          </text>
        </g>
      ))}
    </>
  );
}

function Columns(props: {
  data: readonly BarDatum[];
  max: number;
  steps: number;
  format: (v: number) => string;
}) {
  const area = {
    left: COLUMNS.left,
    top: COLUMNS.top,
    width: WIDTH - COLUMNS.left - COLUMNS.right,
    height: COLUMNS.height - COLUMNS.top - COLUMNS.bottom,
  };
  const step = labelStep(props.data.length, LABEL_ROOM);
  return (
    <>
      {ticks(props.max, props.steps).map((tick) => {
        const y = scaleY(tick, props.max, area);
        return (
          <g key={tick}>
            <line className="usage-chart__axis" x1={area.left} x2={area.left + area.width} y1={y} y2={y} />
            <text
              className="usage-chart__label"
              x={area.left - LABEL_GAP}
              y={y}
              dominantBaseline="middle"
              textAnchor="end"
            >
              {props.format(tick)}
            </text>
          </g>
        );
      })}
      {barLayout(props.data, area, props.max).map((bar, index) => (
        <g key={bar.label}>
          <rect className="usage-chart__bar" x={bar.x} y={bar.y} width={bar.width} height={bar.height} />
          {index % step === 0 ? (
            <text
              className="usage-chart__label"
              x={bar.x + bar.width / 2}
              y={area.top + area.height + 16}
              textAnchor="middle"
            >
              {bar.short ?? bar.label}
            </text>
          ) : null}
        </g>
      ))}
    </>
  );
}
