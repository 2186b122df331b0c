/**
 * An upstream instance told to stop (realtime/README.md, "Several instances") while a member's chat
 * message is still being stored: its hubs close their sockets with 1001, and the message, once stored,
 * still reaches the agent connected through the other instance — the backplane closes only after the
 * invocations under way have ended. The member's client would resend the message elsewhere, but the
 * store keeps one per UID and a resend that finds it stored tells nobody, so this send is the only one.
 * Real Redis; skipped with the reason when it does not answer.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { upstreamContextOf } from "../../../server/upstream/app.ts";
import { realtimeOf } from "../../../server/upstream/realtime/index.ts";
import { REDIS_TEST_URL, redisSkip, uniqueChannelPrefix } from "../../helpers/redis-fixture.ts";
import { connectHub, eventually, type HubRecorder, stopAll } from "./realtime-fixture.ts";
import {
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
  await a?.stop();
  await a?.close();
});

test("a message stored while its instance stops still reaches the agent on the other instance", {
  skip,
}, async () => {
  const redisChannelPrefix = uniqueChannelPrefix();
  a = await startUpstream({ redisUrl: REDIS_TEST_URL, redisChannelPrefix });
  b = await startAnotherInstance(a, { redisUrl: REDIS_TEST_URL, redisChannelPrefix });
  for (const instance of [a, b]) {
    const backplane = realtimeOf(upstreamContextOf(instance.app)).backplane;
    assert.ok(backplane);
    await backplane.subscribed();
  }
  const member = await connectHub(a, "supportchat", await signIn(a, "owner"));
  const agent = await connectHub(b, "supportchat", await signIn(b, "supportAgent"));
  recorders.push(member, agent);

  // A's store write of the message waits until A's sockets are closed.
  const chat = upstreamContextOf(a.app).store.chat;
  const write = chat.postMemberMessage.bind(chat);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let writing = false;
  chat.postMemberMessage = async (...args) => {
    writing = true;
    await released;
    return write(...args);
  };
  const sent = member.connection.invoke("SendMessage", "/dashboards", "Sent as A stops", "member-stop-0001");
  sent.catch(() => undefined); // the socket closes before the answer
  await eventually(() => writing, 8000, "the write did not start");
  const stopping = a.stop();
  await member.closed();
  // Long enough for a backplane closed with the sockets to be closed already.
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  await stopping;

  const [heard] = await agent.next("message", ([m]) => (m as Json).UID === "member-stop-0001");
  assert.equal((heard as Json).Text, "Sent as A stops");
  assert.equal(agent.of("message").filter(([m]) => (m as Json).UID === "member-stop-0001").length, 1);
});
