/**
 * An upstream instance told to stop (realtime/README.md, "Several instances") while a member's chat
 * message is still being stored, or its publication still reads the session: its hubs close their
 * sockets with 1001, and the message, once stored, still reaches the agent connected through the other
 * instance — the backplane closes only after the invocations and the publications under way have ended. The member's client would resend the message elsewhere, but the
 * store keeps one per UID and a resend that finds it stored tells nobody, so this send is the only one.
 * Real Redis; skipped with the reason when it does not answer.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { upstreamContextOf } from "../../../server/upstream/app.ts";
import { realtimeOf } from "../../../server/upstream/realtime/index.ts";
import { REDIS_TEST_URL, redisSkip, uniqueChannelPrefix } from "../../helpers/redis-fixture.ts";
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
const recorders: HubRecorder[] = [];
let a: RunningUpstream | undefined;
let b: RunningUpstream | undefined;

after(async () => {
  await stopAll(recorders);
  await b?.close();
  await a?.close();
});

/** Closes the previous test's instances; two new ones on one store and one backplane, subscribed. */
async function twoInstances(): Promise<[RunningUpstream, RunningUpstream]> {
  await stopAll(recorders);
  await b?.close();
  await a?.close();
  const redisChannelPrefix = uniqueChannelPrefix();
  const first = await startUpstream({ redisUrl: REDIS_TEST_URL, redisChannelPrefix });
  const second = await startAnotherInstance(first, { redisUrl: REDIS_TEST_URL, redisChannelPrefix });
  for (const instance of [first, second]) {
    const backplane = realtimeOf(upstreamContextOf(instance.app)).backplane;
    assert.ok(backplane);
    await backplane.subscribed();
  }
  return [first, second];
}

for (const slow of ["postMemberMessage", "getSession"] as const) {
  test(`a message stored while its instance stops still reaches the agent on the other instance (${slow} slow)`, {
    skip,
  }, async () => {
    [a, b] = await twoInstances();
    const member = await connectHub(a, "supportchat", await signIn(a, "owner"));
    const agent = await connectHub(b, "supportchat", await signIn(b, "supportAgent"));
    recorders.push(member, agent);

    // On A, the store write of the message (an invocation under way) or the session read its
    // publication makes after it (work the invocation left behind) waits until A's sockets are closed.
    const chat = upstreamContextOf(a.app).store.chat;
    const original = chat[slow].bind(chat) as (...args: unknown[]) => Promise<unknown>;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let waiting = false;
    (chat as unknown as Record<string, unknown>)[slow] = async (...args: unknown[]) => {
      waiting = true;
      await released;
      return original(...args);
    };
    const uid = `member-stop-${slow}`;
    const sent = member.connection.invoke("SendMessage", "/dashboards", `Sent as A stops (${slow})`, uid);
    sent.catch(() => undefined); // the socket may close before the answer
    await eventually(() => waiting, 8000, `${slow} was not called`);
    const stopping = a.stop();
    await member.closed();
    // Long enough for a backplane closed with the sockets to be closed already.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await stopping;

    const [heard] = await agent.next("message", ([m]) => (m as Json).UID === uid);
    assert.equal((heard as Json).Text, `Sent as A stops (${slow})`);
    assert.equal(agent.of("message").filter(([m]) => (m as Json).UID === uid).length, 1);
  });
}

test("a resend of a message an instance stored but never told (it was killed) reaches the agent, once", {
  skip,
}, async () => {
  [a, b] = await twoInstances();
  const owner = await signIn(a, "owner");
  const agent = await connectHub(b, "supportchat", await signIn(b, "supportAgent"));
  recorders.push(agent);
  // What A did before it was killed: the message is stored, and nobody was told.
  const accountId = await accountRecId(owner);
  const userId = await userRecId(owner);
  const uid = "member-killed-0001";
  await upstreamContextOf(a.app).store.chat.postMemberMessage(
    accountId,
    userId,
    "/dashboards",
    { uid, type: "Message", text: "Stored on A, never told" },
    a.clock.now().getTime(),
  );
  await a.stop();
  // The member's client had no answer: it sends the message again, now through B.
  const member = await connectHub(b, "supportchat", new Client(b.baseUrl, owner.token));
  recorders.push(member);
  const answer = (await member.connection.invoke(
    "SendMessage",
    "/dashboards",
    "Stored on A, never told",
    uid,
  )) as Json;
  assert.equal(answer.UID, uid);
  const [heard] = await agent.next("message", ([m]) => (m as Json).UID === uid);
  assert.equal((heard as Json).Text, "Stored on A, never told");
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(agent.of("message").filter(([m]) => (m as Json).UID === uid).length, 1);
});
