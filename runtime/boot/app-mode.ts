/**
 * Which application this page runs (§1 "Help is served by a separate mode of the same
 * application"): the gateway marks the index.html it serves to a help host with
 * `<meta name="tessera-mode" content="help">` (no inline script under the CSP); anything else is
 * the product itself.
 */
import type { AppMode } from "../../core/routes/match.ts";

/** The meta element's name (server/gateway/plugins/help-mode.ts writes it). */
export const APP_MODE_META_NAME = "tessera-mode";

/** The mode a meta element's content names; anything but "help" (or no element) is the app. */
export function appModeOf(content: string | null | undefined): AppMode {
  return content?.trim() === "help" ? "help" : "app";
}

/** The mode of the page, read once at boot from its document. */
export function readAppMode(doc: Pick<Document, "querySelector">): AppMode {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${APP_MODE_META_NAME}"]`);
  return appModeOf(meta?.getAttribute("content"));
}
