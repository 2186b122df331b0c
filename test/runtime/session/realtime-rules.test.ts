/**
 * §4.2 as data: what each hub status, user-hub event, gateway event and `ended` frame leads to.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  initialRealtimeState,
  isOnSignOutPath,
  type RealtimeEffect,
  type RealtimeInput,
  type RealtimeState,
  realtimeStep,
} from "../../../runtime/session/realtime-session.ts";
import {
  DISCONNECT_REDIRECT_DELAY_MS,
  LOG_CONSOLE_MIN_SEVERITY,
  RELOAD_DELAY_MS,
} from "../../../runtime/state/constants.ts";

const fresh = (patch: Partial<RealtimeState> = {}): RealtimeState => ({
  ...initialRealtimeState("1.0.0", false),
  ...patch,
});
const user = (target: string, ...args: unknown[]): RealtimeInput => ({
  type: "event",
  hub: "user",
  target,
  args,
});
const gateway = (target: string, ...args: unknown[]): RealtimeInput => ({
  type: "event",
  hub: "gateway",
  target,
  args,
});
/** What a (re)connect asks of the live configuration: the newest manifest, if it is newer. */
const catchUp: RealtimeEffect = { type: "applyConfig", request: { version: null, urgency: "normal" } };
const logout: RealtimeEffect = { type: "logoutAfterDelay", delayMs: DISCONNECT_REDIRECT_DELAY_MS };

interface Row {
  name: string;
  state?: Partial<RealtimeState>;
  input: RealtimeInput;
  effects: RealtimeEffect[];
  next?: Partial<RealtimeState>;
}

