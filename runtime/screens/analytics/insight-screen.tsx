/**
 * The insight screen (renderer kind `insightViewer`, §2.2 /insight/editor/{recId}): the insight's one
 * widget drawn large with its data, and its note. Changing the insight's query is not offered here.
 */
import { type CSSProperties, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { InsightDefinition } from "../../../schemas/payloads/analytics-content.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { insightDefinitionOf } from "./definitions.ts";
import { DEFAULT_ROW_HEIGHT } from "./grid-layout.ts";
import { MemberObjectPage } from "./member-object-page.tsx";
import { NoDefinition } from "./no-definition.tsx";
import { usePageFilters } from "./page-filters.ts";
import { PlacedWidget } from "./widget-grid.tsx";
import { useWidgetSetup } from "./widget-setup.ts";

export default function InsightScreen(props: ScreenProps) {
  return (
    <MemberObjectPage {...props} kind="insightViewer" viewTabKey="Insight_ViewTab">
      {(object) => {
        const definition = insightDefinitionOf(object.Properties);
        if (!definition)
          return <NoDefinition titleKey="Insight_NoDefinitionTitle" textKey="Insight_NoDefinitionText" />;
        return <InsightBody key={object.RecId} recId={object.RecId} definition={definition} />;
      }}
    </MemberObjectPage>
  );
}

function InsightBody({ recId, definition }: { recId: number; definition: InsightDefinition }) {
  const { t } = useTranslation();
  const widgets = useMemo(() => [definition.Widget], [definition]);
  const setup = useWidgetSetup(undefined, true);
  const filters = usePageFilters(widgets, setup.rendererOf);
  return (
    <div className="analytics-doc">
      <div className="analytics-insight" style={{ "--analytics-height": "100%" } as CSSProperties}>
        <PlacedWidget
          widget={definition.Widget}
          rowHeight={DEFAULT_ROW_HEIGHT}
          setup={setup}
          filters={filters}
          source={{ kind: "member", area: "Insights", recId }}
          className="analytics-doc__frame"
        />
      </div>
      {definition.Note ? (
        <section className="analytics-note" aria-label={t("Insight_Note")}>
          <h2 className="content-section-title">{t("Insight_Note")}</h2>
          <p className="analytics-note__text">{definition.Note}</p>
        </section>
      ) : null}
    </div>
  );
}
