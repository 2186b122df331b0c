/**
 * The chart snapshot (renderer kind `chartSnapshot`, §2.1 /report/chart/snapshot?code=…): a public,
 * read-only image of a report chart, resolved with the call described in shared-view.ts; "not found
 * or no longer shared" when the code does not resolve.
 */
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { apiRequest } from "../../http/api-client.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { useFormatters } from "./content-format.ts";
import { base64Image } from "./object-properties.ts";
import {
  type ChartSnapshot,
  chartSnapshotPath,
  isChartSnapshot,
  sharedFailure,
  snapshotCode,
} from "./shared-view.ts";
import { NotShared } from "./shared-viewer-screen.tsx";
import { ErrorState, LoadingState } from "./state-views.tsx";
import { useResource } from "./use-resource.ts";
import "./content.css";

export default function ChartSnapshotScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const code = snapshotCode(useLocation().search);
  const snapshot = useResource<ChartSnapshot>(code ? `snapshot:${code}` : null, async (signal) => {
    const body = await apiRequest<unknown>(chartSnapshotPath(code as string), {
      base: "webservices",
      signal,
    });
    if (!isChartSnapshot(body)) throw new Error("unexpected snapshot response");
    return body;
  });
  if (!code) return <NotShared titleKey="Snapshot_NotFoundTitle" />;
  if (snapshot.status === "error") {
    if (sharedFailure(snapshot.error) === "notFound") return <NotShared titleKey="Snapshot_NotFoundTitle" />;
    return (
      <div className="content-public">
        <h1 className="content-page-title">{t("Content_LoadFailed")}</h1>
        <ErrorState error={snapshot.error} onRetry={snapshot.reload} />
      </div>
    );
  }
  if (!snapshot.data) return <LoadingState />;
  const image = base64Image(snapshot.data.ImagePng);
  return (
    <article className="content-public">
      <h1 className="content-page-title">{snapshot.data.Title}</h1>
      {snapshot.data.CreatedAt ? (
        <p className="content-muted">
          {t("Snapshot_TakenAt", { date: format.dateTime(snapshot.data.CreatedAt) })}
        </p>
      ) : null}
      {image ? (
        <img
          className="content-preview"
          src={image}
          alt={t("Snapshot_ImageOf", { title: snapshot.data.Title })}
        />
      ) : (
        <p>{t("Snapshot_NoImage")}</p>
      )}
    </article>
  );
}
