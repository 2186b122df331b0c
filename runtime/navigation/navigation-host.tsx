/**
 * Carries out the §4.1 guard's decisions: the only place navigation side effects
 * happen. It renders the matched screen only when the guard allows it.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { type NavigateFunction, useLocation, useNavigate } from "react-router";
import type { RouteMatch, RouteMatcher } from "../../core/routes/match.ts";
import type { ClientManifest } from "../../schemas/client-manifest.ts";
import { attemptLogin, loginWithToken, sessionStore } from "../session/session-store.ts";
import { shellStore } from "../shell/shell-store.ts";
import { useDocumentBranding } from "../shell/use-document-branding.ts";
import { useStore } from "../state/create-store.ts";
import { commitHeldManifest } from "../state/manifest-store.ts";
import { executeEffects } from "./execute-effects.ts";
import { decideNavigation, type GuardDecision, type GuardLocation } from "./guard.ts";
import { askToLeave, leaveScope } from "./leave-confirmation.ts";
import { beforeMaintenance } from "./maintenance-return.ts";
import { legacyUrlFor } from "./redirect-target.ts";
import { RouteScreen } from "./route-screen.tsx";
import { setShownRoute } from "./shown-route.ts";

/** Opens an external site (e.g. help, §2.1) by its name in the shell manifest. */
export type ExternalOpener = (site: "help", path: string[]) => void;

/** Props: the resolved manifest, its matcher, and how to leave the app for external sites. */
export interface NavigationHostProps {
  manifest: ClientManifest;
  match: RouteMatcher;
  openExternal: ExternalOpener;
}

/** The screen on display, the location it was allowed for and that entry's place in the history. */
interface ShownScreen {
  location: GuardLocation;
  match: RouteMatch;
  legacyUrl: string | null;
  historyIndex: number | null;
}

/** The current history entry's index, as react-router's browser history records it in history.state. */
function historyIndex(): number | null {
  const state: unknown = window.history.state;
  const index = state && typeof state === "object" ? (state as { idx?: unknown }).idx : undefined;
  return typeof index === "number" ? index : null;
}

/**
 * A refused leave puts the URL back where the screen on display was: back or forward by the number
 * of entries moved (a link, the back button), or in place for a replacing navigation.
 */
function returnTo(screen: ShownScreen | null, navigate: NavigateFunction): void {
  if (!screen) return;
  const now = historyIndex();
  if (screen.historyIndex !== null && now !== null && now !== screen.historyIndex) {
    void navigate(screen.historyIndex - now);
    return;
  }
  const { pathname, search, hash } = screen.location;
  void navigate(`${pathname}${search}${hash}`, { replace: true });
}

/** The maintenance page path when the shell's maintenance flag is on. */
function maintenancePathOf(manifest: ClientManifest): string | null {
  const { maintenance } = manifest.shell;
  return maintenance.enabled ? maintenance.pagePath : null;
}

/**
 * What the screen on display renders with under `match` (the manifest's matcher): its route as the
 * manifest now defines it when that changed (a published version applied at once, a refresh; one
 * applied normally keeps it as it was, runtime/config/apply-plan.ts), else the match it was allowed
 * with — the same objects, so nothing on display re-renders for nothing.
 */
function currentDisplay(shown: ShownScreen, match: RouteMatcher): Pick<ShownScreen, "match" | "legacyUrl"> {
  const again = match(shown.location.pathname);
  const before = shown.match.route;
  if (!again || again.route.id !== before.id || JSON.stringify(again.route) === JSON.stringify(before)) {
    return shown;
  }
  const legacyUrl = again.route.legacy ? legacyUrlFor(again.route.legacy, again.params) : null;
  return { match: again, legacyUrl };
}

