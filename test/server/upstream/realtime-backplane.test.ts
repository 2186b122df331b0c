/**
 * Two upstream instances over one store (one SQLite file, two connections) and one Redis backplane,
 * each with its own HTTP and WebSocket listener (realtime/README.md, "Several instances"): a
 * notification produced on A reaches the member's connections on A and on B, a chat message from a
 * member on A reaches the agent on B and the reply comes back — each exactly once — and an instance
 * logout on one instance ends the session's connections on the other, and an instance
 * that loses Redis keeps delivering to its own connections, then has its clients (and the other
 * instance's, whose messages it failed to publish) reconnect to read back what they missed.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { upstreamContextOf } from "../../../server/upstream/app.ts";
import { realtimeOf } from "../../../server/upstream/realtime/index.ts";
import {
  REDIS_TEST_URL,
  RedisPassThrough,
  redisSkip,
  uniqueChannelPrefix,
} from "../../helpers/redis-fixture.ts";
import {
  accountRecId,
  connectHub,
  eventually,
  type HubRecorder,
  stopAll,
  userRecId,
} from "./realtime-fixture.ts";
import {
  Client,
  type Json,
  type RunningUpstream,
  signIn,
  startAnotherInstance,
  startUpstream,
} from "./upstream-fixture.ts";

const skip = await redisSkip();

let a: RunningUpstream;
let b: RunningUpstream;
/** B reaches Redis through it, so a test can take Redis away from B alone. */
let bRedis: RedisPassThrough;
const recorders: HubRecorder[] = [];

const backplaneOf = (upstream: RunningUpstream) => {
  const backplane = realtimeOf(upstreamContextOf(upstream.app)).backplane;
  assert.ok(backplane, "the instance has a backplane");
  return backplane;
};

/** The same session's client, talking to another instance. */
const on = (upstream: RunningUpstream, client: Client) => new Client(upstream.baseUrl, client.token);

before(async () => {
  if (skip) return;
  const redisChannelPrefix = uniqueChannelPrefix();
  bRedis = await RedisPassThrough.start();
  a = await startUpstream({ redisUrl: REDIS_TEST_URL, redisChannelPrefix });
  b = await startAnotherInstance(a, { redisUrl: bRedis.url, redisChannelPrefix });
  await Promise.all([backplaneOf(a).subscribed(), backplaneOf(b).subscribed()]);
});

after(async () => {
  if (skip) return;
  await stopAll(recorders);
  await b?.close();
  await a?.close();
  await bRedis?.close();
});

/** The notificationAdded events of one notification a recorder received. */
const notificationsOf = (recorder: HubRecorder, recId: number) =>
  recorder.of("notificationAdded").filter(([n]) => (n as Json).RecId === recId);

/** The chat events of one message UID a recorder received under `target`. */
const chatEventsOf = (recorder: HubRecorder, target: string, uid: string) =>
  recorder.of(target).filter(([m]) => (m as Json).UID === uid);

/** Staff sends the owner a Custom notification through `upstream`; its record id. */
async function notify(
  upstream: RunningUpstream,
  staff: Client,
  owner: Client,
  title: string,
): Promise<number> {
  const reply = await on(upstream, staff).post("/api/Admin/Notifications/Custom", {
    AccountRecId: await accountRecId(owner),
    UserRecIds: [await userRecId(owner)],
    Title: title,
    Body: "Sent through one instance.",
  });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return reply.body.RecIds[0] as number;
}

test("a notification produced on A reaches the member's connections on A and on B, once each", {
  skip,
}, async () => {
  const owner = await signIn(a, "owner");
  const staff = await signIn(a, "staffAdmin");
  const onA = await connectHub(a, "user", owner);
  const onB = await connectHub(b, "user", on(b, owner));
  recorders.push(onA, onB);

  const recId = await notify(a, staff, owner, "Produced on A");
  for (const recorder of [onA, onB]) {
    const [notification] = await recorder.next("notificationAdded", ([n]) => (n as Json).RecId === recId);
    assert.equal((notification as Json).Title, "Produced on A");
  }
  // One instance's messages keep their order on the channel: once a later one arrived, a second copy
  // of the first would have arrived before it.
  const later = await notify(a, staff, owner, "Produced on A later");
  for (const recorder of [onA, onB]) {
    await recorder.next("notificationAdded", ([n]) => (n as Json).RecId === later);
    assert.equal(notificationsOf(recorder, recId).length, 1);
    assert.equal(notificationsOf(recorder, later).length, 1);
  }
  assert.equal(backplaneOf(b).stats.resyncs, 0);
});

