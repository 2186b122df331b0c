/**
 * An object without a definition (created before definitions existed, or never built): says so and,
 * for a dashboard the user may change, offers the dashboard editor — only when the manifest serves
 * its route (screen kind dashboardEditor) to this user.
 */
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useManifest } from "../../state/manifest-context.tsx";
import { EmptyState } from "../content/state-views.tsx";
import { dashboardEditorPath } from "./dashboard-editor-path.ts";

/** The empty state of an object without a definition. */
export function NoDefinition(props: {
  titleKey: string;
  textKey: string;
  editDashboard?: { recId: number };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routes } = useManifest().routes;
  const editor = props.editDashboard ? dashboardEditorPath(routes, props.editDashboard.recId) : null;
  return (
    <EmptyState title={t(props.titleKey)} text={t(props.textKey)}>
      {editor ? (
        <a
          className="kit-button kit-button--primary"
          href={editor}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            navigate(editor);
          }}
        >
          {t("Dashboard_OpenEditor")}
        </a>
      ) : null}
    </EmptyState>
  );
}
