/**
 * Events and invocations through the relay, over real sockets, against the real embedded upstream:
 * every user-hub and chat-hub event reaches the browser, a chat invocation is relayed and answered,
 * gateway events reach every tab.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Frame, type GatewayUnderTest, openTab, startGateway } from "./relay-fixture.ts";
import {
  signedInTab,
  startUpstreamWithHubs,
  tempDataDir,
  type UpstreamWithHubs,
  upstreamToken,
} from "./upstream-with-hubs.ts";

const isStatus = (upstream: string) => (frame: Frame) => frame.t === "status" && frame.upstream === upstream;
const isEvent = (hub: string, target: string) => (frame: Frame) =>
  frame.t === "event" && frame.hub === hub && frame.target === target;
const isResult = (id: string) => (frame: Frame) => frame.t === "result" && frame.id === id;
const withArgs = (matches: (frame: Frame) => boolean, args: unknown[]) => (frame: Frame) =>
  matches(frame) && JSON.stringify(frame.args) === JSON.stringify(args);

describe("hub relay: events and invocations", () => {
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

  test("every user-hub event reaches the tab with its arguments", async () => {
    const { tab, key } = await signedInTab(gateway, upstream);
    const notification = { RecId: 7, Code: "DashboardShared", IsNew: true, Date: "2025-01-15T09:00:00Z" };
    const events: [string, unknown[]][] = [
      ["desktop-started", ["2.4.1"]],
      ["log", [2, "Export slow", { taskRecId: 12 }]],
      ["notificationAdded", [notification]],
      ["refresh-base-page-user", []],
      ["reload", []],
      ["DisconnectionWarning", []],
      ["RemoveDisconnectionWarning", []],
    ];
    for (const [target, args] of events)
      assert.equal(upstream.hubs.user.sendToPrincipal(key, target, ...args), 1);
    // Matched by arguments too: the upstream may send some of these by itself (desktop-started on connect).
    for (const [target, args] of events) {
      await tab.take(withArgs(isEvent("user", target), args), `user event ${target}`);
    }
    tab.socket.close();
  });

  test("every chat-hub event reaches the tab", async () => {
    const { tab, key } = await signedInTab(gateway, upstream);
    const message = {
      UID: "m-00000001",
      Type: "Message",
      Text: "Hello",
      IsInternal: true,
      Acknowledged: true,
    };
    const events: [string, unknown[]][] = [
      ["message", [message]],
      ["edited", [{ ...message, Type: "MessageEdited", Text: "Hello!" }]],
      ["deleted", [{ UID: "m-00000001", Type: "MessageDeleted", IsInternal: true, Acknowledged: true }]],
      ["sessionArchived", [{ SupportSessionRecId: 3 }]],
      ["staffBusy", []],
      ["open", []],
      ["close", []],
    ];
    for (const [target, args] of events)
      assert.equal(upstream.hubs.chat.sendToPrincipal(key, target, ...args), 1);
    for (const [target, args] of events) {
      await tab.take(withArgs(isEvent("chat", target), args), `chat event ${target}`);
    }
    tab.socket.close();
  });

  test("a chat invocation is relayed, stored once, answered, and its message event reaches every tab", async () => {
    const { tab, token, sessionId } = await signedInTab(gateway, upstream);
    const second = await openTab(gateway.wsUrl, { cookie: `tsid=${sessionId}` });
    await second.take(isStatus("connected"), "connected status on the second tab");
    const uid = "relay-test-0001";
    tab.send({
      t: "invoke",
      id: "i1",
      hub: "chat",
      target: "SendMessage",
      args: ["/dashboards", "Hi support", uid],
    });
    const result = await tab.take(isResult("i1"), "result of i1");
    assert.equal(result.ok, true);
    assert.equal(result.result.UID, uid);
    assert.equal(result.result.Acknowledged, true);
    for (const each of [tab, second]) {
      const event = await each.take(isEvent("chat", "message"), "message event");
      assert.equal(event.args[0].UID, uid);
    }
    assert.equal(second.frames.some(isResult("i1")), false, "only the invoking tab gets the result");
    // Resending the same UID answers with the stored message and stores nothing new.
    tab.send({
      t: "invoke",
      id: "i2",
      hub: "chat",
      target: "SendMessage",
      args: ["/dashboards", "Hi support", uid],
    });
    assert.equal((await tab.take(isResult("i2"))).result.UID, uid);
    const active = await fetch(`${upstream.baseUrl}/api/supportchat/active`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const messages = ((await active.json()) as { Messages: { UID: string }[] }).Messages;
    assert.equal(messages.filter((m) => m.UID === uid).length, 1);
    tab.socket.close();
    second.socket.close();
  });

  test("an upstream method error and a method off the allow-list come back as non-retryable errors", async () => {
    const { tab } = await signedInTab(gateway, upstream);
    tab.send({
      t: "invoke",
      id: "e1",
      hub: "chat",
      target: "SendMessage",
      args: ["/", "   ", "relay-test-0002"],
    });
    const refused = await tab.take(isResult("e1"));
    assert.equal(refused.ok, false);
    assert.equal(refused.error.ErrorCode, 5075);
    assert.equal(refused.error.retryable, false);
    assert.match(refused.error.Message, /\S/, "the upstream's text for clients is passed on");
    tab.send({ t: "invoke", id: "e2", hub: "chat", target: "ArchiveEverything", args: [] });
    assert.deepEqual((await tab.take(isResult("e2"))).error.ErrorCode, 5073);
    tab.send({ t: "invoke", id: "e3", hub: "user", target: "SendMessage", args: [] });
    assert.deepEqual((await tab.take(isResult("e3"))).error.ErrorCode, 5073);
    tab.socket.close();
  });

  test("a hub the upstream refuses to the user (403) is not available; the rest still works", async () => {
    const { cookie } = gateway.addSession(await upstreamToken(upstream.baseUrl, "analyst"));
    const tab = await openTab(gateway.wsUrl, { cookie });
    // The analyst has no support chat: the chat hub answers 403, the user hub connects.
    await tab.take(isStatus("connected"));
    tab.send({
      t: "invoke",
      id: "n1",
      hub: "chat",
      target: "SendMessage",
      args: ["/", "hi", "relay-test-0003"],
    });
    assert.deepEqual((await tab.take(isResult("n1"))).error, {
      ErrorCode: 5078,
      Message: "The chat hub is not available.",
      retryable: false,
    });
    tab.socket.close();
  });

  test("gateway events reach every tab of every session", async () => {
    const one = await signedInTab(gateway, upstream);
    const two = await signedInTab(gateway, upstream);
    const reached = gateway.app.hubRelay.broadcastGatewayEvent("manifestPublished", [{ version: "v42" }]);
    assert.ok(reached >= 2);
    for (const { tab } of [one, two]) {
      const frame = await tab.take(isEvent("gateway", "manifestPublished"));
      assert.deepEqual(frame.args, [{ version: "v42" }]);
    }
    gateway.app.hubRelay.broadcastGatewayEvent("maintenance", [{ enabled: true }]);
    await one.tab.take(isEvent("gateway", "maintenance"));
    one.tab.socket.close();
    two.tab.socket.close();
  });
});
