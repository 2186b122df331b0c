/**
 * A binder's pages, one dashboard at a time: a page list (buttons, the current one marked
 * aria-current="page") and Previous / Next, the page in the address (?page=n, so a reload or a
 * shared address keeps it), focus on the page's heading after a change so keyboard and screen
 * reader users land on what changed. Each page has its own filter state.
 */
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { EmptyState } from "../content/state-views.tsx";
import { type BinderPage, pageIndexOf, searchWithPage } from "./binder-pages.ts";
import { DashboardBody } from "./dashboard-body.tsx";
import type { WidgetSource } from "./widget-data.ts";

/** Props of a BinderView. */
export interface BinderViewProps {
  pages: BinderPage[];
  /** The data source of a page's widgets. */
  sourceOf: (page: BinderPage) => WidgetSource;
  signedIn: boolean;
}

/** The pages of a binder. */
export function BinderView({ pages, sourceOf, signedIn }: BinderViewProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const index = pageIndexOf(location.search, pages.length);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page index is what moves the focus
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [index]);
  if (pages.length === 0) return <EmptyState title={t("Binder_NoPages")} />;
  const current = pages[index] as BinderPage;
  const go = (next: number) => {
    moved.current = true;
    navigate(
      { pathname: location.pathname, search: searchWithPage(location.search, next) },
      { replace: true },
    );
  };
  return (
    <div className="analytics-binder">
      <nav aria-label={t("Binder_Pages")}>
        <ol className="analytics-binder__pages">
          {pages.map((page, pageIndex) => (
            <li key={page.recId}>
              <button
                type="button"
                className="analytics-binder__page"
                aria-current={pageIndex === index ? "page" : undefined}
                onClick={() => go(pageIndex)}
              >
                {page.name}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="analytics-binder__content" aria-labelledby={headingId}>
        <div className="analytics-binder__nav">
          <button type="button" className="kit-button" disabled={index === 0} onClick={() => go(index - 1)}>
            <span aria-hidden="true">←</span> {t("Binder_Previous")}
          </button>
          <p className="analytics-toolbar__status" aria-live="polite">
            {t("Binder_PageOf", { page: index + 1, count: pages.length })}
          </p>
          <button
            type="button"
            className="kit-button"
            disabled={index === pages.length - 1}
            onClick={() => go(index + 1)}
          >
            {t("Binder_Next")} <span aria-hidden="true">→</span>
          </button>
        </div>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="analytics-section__title">
          {current.name}
        </h2>
        {!current.available ? (
          <EmptyState title={t("Binder_PageUnavailable")} text={t("Binder_PageUnavailableText")} />
        ) : current.definition ? (
          <DashboardBody
            key={current.recId}
            definition={current.definition}
            source={sourceOf(current)}
            signedIn={signedIn}
            headingLevel={3}
          />
        ) : (
          <EmptyState title={t("Dashboard_NoDefinitionTitle")} text={t("Binder_PageNoDefinitionText")} />
        )}
      </section>
    </div>
  );
}