test("a chat message from a member on A reaches the agent on B, and the reply comes back, each exactly once", {
  skip,
}, async () => {
  const owner = await signIn(a, "owner");
  const agent = await signIn(b, "supportAgent");
  const member = await connectHub(a, "supportchat", owner);
  const staff = await connectHub(b, "supportchat", agent);
  recorders.push(member, staff);

  const sent = (await member.connection.invoke(
    "SendMessage",
    "/dashboards",
    "Hello from A",
    "member-a-0001",
  )) as Json;
  assert.equal(sent.UID, "member-a-0001");
  const [heard] = await staff.next("message", ([m]) => (m as Json).UID === "member-a-0001");
  assert.equal((heard as Json).Text, "Hello from A");
  const sessionId = (heard as Json).SupportSessionRecId as number;
  await staff.next(
    "sessionUpdated",
    ([s]) => (s as Json).RecId === sessionId && (s as Json).MessageCount >= 1,
  );

  // The agent takes the session and answers through B.
  assert.equal((await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Take`)).status, 200);
  const reply = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Messages`, {
    Text: "Hello from B",
    UID: "agent-b-0001",
  });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  const [answer] = await member.next("message", ([m]) => (m as Json).UID === "agent-b-0001");
  assert.equal((answer as Json).Text, "Hello from B");
  assert.equal((answer as Json).IsInternal, true);

  // Markers from each side: once they arrived, any second copy of what came before would have too.
  await member.connection.invoke("SendMessage", "/dashboards", "Marker from A", "member-a-0002");
  await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Messages`, {
    Text: "Marker from B",
    UID: "agent-b-0002",
  });
  await staff.next("message", ([m]) => (m as Json).UID === "member-a-0002");
  await member.next("message", ([m]) => (m as Json).UID === "agent-b-0002");
  for (const recorder of [member, staff]) {
    assert.equal(chatEventsOf(recorder, "message", "member-a-0001").length, 1);
    assert.equal(chatEventsOf(recorder, "message", "agent-b-0001").length, 1);
  }
  // The take's "now talking to" line, stored on B, reached the member on A once too.
  assert.equal(
    member.of("message").filter(([m]) => (m as Json).Type === "InternalUserStartTalking").length,
    1,
  );
});

test("a logout on A ends the session's connections on B too: Disconnected once, then closed", {
  skip,
}, async () => {
  const owner = await signIn(a, "owner");
  const onA = await connectHub(a, "user", owner);
  const onB = await connectHub(b, "user", on(b, owner));
  const chatOnB = await connectHub(b, "supportchat", on(b, owner));
  recorders.push(onA, onB, chatOnB);
  assert.equal((await owner.post("/api/Logout")).status, 204);
  for (const recorder of [onA, onB, chatOnB]) await recorder.closed();
  assert.deepEqual(onA.of("Disconnected"), [["/loggedout"]]);
  assert.deepEqual(onB.of("Disconnected"), [["/loggedout"]]);
});

test("without Redis, B still delivers to its own connections; when it returns, clients that may have missed messages reconnect and read them back", {
  skip,
}, async () => {
  const owner = await signIn(a, "owner");
  const staff = await signIn(a, "staffAdmin");
  const onA = await connectHub(a, "user", owner);
  const onB = await connectHub(b, "user", on(b, owner));
  recorders.push(onA, onB);
  const resyncsOfA = backplaneOf(a).stats.resyncs;

  await bRedis.cut();
  await eventually(() => !backplaneOf(b).connected, 8000, "B noticed Redis is gone");

  // Produced on B: its own connection gets it, A's cannot (B's publication fails).
  const local = await notify(b, staff, owner, "Produced on B without Redis");
  await onB.next("notificationAdded", ([n]) => (n as Json).RecId === local);
  await eventually(() => backplaneOf(b).stats.failed > 0, 8000, "B's publication failed");
  // Produced on A: A's own connection gets it, B does not hear it while cut off.
  const missed = await notify(a, staff, owner, "Produced on A while B is cut off");
  await onA.next("notificationAdded", ([n]) => (n as Json).RecId === missed);
  assert.equal(notificationsOf(onB, missed).length, 0);

  await bRedis.restore();
  // B resubscribes and closes its connections allowing reconnect; A learns from B's sequence that it
  // missed B's publication and does the same.
  const closedOnB = await onB.closed(15_000);
  const closedOnA = await onA.closed(15_000);
  for (const closed of [closedOnA, closedOnB]) assert.match(String(closed?.message), /Reconnect to catch up/);
  assert.ok(backplaneOf(a).stats.resyncs > resyncsOfA, "A resynchronised");
  assert.ok(backplaneOf(b).connected);

  // What a client reads back after its reconnect (the runtime's notifications store does): both,
  // through either instance, from the shared store.
  for (const upstream of [a, b]) {
    const listed = (await on(upstream, owner).get("/api/Notifications/")).body as Json[];
    const ids = new Set(listed.map((n) => n.RecId as number));
    assert.ok(ids.has(local) && ids.has(missed), `both notifications listed through ${upstream.baseUrl}`);
  }
});
