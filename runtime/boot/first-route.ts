/**
 * The first route of the page, worked out as soon as the manifest arrives so the boot can start
 * what the first screen needs in parallel, not one after another: its lazy screen chunk, and the
 * session probe the §4.1 guard would otherwise only ask for after the first render.
 */

import { type AppMode, createRouteMatcher } from "../../core/routes/match.ts";
import type { ClientManifest } from "../../schemas/client-manifest.ts";
import { decideNavigation, type GuardDecision } from "../navigation/guard.ts";
import { screenRegistry } from "../renderers/screen-registry.ts";
import { SCREEN_CHUNKS_ELEMENT_ID, screenChunkUrls } from "./screen-chunks.ts";

/** The part of `window.location` the guard reads. */
export interface FirstLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The guard's decision for the page's first location before any session is known — exactly the
 * input NavigationHost gives it on its first render.
 */
export function firstDecision(manifest: ClientManifest, mode: AppMode, to: FirstLocation): GuardDecision {
  const { maintenance } = manifest.shell;
  return decideNavigation({
    from: null,
    fromRoute: null,
    to,
    match: createRouteMatcher(manifest.routes, mode)(to.pathname),
    session: { status: "unknown", profile: null },
    permissions: manifest.permissions,
    notFoundRedirect: manifest.routes.notFoundRedirect,
    signupAllowed: manifest.shell.signupAllowed,
    leaveConfirmed: false,
    maintenancePath: maintenance.enabled ? maintenance.pagePath : null,
  });
}

/** True when the first decision is the §4.1 step 7 session probe. */
export function probesSession(decision: GuardDecision): boolean {
  return decision.type === "login" && decision.mode === "attempt";
}

/**
 * Starts loading the screen of the route `pathname` matches (when it renders a screen) — its
 * chunk and the chunks that one imports, all at once — so it downloads while i18n starts and the
 * session is asked, not after the first render.
 */
export function preloadFirstScreen(
  manifest: ClientManifest,
  mode: AppMode,
  pathname: string,
): Promise<void> | null {
  const kind = createRouteMatcher(manifest.routes, mode)(pathname)?.route.screen?.kind;
  if (!kind) return null;
  const block = document.getElementById(SCREEN_CHUNKS_ELEMENT_ID)?.textContent;
  for (const url of screenChunkUrls(block, kind)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = url;
    document.head.append(link);
  }
  return screenRegistry.preload(kind);
}
