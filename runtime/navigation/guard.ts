/**
 * The §4.1 navigation guard as a pure decision: (state, location, route) → what
 * to do. The React layer only carries the decision out (navigate, log in, ask
 * the legacy editor, set the title) and runs the guard again when state changes.
 */
import type { AccessProfile } from "../../core/access/access-profile.ts";
import { type AccessRefusal, decideRouteAccess } from "../../core/access/decide.ts";
import { homeRedirectFor } from "../../core/navigation/home-redirect.ts";
import type { RouteMatch } from "../../core/routes/match.ts";
import type { PermissionsManifest } from "../../schemas/permissions.ts";
import type { RouteDefinition } from "../../schemas/routes.ts";
import { legacyUrlFor, redirectTargetFor } from "./redirect-target.ts";

/** The parts of a URL the guard reads. */
export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Where the session stands: never asked, a login running, signed in, known to
 * be anonymous, or the last login attempt failed with an error.
 */
export type SessionStatus = "unknown" | "pending" | "authenticated" | "anonymous" | "failed";

/** Everything the decision depends on. */
export interface GuardInput {
  /** The current location, null on the first navigation of the page. */
  from: GuardLocation | null;
  /** The route the page currently shows (for §4.1 step 8), if any. */
  fromRoute: RouteDefinition | null;
  to: GuardLocation;
  /** The matched target route, null for an unknown path. */
  match: RouteMatch | null;
  session: { status: SessionStatus; profile: AccessProfile | null };
  permissions: Pick<PermissionsManifest, "features" | "homePageTypes" | "homeRedirects">;
  notFoundRedirect: string;
  signupAllowed: boolean;
  /** The maintenance page path while the maintenance flag is on (§1), else null. */
  maintenancePath: string | null;
  /**
   * The maintenance page's path whatever the flag says (shell.maintenance.pagePath): with the flag
   * off, that page sends back to where maintenance took the user from.
   */
  maintenancePagePath?: string;
  /** Where maintenance took the user from (the `rememberBeforeMaintenance` effect), null when nowhere. */
  beforeMaintenance?: string | null;
  /** True once the screen asked (legacy dashboard editor, unsaved editor) agreed to be left (§4.1 step 8). */
  leaveConfirmed: boolean;
  /** The screen on display holds unsaved work: any change of path asks it first (query-only changes pass). */
  unsavedWork?: boolean;
}

/** Side effects the React layer performs along with the outcome, in order. */
export type GuardEffect =
  | { type: "rememberRedirect"; url: string }
  /** §1: the URL maintenance sends the user away from, to return to when it ends. */
  | { type: "rememberBeforeMaintenance"; url: string }
  | { type: "forgetBeforeMaintenance" }
  | { type: "clearDisconnectionWarning" }
  | { type: "showLoadingOverlay" };

/**
 * Why the guard redirected; useful for tests and logs. A refused access carries core's reason
 * (core/access/decide.ts: featureNotIncluded, permissionMissing, adminWithoutPermission,
 * adminModuleMissing, impersonating), the one the gateway filtered the manifest with.
 */
export type RedirectReason =
  | "unknownPath"
  | "redirectRoute"
  | "maintenance"
  | "maintenanceEnded"
  | "loginFailed"
  | "loggedInOnNotLoggedInOnly"
  | "noSession"
  | "signupNotAllowed"
  | "homePageMenu"
  | AccessRefusal["reason"];

/** What to do with a navigation. */
export type GuardDecision =
  | { type: "ignore" }
  | { type: "setHash"; hash: string }
  | {
      type: "redirect";
      to: string;
      reason: RedirectReason;
      effects: GuardEffect[];
      /** The refusal, when access to the route was refused (core/access/decide.ts). */
      access?: AccessRefusal;
    }
  | { type: "external"; site: "help"; path: string[] }
  | {
      type: "login";
      mode: "wait" | "attempt" | "token" | "impersonate";
      /** The `st` or `it` token (token and impersonate modes). */
      token?: string;
      /** The URL without the consumed parameter (§4.1 steps 4–5). */
      cleanUrl?: string;
      effects: GuardEffect[];
    }
  | { type: "confirmLeave"; effects: GuardEffect[] }
  | {
      type: "allow";
      match: RouteMatch;
      effects: GuardEffect[];
      titleKey: string | null;
      legacyUrl: string | null;
      /** Dialogs not flagged to stay open close (path changed). */
      closeDialogs: boolean;
      /** The URL without the `l` parameter, when it had one (§4.1 additional rules). */
      replaceUrl: string | null;
    };

const fullUrl = (l: GuardLocation) => `${l.pathname}${l.search}${l.hash}`;

