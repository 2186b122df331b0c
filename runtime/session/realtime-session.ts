/**
 * The realtime session (§4.2): one hub client per signed-in page. What each hub status, event and
 * `ended` frame means is the pure `realtimeStep`; `createRealtimeSession` only carries its effects
 * out (timers, navigation, banners, stores), with every dependency injected.
 */

import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";
import type { LoggedInConfig } from "../../schemas/payloads/user-session.ts";
import type { ConfigRequest } from "../config/config-queue.ts";
import type { LiveConfig } from "../config/live-config.ts";
import type { EventHub, ReportFrame } from "../realtime/frames.ts";
import { createHubClient, type HubClient, type HubClientStatus } from "../realtime/hub-client.ts";
import { ObservableValue } from "../realtime/observable-value.ts";
import { setDisconnectionWarning } from "../shell/shell-store.ts";
import { dismissBanner, showNetworkIssuesBanner, showNewVersionBanner } from "../state/banner-store.ts";
import {
  DISCONNECT_REDIRECT_DELAY_MS,
  LOG_CONSOLE_MIN_SEVERITY,
  RELOAD_DELAY_MS,
} from "../state/constants.ts";
import { manifestStore, reloadManifest } from "../state/manifest-store.ts";
import { refreshSession, SESSION_PATH, sessionStore } from "./session-store.ts";

/** What reaches the session: a hub status, a hub or gateway event, the `ended` frame, a session probe. */
export type RealtimeInput =
  | { type: "status"; status: HubClientStatus }
  | { type: "event"; hub: EventHub; target: string; args: readonly unknown[] }
  | { type: "ended"; redirect: string | undefined }
  | { type: "probe"; signedIn: boolean };

/** What the session remembers between inputs. */
export interface RealtimeState {
  /** A §4.2 logout path was taken: nothing more is acted on. */
  ending: boolean;
  networkIssues: boolean;
  /** The last status was "connected" (a publish may have been missed while it was not). */
  connected: boolean;
  /** The version this page runs: LoggedInConfig.DesktopVersion at sign-in, else the first announced. */
  runningVersion: string | null;
  newVersionShown: boolean;
  /** Debug builds never show the new-version banner (§4.2). */
  debug: boolean;
}

/** What the executor does. */
export type RealtimeEffect =
  | { type: "logoutAfterDelay"; delayMs: number }
  | { type: "moveTo"; url: string }
  | { type: "networkIssues"; shown: boolean }
  | { type: "probeSession" }
  | { type: "disconnectionWarning"; shown: boolean }
  | { type: "reloadAfterDelay"; delayMs: number }
  | { type: "newVersion" }
  /** DESIGN.md §3: a published configuration (or maintenance switched) is fetched and applied. */
  | { type: "applyConfig"; request: ConfigRequest }
  | { type: "refreshSession" }
  | { type: "log"; severity: number; message: string; details: unknown };

/** The state a session starts in. */
export function initialRealtimeState(desktopVersion: string | null, debug: boolean): RealtimeState {
  return {
    ending: false,
    networkIssues: false,
    connected: false,
    runningVersion: desktopVersion,
    newVersionShown: false,
    debug,
  };
}

type Step = { state: RealtimeState; effects: RealtimeEffect[] };

const logoutPath = (state: RealtimeState): Step => ({
  state: { ...state, ending: true },
  effects: [{ type: "logoutAfterDelay", delayMs: DISCONNECT_REDIRECT_DELAY_MS }],
});

