/**
 * Whether this build can show a published manifest (DESIGN.md §3: an invalid manifest never replaces
 * the last known good one): every screen renderer kind and dialog component it names must be one the
 * build registered, its version must be a version, each language's texts a same-origin URL, and it
 * must carry the widget kinds. The
 * reason goes to the gateway in the `rejected` frame.
 */
import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";
import type { ClientManifest } from "../../schemas/client-manifest.ts";
import { LANGUAGES } from "../i18n/i18n.ts";

/** The kinds this build can render (screen registry, dialog registry). */
export interface KnownKinds {
  renderers: ReadonlySet<string>;
  dialogs: ReadonlySet<string>;
}

/** Why this build cannot show `manifest`, or null when it can. */
export function unshowableReason(manifest: ClientManifest, known: KnownKinds): string | null {
  const { configVersion } = manifest;
  if (typeof configVersion !== "number" || !Number.isSafeInteger(configVersion) || configVersion < 0) {
    return "the manifest has no configuration version";
  }
  for (const language of LANGUAGES) {
    const url: unknown = manifest.texts?.[language];
    if (!isSafeRedirectTarget(url)) return `no same-origin texts URL for "${language}"`;
  }
  // Every viewer reads the kinds (a renderer this build lacks is one widget's fallback, not the page's).
  if (!Array.isArray(manifest.widgets?.kinds)) return "the manifest has no widget kinds";
  for (const route of manifest.routes.routes) {
    const kind = route.screen?.kind;
    if (kind !== undefined && !known.renderers.has(kind)) {
      return `route "${route.id}" names the screen renderer "${kind}", unknown to this build`;
    }
  }
  for (const dialog of manifest.dialogs?.dialogs ?? []) {
    if (!known.dialogs.has(dialog.component)) {
      return `dialog "${dialog.id}" names the component "${dialog.component}", unknown to this build`;
    }
  }
  return null;
}

/**
 * Whether `next` was resolved for the same audience as `current` (same user kind, account and
 * impersonation): a manifest fetched across a sign-in, sign-out or impersonation is not a newer
 * version of the one on display, and the reload that change brought is.
 */
export function isSameAudience(current: ClientManifest, next: ClientManifest): boolean {
  return (
    current.audience === next.audience &&
    current.user?.accountRecId === next.user?.accountRecId &&
    current.user?.impersonating === next.user?.impersonating
  );
}