const rows: Row[] = [
  {
    name: "Disconnect takes the logout path after the delay",
    input: user("Disconnect"),
    effects: [logout],
    next: { ending: true },
  },
  {
    name: "Disconnected moves to the supplied same-origin path",
    input: user("Disconnected", "/login"),
    effects: [{ type: "moveTo", url: "/login" }],
    next: { ending: true },
  },
  {
    name: "Disconnected with an off-site URL goes to /loggedout",
    input: user("Disconnected", "https://evil.example/x"),
    effects: [{ type: "moveTo", url: "/loggedout" }],
  },
  {
    name: "Disconnected with a protocol-relative URL goes to /loggedout",
    input: user("Disconnected", "//evil.example"),
    effects: [{ type: "moveTo", url: "/loggedout" }],
  },
  {
    name: "Disconnected without a URL goes to /loggedout",
    input: user("Disconnected"),
    effects: [{ type: "moveTo", url: "/loggedout" }],
  },
  {
    name: "the ended frame without redirect takes the logout path",
    input: { type: "ended", redirect: undefined },
    effects: [logout],
  },
  {
    name: "the ended frame with an in-app redirect moves there",
    input: { type: "ended", redirect: "/loggedout" },
    effects: [{ type: "moveTo", url: "/loggedout" }],
  },
  {
    name: "after a Disconnect, the ended frame does nothing more",
    state: { ending: true },
    input: { type: "ended", redirect: undefined },
    effects: [],
  },
  {
    name: "after a logout path, events are ignored",
    state: { ending: true },
    input: user("reload"),
    effects: [],
  },
  {
    name: "a network drop shows the banner, never a logout",
    input: { type: "status", status: "reconnecting" },
    effects: [{ type: "networkIssues", shown: true }],
    next: { networkIssues: true, ending: false },
  },
  {
    name: "an unreachable gateway shows the banner and asks whether the session still exists",
    input: { type: "status", status: "unreachable" },
    effects: [{ type: "networkIssues", shown: true }, { type: "probeSession" }],
  },
  {
    name: "reconnecting then unreachable: one banner, one probe",
    state: { networkIssues: true },
    input: { type: "status", status: "unreachable" },
    effects: [{ type: "probeSession" }],
  },
  {
    name: "the reconnect clears the banner and asks for a version published meanwhile (DESIGN.md §3)",
    state: { networkIssues: true },
    input: { type: "status", status: "connected" },
    effects: [{ type: "networkIssues", shown: false }, catchUp],
    next: { networkIssues: false, connected: true },
  },
  {
    name: "the first connect shows nothing, and asks for a version published before it",
    input: { type: "status", status: "connected" },
    effects: [catchUp],
    next: { connected: true },
  },
  {
    name: "connected again without a drop asks nothing",
    state: { connected: true },
    input: { type: "status", status: "connected" },
    effects: [],
  },
  {
    name: "the upstream reconnecting is a drop: the next connect asks again",
    state: { connected: true },
    input: { type: "status", status: "reconnecting" },
    effects: [{ type: "networkIssues", shown: true }],
    next: { connected: false, networkIssues: true },
  },
  {
    name: "the probe finding no session takes the logout path",
    input: { type: "probe", signedIn: false },
    effects: [logout],
  },
  {
    name: "the probe finding the session keeps the banner only",
    input: { type: "probe", signedIn: true },
    effects: [],
  },
  {
    name: "DisconnectionWarning shows the overlay",
    input: user("DisconnectionWarning", { ExpiresAt: "2030-01-01T00:00:00Z" }),
    effects: [{ type: "disconnectionWarning", shown: true }],
  },
  {
    name: "RemoveDisconnectionWarning hides it",
    input: user("RemoveDisconnectionWarning"),
    effects: [{ type: "disconnectionWarning", shown: false }],
  },
  {
    name: "reload reloads after the delay",
    input: user("reload"),
    effects: [{ type: "reloadAfterDelay", delayMs: RELOAD_DELAY_MS }],
  },
  {
    name: "refresh-base-page-user (§7) reads the session and the manifest again, without a page reload",
    input: user("refresh-base-page-user"),
    effects: [{ type: "refreshSession" }],
  },
  {
    name: "the running version announced again: nothing",
    input: user("desktop-started", "1.0.0"),
    effects: [],
  },
  {
    name: "another version: the new-version banner, once",
    input: user("desktop-started", "1.1.0"),
    effects: [{ type: "newVersion" }],
    next: { newVersionShown: true },
  },
  {
    name: "another version after the banner: nothing",
    state: { newVersionShown: true },
    input: user("desktop-started", "1.2.0"),
    effects: [],
  },
  {
    name: "debug builds never show the new-version banner",
    state: { debug: true },
    input: user("desktop-started", "9.9.9"),
    effects: [],
  },
  {
    name: "without a configured version the first announcement becomes the running one",
    state: { runningVersion: null },
    input: user("desktop-started", "2.0.0"),
    effects: [],
    next: { runningVersion: "2.0.0" },
  },
  {
    name: "DESIGN.md §3: manifestPublished applies the version it names, with its urgency",
    input: gateway("manifestPublished", { version: 7, urgency: "normal" }),
    effects: [{ type: "applyConfig", request: { version: 7, urgency: "normal" } }],
  },
  {
    name: "an urgent publish is applied as urgent",
    input: gateway("manifestPublished", { version: 8, urgency: "urgent" }),
    effects: [{ type: "applyConfig", request: { version: 8, urgency: "urgent" } }],
  },
  {
    name: "a publish without a usable version or urgency is a normal publish of the newest",
    input: gateway("manifestPublished", { version: -1, urgency: "now" }),
    effects: [{ type: "applyConfig", request: { version: null, urgency: "normal" } }],
  },
  {
    name: "a publish without arguments too",
    input: gateway("manifestPublished"),
    effects: [{ type: "applyConfig", request: { version: null, urgency: "normal" } }],
  },
  {
    name: "a fractional version is no version",
    input: gateway("manifestPublished", { version: 2.5, urgency: "urgent" }),
    effects: [{ type: "applyConfig", request: { version: null, urgency: "urgent" } }],
  },
  {
    name: "gateway maintenance is an urgent publish without a version",
    input: gateway("maintenance", true),
    effects: [{ type: "applyConfig", request: { version: null, urgency: "urgent" } }],
  },
  {
    name: "another gateway event does nothing",
    input: gateway("somethingElse", { version: 3 }),
    effects: [],
  },
  {
    name: "manifestPublished from an upstream hub is not the gateway's",
    input: user("manifestPublished", { version: 3, urgency: "urgent" }),
    effects: [],
  },
  {
    name: "a chat event is not the session's",
    input: { type: "event", hub: "chat", target: "open", args: [] },
    effects: [],
  },
  {
    name: "a log line at the minimum severity goes to the console",
    input: user("log", LOG_CONSOLE_MIN_SEVERITY, "disk low", { free: 1 }),
    effects: [{ type: "log", severity: LOG_CONSOLE_MIN_SEVERITY, message: "disk low", details: { free: 1 } }],
  },
  {
    name: "a log line below it does not",
    input: user("log", LOG_CONSOLE_MIN_SEVERITY - 1, "fyi", null),
    effects: [],
  },
  { name: "event names are case-insensitive", input: user("disconnect"), effects: [logout] },
];

describe("realtime session rules (§4.2)", () => {
  for (const row of rows) {
    test(row.name, () => {
      const before = fresh(row.state);
      const { state, effects } = realtimeStep(before, row.input);
      assert.deepEqual(effects, row.effects);
      for (const [key, value] of Object.entries(row.next ?? {})) {
        assert.deepEqual(state[key as keyof RealtimeState], value, key);
      }
    });
  }

  test("the step never mutates the state it is given", () => {
    const before = Object.freeze(fresh());
    realtimeStep(before, user("Disconnect"));
    realtimeStep(before, { type: "status", status: "reconnecting" });
  });

  for (const [path, expected] of [
    ["/logout", true],
    ["/login", true],
    ["/LOGOUT/", true],
    ["/loggedout", false],
    ["/dashboards", false],
    ["/", false],
  ] as const) {
    test(`${path} is ${expected ? "" : "not "}a sign-out path`, () =>
      assert.equal(isOnSignOutPath(path), expected));
  }
});
