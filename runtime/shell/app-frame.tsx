/**
 * The main frame (§2.5): skip link, top menu bar (per the route's shell profile
 * and embedded mode), message banner area, the main landmark with the loading
 * overlay, the dialog stack, the disconnection overlay, the tooltip layers and,
 * in debug builds, the debug panel. It also applies the
 * theme for the route on display (§2.1, §4.2).
 */
import { lazy, type MouseEvent, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { RouteMatcher } from "../../core/routes/match.ts";
import { whenAppReady } from "../boot/app-ready.ts";
import { useLegacyDialogBridge } from "../dialogs/legacy-bridge.ts";
import { sessionStore } from "../session/session-store.ts";
import { useStore } from "../state/create-store.ts";
import { useManifest } from "../state/manifest-context.tsx";
import { useAppliedTheme } from "../theme/apply-theme.ts";
import { BannerArea } from "./banner-area.tsx";
import { DisconnectionOverlay, LoadingOverlay, pingSession } from "./overlays.tsx";
import { shellChrome } from "./shell-chrome.ts";
import { ShellLayers } from "./shell-layers.tsx";
import { shellStore } from "./shell-store.ts";
import { TopBar } from "./top-bar.tsx";
import type { MenuHandlers } from "./top-bar-menus.tsx";
import { useEmbeddedMode } from "./use-embedded-mode.ts";
import "./shell.css";

export interface AppFrameProps {
  children: ReactNode;
  /** The route matcher of the app (the frame reads the route's shell profile). */
  match: RouteMatcher;
  /** Keeps the session alive from the disconnection overlay (default: §7 v2/User/Ping). */
  onPing?: () => Promise<void>;
  /** Handlers of menu entries; entries without one are left out of the menus. */
  menuHandlers?: MenuHandlers;
}

const NO_HANDLERS: MenuHandlers = {};

/** The dialog stack loads after the first screen, off its critical path; dialogs opened meanwhile wait. */
const DialogHost = lazy(() =>
  whenAppReady().then(() => import("../dialogs/dialog-host.tsx").then((m) => ({ default: m.DialogHost }))),
);

/** §2.5: the debug panel exists in debug builds only; esbuild drops this import from production bundles. */
const DebugPanel = __TESSERA_DEBUG__ ? lazy(() => import("../debug/debug-panel.tsx")) : null;

/** Focuses the main landmark without changing the URL's hash (which would be a navigation). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("main");
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/** The page frame around the routed screen. */
export function AppFrame({
  children,
  match,
  onPing = pingSession,
  menuHandlers = NO_HANDLERS,
}: AppFrameProps) {
  const { t } = useTranslation();
  const { shell } = useManifest();
  const location = useLocation();
  const route = match(location.pathname)?.route ?? null;
  const embeddedMode = useEmbeddedMode(location.search, shell.embedded.queryParameter);
  const chrome = shellChrome({
    profile: route?.shellProfile,
    embeddedMode,
    hiddenParts: shell.embedded.hiddenParts,
  });
  useAppliedTheme(route, shell.theme);
  useLegacyDialogBridge();
  const loading = useStore(shellStore, (s) => s.loadingOverlay);
  const user = useStore(shellStore, (s) => s.shellUser);
  const profile = useStore(sessionStore, (s) => s.profile);

  return (
    <ShellLayers>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a same-page link; the handler only keeps the URL clean */}
      <a className="shell-skip-link" href="#main" onClick={skipToMain}>
        {t("Shell_SkipToContent")}
      </a>
      {chrome.topMenuBar ? (
        <TopBar chrome={chrome} user={user} profile={profile} handlers={menuHandlers} />
      ) : null}
      <BannerArea />
      <div className="shell-content">
        <main id="main" className="shell-main" tabIndex={-1} aria-busy={loading}>
          {children}
        </main>
        <LoadingOverlay />
      </div>
      <Suspense fallback={null}>
        <DialogHost />
      </Suspense>
      <DisconnectionOverlay onPing={onPing} />
      {DebugPanel ? (
        <Suspense fallback={null}>
          <DebugPanel match={match} />
        </Suspense>
      ) : null}
    </ShellLayers>
  );
}
