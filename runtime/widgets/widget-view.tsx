/**
 * One widget on a page: its frame (title, menu), and a state of its own — loading, no data, an error
 * with a retry, "kind not available" — so one failing widget never blanks the page (a render error
 * stays inside its frame too). The menu exports the result rows as CSV and a chart's picture as
 * PNG (tables and figures: CSV only). Colours come from `theme` (widget-style.ts).
 */
import {
  Component,
  type CSSProperties,
  type ErrorInfo,
  type ReactNode,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { WidgetDefinition } from "../../schemas/payloads/analytics-content.ts";
import type { DataQueryResult } from "../../schemas/payloads/data-query.ts";
import type { MenuItem } from "../components/menu/menu.tsx";
import { MenuButton } from "../components/menu/menu-button.tsx";
import { errorMessage } from "../screens/content/content-feedback.ts";
import { useResource } from "../screens/content/use-resource.ts";
import { exportFileName, saveCsv, savePng } from "./widget-export.ts";
import type { KindResolution } from "./widget-kinds.ts";
import type { FilterBinding, PictureTaker } from "./widget-props.ts";
import { widgetRegistry } from "./widget-registry.ts";
import type { WidgetStyle } from "./widget-style.ts";
import { WidgetUnavailable } from "./widget-unavailable.tsx";
import "./widgets.css";

/** The renderers whose picture the menu exports (the others export their rows only). */
const PICTURE_RENDERERS: readonly string[] = ["line", "area", "bar", "pie", "scatter"];

/** Props of a WidgetView. */
export interface WidgetViewProps {
  widget: WidgetDefinition;
  kind: KindResolution;
  /** Loads the widget's rows; null for a widget without data (text, image). */
  load: ((signal: AbortSignal) => Promise<DataQueryResult>) | null;
  /** Names what `load` returns (the widget and the filters it is sent with): a new key loads again. */
  loadKey: string;
  theme: WidgetStyle;
  filter?: FilterBinding;
  /** The level of the widget's title under the page's headings. */
  headingLevel?: 2 | 3;
  /** Its place on the page's grid. */
  style?: CSSProperties;
  className?: string;
}

/** A widget in its frame. */
export function WidgetView(props: WidgetViewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { widget, kind, theme } = props;
  const ready = kind.status === "ready" ? kind : null;
  const title = widget.Title?.trim() || (ready ? t(ready.kind.titleKey) : widget.Kind);
  const wantsData = ready?.kind.data === "query";
  const query = wantsData && widget.Query && props.load ? props.load : null;
  const data = useResource<DataQueryResult>(query ? props.loadKey : null, (signal) =>
    (query as NonNullable<typeof query>)(signal),
  );
  const picture = useRef<PictureTaker | null>(null);
  const [hasPicture, setHasPicture] = useState(false);
  const onPicture = useCallback((taker: PictureTaker | null) => {
    picture.current = taker;
    setHasPicture(taker !== null);
  }, []);
  const Heading = props.headingLevel === 3 ? "h3" : "h2";
  const result = data.data;
  const isFilter = ready?.kind.category === "filter";

  const items: MenuItem[] = [];
  if (ready && PICTURE_RENDERERS.includes(ready.renderer) && hasPicture && result) {
    items.push({
      id: "png",
      label: t("Widget_ExportPng"),
      onSelect: () => {
        const url = picture.current?.();
        if (url) savePng(url, exportFileName(title, "png", t("Widget_FileName")));
      },
    });
  }
  if (!isFilter && result && result.Columns.length > 0) {
    items.push({
      id: "csv",
      label: t("Widget_ExportCsv"),
      onSelect: () => saveCsv(result, exportFileName(title, "csv", t("Widget_FileName"))),
    });
  }

  let body: ReactNode;
  if (!ready) body = <WidgetUnavailable kind={widget.Kind} />;
  else if (wantsData && !widget.Query) {
    body = <WidgetMessage title={t("Widget_NoQuery")} text={t("Widget_NoQueryText")} />;
  } else if (wantsData && data.status === "error" && !result) {
    body = <WidgetError error={data.error} onRetry={data.reload} />;
  } else if (wantsData && !result) {
    body = <WidgetLoading />;
  } else if (wantsData && result && result.Rows.length === 0 && !isFilter) {
    body = <WidgetMessage title={t("Widget_Empty")} text={t("Widget_EmptyText")} />;
  } else {
    const Renderer = widgetRegistry.resolve(ready.renderer);
    body = Renderer ? (
      <WidgetBoundary resetKey={props.loadKey}>
        <Suspense fallback={<WidgetLoading />}>
          <Renderer
            widget={widget}
            renderer={ready.renderer}
            settings={ready.settings}
            result={result ?? null}
            title={title}
            style={theme}
            onPicture={onPicture}
            filter={props.filter}
          />
        </Suspense>
      </WidgetBoundary>
    ) : (
      <WidgetUnavailable kind={widget.Kind} />
    );
  }
  const frameStyle = {
    ...props.style,
    "--widget-bg": theme.background,
    "--widget-fg": theme.text,
    "--widget-muted": theme.muted,
    "--widget-line": theme.line,
    ...(theme.borderRadius ? { "--widget-radius": theme.borderRadius } : {}),
  } as CSSProperties;
  return (
    <section
      className={["widget", isFilter ? "widget--filter" : "", props.className ?? ""]
        .filter(Boolean)
        .join(" ")}
      aria-labelledby={titleId}
      aria-busy={wantsData && data.status === "loading" ? true : undefined}
      style={frameStyle}
    >
      <header className="widget__header">
        <Heading id={titleId} className="widget__title">
          {title}
        </Heading>
        {items.length > 0 ? (
          <MenuButton
            trigger={<span aria-hidden="true">⋯</span>}
            triggerLabel={t("Widget_Menu", { title })}
            triggerClassName="kit-button widget__menu-button"
            placement="bottom-end"
            items={items}
          />
        ) : null}
      </header>
      <div className="widget__body">{body}</div>
      {wantsData && data.status === "error" && result ? (
        // A reload that failed keeps the last rows on display and says so beside them.
        <WidgetError error={data.error} onRetry={data.reload} compact />
      ) : null}
    </section>
  );
}

/** Loading: a polite status with a spinner. */
function WidgetLoading() {
  const { t } = useTranslation();
  return (
    <div className="widget-state" role="status">
      <span className="widget-spinner" aria-hidden="true" />
      <span>{t("Loading")}</span>
    </div>
  );
}

function WidgetMessage({ title, text }: { title: string; text?: string }) {
  return (
    <div className="widget-state">
      <p className="widget-state__title">{title}</p>
      {text ? <p className="widget-state__text">{text}</p> : null}
    </div>
  );
}

/** A failed load (the §8 text of its error) with a retry. */
function WidgetError({
  error,
  onRetry,
  compact,
}: {
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={
        compact
          ? "widget-state widget-state--error widget-state--compact"
          : "widget-state widget-state--error"
      }
      role="alert"
    >
      <p className="widget-state__title">{t("Widget_LoadFailed")}</p>
      <p className="widget-state__text">{errorMessage(error) ?? t("ErrorCode_UnknownXhrFailure")}</p>
      <button type="button" className="kit-button" onClick={onRetry}>
        {t("Content_Retry")}
      </button>
    </div>
  );
}

/** Keeps a renderer's failure inside its widget; a retry (or new data) draws it again. */
class WidgetBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failed: boolean; key: string }
> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("widget failed to render", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <WidgetRenderFailed onRetry={() => this.setState({ failed: false })} />;
  }
}

function WidgetRenderFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="widget-state widget-state--error" role="alert">
      <p className="widget-state__title">{t("Widget_RenderFailed")}</p>
      <button type="button" className="kit-button" onClick={onRetry}>
        {t("Content_Retry")}
      </button>
    </div>
  );
}
