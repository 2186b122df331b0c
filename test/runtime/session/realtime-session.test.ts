/**
 * The realtime session executor with a fake hub client and fake timers: the §4.2 delays, what is
 * remembered and where the page goes, the network banner, reloads and the probe.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import type { EventHub } from "../../../runtime/realtime/frames.ts";
import type { HubClient, HubClientStatus } from "../../../runtime/realtime/hub-client.ts";
import { ObservableValue } from "../../../runtime/realtime/observable-value.ts";
import {
  createRealtimeSession,
  type RealtimeDeps,
  SERVER_LOGOUT_PATH,
} from "../../../runtime/session/realtime-session.ts";
import { DISCONNECT_REDIRECT_DELAY_MS, RELOAD_DELAY_MS } from "../../../runtime/state/constants.ts";
import type { LoggedInConfig } from "../../../schemas/payloads/user-session.ts";

class FakeClient implements HubClient {
  readonly status = new ObservableValue<HubClientStatus>("connecting");
  readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  readonly ended = new Set<(redirect: string | undefined) => void>();
  closed = false;
  on(hub: EventHub, target: string, handler: (...args: unknown[]) => void) {
    const key = `${hub}:${target.toLowerCase()}`;
    const set = this.handlers.get(key) ?? new Set();
    this.handlers.set(key, set.add(handler));
    return () => void set.delete(handler);
  }
  onEnded(listener: (redirect: string | undefined) => void) {
    this.ended.add(listener);
    return () => void this.ended.delete(listener);
  }
  invoke(): Promise<unknown> {
    return Promise.resolve(null);
  }
  answerConfig() {}
  close() {
    this.closed = true;
  }
  emit(hub: EventHub, target: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(`${hub}:${target.toLowerCase()}`) ?? []) handler(...args);
  }
  end(redirect?: string) {
    for (const listener of this.ended) listener(redirect);
  }
}

const config = { DesktopVersion: "1.0.0", User: { UserUID: "u-1" } } as unknown as LoggedInConfig;

function start(overrides: Partial<RealtimeDeps> = {}) {
  const client = new FakeClient();
  const calls: string[] = [];
  const page = { pathname: "/dashboards/12", search: "?tab=2", hash: "#top" };
  const deps: RealtimeDeps = {
    client,
    debug: false,
    location: () => page,
    navigate: (to) => calls.push(`navigate ${to}`),
    assign: (url) => calls.push(`assign ${url}`),
    reload: () => calls.push("reload"),
    rememberRedirect: (url) => calls.push(`remember ${url}`),
    networkIssues: (shown) => calls.push(`networkIssues ${shown}`),
    newVersion: () => calls.push("newVersion"),
    disconnectionWarning: (shown) => calls.push(`warning ${shown}`),
    applyConfig: (request) => calls.push(`applyConfig ${request.version} ${request.urgency}`),
    refreshSession: async () => calls.push("refreshSession"),
    probeSession: async () => true,
    log: (severity, message) => calls.push(`log ${severity} ${message}`),
    ...overrides,
  };
  const session = createRealtimeSession(config, deps);
  return { client, calls, page, session };
}

describe("realtime session executor (§4.2)", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  test(`Disconnect: after ${DISCONNECT_REDIRECT_DELAY_MS} ms the URL is remembered and the page goes to ${SERVER_LOGOUT_PATH}`, () => {
    const { client, calls } = start();
    client.emit("user", "Disconnect");
    mock.timers.tick(DISCONNECT_REDIRECT_DELAY_MS - 1);
    assert.deepEqual(calls, []);
    mock.timers.tick(1);
    assert.deepEqual(calls, ["remember /dashboards/12?tab=2#top", `navigate ${SERVER_LOGOUT_PATH}`]);
  });

  for (const pathname of ["/logout", "/login"]) {
    test(`Disconnect on ${pathname} does nothing`, () => {
      const { client, calls, page } = start();
      page.pathname = pathname;
      client.emit("user", "Disconnect");
      mock.timers.tick(DISCONNECT_REDIRECT_DELAY_MS);
      assert.deepEqual(calls, []);
    });
  }

  test("the path is read when the delay ends, not when the event came", () => {
    const { client, calls, page } = start();
    client.emit("user", "Disconnect");
    page.pathname = "/logout";
    mock.timers.tick(DISCONNECT_REDIRECT_DELAY_MS);
    assert.deepEqual(calls, []);
  });

  test("Disconnect then the ended frame: one logout", () => {
    const { client, calls } = start();
    client.emit("user", "Disconnect");
    client.end();
    mock.timers.tick(DISCONNECT_REDIRECT_DELAY_MS);
    assert.equal(calls.filter((call) => call.startsWith("navigate")).length, 1);
  });

  test("Disconnected moves the browser at once; the ended frame after it changes nothing", () => {
    const { client, calls } = start();
    client.emit("user", "Disconnected", "/login");
    client.end("/loggedout");
    assert.deepEqual(calls, ["assign /login"]);
  });

  test("the ended frame alone with a redirect moves there", () => {
    const { client, calls } = start();
    client.end("/loggedout");
    assert.deepEqual(calls, ["assign /loggedout"]);
  });

  test("while signing out on /logout, a Disconnected does not interrupt it", () => {
    const { client, calls, page } = start();
    page.pathname = "/logout";
    client.emit("user", "Disconnected", "/loggedout");
    assert.deepEqual(calls, []);
  });

  test("a drop shows the banner once, the reconnect clears it, and nothing logs out", () => {
    const { client, calls } = start();
    client.status.set("connected");
    client.status.set("reconnecting");
    client.status.set("connected");
    mock.timers.tick(DISCONNECT_REDIRECT_DELAY_MS * 10);
    assert.deepEqual(calls, [
      "applyConfig null normal",
      "networkIssues true",
      "networkIssues false",
      "applyConfig null normal",
    ]);
  });

  test("unreachable with an ended gateway session takes the logout path", async () => {
    const { client, calls } = start({ probeSession: async () => false });
    client.status.set("unreachable");
    await Promise.resolve();
    await Promise.resolve();
    mock.timers.tick(DISCONNECT_REDIRECT_DELAY_MS);
    assert.deepEqual(calls, [
      "networkIssues true",
      "remember /dashboards/12?tab=2#top",
      `navigate ${SERVER_LOGOUT_PATH}`,
    ]);
  });

  test("unreachable while the gateway cannot be asked keeps only the banner", async () => {
    const { client, calls } = start({ probeSession: async () => null });
    client.status.set("unreachable");
    await Promise.resolve();
    mock.timers.tick(DISCONNECT_REDIRECT_DELAY_MS);
    assert.deepEqual(calls, ["networkIssues true"]);
  });

  test(`reload events reload once, ${RELOAD_DELAY_MS} ms later`, () => {
    const { client, calls } = start();
    client.emit("user", "reload");
    client.emit("user", "reload");
    mock.timers.tick(RELOAD_DELAY_MS - 1);
    assert.deepEqual(calls, []);
    mock.timers.tick(1);
    assert.deepEqual(calls, ["reload"]);
  });

  test("refresh-base-page-user (§7) reads the session again in place, never reloading the page", async () => {
    const { client, calls } = start();
    client.emit("user", "refresh-base-page-user");
    await Promise.resolve();
    mock.timers.tick(RELOAD_DELAY_MS);
    assert.deepEqual(calls, ["refreshSession"]);
  });

  test("refreshes asked for while one runs make one more, after it: the last change is read", async () => {
    const finish: (() => void)[] = [];
    const calls: string[] = [];
    const { client } = start({
      refreshSession: () =>
        new Promise<void>((resolve) => {
          calls.push("refreshSession");
          finish.push(resolve);
        }),
    });
    client.emit("user", "refresh-base-page-user");
    client.emit("user", "refresh-base-page-user");
    client.emit("user", "refresh-base-page-user");
    assert.deepEqual(calls, ["refreshSession"]);
    finish.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, ["refreshSession", "refreshSession"]);
    finish.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, ["refreshSession", "refreshSession"]);
  });

  test("the disconnection warning follows the two events", () => {
    const { client, calls } = start();
    client.emit("user", "DisconnectionWarning", { ExpiresAt: "2030-01-01T00:00:00Z" });
    client.emit("user", "RemoveDisconnectionWarning");
    assert.deepEqual(calls, ["warning true", "warning false"]);
  });

  test("a new desktop version shows the banner; gateway events go to the live configuration", () => {
    const { client, calls } = start();
    client.emit("user", "desktop-started", "1.0.0");
    client.emit("user", "desktop-started", "1.0.1");
    client.emit("gateway", "manifestPublished", { version: 9, urgency: "urgent" });
    client.emit("gateway", "maintenance", true);
    assert.deepEqual(calls, ["newVersion", "applyConfig 9 urgent", "applyConfig null urgent"]);
  });

  test("stop closes the client, cancels pending timers and clears the banner", () => {
    const { client, calls, session } = start();
    client.status.set("reconnecting");
    client.emit("user", "reload");
    session.stop();
    mock.timers.tick(RELOAD_DELAY_MS);
    client.emit("user", "Disconnect");
    mock.timers.tick(DISCONNECT_REDIRECT_DELAY_MS);
    assert.equal(client.closed, true);
    assert.deepEqual(calls, ["networkIssues true", "networkIssues false"]);
  });
});
