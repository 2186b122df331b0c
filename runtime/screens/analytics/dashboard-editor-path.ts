/**
 * Where a dashboard is edited natively: the route of screen kind `dashboardEditor`
 * (/dashboard/designer/:recId) when the manifest serves it to the user, so a viewer offers the
 * editor only where it opens.
 */
import { fillPathTemplate } from "../../navigation/redirect-target.ts";

/** The screen kind of the native dashboard editor. */
export const DASHBOARD_EDITOR_KIND = "dashboardEditor";

/** The editor path of a dashboard, when the served routes hold the editor; null otherwise. */
export function dashboardEditorPath(
  routes: readonly { path: string; screen?: { kind: string }; upgrade?: unknown }[],
  recId: number,
): string | null {
  const editor = routes.find(
    (route) => route.screen?.kind === DASHBOARD_EDITOR_KIND && route.upgrade === undefined,
  );
  if (!editor) return null;
  const param = /:([A-Za-z][A-Za-z0-9]*)/.exec(editor.path)?.[1];
  return param ? fillPathTemplate(editor.path, { [param]: String(recId) }) : null;
}
