/**
 * An ECharts drawing in a widget: initialised on its element with the chart parts the calling
 * module registered (each chart type's module imports only its own, widget-registry.ts), drawn on a
 * canvas, redrawn when the option changes, resized with its frame and before printing, disposed
 * with the widget. It is an image named by the widget's title and described by its text summary
 * (chart-summary.ts), which is in the page for screen readers and hidden from sight.
 */
import type { EChartsCoreOption, init as initChart } from "echarts/core";
import { useEffect, useId, useRef } from "react";
import type { PictureTaker } from "../widget-props.ts";

/** Props of an EChart. */
export interface EChartProps {
  /** `init` of the echarts/core the module set up. */
  init: typeof initChart;
  option: EChartsCoreOption;
  /** The accessible name. */
  label: string;
  /** The text description, one sentence per line. */
  summary: readonly string[];
  /** The background the exported picture is drawn on (a canvas is transparent). */
  background: string;
  onPicture: (taker: PictureTaker | null) => void;
}

/** Device pixels per CSS pixel of an exported picture: sharp when printed or zoomed. */
const PICTURE_PIXEL_RATIO = 2;

/** An ECharts chart. */
export function EChart({ init, option, label, summary, background, onPicture }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof initChart> | null>(null);
  const summaryId = useId();

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = init(node, null, { renderer: "canvas" });
    chart.current = instance;
    const resize = () => instance.resize();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(resize);
    observer?.observe(node);
    // The paper is wider or narrower than the screen: draw for it, not a scaled screen picture.
    window.addEventListener("beforeprint", resize);
    window.addEventListener("afterprint", resize);
    return () => {
      observer?.disconnect();
      window.removeEventListener("beforeprint", resize);
      window.removeEventListener("afterprint", resize);
      chart.current = null;
      instance.dispose();
    };
  }, [init]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    onPicture(() =>
      chart.current
        ? chart.current.getDataURL({
            type: "png",
            pixelRatio: PICTURE_PIXEL_RATIO,
            backgroundColor: background,
          })
        : null,
    );
    return () => onPicture(null);
  }, [onPicture, background]);

  return (
    <div className="widget-chart">
      <div
        ref={element}
        className="widget-chart__canvas"
        role="img"
        aria-label={label}
        aria-describedby={summaryId}
      />
      <div id={summaryId} className="kit-visually-hidden widget-chart__summary">
        {summary.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}
