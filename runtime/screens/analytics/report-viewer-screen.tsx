/**
 * The report viewer (renderer kind `reportViewer`, §2.2 /report/viewer/{recId} and
 * /mobile/report/{recId}): titled sections, each its sanitised text and widgets on the grid, one
 * filter state for the whole report. /mobile/report is the viewer only — no exit or edit button
 * (showExitButton false) in the mobileReport shell profile without the main menu — and stacks its
 * widgets in one column.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ReportDefinition } from "../../../schemas/payloads/analytics-content.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { sanitizeHtml } from "../work/tickets/sanitize-html.ts";
import { reportDefinitionOf } from "./definitions.ts";
import { isMobileRoute, MemberObjectPage } from "./member-object-page.tsx";
import { NoDefinition } from "./no-definition.tsx";
import { usePageFilters } from "./page-filters.ts";
import { WidgetGrid } from "./widget-grid.tsx";
import { useWidgetSetup } from "./widget-setup.ts";

export default function ReportViewerScreen(props: ScreenProps) {
  return (
    <MemberObjectPage {...props} kind="reportViewer" viewTabKey="Report_ViewTab">
      {(object) => {
        const definition = reportDefinitionOf(object.Properties);
        if (!definition)
          return <NoDefinition titleKey="Report_NoDefinitionTitle" textKey="Report_NoDefinitionText" />;
        return (
          <ReportBody
            key={object.RecId}
            recId={object.RecId}
            definition={definition}
            stacked={isMobileRoute(props.route)}
          />
        );
      }}
    </MemberObjectPage>
  );
}

function ReportBody(props: { recId: number; definition: ReportDefinition; stacked: boolean }) {
  const { t } = useTranslation();
  const { definition } = props;
  const widgets = useMemo(() => definition.Sections.flatMap((section) => section.Widgets), [definition]);
  const setup = useWidgetSetup(definition.Theme, true);
  const filters = usePageFilters(widgets, setup.rendererOf);
  return (
    <>
      {filters.active ? (
        <div className="analytics-toolbar">
          <button type="button" className="kit-button" onClick={filters.clear}>
            {t("Dashboard_ClearFilters")}
          </button>
        </div>
      ) : null}
      {definition.Sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is the report's
        <section key={index} className="analytics-section" aria-label={section.Title}>
          <h2 className="analytics-section__title">{section.Title}</h2>
          {section.Html ? <SectionText html={section.Html} /> : null}
          {section.Widgets.length > 0 ? (
            <WidgetGrid
              widgets={section.Widgets}
              stacked={props.stacked}
              setup={setup}
              filters={filters}
              source={{ kind: "member", area: "Reports", recId: props.recId }}
              headingLevel={3}
            />
          ) : null}
        </section>
      ))}
    </>
  );
}

function SectionText({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className="analytics-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above (DESIGN.md §6)
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
