/**
 * The object viewer (renderer kind `objectViewer`, §2.2: /dashboard/viewer, /binder/viewer,
 * /livedoc/viewer, /report/viewer and /mobile/report): the object header, its facts and properties,
 * and the legacy viewer in a frame where the manifest maps one. The exit button goes back to the
 * object's folder, except where the route hides it (showExitButton false on /mobile/report).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { Tabs } from "./content-tabs.tsx";
import type { ObjectDetail } from "./content-types.ts";
import { ObjectHeader } from "./object-header.tsx";
import { LegacyFrame, ObjectPageFallback } from "./object-page-states.tsx";
import { ObjectFacts, PropertiesPanel } from "./object-summary.tsx";
import { useObjectPage } from "./use-object.ts";
import "./content.css";

export default function ObjectViewerScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const page = useObjectPage(route, params);
  const [tab, setTab] = useState("overview");
  const [changed, setChanged] = useState<ObjectDetail | null>(null);
  const loaded = page.object.data;
  if (!page.config || !loaded) return <ObjectPageFallback page={page} kind="objectViewer" />;
  const object = changed?.RecId === loaded.RecId ? changed : loaded;
  // §2.2 /mobile/report: viewer only, without the exit button.
  const viewerOnly = route.screen?.showExitButton === false;
  const overview = (
    <div className="content-viewer__body">
      <section className="content-panel" aria-label={t("Viewer_About")}>
        <h2 className="content-section-title">{t("Viewer_About")}</h2>
        <ObjectFacts object={object} path={page.path} folderHref={page.folderHref} />
      </section>
      <div className="content-panel">
        <PropertiesPanel object={object} />
      </div>
    </div>
  );
  return (
    <article className="content-page">
      <ObjectHeader
        area={page.config.area}
        object={object}
        editHref={viewerOnly ? null : page.links?.edit}
        exitHref={viewerOnly ? null : page.exitHref}
        onChanged={setChanged}
      />
      {page.legacyUrl ? (
        <Tabs
          label={t("Viewer_Views")}
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: "overview", label: t("Viewer_Overview") },
            { id: "legacy", label: t("Viewer_LegacyView") },
          ]}
        >
          {tab === "legacy" ? <LegacyFrame url={page.legacyUrl} name={object.Name} /> : overview}
        </Tabs>
      ) : (
        overview
      )}
    </article>
  );
}