/** The sign-in page: open during maintenance, so that staff can sign in (§1). */
const LOGIN_PATH = "/login";

/** Query parameters that carry one-time tokens (§4.1 steps 4–5): never kept in a remembered URL. */
const TOKEN_PARAMS = ["it", "st"];

/** The URL to remember as the post-login target (§4.1 step 1), without one-time tokens. */
function rememberedUrl(l: GuardLocation): string {
  const query = new URLSearchParams(l.search);
  for (const name of TOKEN_PARAMS) query.delete(name);
  const qs = query.toString();
  return `${l.pathname}${qs ? `?${qs}` : ""}${l.hash}`;
}
const topLevelSegment = (pathname: string) => pathname.split("/")[1] ?? "";

function withoutParam(location: GuardLocation, name: string): string {
  const query = new URLSearchParams(location.search);
  query.delete(name);
  const qs = query.toString();
  return `${location.pathname}${qs ? `?${qs}` : ""}${location.hash}`;
}

/** Where a refusal sends the user: §4.1 step 11's upgrade page with the object type, else / (steps 9, 12). */
function refusalTarget(refusal: AccessRefusal): string {
  if (refusal.reason !== "featureNotIncluded") return "/";
  const { objectType } = refusal;
  return objectType ? `/upgrade?objectType=${encodeURIComponent(objectType)}` : "/upgrade";
}

/** Decides one navigation, following §4.1 in the spec's order. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { from, to, match, session } = input;
  // Additional rule: a hash only sets the URL hash.
  if (from && from.pathname === to.pathname && from.search === to.search && from.hash !== to.hash) {
    return { type: "setHash", hash: to.hash };
  }
  const maintenance = decideMaintenance(input);
  if (maintenance) return maintenance;
  if (!match) return decideUnknownPath(input);
  const { route, params } = match;
  if (route.redirect) {
    // A redirect route with access rules (an admin redirect, an upgrade route) is judged like any
    // route for a signed-in user, as the gateway judged it before sending it.
    const profile = session.status === "authenticated" ? session.profile : null;
    const refused = profile && route.access ? refusalOf(input, route, profile) : null;
    if (refused) return { ...refused, effects: [] };
    const target = redirectTargetFor(route.redirect, params, to.search);
    return { type: "redirect", to: target ?? input.notFoundRedirect, reason: "redirectRoute", effects: [] };
  }
  if (route.external) {
    const path = (route.external.pathParams ?? []).flatMap((name) => (params[name] ? [params[name]] : []));
    return { type: "external", site: route.external.site, path };
  }
  const access = route.access ?? {};
  const isPublic = access.public === true;
  const effects: GuardEffect[] = [];
  // Step 1: a non-public route is remembered as the post-login target.
  if (!isPublic) effects.push({ type: "rememberRedirect", url: rememberedUrl(to) });
  // Step 2: the same URL again is ignored (except /).
  if (from && fullUrl(from) === fullUrl(to) && to.pathname !== "/") return { type: "ignore" };
  // Step 3: wait for a running login; a failed one goes to /login.
  if (session.status === "pending") return { type: "login", mode: "wait", effects };
  if (session.status === "failed" && !isPublic) {
    return { type: "redirect", to: "/login", reason: "loginFailed", effects };
  }
  const query = new URLSearchParams(to.search);
  // Step 4: impersonation token.
  const impersonationToken = query.get("it");
  if (impersonationToken) {
    return {
      type: "login",
      mode: "impersonate",
      token: impersonationToken,
      cleanUrl: withoutParam(to, "it"),
      effects,
    };
  }
  // Step 5: token-based login on a non-public route.
  const loginToken = query.get("st");
  if (loginToken && !isPublic) {
    return { type: "login", mode: "token", token: loginToken, cleanUrl: withoutParam(to, "st"), effects };
  }
  // Step 6: clear the disconnection warning; overlay on a top-level route change.
  effects.push({ type: "clearDisconnectionWarning" });
  if (!from || topLevelSegment(from.pathname) !== topLevelSegment(to.pathname)) {
    effects.push({ type: "showLoadingOverlay" });
  }
  // Step 7: log in when needed; send users to where their session state allows.
  const profile = session.status === "authenticated" ? session.profile : null;
  if (!profile && (!isPublic || access.notLoggedInOnly) && session.status === "unknown") {
    return { type: "login", mode: "attempt", effects };
  }
  if (profile && access.notLoggedInOnly) {
    return { type: "redirect", to: "/", reason: "loggedInOnNotLoggedInOnly", effects };
  }
  if (!profile && !isPublic) return { type: "redirect", to: "/login", reason: "noSession", effects };
  // §2.1: /signup only when signup is allowed by configuration.
  if (access.signupGate && !input.signupAllowed) {
    return { type: "redirect", to: "/login", reason: "signupNotAllowed", effects };
  }
  // Step 8: leaving the legacy dashboard editor asks it first; so does leaving unsaved work.
  const leavesLegacyEditor = input.fromRoute?.legacy?.confirmLeave && input.fromRoute.id !== route.id;
  const leavesUnsavedWork = input.unsavedWork && input.from && input.from.pathname !== input.to.pathname;
  if ((leavesLegacyEditor || leavesUnsavedWork) && !input.leaveConfirmed) {
    return { type: "confirmLeave", effects };
  }
  if (profile) {
    // Step 10: home page type go-to-menu with a permitted menu (the home route has no access rules,
    // and steps 9 to 12 concern other paths, so its place among them changes nothing).
    const home = input.to.pathname === "/" ? homeRedirectFor(profile, input.permissions) : null;
    if (home) return { type: "redirect", to: home, reason: "homePageMenu", effects };
    const denied = refusalOf(input, route, profile);
    if (denied) return { ...denied, effects };
  }
  const legacyUrl = route.legacy ? legacyUrlFor(route.legacy, params) : null;
  return {
    type: "allow",
    match,
    effects,
    titleKey: route.titleKey ?? null,
    legacyUrl,
    closeDialogs: !from || from.pathname !== to.pathname,
    replaceUrl: query.has("l") ? withoutParam(to, "l") : null,
  };
}

/**
 * §1: while the maintenance flag is on, every page but the sign-in page goes to the maintenance page,
 * except for staff (IsAdmin, not impersonating), who keep full access — so who is signed in is asked
 * first. Once maintenance ends, the maintenance page sends back to where it took the user from, or
 * home. Null when maintenance decides nothing.
 */
