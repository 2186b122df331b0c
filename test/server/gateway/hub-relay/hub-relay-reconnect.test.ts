/**
 * The upstream drops and comes back (DESIGN.md §4: "a dropped upstream shows 'Experiencing network
 * issues', not a logout"). Two tabs of one session run the browser's own client (runtime/realtime)
 * over real sockets; the real upstream is stopped and restarted on the same port and data. The tabs
 * are told "reconnecting" and "unreachable", then "connected"; every chat message sent before,
 * during and after the drop is stored exactly once, and no message event reaches a tab twice.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import WebSocket from "ws";
import {
  createHubClient,
  type HubClient,
  type HubClientStatus,
  type HubSocketConstructor,
} from "../../../../runtime/realtime/hub-client.ts";
import { eventually, ORIGIN, startGateway } from "./relay-fixture.ts";
import { signedInTab, startUpstreamWithHubs, tempDataDir, upstreamToken } from "./upstream-with-hubs.ts";

const MESSAGES_PER_PHASE = 10;
const uidOf = (n: number) => `drop-test-${String(n).padStart(4, "0")}`;

/** Whether `wanted` occurs in `seen` in this order (other values may lie between). */
function inOrder(seen: readonly string[], wanted: readonly string[]): boolean {
  let next = 0;
  for (const value of seen) if (value === wanted[next]) next++;
  return next === wanted.length;
}

test("upstream dropped: tabs see reconnecting/unreachable then connected; no chat message lost or duplicated", async () => {
  const data = tempDataDir();
  let upstream = await startUpstreamWithHubs(data.dir);
  const gateway = await startGateway(upstream.hubBase, { reconnect: { initialMs: 20, maxMs: 100 } });
  const token = await upstreamToken(upstream.baseUrl);
  const { cookie } = gateway.addSession(token);
  class TabSocket extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { origin: ORIGIN, cookie } });
    }
  }
  const clients: HubClient[] = [0, 1].map(() =>
    createHubClient({
      url: gateway.wsUrl,
      WebSocketImpl: TabSocket as unknown as HubSocketConstructor,
      reconnect: { initialMs: 20, maxMs: 100 },
    }),
  );
  const statuses: HubClientStatus[][] = clients.map((client) => {
    const seen: HubClientStatus[] = [client.status.get()];
    client.status.subscribe((status) => seen.push(status));
    return seen;
  });
  const received = clients.map((client) => {
    const counts = new Map<string, number>();
    client.on("chat", "message", (message) => {
      const uid = (message as { UID: string }).UID;
      counts.set(uid, (counts.get(uid) ?? 0) + 1);
    });
    return counts;
  });
  const allAre = (status: HubClientStatus) => () => clients.every((client) => client.status.get() === status);
  const send = (n: number) => clients[0]?.invoke("chat", "SendMessage", "/support", `message ${n}`, uidOf(n));
  const phase = (index: number) =>
    Array.from({ length: MESSAGES_PER_PHASE }, (_, i) => index * MESSAGES_PER_PHASE + i);

  try {
    await eventually(allAre("connected"), "both tabs connected");
    // 1: sent and acknowledged while all is well.
    await Promise.all(phase(0).map(send));
    await eventually(() => phase(0).every((n) => received[1]?.has(uidOf(n))), "phase 1 events");
    // 2: sent, then the upstream goes down under them.
    const inFlight = phase(1).map(send);
    await upstream.stop();
    await eventually(allAre("unreachable"), "both tabs told unreachable");
    // 3: sent while the upstream is down: they wait in the outbox.
    const whileDown = phase(2).map(send);
    upstream = await startUpstreamWithHubs(data.dir, upstream.port);
    await eventually(allAre("connected"), "both tabs connected again");
    const acknowledged = await Promise.all([...inFlight, ...whileDown]);
    // 4: after the return.
    acknowledged.push(...(await Promise.all(phase(3).map(send))));
    for (const message of acknowledged)
      assert.equal((message as { Acknowledged: boolean }).Acknowledged, true);

    for (const seen of statuses) {
      assert.ok(
        inOrder(seen, ["connecting", "connected", "reconnecting", "unreachable", "connected"]),
        seen.join(" → "),
      );
      assert.ok(!seen.includes("ended"), "a dropped upstream is not a logout");
    }

    const sent = [...phase(0), ...phase(1), ...phase(2), ...phase(3)].map(uidOf);
    const reply = await fetch(`${upstream.baseUrl}/api/supportchat/active`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const stored = ((await reply.json()) as { Messages: { UID: string }[] }).Messages.map((m) => m.UID);
    const storedCounts = new Map<string, number>();
    for (const uid of stored) storedCounts.set(uid, (storedCounts.get(uid) ?? 0) + 1);
    assert.equal(stored.length, sent.length, "stored exactly the messages sent");
    for (const uid of sent) assert.equal(storedCounts.get(uid), 1, `${uid} stored once`);

    // Events: never twice; every message sent while the upstream was up or after it came back arrives.
    const afterReturn = [...phase(2), ...phase(3)].map(uidOf);
    await eventually(
      () => received.every((counts) => afterReturn.every((uid) => counts.has(uid))),
      "a message event for every message sent after the return",
    );
    for (const counts of received) {
      for (const [uid, count] of counts) assert.equal(count, 1, `${uid} event received once`);
      for (const uid of [...phase(0).map(uidOf), ...afterReturn])
        assert.equal(counts.get(uid), 1, `${uid} event`);
    }
  } finally {
    for (const client of clients) client.close();
    await gateway.close();
    await upstream.stop();
    data.remove();
  }
});

test("while the upstream is down a raw tab sees the status frames and a retryable refusal", async () => {
  const data = tempDataDir();
  let upstream = await startUpstreamWithHubs(data.dir);
  const gateway = await startGateway(upstream.hubBase, { reconnect: { initialMs: 20, maxMs: 100 } });
  try {
    const { tab } = await signedInTab(gateway, upstream);
    await upstream.stop();
    await tab.take((frame) => frame.t === "status" && frame.upstream === "unreachable", "unreachable");
    tab.send({
      t: "invoke",
      id: "d1",
      hub: "chat",
      target: "SendMessage",
      args: ["/", "hi", "drop-test-9999"],
    });
    const refused = await tab.take((frame) => frame.t === "result" && frame.id === "d1");
    assert.deepEqual(refused.error, {
      ErrorCode: 5074,
      Message: "The upstream hub is not connected.",
      retryable: true,
    });
    upstream = await startUpstreamWithHubs(data.dir, upstream.port);
    await tab.take((frame) => frame.t === "status" && frame.upstream === "connected", "connected again");
    const statuses = tab.frames.filter((frame) => frame.t === "status").map((frame) => frame.upstream);
    assert.deepEqual(statuses, ["connected", "reconnecting", "unreachable", "connected"]);
    assert.equal(
      tab.frames.some((frame) => frame.t === "ended"),
      false,
    );
    tab.socket.close();
  } finally {
    await gateway.close();
    await upstream.stop();
    data.remove();
  }
});