function userEvent(state: RealtimeState, target: string, args: readonly unknown[]): Step {
  const none = { state, effects: [] };
  switch (target) {
    case "disconnect":
      return logoutPath(state);
    case "disconnected": {
      // §4.2: the supplied URL when it is a same-origin path, else /loggedout.
      const url = isSafeRedirectTarget(args[0]) ? args[0] : "/loggedout";
      return { state: { ...state, ending: true }, effects: [{ type: "moveTo", url }] };
    }
    case "disconnectionwarning":
    case "removedisconnectionwarning":
      return { state, effects: [{ type: "disconnectionWarning", shown: target === "disconnectionwarning" }] };
    case "reload":
      return { state, effects: [{ type: "reloadAfterDelay", delayMs: RELOAD_DELAY_MS }] };
    case "refresh-base-page-user":
      // §7: the session data changed (the account's menu, title or logo): read it again in place,
      // so whatever the user has open — a dialog, a half-filled form — stays as it is.
      return { state, effects: [{ type: "refreshSession" }] };
    case "desktop-started": {
      const version = args[0];
      if (typeof version !== "string" || version === "" || state.debug) return none;
      if (state.runningVersion === null) return { state: { ...state, runningVersion: version }, effects: [] };
      if (version === state.runningVersion || state.newVersionShown) return none;
      return { state: { ...state, newVersionShown: true }, effects: [{ type: "newVersion" }] };
    }
    case "log": {
      const [severity, message, details] = args;
      if (typeof severity !== "number" || severity < LOG_CONSOLE_MIN_SEVERITY) return none;
      return { state, effects: [{ type: "log", severity, message: String(message ?? ""), details }] };
    }
    default:
      return none;
  }
}

/**
 * What a gateway event asks of the live configuration: `manifestPublished` names the version and its
 * urgency (anything else in it counts as a normal publish of an unnamed version); `maintenance`, the
 * older event, is an urgent publish without a version.
 */
export function configRequestOf(target: string, args: readonly unknown[]): ConfigRequest | null {
  if (target === "maintenance") return { version: null, urgency: "urgent" };
  if (target !== "manifestpublished") return null;
  const published = args[0];
  const fields =
    typeof published === "object" && published !== null ? (published as Record<string, unknown>) : {};
  const { version, urgency } = fields;
  return {
    version: typeof version === "number" && Number.isSafeInteger(version) && version >= 0 ? version : null,
    urgency: urgency === "urgent" ? "urgent" : "normal",
  };
}

/** §4.2 as data: the next state and the effects of one input. */
export function realtimeStep(state: RealtimeState, input: RealtimeInput): Step {
  if (state.ending) return { state, effects: [] };
  switch (input.type) {
    case "status": {
      if (input.status === "connected") {
        if (state.connected) return { state, effects: [] };
        // DESIGN.md §3: a version published before this connection (or while it was down) reached
        // no event here: the newest manifest is asked for, and applied if it is newer.
        const effects: RealtimeEffect[] = [
          { type: "applyConfig", request: { version: null, urgency: "normal" } },
        ];
        if (state.networkIssues) effects.unshift({ type: "networkIssues", shown: false });
        return { state: { ...state, networkIssues: false, connected: true }, effects };
      }
      if (input.status !== "reconnecting" && input.status !== "unreachable") {
        return { state: { ...state, connected: false }, effects: [] };
      }
      // A drop is never a logout (§8); an unreachable gateway may hide an ended session, so ask it.
      const effects: RealtimeEffect[] = state.networkIssues ? [] : [{ type: "networkIssues", shown: true }];
      if (input.status === "unreachable") effects.push({ type: "probeSession" });
      return { state: { ...state, networkIssues: true, connected: false }, effects };
    }
    case "probe":
      return input.signedIn ? { state, effects: [] } : logoutPath(state);
    case "ended":
      if (input.redirect !== undefined && isSafeRedirectTarget(input.redirect)) {
        return { state: { ...state, ending: true }, effects: [{ type: "moveTo", url: input.redirect }] };
      }
      return logoutPath(state);
    case "event": {
      const target = input.target.toLowerCase();
      if (input.hub === "user") return userEvent(state, target, input.args);
      const request = input.hub === "gateway" ? configRequestOf(target, input.args) : null;
      return { state, effects: request ? [{ type: "applyConfig", request }] : [] };
    }
  }
}

/** The paths where a sign-out is already under way or nobody is signed in (§4.2 "unless on /logout or /login"). */
export function isOnSignOutPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return path === "/logout" || path === "/login";
}

/** Where §4.2's logout goes once the upstream ended the session. */
export const SERVER_LOGOUT_PATH = "/logout?ws=0";

