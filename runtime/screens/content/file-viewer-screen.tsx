/**
 * The file viewer (renderer kind `fileViewer`, §2.2 /files/viewer/{recId}): a media object's header,
 * an inline preview for images (`Media/{id}/Download?inline=true`), the download link
 * (`Media/{id}/Download`), its facts and properties.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { mediaDownloadUrl } from "./content-api.ts";
import type { ObjectDetail } from "./content-types.ts";
import { ObjectHeader } from "./object-header.tsx";
import { ObjectPageFallback } from "./object-page-states.tsx";
import { isImageMedia } from "./object-properties.ts";
import { ObjectFacts, PropertiesPanel } from "./object-summary.tsx";
import { useObjectPage } from "./use-object.ts";
import "./content.css";

export default function FileViewerScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const page = useObjectPage(route, params);
  const [changed, setChanged] = useState<ObjectDetail | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const loaded = page.object.data;
  if (!page.config || !loaded) return <ObjectPageFallback page={page} kind="fileViewer" />;
  const object = changed?.RecId === loaded.RecId ? changed : loaded;
  const download = mediaDownloadUrl(object.RecId);
  const previewable = isImageMedia(object.Properties) && !object.IsDeleted;
  return (
    <article className="content-page">
      <ObjectHeader
        area={page.config.area}
        object={object}
        exitHref={route.screen?.showExitButton === false ? null : page.exitHref}
        onChanged={setChanged}
      >
        {object.IsDeleted ? null : (
          <a className="kit-button kit-button--primary" href={download} download={object.Name}>
            {t("FileViewer_Download")}
          </a>
        )}
      </ObjectHeader>
      <div className="content-viewer__body">
        <section className="content-panel" aria-label={t("FileViewer_Preview")}>
          <h2 className="content-section-title">{t("FileViewer_Preview")}</h2>
          {previewable && !previewFailed ? (
            <img
              className="content-preview"
              src={mediaDownloadUrl(object.RecId, true)}
              alt={t("FileViewer_PreviewOf", { name: object.Name })}
              onError={() => setPreviewFailed(true)}
            />
          ) : (
            <p className="content-muted">
              {t(previewFailed ? "FileViewer_PreviewFailed" : "FileViewer_NoPreview")}
            </p>
          )}
        </section>
        <div className="content-panel">
          <h2 className="content-section-title">{t("Viewer_About")}</h2>
          <ObjectFacts object={object} path={page.path} folderHref={page.folderHref} />
          <PropertiesPanel object={object} headingLevel={3} />
        </div>
      </div>
    </article>
  );
}
