/**
 * One pair of upstream hub connections per gateway session, shared by that session's tabs and
 * closed with the last of them; sessions do not see each other's events. Real sockets, real upstream.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eventually, type Frame, type GatewayUnderTest, openTab, startGateway } from "./relay-fixture.ts";
import {
  startUpstreamWithHubs,
  tempDataDir,
  type UpstreamWithHubs,
  upstreamToken,
} from "./upstream-with-hubs.ts";

const connected = (frame: Frame) => frame.t === "status" && frame.upstream === "connected";
const reloadEvent = (frame: Frame) =>
  frame.t === "event" && frame.hub === "user" && frame.target === "reload";

describe("hub relay: sessions and tabs", () => {
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

  const connectionsOf = (principal: string) => ({
    user: upstream.hubs.user.connections().filter((c) => c.principal.key === principal).length,
    chat: upstream.hubs.chat.connections().filter((c) => c.principal.key === principal).length,
  });
  /** The upstream session key behind a gateway session, read from the connection it opened. */
  const principalOf = (before: Set<string>) => {
    const keys = upstream.hubs.user
      .connections()
      .map((c) => c.principal.key)
      .filter((k) => !before.has(k));
    assert.equal(keys.length, 1);
    return keys[0] as string;
  };
  const keysNow = () => new Set(upstream.hubs.user.connections().map((c) => c.principal.key));

  test("two tabs of one session share one connection per hub; closing both closes them", async () => {
    const known = keysNow();
    const { cookie } = gateway.addSession(await upstreamToken(upstream.baseUrl));
    const first = await openTab(gateway.wsUrl, { cookie });
    await first.take(connected);
    const key = principalOf(known);
    const second = await openTab(gateway.wsUrl, { cookie });
    // A tab joining a connected session is told so at once.
    await second.take(connected);
    assert.deepEqual(connectionsOf(key), { user: 1, chat: 1 });
    assert.equal(gateway.app.hubRelay.stats().sessions, 1);

    upstream.hubs.user.sendToPrincipal(key, "reload");
    await first.take(reloadEvent);
    await second.take(reloadEvent);

    first.socket.close();
    await first.closed;
    upstream.hubs.user.sendToPrincipal(key, "reload");
    await second.take(reloadEvent, "second reload on the remaining tab");
    assert.deepEqual(connectionsOf(key), { user: 1, chat: 1 });

    second.socket.close();
    await second.closed;
    await eventually(
      () => connectionsOf(key).user + connectionsOf(key).chat === 0,
      "upstream connections closed",
    );
    assert.deepEqual(gateway.app.hubRelay.stats(), {
      sessions: 0,
      tabs: 0,
      reportedBuilds: 0,
      reportedLists: 0,
      reportedSchemaSets: 0,
    });

    // A new tab of the same session opens a fresh pair.
    const third = await openTab(gateway.wsUrl, { cookie });
    await third.take(connected);
    assert.deepEqual(connectionsOf(key), { user: 1, chat: 1 });
    third.socket.close();
    await eventually(() => connectionsOf(key).user + connectionsOf(key).chat === 0, "closed again");
  });

  test("sessions are apart: one session's events never reach another's tabs", async () => {
    const known = keysNow();
    const alice = await openTab(gateway.wsUrl, {
      cookie: gateway.addSession(await upstreamToken(upstream.baseUrl)).cookie,
    });
    await alice.take(connected);
    const aliceKey = principalOf(known);
    const withAlice = keysNow();
    const bob = await openTab(gateway.wsUrl, {
      cookie: gateway.addSession(await upstreamToken(upstream.baseUrl, "analyst")).cookie,
    });
    await bob.take(connected);
    const bobKey = principalOf(withAlice);
    assert.notEqual(aliceKey, bobKey);

    upstream.hubs.user.sendToPrincipal(aliceKey, "log", 1, "for-alice", null);
    upstream.hubs.user.sendToPrincipal(bobKey, "log", 1, "for-bob", null);
    const logs = (tab: typeof alice) =>
      tab.frames.filter((frame) => frame.target === "log").map((f) => f.args[1]);
    await alice.take((frame) => frame.target === "log");
    await bob.take((frame) => frame.target === "log");
    // A marker after the logs: once it arrived, any stray log would have arrived too (one ordered socket).
    upstream.hubs.user.sendToPrincipal(aliceKey, "reload");
    upstream.hubs.user.sendToPrincipal(bobKey, "reload");
    await alice.take(reloadEvent);
    await bob.take(reloadEvent);
    assert.deepEqual([logs(alice), logs(bob)], [["for-alice"], ["for-bob"]]);
    alice.socket.close();
    bob.socket.close();
  });

  test("renewUpstream reconnects a session's hubs with another upstream identity", async () => {
    const known = keysNow();
    const { sessionId, cookie } = gateway.addSession(await upstreamToken(upstream.baseUrl));
    const tab = await openTab(gateway.wsUrl, { cookie });
    await tab.take(connected);
    const before = principalOf(known);
    assert.equal(
      gateway.app.hubRelay.renewUpstream(sessionId, await upstreamToken(upstream.baseUrl, "viewer")),
      true,
    );
    await tab.take((frame) => frame.t === "status" && frame.upstream === "reconnecting");
    await tab.take(connected, "connected with the new identity");
    await eventually(() => connectionsOf(before).user === 0, "old identity's connection closed");
    const fresh = () => upstream.hubs.user.connections().filter((c) => !known.has(c.principal.key));
    await eventually(() => fresh().length === 1, "one connection of the new identity");
    assert.notEqual(fresh()[0]?.principal.key, before);
    tab.socket.close();
  });
});
