/**
 * Every way a session ends, over real sockets against the real embedded upstream: the user hub's
 * Disconnect and Disconnected, a logout at the upstream, an upstream Close without allowReconnect,
 * a 401 on reconnect, and the gateway's own logout (endSession). Each time every tab gets `ended`
 * (with an in-app destination only), is closed with 1000, and the upstream connections are closed.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { upstreamContextOf } from "../../../../server/upstream/app.ts";
import {
  eventually,
  type Frame,
  type GatewayUnderTest,
  openTab,
  startGateway,
  type TestTab,
} from "./relay-fixture.ts";
import {
  signedInTab,
  startUpstreamWithHubs,
  tempDataDir,
  type UpstreamWithHubs,
} from "./upstream-with-hubs.ts";

const isStatus = (upstream: string) => (frame: Frame) => frame.t === "status" && frame.upstream === upstream;
const isEvent = (hub: string, target: string) => (frame: Frame) =>
  frame.t === "event" && frame.hub === hub && frame.target === target;

describe("hub relay: session end", () => {
  const data = tempDataDir();
  let upstream: UpstreamWithHubs;
  let gateway: GatewayUnderTest;
  before(async () => {
    upstream = await startUpstreamWithHubs(data.dir);
    gateway = await startGateway(upstream.hubBase);
  });
  after(async () => {
    await gateway.close();
    await upstream.stop();
    data.remove();
  });

  /** Asserts the tab got `ended` (with `redirect`), was closed with 1000 and the upstream connections are gone. */
  async function assertEnded(tab: TestTab, key: string, redirect: string | undefined) {
    const ended = await tab.take((frame) => frame.t === "ended", "ended frame");
    assert.deepEqual(
      ended,
      redirect === undefined
        ? { t: "ended", reason: "sessionEnded" }
        : { t: "ended", reason: "sessionEnded", redirect },
    );
    assert.equal((await tab.closed).code, 1000);
    const ofSession = () =>
      [...upstream.hubs.user.connections(), ...upstream.hubs.chat.connections()].filter(
        (c) => c.principal.key === key,
      );
    await eventually(() => ofSession().length === 0, "upstream connections of the session closed");
  }

  test("Disconnect from the user hub is relayed, then ends the session without a redirect", async () => {
    const { tab, key, sessionId } = await signedInTab(gateway, upstream);
    upstream.hubs.user.sendToPrincipal(key, "Disconnect");
    await tab.take(isEvent("user", "Disconnect"));
    await assertEnded(tab, key, undefined);
    const order = tab.frames.map((frame) => frame.t).filter((t) => t === "event" || t === "ended");
    assert.equal(order.at(-1), "ended", "the event is relayed before the session ends");
    assert.ok(gateway.upstreamEnded.includes(sessionId));
  });

  test("Disconnected ends the session with its in-app destination; an external one is dropped", async () => {
    const first = await signedInTab(gateway, upstream);
    upstream.hubs.user.sendToPrincipal(first.key, "Disconnected", "/loggedout");
    await assertEnded(first.tab, first.key, "/loggedout");
    const second = await signedInTab(gateway, upstream);
    upstream.hubs.user.sendToPrincipal(second.key, "Disconnected", "https://evil.example/");
    await assertEnded(second.tab, second.key, undefined);
  });

  test("logging out at the upstream ends the session in the browser", async () => {
    const { tab, token, key } = await signedInTab(gateway, upstream);
    const logout = await fetch(`${upstream.baseUrl}/api/Logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    assert.ok(logout.status < 300);
    await tab.take(isEvent("user", "Disconnected"));
    await assertEnded(tab, key, "/loggedout");
  });

  test("an upstream Close without allowReconnect ends the session", async () => {
    const { tab, key, sessionId } = await signedInTab(gateway, upstream);
    upstream.hubs.chat.closeConnectionsOf(key);
    await assertEnded(tab, key, undefined);
    assert.ok(gateway.upstreamEnded.includes(sessionId));
  });

  test("a 401 on reconnect ends the session; a Close allowing reconnect alone does not", async () => {
    const { tab, token, key } = await signedInTab(gateway, upstream);
    upstream.hubs.user.closeConnectionsOf(key, { allowReconnect: true });
    await tab.take(isStatus("reconnecting"));
    await tab.take(isStatus("connected"), "connected again");
    const context = upstreamContextOf(upstream.app);
    const caller = await context.sessions.authenticate(token);
    assert.ok(typeof caller !== "string");
    await context.sessions.end(caller.session, "logout");
    upstream.hubs.user.closeConnectionsOf(key, { allowReconnect: true });
    await assertEnded(tab, key, undefined);
  });

  test("endSession (the gateway's logout) tells every tab, closes them and the upstream connections", async () => {
    const { tab, key, sessionId } = await signedInTab(gateway, upstream);
    const second = await openTab(gateway.wsUrl, { cookie: `tsid=${sessionId}` });
    assert.equal(await gateway.app.hubRelay.endSession(sessionId, "/login"), true);
    await assertEnded(tab, key, "/login");
    assert.equal((await second.take((frame) => frame.t === "ended")).redirect, "/login");
    assert.equal(await gateway.app.hubRelay.endSession(sessionId), false);
  });
});
