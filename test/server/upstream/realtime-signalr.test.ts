/**
 * Protocol compliance of the upstream's two hubs (issue 3 acceptance): the official @microsoft/signalr
 * client, over real sockets with a bearer token, connects to /hubs/user and /hubs/supportchat,
 * receives every event §7 lists — each caused the way the product causes it (staff endpoints, chat
 * actions, the session clock, logout, a password change) — and invokes the chat methods.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { upstreamContextOf } from "../../../server/upstream/app.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { BUILD_VERSION } from "../../../server/upstream/realtime/user-hub.ts";
import { DEMO_PASSWORD } from "../../../server/upstream/seed/demo-accounts.ts";
import {
  accountRecId,
  connectHub,
  type HubRecorder,
  negotiateStatus,
  stopAll,
  userRecId,
} from "./realtime-fixture.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

const MINUTE = 60_000;

let upstream: RunningUpstream;
let owner: Client;
let agent: Client;
let admin: Client;
const recorders: HubRecorder[] = [];
const track = (recorder: HubRecorder) => {
  recorders.push(recorder);
  return recorder;
};

before(async () => {
  upstream = await startUpstream();
  [owner, agent, admin] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "supportAgent"),
    signIn(upstream, "staffAdmin"),
  ]);
});
after(async () => {
  await stopAll(recorders);
  await upstream.close();
});

test("both hubs refuse a negotiate without a valid session (401)", async () => {
  for (const hub of ["user", "supportchat"]) {
    assert.equal(await negotiateStatus(upstream, hub), 401);
    assert.equal(await negotiateStatus(upstream, hub, "x".repeat(43)), 401);
    assert.equal(await negotiateStatus(upstream, hub, owner.token), 200);
  }
});

test("user hub: desktop-started, log, notificationAdded, refresh-base-page-user, reload, and the Ping method", async () => {
  const [ownerId, accountId] = [await userRecId(owner), await accountRecId(owner)];
  const hub = track(await connectHub(upstream, "user", owner));
  assert.deepEqual(await hub.next("desktop-started"), [BUILD_VERSION], "announced on connect");

  const published = await admin.put("/api/Admin/Realtime/DesktopVersion", { Version: "9.9.9" });
  assert.equal(published.status, 200);
  assert.ok(published.body.Reached >= 1);
  assert.deepEqual(await hub.next("desktop-started"), ["9.9.9"]);

  const log = await admin.post("/api/Admin/Realtime/Log", {
    AccountRecId: accountId,
    UserRecId: ownerId,
    Severity: 2,
    Message: "Export slow",
    Details: { TaskRecId: 12 },
  });
  assert.deepEqual(log.body, { Reached: 1 });
  assert.deepEqual(await hub.next("log"), [2, "Export slow", { TaskRecId: 12 }]);

  const custom = await admin.post("/api/Admin/Notifications/Custom", {
    AccountRecId: accountId,
    UserRecIds: [ownerId],
    Title: "Maintenance",
    Body: "Tonight 22:00–23:00 UTC.",
  });
  assert.equal(custom.status, 201);
  const [notification] = (await hub.next("notificationAdded")) as Json[];
  assert.equal(notification.Code, "Custom");
  assert.equal(notification.Title, "Maintenance");
  assert.equal(notification.Body, "Tonight 22:00–23:00 UTC.");
  assert.equal(notification.IsNew, true);
  assert.equal(notification.RecId, custom.body.RecIds[0]);

  const refresh = await admin.post("/api/Admin/Realtime/RefreshUser", {
    AccountRecId: accountId,
    UserRecId: ownerId,
  });
  assert.deepEqual(refresh.body, { Reached: 1 });
  assert.deepEqual(await hub.next("refresh-base-page-user"), []);

  assert.equal((await admin.post("/api/Admin/Realtime/Reload", { AccountRecId: accountId })).status, 200);
  assert.deepEqual(await hub.next("reload"), []);

  const pong = (await hub.connection.invoke("Ping")) as Json;
  assert.ok(Date.parse(pong.ExpiresAt) > upstream.clock.ms);
  assert.ok(Date.parse(pong.DisconnectionWarningAt) < Date.parse(pong.ExpiresAt));
});

test("staff triggers: 401, 403 for members and without Configuration Write; bad input sends nothing", async () => {
  const [ownerId, accountId] = [await userRecId(owner), await accountRecId(owner)];
  const hub = track(await connectHub(upstream, "user", owner));
  await hub.next("desktop-started");
  const calls: [string, string, unknown][] = [
    ["POST", "/api/Admin/Realtime/Reload", {}],
    ["POST", "/api/Admin/Realtime/RefreshUser", { AccountRecId: accountId }],
    ["POST", "/api/Admin/Realtime/Log", { Severity: 1, Message: "Hello" }],
    ["PUT", "/api/Admin/Realtime/DesktopVersion", { Version: "1.2.3" }],
  ];
  const auditor = await signIn(upstream, "staffAuditor");
  for (const [method, path, body] of calls) {
    assert.equal((await owner.as(undefined).request(method, path, body)).status, 401, path);
    const member = await owner.request(method, path, body);
    assert.deepEqual([member.status, member.body.ErrorCode], [403, ErrorCode.StaffOnly], path);
    for (const staff of [agent, auditor]) {
      const denied = await staff.request(method, path, body);
      assert.deepEqual([denied.status, denied.body.ErrorCode], [403, ErrorCode.AdminPermissionDenied], path);
    }
  }
  const bad: [string, string, unknown, number][] = [
    ["POST", "/api/Admin/Realtime/Reload", { UserRecId: ownerId }, 400],
    ["POST", "/api/Admin/Realtime/Reload", { AccountRecId: 999_999 }, 404],
    ["POST", "/api/Admin/Realtime/RefreshUser", { AccountRecId: accountId, UserRecId: 999_999 }, 404],
    ["POST", "/api/Admin/Realtime/RefreshUser", { AccountRecId: "all" }, 400],
    ["POST", "/api/Admin/Realtime/Log", { Severity: 4, Message: "x" }, 400],
    ["POST", "/api/Admin/Realtime/Log", { Severity: 1, Message: "" }, 400],
    ["POST", "/api/Admin/Realtime/Log", { Severity: 1, Message: "x", Details: "text" }, 400],
    ["PUT", "/api/Admin/Realtime/DesktopVersion", { Version: "../1" }, 400],
    ["PUT", "/api/Admin/Realtime/DesktopVersion", {}, 400],
  ];
  for (const [method, path, body, status] of bad) {
    assert.equal((await admin.request(method, path, body)).status, status, `${path} ${JSON.stringify(body)}`);
  }
  await hub.flush();
  assert.deepEqual(
    hub.events.map((event) => event.target),
    ["desktop-started"],
    "nothing reached the user",
  );
  const other = await admin.post("/api/Admin/Realtime/Reload", { AccountRecId: await accountRecId(agent) });
  assert.deepEqual(other.body, { Reached: 0 }, "another account's reload reaches nobody here");
});

test("chat hub: SendMessage (once per UID, acknowledged), EditMessage, DeleteMessage and every chat event", async () => {
  const member = track(await connectHub(upstream, "supportchat", owner));
  const staff = track(await connectHub(upstream, "supportchat", agent));
  const uid = "signalr-msg-0001";
  const sent = (await member.connection.invoke(
    "SendMessage",
    "/dashboards",
    "Hello from SignalR",
    uid,
  )) as Json;
  assert.equal(sent.UID, uid);
  assert.equal(sent.Type, "Message");
  assert.equal(sent.Acknowledged, true);
  assert.equal(sent.UserName, "Olivia Owner");
  const sessionId = sent.SupportSessionRecId as number;
  const resent = await member.connection.invoke("SendMessage", "/dashboards", "Hello from SignalR", uid);
  assert.deepEqual(resent, sent, "a resend answers with the stored message");
  for (const side of [member, staff]) {
    assert.deepEqual((await side.next("message", ([m]) => (m as Json).UID === uid))[0], sent);
  }
  const stored = (await owner.get("/api/supportchat/active")).body.Messages as Json[];
  assert.equal(stored.filter((m) => m.UID === uid).length, 1, "stored once");

  const edited = (await member.connection.invoke("EditMessage", uid, "Hello, edited")) as Json;
  assert.equal(edited.Type, "MessageEdited");
  assert.equal(edited.Text, "Hello, edited");
  for (const side of [member, staff]) assert.deepEqual((await side.next("edited"))[0], edited);

  await member.connection.invoke("SendMessage", "/dashboards", "Typo", "signalr-msg-0002");
  const deleted = (await member.connection.invoke("DeleteMessage", "signalr-msg-0002")) as Json;
  assert.equal(deleted.Type, "MessageDeleted");
  assert.equal(deleted.Text, "");
  for (const side of [member, staff]) assert.deepEqual((await side.next("deleted"))[0], deleted);

  const taken = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Take`);
  assert.equal(taken.status, 200);
  assert.equal(taken.body.Status, "Active");
  const [talking] = (await member.next(
    "message",
    ([m]) => (m as Json).Type === "InternalUserStartTalking",
  )) as Json[];
  assert.equal(talking.UserName, "Sofia Support");
  assert.equal(talking.IsInternal, true);
  const [update] = (await staff.next("sessionUpdated", ([s]) => (s as Json).Status === "Active")) as Json[];
  assert.equal(update.RecId, sessionId);
  assert.equal(update.StaffFullName, "Sofia Support");

  const reply = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Messages`, {
    Text: "Hi, Sofia here. How can I help?",
    UID: "staff-reply-0001",
  });
  assert.equal(reply.status, 201);
  const [answer] = (await member.next("message", ([m]) => (m as Json).UID === "staff-reply-0001")) as Json[];
  assert.equal(answer.Text, "Hi, Sofia here. How can I help?");
  assert.equal(answer.IsInternal, true);

  assert.equal((await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Busy`)).status, 201);
  assert.equal(((await member.next("staffBusy"))[0] as Json).Type, "StaffBusy");

  assert.deepEqual((await agent.put("/api/Admin/SupportChat/Status", { IsOpen: false })).body, {
    IsOpen: false,
  });
  assert.deepEqual(await member.next("close"), []);
  await assert.rejects(member.connection.invoke("SendMessage", "/", "Anyone?", "signalr-msg-0003"), /closed/);
  assert.equal((await agent.put("/api/Admin/SupportChat/Status", { IsOpen: true })).status, 200);
  assert.deepEqual(await member.next("open"), []);

  const archived = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Archive`);
  assert.equal(archived.body.Status, "Archived");
  const [archive] = (await member.next("sessionArchived")) as Json[];
  assert.equal(archive.SupportSessionRecId, sessionId);
  assert.equal(archive.Type, "SessionArchived");
  const rating = await owner.post("/api/SupportSessions/SaveRating", {
    Rating: 5,
    Feedback: "Fast",
    SupportSessionRecId: sessionId,
  });
  assert.equal(rating.status, 204);
});

test("the sweep tells a session's connections why it ended, as stored, when it finds it ended before any event says so", async () => {
  // Another instance's logout reaches this one's sweep through the shared store before its relayed
  // event: the stored reason decides, not which comes first.
  const context = upstreamContextOf(upstream.app);
  const [loggedOut, revoked] = await Promise.all([signIn(upstream, "owner"), signIn(upstream, "owner")]);
  const hubOfLoggedOut = track(await connectHub(upstream, "user", loggedOut));
  const hubOfRevoked = track(await connectHub(upstream, "user", revoked));
  const loggedOutCaller = await context.sessions.authenticate(loggedOut.token as string);
  const revokedCaller = await context.sessions.authenticate(revoked.token as string);
  assert.ok(typeof loggedOutCaller !== "string" && typeof revokedCaller !== "string");
  await context.sessions.end(loggedOutCaller.session, "logout");
  await context.store.sessions.revoke(
    revokedCaller.session.accountId,
    revokedCaller.session.id,
    upstream.clock.ms,
  );
  assert.deepEqual(await hubOfLoggedOut.next("Disconnected"), ["/loggedout"]);
  assert.deepEqual(await hubOfRevoked.next("Disconnected"), ["/login"]);
  await hubOfLoggedOut.closed();
  await hubOfRevoked.closed();
});

test("session events: Disconnected on logout and on revocation, the idle warning and its removal, Disconnect at expiry", async () => {
  const [first, second, third] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "owner"),
    signIn(upstream, "owner"),
  ]);
  const hub1 = track(await connectHub(upstream, "user", first));
  const chat1 = track(await connectHub(upstream, "supportchat", first));
  const hub2 = track(await connectHub(upstream, "user", second));
  const hub3 = track(await connectHub(upstream, "user", third));

  assert.equal((await second.post("/api/Logout")).status, 204);
  assert.deepEqual(await hub2.next("Disconnected"), ["/loggedout"]);
  await hub2.closed();

  const change = await first.post("/api/User/ChangePassword", {
    CurrentPassword: DEMO_PASSWORD,
    NewPassword: "a-new-demo-password",
  });
  assert.equal(change.status, 204);
  assert.deepEqual(await hub3.next("Disconnected"), ["/login"], "the other sessions are revoked");
  await hub3.closed();
  await hub1.flush();
  assert.equal(hub1.of("Disconnected").length, 0, "the session that changed it stays");

  upstream.clock.advance(26 * MINUTE);
  const [warning] = (await hub1.next("DisconnectionWarning")) as Json[];
  assert.ok(Date.parse(warning.ExpiresAt) > upstream.clock.ms);
  assert.equal((await first.get("/api/v2/User/Ping")).status, 200);
  assert.deepEqual(await hub1.next("RemoveDisconnectionWarning"), []);

  upstream.clock.advance(26 * MINUTE);
  await hub1.next("DisconnectionWarning");
  await hub1.connection.invoke("Ping");
  assert.deepEqual(await hub1.next("RemoveDisconnectionWarning"), []);

  upstream.clock.advance(26 * MINUTE);
  await hub1.next("DisconnectionWarning");
  const newTab = track(await connectHub(upstream, "user", first));
  assert.deepEqual(await hub1.next("RemoveDisconnectionWarning"), [], "opening a tab is activity");
  await newTab.flush();
  assert.equal(newTab.of("DisconnectionWarning").length, 0);

  upstream.clock.advance(31 * MINUTE);
  assert.deepEqual(await hub1.next("Disconnect"), []);
  await hub1.closed();
  await newTab.closed();
  await chat1.closed();
  assert.equal((await first.get("/api/v2/User/Ping")).status, 401);
});