/** Executes guard decisions and renders the allowed screen. */
export function NavigationHost({ manifest, match, openExternal }: NavigationHostProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useStore(sessionStore);
  const [shown, setShown] = useState<ShownScreen | null>(null);
  // The guard compares against what is on display when the location changes, not after.
  const shownRef = useRef<ShownScreen | null>(null);
  const [leaveConfirmed, setLeaveConfirmed] = useState<string | null>(null);
  const to = useMemo(
    () => ({ pathname: location.pathname, search: location.search, hash: location.hash }),
    [location],
  );
  const targetKey = `${to.pathname}${to.search}${to.hash}`;
  const decision: GuardDecision = useMemo(
    () =>
      decideNavigation({
        from: shownRef.current?.location ?? null,
        fromRoute: shownRef.current?.match.route ?? null,
        to,
        match: match(to.pathname),
        session: { status: session.status, profile: session.profile },
        permissions: manifest.permissions,
        notFoundRedirect: manifest.routes.notFoundRedirect,
        signupAllowed: manifest.shell.signupAllowed,
        leaveConfirmed: leaveConfirmed === targetKey,
        // Read when the location changes: the screen on display registers while it holds unsaved work.
        unsavedWork: leaveScope() === "path",
        maintenancePath: maintenancePathOf(manifest),
        maintenancePagePath: manifest.shell.maintenance.pagePath,
        // Read, not followed: only a manifest that ends maintenance makes the guard look at it.
        beforeMaintenance: beforeMaintenance(),
      }),
    [to, targetKey, session.status, session.profile, leaveConfirmed, manifest, match],
  );

  useEffect(() => {
    if (decision.type !== "ignore" && decision.type !== "setHash" && decision.type !== "external") {
      executeEffects(decision.effects);
    }
    switch (decision.type) {
      case "redirect":
        navigate(decision.to, { replace: true });
        return;
      case "external":
        openExternal(decision.site, decision.path);
        return;
      case "login":
        if (decision.mode === "attempt") void attemptLogin();
        if ((decision.mode === "token" || decision.mode === "impersonate") && decision.token) {
          navigate(decision.cleanUrl ?? "/", { replace: true });
          if (decision.mode === "impersonate") {
            const { token } = decision;
            // Loaded on demand: only impersonation links (§4.2, ?it=) need it.
            void import("../session/impersonation.ts").then((m) =>
              m.startImpersonation(token, decision.cleanUrl ?? "/"),
            );
          } else {
            void loginWithToken(decision.mode, decision.token);
          }
        }
        return;
      case "confirmLeave":
        void askToLeave().then((ok) => {
          if (ok) setLeaveConfirmed(targetKey);
          else returnTo(shownRef.current, navigate);
        });
        return;
      case "allow":
        shownRef.current = {
          location: to,
          match: decision.match,
          legacyUrl: decision.legacyUrl,
          historyIndex: historyIndex(),
        };
        setShown(shownRef.current);
        setShownRoute({ routeId: decision.match.route.id, pathname: to.pathname });
        // A manifest held for the next navigation (runtime/config/apply-plan.ts) decided this one.
        commitHeldManifest(manifest);
        if (decision.replaceUrl) navigate(decision.replaceUrl, { replace: true });
        shellStore.update((s) => {
          s.loadingOverlay = false;
        });
        return;
      default:
        return;
    }
  }, [decision, navigate, openExternal, targetKey, to, manifest]);

  useEffect(() => () => setShownRoute(null), []);

  // §4.1: page titles are set per screen and reset afterwards; §6: after the product name, or the
  // white-label account's title in its place.
  useDocumentBranding(manifest.shell, shown?.match.route.titleKey);

  // An allowed location renders in the same commit the guard allowed it in; its effects (above) run
  // right after. Waiting for them would cost the first screen a whole extra render and frame.
  // Only while the location is the one on display: a navigation waiting for its leave confirmation
  // may already be decided with a held manifest (app-root.tsx), which must not reach the screen it asks.
  const shownNow = useMemo(
    () => (shown && shown.location.pathname === to.pathname ? currentDisplay(shown, match) : shown),
    [shown, match, to.pathname],
  );
  const display: Pick<ShownScreen, "match" | "legacyUrl"> | null =
    decision.type === "allow" ? { match: decision.match, legacyUrl: decision.legacyUrl } : shownNow;
  if (!display) return null;
  return <RouteScreen match={display.match} legacyUrl={display.legacyUrl} />;
}
