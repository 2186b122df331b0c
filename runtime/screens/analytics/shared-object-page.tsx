/**
 * The page of a public share link (§2.1 /v/{code}, /b/{code}, /ld/{code}; §1 public shared links):
 * read-only, signed out, without the app chrome. The code is resolved anonymously
 * (`GET {webservices}/Share/{Type}/{code}`, content/shared-view.ts); the object shows only what the
 * share exposes — its name, owner, date and definition — and its widgets get their rows through the
 * share's own widget calls. A code that does not resolve reads "not found or no longer shared".
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../http/api-client.ts";
import { useFormatters } from "../content/content-format.ts";
import {
  isSharedObject,
  type SharedObject,
  shareCode,
  sharedFailure,
  sharedObjectPath,
} from "../content/shared-view.ts";
import { ErrorState, LoadingState } from "../content/state-views.tsx";
import { useResource } from "../content/use-resource.ts";
import { PrintButton } from "./print-button.tsx";
import "../content/content.css";
import "./analytics.css";

/** Props of a SharedObjectPage. */
export interface SharedObjectPageProps {
  type: "Dashboard" | "Binder" | "LiveDoc";
  code: string | undefined;
  children: (object: SharedObject & { Properties: Record<string, unknown> }, code: string) => ReactNode;
}

/** A shared object's page. */
export function SharedObjectPage({ type, code: raw, children }: SharedObjectPageProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const code = shareCode(raw);
  const shared = useResource<SharedObject>(code ? `share:${type}:${code}` : null, async (signal) => {
    const body = await apiRequest<unknown>(sharedObjectPath(type, code as string), {
      base: "webservices",
      signal,
    });
    if (!isSharedObject(body, type)) throw new Error("unexpected share response");
    return body;
  });
  if (!code || (shared.status === "error" && sharedFailure(shared.error) === "notFound")) {
    return (
      <div className="content-public">
        <h1 className="content-page-title">{t("Shared_NotFoundTitle")}</h1>
        <p>{t("Shared_NotFoundText")}</p>
      </div>
    );
  }
  if (shared.status === "error" && !shared.data) {
    return (
      <div className="content-public">
        <h1 className="content-page-title">{t("Content_LoadFailed")}</h1>
        <ErrorState error={shared.error} onRetry={shared.reload} />
      </div>
    );
  }
  if (!shared.data) return <LoadingState />;
  const object = shared.data;
  const typeName = t(`ObjectType_${object.Type}`);
  const modified = format.dateTime(object.ModifiedAt);
  return (
    <article className="content-public analytics-page">
      <header className="content-page-header">
        <div className="content-page-header__row">
          <div>
            <h1 className="content-page-title">{object.Name}</h1>
            <p className="content-muted">
              {object.OwnerFullName
                ? t("Shared_Byline", { type: typeName, owner: object.OwnerFullName, modified })
                : // The owner's account may be gone (the upstream then sends no name).
                  t("Shared_BylineNoOwner", { type: typeName, modified })}
            </p>
          </div>
          <div className="content-actions">
            <PrintButton />
          </div>
        </div>
      </header>
      {children({ ...object, Properties: object.Properties ?? {} }, code)}
    </article>
  );
}
