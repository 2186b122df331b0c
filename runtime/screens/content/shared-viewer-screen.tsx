/**
 * The public viewers of shared links (renderer kind `sharedViewer`, §2.1 /v/{code} dashboards,
 * /b/{code} binders, /ld/{code} live documents): read-only pages without the app chrome. The code is
 * resolved with the call described in shared-view.ts; when it does not resolve the visitor sees
 * "not found or no longer shared".
 */
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../http/api-client.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { useFormatters } from "./content-format.ts";
import type { ObjectDetail } from "./content-types.ts";
import { PropertiesPanel } from "./object-summary.tsx";
import {
  isSharedObject,
  type SharedObject,
  shareCode,
  sharedFailure,
  sharedObjectPath,
} from "./shared-view.ts";
import { ErrorState, LoadingState } from "./state-views.tsx";
import { useResource } from "./use-resource.ts";
import "./content.css";

/** The page shown when a share code does not resolve. */
export function NotShared({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="content-public">
      <h1 className="content-page-title">{t(titleKey)}</h1>
      <p>{t("Shared_NotFoundText")}</p>
    </div>
  );
}

/** The shared-link viewer screen. */
export default function SharedViewerScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const type = route.screen?.objectTypes?.[0] ?? "";
  const code = shareCode(params.code);
  const shared = useResource<SharedObject>(code && type ? `share:${type}:${code}` : null, async (signal) => {
    const body = await apiRequest<unknown>(sharedObjectPath(type, code as string), {
      base: "webservices",
      signal,
    });
    if (!isSharedObject(body, type)) throw new Error("unexpected share response");
    return body;
  });
  if (!code || !type) return <NotShared titleKey="Shared_NotFoundTitle" />;
  if (shared.status === "error") {
    if (sharedFailure(shared.error) === "notFound") return <NotShared titleKey="Shared_NotFoundTitle" />;
    return (
      <div className="content-public">
        <h1 className="content-page-title">{t("Content_LoadFailed")}</h1>
        <ErrorState error={shared.error} onRetry={shared.reload} />
      </div>
    );
  }
  if (!shared.data) return <LoadingState />;
  const object = shared.data;
  // The properties panel reads the library object shape; a shared view has no folder or shares.
  const asDetail = { Name: object.Name, Properties: object.Properties ?? {} } as ObjectDetail;
  return (
    <article className="content-public">
      <header className="content-page-header">
        <h1 className="content-page-title">{object.Name}</h1>
        <p className="content-muted">
          {object.OwnerFullName
            ? t("Shared_Byline", {
                type: t(`ObjectType_${object.Type}`),
                owner: object.OwnerFullName,
                modified: format.dateTime(object.ModifiedAt),
              })
            : // The owner's account may be gone (the upstream then sends no name).
              t("Shared_BylineNoOwner", {
                type: t(`ObjectType_${object.Type}`),
                modified: format.dateTime(object.ModifiedAt),
              })}
        </p>
      </header>
      <div className="content-panel">
        <PropertiesPanel object={asDetail} />
      </div>
    </article>
  );
}