function decideMaintenance(input: GuardInput): GuardDecision | null {
  const { to, session } = input;
  const staff = session.status === "authenticated" && session.profile?.isAdmin === true;
  if (input.maintenancePath && !staff) {
    if (to.pathname === input.maintenancePath || to.pathname === LOGIN_PATH) return null;
    if (session.status === "unknown") return { type: "login", mode: "attempt", effects: [] };
    if (session.status === "pending") return { type: "login", mode: "wait", effects: [] };
    const effects: GuardEffect[] = [{ type: "rememberBeforeMaintenance", url: rememberedUrl(to) }];
    return { type: "redirect", to: input.maintenancePath, reason: "maintenance", effects };
  }
  if (!input.maintenancePath && to.pathname === input.maintenancePagePath) {
    const back = input.beforeMaintenance ?? "/";
    return {
      type: "redirect",
      to: back,
      reason: "maintenanceEnded",
      effects: [{ type: "forgetBeforeMaintenance" }],
    };
  }
  return null;
}

/**
 * An unknown path goes to / (§2.2). Without a session the manifest holds only
 * public routes (the gateway never sends routes a visitor may not open), so an
 * unknown path may be a signed-in route: it is treated as non-public (steps 1, 3
 * and 7) and, once signed in, resolved again against the user's manifest.
 */
function decideUnknownPath(input: GuardInput): GuardDecision {
  const { session, to } = input;
  if (session.status === "authenticated") {
    return { type: "redirect", to: input.notFoundRedirect, reason: "unknownPath", effects: [] };
  }
  const effects: GuardEffect[] = [{ type: "rememberRedirect", url: rememberedUrl(to) }];
  if (input.from && fullUrl(input.from) === fullUrl(to)) return { type: "ignore" };
  if (session.status === "pending") return { type: "login", mode: "wait", effects };
  if (session.status === "unknown") return { type: "login", mode: "attempt", effects };
  return {
    type: "redirect",
    to: "/login",
    reason: session.status === "failed" ? "loginFailed" : "noSession",
    effects,
  };
}

/**
 * Steps 9, 11, 12 and the admin-module rule for a signed-in user: core's decision on the route
 * (core/access/decide.ts, the gates' order is explained there), as a redirect.
 */
function refusalOf(
  input: GuardInput,
  route: RouteDefinition,
  profile: AccessProfile,
): { type: "redirect"; to: string; reason: RedirectReason; access: AccessRefusal } | null {
  const decision = decideRouteAccess(route, profile, input.permissions.features);
  if (decision.allowed) return null;
  const { allowed: _refused, ...refusal } = decision;
  return { type: "redirect", to: refusalTarget(refusal), reason: refusal.reason, access: refusal };
}
