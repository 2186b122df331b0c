/**
 * A read-only panel under a detail form (schemas/screens.ts `panels`): its title, its content loaded
 * from its endpoint with the record's `{Field}` values (again after a change), loading and error
 * states, and the view of its kind (panel-views.tsx); an unknown kind renders a visible fallback.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenDetail } from "../../../schemas/screens.ts";
import { apiRequest } from "../../http/api-client.ts";
import { errorBannerText } from "../../http/api-error.ts";
import { fillTemplate, type Row } from "./list-request.ts";
import { PANEL_VIEWS } from "./panel-views.tsx";

/** One panel of the manifest. */
export type DetailPanelDefinition = NonNullable<ScreenDetail["panels"]>[number];

/** One panel: its title, its content loaded from its endpoint, loading and error states. */
export function DetailPanelSection({
  panel,
  record,
  version,
}: {
  panel: DetailPanelDefinition;
  record: Row;
  version: number;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const path = fillTemplate(panel.endpoint, record);
  const [state, setState] = useState<{
    status: "loading" | "ready" | "error";
    data: unknown;
    error: unknown;
  }>({
    status: "loading",
    data: null,
    error: null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads the panel after a change
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    apiRequest(path, { signal: controller.signal }).then(
      (data) => setState({ status: "ready", data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", data: null, error });
      },
    );
    return () => controller.abort();
  }, [path, version]);
  const View = PANEL_VIEWS[panel.kind];
  const errorText = state.status === "error" ? errorBannerText(state.error, (key) => i18n.exists(key)) : null;
  return (
    <section
      className="admin-detail-section"
      aria-labelledby={headingId}
      aria-busy={state.status === "loading"}
    >
      <h3 id={headingId} className="admin-detail-section__title">
        {t(panel.titleKey)}
      </h3>
      {!View ? (
        <p role="alert">{t("Renderer_Unknown_Text", { kind: panel.kind })}</p>
      ) : state.status === "loading" ? (
        <p role="status" className="admin-muted">
          {t("Loading")}
        </p>
      ) : state.status === "error" ? (
        <p role="alert">{t(errorText?.key ?? "ErrorCode_UnknownXhrFailure")}</p>
      ) : (
        <View data={state.data} />
      )}
    </section>
  );
}