/** User hub events the session handles. */
export const USER_EVENTS = [
  "Disconnect",
  "Disconnected",
  "DisconnectionWarning",
  "RemoveDisconnectionWarning",
  "reload",
  "refresh-base-page-user",
  "desktop-started",
  "log",
] as const;
/** Gateway events the session handles. */
export const GATEWAY_EVENTS = ["manifestPublished", "maintenance"] as const;

/** The browser side the executor acts on; injected so that tests run it with fakes and fake timers. */
export interface RealtimeDeps {
  client: HubClient;
  debug: boolean;
  location: () => { pathname: string; search: string; hash: string };
  /** In-app navigation (keeps the remembered redirect in memory). */
  navigate: (to: string) => void;
  /** A full page move: everything in memory is reset (§4.2 logout resets the whole state). */
  assign: (url: string) => void;
  reload: () => void;
  rememberRedirect: (url: string) => void;
  networkIssues: (shown: boolean) => void;
  newVersion: () => void;
  disconnectionWarning: (shown: boolean) => void;
  /** Hands a published configuration to the live configuration (runtime/config/live-config.ts). */
  applyConfig: (request: ConfigRequest) => void;
  /** Reads the session data (LoggedInConfig) and then the manifest again, without reloading the page. */
  refreshSession: () => Promise<unknown>;
  /** True signed in, false not, null when the gateway could not be asked. */
  probeSession: () => Promise<boolean | null>;
  log: (severity: number, message: string, details: unknown) => void;
}

/** Runs one realtime session over `deps.client`; `stop` closes it (sign-out). */
export function createRealtimeSession(config: LoggedInConfig, deps: RealtimeDeps): { stop(): void } {
  let state = initialRealtimeState(config.DesktopVersion, deps.debug);
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let reloadPending = false;
  /** A refresh under way, and whether another was asked for meanwhile (it then runs once more). */
  let refreshing = false;
  let refreshAgain = false;
  const refresh = () => {
    if (refreshing) {
      refreshAgain = true;
      return;
    }
    refreshing = true;
    void deps
      .refreshSession()
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        refreshing = false;
        if (refreshAgain && !stopped) {
          refreshAgain = false;
          refresh();
        }
      });
  };
  const later = (delayMs: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, delayMs);
    timers.add(timer);
  };

  const execute = (effect: RealtimeEffect) => {
    switch (effect.type) {
      case "logoutAfterDelay":
        return later(effect.delayMs, () => {
          const { pathname, search, hash } = deps.location();
          if (isOnSignOutPath(pathname)) return;
          deps.rememberRedirect(`${pathname}${search}${hash}`);
          deps.navigate(SERVER_LOGOUT_PATH);
        });
      case "moveTo":
        if (!isOnSignOutPath(deps.location().pathname)) deps.assign(effect.url);
        return;
      case "networkIssues":
        return deps.networkIssues(effect.shown);
      case "probeSession":
        return void deps.probeSession().then((signedIn) => {
          if (signedIn !== null && !stopped) apply({ type: "probe", signedIn });
        });
      case "disconnectionWarning":
        return deps.disconnectionWarning(effect.shown);
      case "reloadAfterDelay":
        if (reloadPending) return;
        reloadPending = true;
        return later(effect.delayMs, deps.reload);
      case "newVersion":
        return deps.newVersion();
      case "applyConfig":
        return deps.applyConfig(effect.request);
      case "refreshSession":
        return refresh();
      case "log":
        return deps.log(effect.severity, effect.message, effect.details);
    }
  };
  const apply = (input: RealtimeInput) => {
    if (stopped) return;
    const step = realtimeStep(state, input);
    state = step.state;
    for (const effect of step.effects) execute(effect);
  };

  const { client } = deps;
  const offs = [
    client.status.subscribe((status) => apply({ type: "status", status })),
    client.onEnded((redirect) => apply({ type: "ended", redirect })),
    ...USER_EVENTS.map((target) =>
      client.on("user", target, (...args) => apply({ type: "event", hub: "user", target, args })),
    ),
    ...GATEWAY_EVENTS.map((target) =>
      client.on("gateway", target, (...args) => apply({ type: "event", hub: "gateway", target, args })),
    ),
  ];
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      for (const off of offs) off();
      for (const timer of timers) clearTimeout(timer);
      if (state.networkIssues) deps.networkIssues(false);
      client.close();
    },
  };
}

