/**
 * A dashboard drawn from its definition, wherever it shows (its viewer, a binder page, a shared
 * link): the page's filter state (one for the dashboard), a toolbar with Print and — while a filter
 * is set — Clear filters, and the widget grid.
 */
import { useTranslation } from "react-i18next";
import type { DashboardDefinition } from "../../../schemas/payloads/analytics-content.ts";
import { usePageFilters } from "./page-filters.ts";
import { PrintButton } from "./print-button.tsx";
import type { WidgetSource } from "./widget-data.ts";
import { WidgetGrid } from "./widget-grid.tsx";
import { useWidgetSetup } from "./widget-setup.ts";

/** Props of a DashboardBody. */
export interface DashboardBodyProps {
  definition: DashboardDefinition;
  source: WidgetSource;
  /** Signed in: the account's widget themes apply (a visitor of a shared link has none). */
  signedIn: boolean;
  stacked?: boolean;
  headingLevel?: 2 | 3;
  /** Print sits in the page header instead. */
  printInToolbar?: boolean;
}

/** A dashboard's widgets with their shared filter state. */
export function DashboardBody(props: DashboardBodyProps) {
  const { t } = useTranslation();
  const { definition } = props;
  const setup = useWidgetSetup(definition.Theme, props.signedIn);
  const filters = usePageFilters(definition.Widgets, setup.rendererOf);
  const showToolbar = props.printInToolbar === true || filters.active;
  return (
    <>
      {showToolbar ? (
        <div className="analytics-toolbar">
          {props.printInToolbar ? <PrintButton /> : null}
          {filters.active ? (
            <button type="button" className="kit-button" onClick={filters.clear}>
              {t("Dashboard_ClearFilters")}
            </button>
          ) : null}
        </div>
      ) : null}
      {definition.Widgets.length === 0 ? (
        <p className="content-muted">{t("Dashboard_NoWidgets")}</p>
      ) : (
        <WidgetGrid
          widgets={definition.Widgets}
          rowHeight={definition.RowHeight}
          stacked={props.stacked}
          setup={setup}
          filters={filters}
          source={props.source}
          headingLevel={props.headingLevel}
        />
      )}
    </>
  );
}
