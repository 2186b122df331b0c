/**
 * Parts of the viewer and editor pages: the states before the object shows (malformed id, loading,
 * not found, error) and the legacy page the manifest maps for an object (§2.3), framed from the same
 * origin in its own tab and loaded only when that tab is chosen.
 */
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../http/api-error.ts";
import { UnknownRenderer } from "../../renderers/unknown-renderer.tsx";
import { EmptyState, ErrorState, LoadingState } from "./state-views.tsx";
import type { ObjectPage } from "./use-object.ts";
import "./content.css";

/** What to show until the object is there. */
export function ObjectPageFallback({ page, kind }: { page: ObjectPage; kind: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!page.config) return <UnknownRenderer kind={kind} />;
  const missing =
    page.recId === null || (page.object.error instanceof ApiError && page.object.error.status === 404);
  if (missing) {
    return (
      <div className="content-page">
        <h1 className="content-page-title">{t("Viewer_NotFoundTitle")}</h1>
        <EmptyState title={t("Viewer_NotFoundTitle")} text={t("Viewer_NotFoundText")}>
          <a
            className="kit-button"
            href={page.exitHref}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              navigate(page.exitHref);
            }}
          >
            {t("Viewer_BackToList")}
          </a>
        </EmptyState>
      </div>
    );
  }
  if (page.object.status === "error" && !page.object.data) {
    return (
      <div className="content-page">
        <h1 className="content-page-title">{t("Content_LoadFailed")}</h1>
        <ErrorState error={page.object.error} onRetry={page.object.reload} />
      </div>
    );
  }
  return <LoadingState />;
}

/** The framed legacy page of an object. */
export function LegacyFrame({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  return <iframe className="content-legacy-frame" src={url} title={t("Viewer_LegacyFrameTitle", { name })} />;
}
