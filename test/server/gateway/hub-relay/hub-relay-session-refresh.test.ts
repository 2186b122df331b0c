/**
 * The relay's refresh listener (§7 user hub `refresh-base-page-user`), over real sockets against
 * the real embedded upstream: the gateway hears of the refresh first and the session's tabs get the
 * event once its listener has settled — so what it dropped (the account's custom menu) is read
 * afresh when they reload — and a failing listener still lets the event through.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Frame, type GatewayUnderTest, startGateway } from "./relay-fixture.ts";
import {
  signedInTab,
  startUpstreamWithHubs,
  tempDataDir,
  type UpstreamWithHubs,
} from "./upstream-with-hubs.ts";

const isEvent = (target: string) => (frame: Frame) =>
  frame.t === "event" && frame.hub === "user" && frame.target === target;

describe("hub relay: the session refresh listener", () => {
  const data = tempDataDir();
  let upstream: UpstreamWithHubs;
  let gateway: GatewayUnderTest;
  const heard: string[] = [];
  let settle: () => void = () => undefined;
  let fail = false;
  before(async () => {
    upstream = await startUpstreamWithHubs(data.dir);
    gateway = await startGateway(upstream.hubBase, {
      onSessionRefresh: (sessionId) => {
        heard.push(sessionId);
        if (fail) throw new Error("the listener failed");
        return new Promise<void>((resolve) => {
          settle = resolve;
        });
      },
    });
  });
  after(async () => {
    await gateway.close();
    await upstream.stop();
    data.remove();
  });

  test("the tabs get the event only once the listener has settled; other events pass at once", async () => {
    const { tab, key, sessionId } = await signedInTab(gateway, upstream);
    upstream.hubs.user.sendToPrincipal(key, "refresh-base-page-user");
    upstream.hubs.user.sendToPrincipal(key, "reload");
    // The reload was sent after the refresh, on the same connection: the refresh is being held.
    await tab.take(isEvent("reload"), "reload");
    assert.deepEqual(heard, [sessionId]);
    assert.equal(tab.frames.some(isEvent("refresh-base-page-user")), false);
    settle();
    const event = await tab.take(isEvent("refresh-base-page-user"), "the refresh after the listener");
    assert.deepEqual(event.args, []);
    tab.socket.close();
  });

  test("a failing listener still lets the event through", async () => {
    fail = true;
    const { tab, key } = await signedInTab(gateway, upstream);
    upstream.hubs.user.sendToPrincipal(key, "refresh-base-page-user");
    await tab.take(isEvent("refresh-base-page-user"), "the refresh despite the failure");
    tab.socket.close();
  });
});