/** The page's hub client while signed in: the notifications and the chat listen on it. */
export const realtimeClient = new ObservableValue<HubClient | null>(null);

/** Registered in-app navigations, the latest last. */
const navigators: ((to: string) => void)[] = [];
let running: { stop(): void; userUID: string } | null = null;
let networkBanner: number | null = null;

/** Registers the router's in-app navigation (a full page load stands in while none is); returns the unregister. */
export function setRealtimeNavigator(navigate: (to: string) => void): () => void {
  navigators.push(navigate);
  return () => {
    const at = navigators.lastIndexOf(navigate);
    if (at >= 0) navigators.splice(at, 1);
  };
}

async function probeGatewaySession(): Promise<boolean | null> {
  try {
    const response = await fetch(SESSION_PATH, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    return response.status === 401 ? false : response.ok ? true : null;
  } catch {
    return null;
  }
}

/** In-app navigation through the registered router (a full page load stands in while none is). */
function navigateInApp(to: string): void {
  const navigate = navigators.at(-1);
  if (navigate) navigate(to);
  else window.location.assign(to);
}

function browserDeps(client: HubClient, applyConfig: (request: ConfigRequest) => void): RealtimeDeps {
  const openHelp = (url: string) => window.open(url, "_blank", "noopener,noreferrer");
  return {
    client,
    debug: typeof __TESSERA_DEBUG__ !== "undefined" && __TESSERA_DEBUG__,
    location: () => window.location,
    navigate: navigateInApp,
    assign: (url) => window.location.assign(url),
    reload: () => window.location.reload(),
    rememberRedirect: (url) =>
      sessionStore.update((s) => {
        if (isSafeRedirectTarget(url)) s.redirectAfterLogin = url;
      }),
    networkIssues: (shown) => {
      if (networkBanner !== null) dismissBanner(networkBanner);
      networkBanner = null;
      const help = manifestStore.get().manifest?.shell.externalSites.websocketsHelpUrl;
      if (shown && help) networkBanner = showNetworkIssuesBanner(help, openHelp);
    },
    newVersion: () => showNewVersionBanner(() => window.location.reload()),
    disconnectionWarning: setDisconnectionWarning,
    applyConfig,
    // The session first: the gateway stores the new access facts the manifest is then resolved with.
    refreshSession: async () => {
      await refreshSession();
      await reloadManifest();
    },
    probeSession: probeGatewaySession,
    log: (severity, message, details) => {
      const write = severity >= 3 ? console.error : severity === 2 ? console.warn : console.info;
      write(message, ...(details === null || details === undefined ? [] : [details]));
    },
  };
}

/** The page's configuration plane (runtime/config/page-config.ts), handed in by the boot wiring. */
export interface PageConfigWiring {
  pageTabReport(): ReportFrame;
  createPageLiveConfig(client: HubClient, navigate: (to: string) => void): LiveConfig;
}

/**
 * Follows the session (runtime/boot/session-wiring.ts): a signed-in user gets one hub client at
 * /gw/hub (a different user a new one); signing out closes it.
 */
export function syncRealtimeSession(config: LoggedInConfig | null, page: PageConfigWiring): void {
  if (config && running?.userUID === config.User.UserUID) return;
  running?.stop();
  running = null;
  realtimeClient.set(null);
  if (!config) return;
  // DESIGN.md §3: on every (re)connect the tab reports its build, its configuration and its kinds.
  const client = createHubClient({ url: "/gw/hub", report: page.pageTabReport });
  const liveConfig = page.createPageLiveConfig(client, navigateInApp);
  const session = createRealtimeSession(
    config,
    browserDeps(client, (request) => liveConfig.request(request)),
  );
  running = {
    stop() {
      liveConfig.stop();
      session.stop();
    },
    userUID: config.User.UserUID,
  };
  realtimeClient.set(client);
}
