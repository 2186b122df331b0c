/**
 * This page's side of the configuration plane (DESIGN.md §3), wired to its stores: the report a tab
 * sends on every hub (re)connect, and the live configuration that applies published versions.
 */
import { readAppMode } from "../boot/app-mode.ts";
import { dialogRegistry } from "../dialogs/dialog-registry.ts";
import { dialogController } from "../dialogs/open-dialog.ts";
import { applyTexts, prepareTexts } from "../i18n/i18n.ts";
import { shownRoute } from "../navigation/shown-route.ts";
import { BUILD_ID } from "../realtime/build-id.ts";
import { type ReportFrame, reportFrame } from "../realtime/frames.ts";
import type { HubClient } from "../realtime/hub-client.ts";
import { screenRegistry } from "../renderers/screen-registry.ts";
import { sessionStore } from "../session/session-store.ts";
import { showBanner } from "../state/banner-store.ts";
import { fetchManifest } from "../state/fetch-manifest.ts";
import { manifestStore, setManifest } from "../state/manifest-store.ts";
import type { ConfigDisplay } from "./apply-plan.ts";
import { createLiveConfig, type LiveConfig } from "./live-config.ts";

/** The banner of a withdrawn route (apply-plan.ts). */
export const ROUTE_WITHDRAWN_KEY = "Config_RouteWithdrawn";

/** What this tab runs, as the report frame tells the gateway. */
export function pageTabReport(): ReportFrame {
  return reportFrame({
    build: BUILD_ID,
    manifestVersion: manifestStore.get().manifest?.configVersion ?? null,
    renderers: screenRegistry.kinds(),
    dialogs: dialogRegistry.kinds(),
  });
}

/** What the page shows: the route the navigation host shows and the registry dialogs open. */
function pageDisplay(): ConfigDisplay {
  const shown = shownRoute();
  const openDialogs = dialogController.store
    .get()
    .entries.filter((entry) => entry.kind === "registry" && entry.phase !== "closing")
    .map((entry) => entry.id);
  return {
    pathname: shown?.pathname ?? window.location.pathname,
    routeId: shown?.routeId ?? null,
    openDialogs,
  };
}

/**
 * The live configuration of a signed-in page: answers go out on `client`; `navigate` is the router's
 * in-app navigation.
 */
export function createPageLiveConfig(client: HubClient, navigate: (to: string) => void): LiveConfig {
  return createLiveConfig({
    fetchManifest: (atLeast) => fetchManifest(fetch, atLeast),
    manifestState: () => manifestStore.get(),
    setManifest,
    prepareTexts,
    applyTexts,
    display: pageDisplay,
    profile: () => sessionStore.get().profile,
    mode: readAppMode(document),
    known: () => ({ renderers: new Set(screenRegistry.kinds()), dialogs: new Set(dialogRegistry.kinds()) }),
    goHome: () => {
      showBanner({ kind: "warning", textKey: ROUTE_WITHDRAWN_KEY });
      navigate("/");
    },
    answer: (frame) => client.answerConfig(frame),
    log: (message, detail) => console.warn(message, ...(detail === undefined ? [] : [detail])),
  });
}
