/**
 * The hub relay through `buildApp` (DESIGN.md §4): a signed-in browser's socket at /gw/hub, the
 * gateway holding the session's upstream hub connections to the real upstream. An event caused by
 * another user's action reaches the tab; a chat invocation is answered; the socket's admission
 * (Origin, session) and its frame-size limit hold.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { DEFAULT_MAX_MESSAGE_BYTES } from "../../../../server/gateway/hub-relay/options.ts";
import { type Frame, openTab, type TestTab, UpgradeRefused } from "../hub-relay/relay-fixture.ts";
import { type BrowserClient, signedIn } from "./browser-client.ts";
import { PUBLIC_ORIGIN, type Stack, startStack } from "./integration-fixture.ts";

let stack: Stack;
const tabs: TestTab[] = [];

before(async () => {
  stack = await startStack();
});
after(async () => {
  for (const tab of tabs) tab.socket.terminate();
  await stack.close();
});

/** A tab of `browser`'s session, from the product's origin, once the upstream leg is connected. */
async function connectedTab(browser: BrowserClient): Promise<TestTab> {
  const tab = await openTab(stack.gateway.hubUrl, { cookie: browser.cookieHeader(), origin: PUBLIC_ORIGIN });
  tabs.push(tab);
  await tab.take((frame) => frame.t === "status" && frame.upstream === "connected", "status connected");
  return tab;
}

async function refusal(options: { cookie?: string; origin?: string | null }): Promise<UpgradeRefused> {
  const error = await openTab(stack.gateway.hubUrl, options).then(
    (tab) => {
      tab.socket.terminate();
      throw new Error("the upgrade was accepted");
    },
    (rejection: unknown) => rejection,
  );
  assert.ok(error instanceof UpgradeRefused, String(error));
  return error;
}

describe("hub relay through buildApp", () => {
  test("a foreign Origin, or none, is refused before the upgrade (403 HubOriginRefused)", async () => {
    const owner = await signedIn(stack.gateway.url, "owner");
    for (const origin of ["https://evil.example", `${PUBLIC_ORIGIN}.evil.example`, "null", null]) {
      const refused = await refusal({ cookie: owner.cookieHeader(), origin });
      assert.equal(refused.status, 403, String(origin));
      assert.equal(JSON.parse(refused.body).ErrorCode, GatewayErrorCode.HubOriginRefused);
    }
  });

  test("no signed-in session → 401 HubNotSignedIn", async () => {
    const refused = await refusal({ origin: PUBLIC_ORIGIN });
    assert.equal(refused.status, 401);
    assert.equal(JSON.parse(refused.body).ErrorCode, GatewayErrorCode.HubNotSignedIn);
  });

  test("a frame over the size limit closes the socket with 1009", async () => {
    const tab = await connectedTab(await signedIn(stack.gateway.url, "viewer"));
    tab.send(JSON.stringify({ t: "ping", padding: "x".repeat(DEFAULT_MAX_MESSAGE_BYTES) }));
    assert.equal((await tab.closed).code, 1009);
  });

  test("notificationAdded caused by another user: the owner adds the analyst to a team", async () => {
    const analyst = await signedIn(stack.gateway.url, "analyst");
    const analystRecId = (await analyst.get("/api/Common/LoggedInConfig")).json.User.RecId;
    const tab = await connectedTab(analyst);
    const owner = await signedIn(stack.gateway.url, "owner");
    const created = await owner.post("/api/Teams", { Name: "Hub relay team", MemberRecIds: [analystRecId] });
    assert.equal(created.status, 201, created.bytes.toString());
    const event = await tab.take(
      (frame) => frame.t === "event" && frame.hub === "user" && frame.target === "notificationAdded",
      "notificationAdded",
    );
    const [notification] = event.args as Frame[];
    assert.equal(notification?.Code, "AddedToTeam");
    assert.equal(notification?.TeamName, "Hub relay team");
    const listed = (await analyst.get("/api/Notifications/")).json as { RecId: number }[];
    assert.ok(
      listed.some((n) => n.RecId === notification?.RecId),
      "the pushed record is the stored one",
    );
  });

  test("a chat SendMessage invocation is answered, relayed as an event, and stored once", async () => {
    const owner = await signedIn(stack.gateway.url, "owner");
    const tab = await connectedTab(owner);
    const uid = "hub-relay-integration-0001";
    tab.send({
      t: "invoke",
      id: "send-1",
      hub: "chat",
      target: "SendMessage",
      args: ["/dashboards", "Hi!", uid],
    });
    const result = await tab.take((frame) => frame.t === "result" && frame.id === "send-1", "the result");
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(result.result.UID, uid);
    assert.equal(result.result.Acknowledged, true);
    const echoed = await tab.take(
      (frame) => frame.t === "event" && frame.hub === "chat" && frame.target === "message",
      "the chat message event",
    );
    assert.equal(echoed.args[0].UID, uid);
    const messages = (await owner.get("/api/supportchat/active")).json.Messages as { UID: string }[];
    assert.equal(messages.filter((message) => message.UID === uid).length, 1);
  });

  test("a method outside the allow-list is refused without reaching the upstream", async () => {
    const tab = await connectedTab(await signedIn(stack.gateway.url, "owner"));
    tab.send({ t: "invoke", id: "nope-1", hub: "chat", target: "ArchiveSession", args: [] });
    const result = await tab.take((frame) => frame.t === "result" && frame.id === "nope-1", "the refusal");
    assert.equal(result.ok, false);
    assert.equal(result.error.ErrorCode, GatewayErrorCode.HubMethodNotAllowed);
  });
});
