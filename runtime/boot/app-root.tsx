import { useMemo } from "react";
import { BrowserRouter, useLocation } from "react-router";
import { type AppMode, createRouteMatcher } from "../../core/routes/match.ts";
import type { ClientManifest } from "../../schemas/client-manifest.ts";
import { type ExternalOpener, NavigationHost } from "../navigation/navigation-host.tsx";
import { AppFrame } from "../shell/app-frame.tsx";
import type { MenuHandlers } from "../shell/top-bar-menus.tsx";
import { useStore } from "../state/create-store.ts";
import { ManifestContext } from "../state/manifest-context.tsx";
import { manifestForPath, manifestStore } from "../state/manifest-store.ts";

/** Opens the help site named in the shell manifest (§2.1 /help/…); its origin is allow-listed by the manifest check. */
function externalOpener(manifest: ClientManifest): ExternalOpener {
  const base = manifest.shell.externalSites.help.baseUrl;
  return (site, path) => {
    if (site !== "help") return;
    window.location.assign([base.replace(/\/$/, ""), ...path.map(encodeURIComponent)].join("/"));
  };
}

/** What the menus can do on this page: open the menu dialogs (§2.5), stop impersonating (§4.2). */
const MENU_HANDLERS: MenuHandlers = {
  // Loaded on first use: menus are opened well after the first screen, so not in its code.
  openDialog: (dialog) => void import("../dialogs/open-dialog.ts").then((m) => m.openDialog(dialog)),
  stopImpersonation: () => import("../session/impersonation.ts").then((m) => m.stopImpersonation()),
};

/**
 * Everything under the one router: the current manifest (replaced on sign-in,
 * sign-out or impersonation) gives the route matcher; every path goes through the
 * host that runs the §4.1 guard, inside the frame. A navigation away from where a
 * published manifest was held is decided with that one (runtime/config/apply-plan.ts);
 * the host makes it the page's manifest once the guard allows the navigation.
 */
function RoutedApp({ mode }: { mode: AppMode }) {
  const { pathname } = useLocation();
  const manifest = useStore(manifestStore, (s) => manifestForPath(s, pathname));
  const match = useMemo(
    () => (manifest ? createRouteMatcher(manifest.routes, mode) : null),
    [manifest, mode],
  );
  const openExternal = useMemo(() => (manifest ? externalOpener(manifest) : null), [manifest]);
  if (!manifest || !match || !openExternal) return null;
  return (
    <ManifestContext.Provider value={manifest}>
      <AppFrame match={match} menuHandlers={MENU_HANDLERS}>
        <NavigationHost manifest={manifest} match={match} openExternal={openExternal} />
      </AppFrame>
    </ManifestContext.Provider>
  );
}

/**
 * One router for the page's whole life: screens navigate through it across manifest changes (a new
 * router would strand them). The declarative router: the §4.1 guard decides every navigation and
 * asks screens before they are left (navigation/leave-confirmation.ts), so the data router's loaders
 * and blockers — twice the code on the first paint — are not needed (ARCHITECTURE.md decisions).
 */
export function AppRoot({ mode }: { mode: AppMode }) {
  return (
    <BrowserRouter>
      <RoutedApp mode={mode} />
    </BrowserRouter>
  );
}
