/**
 * What a published configuration changes at once and what waits for the next navigation (DESIGN.md
 * §3: published versions are pushed to connected browsers), as a pure decision over the manifest on
 * display, the new one and what the page shows:
 *
 * - menus, texts, notification templates, the shell and every definition not on display: at once;
 * - the widget kinds: at once, even under the dashboard on display — the viewers and the editor read
 *   them from the manifest as they draw, and a kind is no form anyone types into, so nothing is lost:
 *   a widget drawn from then on (a page opened, a widget added, the palette) uses the new kinds, and a
 *   widget of a kind no longer offered shows the viewers' "kind not available" state;
 * - the route on display, its manifest-defined screen and the open registry dialogs: held as they
 *   are until the next navigation, so nothing changes under an open form or dialog;
 * - `urgent`: everything at once;
 * - a route on display that the new manifest no longer has at its path, or that the user may no
 *   longer open, is withdrawn: the user goes home with a banner (while it is held, the guard cannot
 *   race that with a redirect of its own). While maintenance sends the user to its page (§1), the
 *   guard does that instead.
 */
import type { AccessProfile } from "../../core/access/access-profile.ts";
import { decideRouteAccess } from "../../core/access/decide.ts";
import { type AppMode, createRouteMatcher } from "../../core/routes/match.ts";
import type { ClientManifest, ClientRoute } from "../../schemas/client-manifest.ts";

/** How a version was published: `urgent` applies all of it at once (maintenance on or off, §1). */
export type ConfigUrgency = "normal" | "urgent";

/** What the page shows when a published version arrives. */
export interface ConfigDisplay {
  pathname: string;
  /** The route whose screen or legacy page is on display, null when none is. */
  routeId: string | null;
  /** Ids of the registry dialogs open (§2.5). */
  openDialogs: readonly string[];
}

/** Everything the decision reads. */
export interface ConfigApplyInput {
  /** The manifest the page holds now (with what an earlier version held still in it). */
  current: ClientManifest;
  next: ClientManifest;
  display: ConfigDisplay;
  urgency: ConfigUrgency;
  /** The signed-in user's access profile (runtime/session/session-profile.ts), null when unknown. */
  profile: AccessProfile | null;
  mode: AppMode;
}

/** A definition on display kept as it was until the next navigation. */
export interface HeldDefinition {
  kind: "route" | "screen" | "dialog";
  id: string;
}

/** What to do with a published version. */
export interface ConfigApplyPlan {
  /** The manifest to hold from now on: `next`, with the held definitions as they were. */
  now: ClientManifest;
  /** `next` as published, to put in place at the next navigation; null when nothing is held. */
  atNextNavigation: ClientManifest | null;
  held: HeldDefinition[];
  /** The route on display is gone or closed to the user: send them home with the banner. */
  routeWithdrawn: boolean;
}

/** Same content: manifests arrive as JSON, so their serialisation compares them. */
function sameDefinition(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `list` with the entry of `kept`'s id replaced by `kept` (appended when the list lost it). */
function withKept<T extends { id: string }>(list: readonly T[], kept: T): T[] {
  let found = false;
  const result = list.map((entry) => {
    if (entry.id !== kept.id) return entry;
    found = true;
    return kept;
  });
  return found ? result : [...result, kept];
}

/** True when the route on display does not open at its path under `next` for this user. */
function isWithdrawn(input: ConfigApplyInput, shown: ClientRoute): boolean {
  const { next, profile } = input;
  const match = createRouteMatcher(next.routes, input.mode)(input.display.pathname);
  if (!match || match.route.id !== shown.id) return true;
  const route: ClientRoute = match.route;
  // An upgrade route (the feature is no longer Included) or another redirect no longer shows the screen.
  if (route.redirect && !shown.redirect) return true;
  if (!profile || route.access?.public) return false;
  return !decideRouteAccess(route, profile, next.permissions.features).allowed;
}

/** Decides how a published version is applied. */
export function planConfigApply(input: ConfigApplyInput): ConfigApplyPlan {
  const { current, next, display, urgency, profile } = input;
  const shown = display.routeId
    ? current.routes.routes.find((route) => route.id === display.routeId)
    : undefined;
  const withdrawn = shown !== undefined && isWithdrawn(input, shown);
  const { maintenance } = next.shell;
  // §1: the guard sends everyone but staff to the maintenance page; no banner there.
  const toMaintenance = maintenance.enabled && profile?.isAdmin !== true;
  const routeWithdrawn = withdrawn && !toMaintenance;
  const held: HeldDefinition[] = [];
  let now = next;
  const hold = (
    kind: HeldDefinition["kind"],
    id: string,
    change: (manifest: ClientManifest) => ClientManifest,
  ) => {
    held.push({ kind, id });
    now = change(now);
  };

  if (shown && (routeWithdrawn || urgency === "normal")) {
    const nextRoute = next.routes.routes.find((route) => route.id === shown.id);
    if (routeWithdrawn || !sameDefinition(shown, nextRoute)) {
      hold("route", shown.id, (m) => ({
        ...m,
        routes: { ...m.routes, routes: withKept(m.routes.routes, shown) },
      }));
    }
  }
  if (urgency === "normal") {
    const screenId = shown?.screen?.screenId;
    const screen = screenId ? current.screens?.screens.find((s) => s.id === screenId) : undefined;
    if (
      screen &&
      !sameDefinition(
        screen,
        next.screens?.screens.find((s) => s.id === screen.id),
      )
    ) {
      hold("screen", screen.id, (m) => {
        const screens = m.screens ?? {
          ...(current.screens as NonNullable<ClientManifest["screens"]>),
          screens: [],
        };
        return { ...m, screens: { ...screens, screens: withKept(screens.screens, screen) } };
      });
    }
    for (const id of new Set(display.openDialogs)) {
      const dialog = current.dialogs?.dialogs.find((d) => d.id === id);
      if (
        !dialog ||
        sameDefinition(
          dialog,
          next.dialogs?.dialogs.find((d) => d.id === id),
        )
      )
        continue;
      hold("dialog", id, (m) => {
        const dialogs = m.dialogs ?? {
          ...(current.dialogs as NonNullable<ClientManifest["dialogs"]>),
          dialogs: [],
        };
        return { ...m, dialogs: { ...dialogs, dialogs: withKept(dialogs.dialogs, dialog) } };
      });
    }
  }
  return { now, atNextNavigation: held.length > 0 ? next : null, held, routeWithdrawn };
}
