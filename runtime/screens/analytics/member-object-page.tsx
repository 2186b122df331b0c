/**
 * The page of a signed-in viewer of an analytical object (§2.2): the object header as every
 * viewer has it (name, type, favourite, edit, exit — no exit or edit where the route says
 * showExitButton false, /mobile/report), Print, and tabs — the object drawn, its facts and
 * properties (About), and the legacy view where the manifest maps one that this deployment answers.
 */
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RouteDefinition } from "../../../schemas/routes.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { Tabs } from "../content/content-tabs.tsx";
import type { ObjectDetail } from "../content/content-types.ts";
import { ObjectHeader } from "../content/object-header.tsx";
import { LegacyFrame, ObjectPageFallback } from "../content/object-page-states.tsx";
import { ObjectFacts, PropertiesPanel } from "../content/object-summary.tsx";
import { type ObjectPage, useObjectPage } from "../content/use-object.ts";
import { PrintButton } from "./print-button.tsx";
import "../content/content.css";
import "./analytics.css";

/** Props of a MemberObjectPage. */
export interface MemberObjectPageProps extends ScreenProps {
  /** The screen kind, for the fallback of a route without an area. */
  kind: string;
  /** Text key of the tab showing the object. */
  viewTabKey: string;
  /** Draws the object. */
  children: (object: ObjectDetail, page: ObjectPage) => ReactNode;
}

/** Whether the route is one of the /mobile routes, whose pages stack their widgets (§2.2). */
export function isMobileRoute(route: Pick<RouteDefinition, "path">): boolean {
  return route.path.startsWith("/mobile/");
}

/** A viewer page with the object header and its tabs. */
export function MemberObjectPage({ route, params, kind, viewTabKey, children }: MemberObjectPageProps) {
  const { t } = useTranslation();
  const page = useObjectPage(route, params);
  const [tab, setTab] = useState("view");
  const [changed, setChanged] = useState<ObjectDetail | null>(null);
  const loaded = page.object.data;
  if (!page.config || !loaded) return <ObjectPageFallback page={page} kind={kind} />;
  const object = changed?.RecId === loaded.RecId ? changed : loaded;
  // §2.2 /mobile/report: viewer only, without the exit button.
  const viewerOnly = route.screen?.showExitButton === false;
  const tabs = [
    { id: "view", label: t(viewTabKey) },
    { id: "about", label: t("Viewer_About") },
    ...(page.legacyUrl ? [{ id: "legacy", label: t("Viewer_LegacyView") }] : []),
  ];
  return (
    <article className="content-page analytics-page">
      <ObjectHeader
        area={page.config.area}
        object={object}
        editHref={viewerOnly ? null : page.links?.edit}
        exitHref={viewerOnly ? null : page.exitHref}
        onChanged={setChanged}
      >
        {tab === "view" ? <PrintButton /> : null}
      </ObjectHeader>
      <Tabs label={t("Viewer_Views")} selected={tab} onSelect={setTab} tabs={tabs}>
        {tab === "about" ? (
          <div className="content-viewer__body">
            <section className="content-panel" aria-label={t("Viewer_About")}>
              <h2 className="content-section-title">{t("Viewer_About")}</h2>
              <ObjectFacts object={object} path={page.path} folderHref={page.folderHref} />
            </section>
            <div className="content-panel">
              <PropertiesPanel object={object} />
            </div>
          </div>
        ) : tab === "legacy" && page.legacyUrl ? (
          <LegacyFrame url={page.legacyUrl} name={object.Name} />
        ) : (
          children(object, page)
        )}
      </Tabs>
    </article>
  );
}
