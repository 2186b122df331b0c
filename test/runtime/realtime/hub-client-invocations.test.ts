/**
 * The hub client's invocations against a scripted socket, with fake timers: the outbox sends an
 * invocation once the upstream is connected, again after a drop if unanswered, never once answered;
 * retryable and refused failures; the frame limit; pacing under the gateway's rate.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { HubInvocationError } from "../../../runtime/realtime/hub-client.ts";
import { MAX_IN_FLIGHT_INVOCATIONS } from "../../../runtime/realtime/outbox.ts";
import { connected, latest, ScriptedSocket, startClient } from "./scripted-socket.ts";

describe("hub client: invocations", () => {
  beforeEach(() => {
    ScriptedSocket.all = [];
    mock.timers.enable({ apis: ["setTimeout", "Date"] });
  });
  afterEach(() => mock.timers.reset());

  test("an invocation made before the upstream is connected is sent once it is, and resolves with its result", async () => {
    const { client, socket } = startClient();
    const result = client.invoke("chat", "SendMessage", "/", "hi", "uid-00000001");
    socket.open();
    assert.equal(socket.invocations().length, 0);
    socket.receive(connected);
    const [frame] = socket.invocations();
    assert.deepEqual(
      { ...frame, id: undefined },
      {
        t: "invoke",
        id: undefined,
        hub: "chat",
        target: "SendMessage",
        args: ["/", "hi", "uid-00000001"],
      },
    );
    socket.receive({
      t: "result",
      id: frame?.id,
      ok: true,
      result: { UID: "uid-00000001", Acknowledged: true },
    });
    assert.deepEqual(await result, { UID: "uid-00000001", Acknowledged: true });
  });

  test("an answer lets the next invocation waiting past the in-flight bound go out at once", async () => {
    const { client, socket } = startClient();
    socket.open();
    socket.receive(connected);
    const count = MAX_IN_FLIGHT_INVOCATIONS + 3;
    const results = Array.from({ length: count }, (_, n) =>
      client.invoke("chat", "SendMessage", "/", `m${n}`, `uid-${String(n).padStart(8, "0")}`),
    );
    // The pacer's budget is spent too: what goes out now is what the answers make room for.
    mock.timers.tick(1_000);
    const sent = () => socket.invocations();
    assert.equal(sent().length, MAX_IN_FLIGHT_INVOCATIONS);
    for (let answered = 0; answered < count; answered++) {
      const frame = sent()[answered];
      assert.ok(frame, `invocation ${answered} was sent without waiting for another event`);
      socket.receive({ t: "result", id: frame.id, ok: true, result: answered });
    }
    assert.deepEqual(
      await Promise.all(results),
      Array.from({ length: count }, (_, n) => n),
    );
  });

  test("a paced flush whose clock moves between two reads still comes back for what waits", () => {
    // The pacer's clock: each read takes the next value, then stays at the last one.
    const reads: number[] = [0];
    let last = 0;
    const clock = () => {
      last = reads.length > 0 ? (reads.shift() as number) : last;
      return last;
    };
    const { client, socket } = startClient({ maxSendsPerSecond: 1, clock });
    socket.open();
    socket.receive(connected);
    void client.invoke("chat", "SendMessage", "/", "a", "uid-0000000a");
    void client.invoke("chat", "SendMessage", "/", "b", "uid-0000000b");
    assert.equal(socket.invocations().length, 1, "one token: one sent");
    socket.receive({ t: "result", id: socket.invocations()[0]?.id, ok: true, result: "a" });
    // The answer's flush reads the clock just before the token is back, then just after it.
    reads.push(999, 1_000);
    mock.timers.tick(1_000);
    mock.timers.tick(0);
    assert.equal(socket.invocations().length, 2, "the waiting invocation went out");
  });

  test("a drop re-sends the unanswered invocation once after the reconnect, never the answered one", async () => {
    const { client, socket: first } = startClient();
    first.open();
    first.receive(connected);
    const answered = client.invoke("chat", "SendMessage", "/", "one", "uid-00000001");
    const unanswered = client.invoke("chat", "SendMessage", "/", "two", "uid-00000002");
    const [one, two] = first.invocations();
    first.receive({ t: "result", id: one?.id, ok: true, result: "one" });
    assert.equal(await answered, "one");

    first.drop();
    assert.equal(client.status.get(), "reconnecting");
    assert.equal(ScriptedSocket.all.length, 1);
    mock.timers.tick(500); // backoff step 0 with random 0: initialMs / 2
    const second = latest();
    assert.notEqual(second, first);
    second.open();
    second.receive(connected);
    assert.deepEqual(
      second.invocations().map((frame) => frame.id),
      [two?.id],
    );
    second.receive({ t: "result", id: two?.id, ok: true, result: "two" });
    second.receive({ t: "result", id: two?.id, ok: true, result: "again" }); // a duplicate answer is ignored
    assert.equal(await unanswered, "two");
    second.drop();
    mock.timers.tick(500);
    latest().open();
    latest().receive(connected);
    assert.equal(latest().invocations().length, 0, "nothing answered is ever sent again");
  });

  test("a retryable failure is sent again when the upstream is back; a refusal rejects with its code", async () => {
    const { client, socket } = startClient();
    socket.open();
    socket.receive(connected);
    const retried = client.invoke("chat", "SendMessage", "/", "x", "uid-00000003");
    const refused = client.invoke("chat", "Archive");
    const [first, second] = socket.invocations();
    socket.receive({ t: "status", upstream: "reconnecting" });
    socket.receive({
      t: "result",
      id: first?.id,
      ok: false,
      error: { ErrorCode: 5076, Message: "no answer", retryable: true },
    });
    socket.receive({
      t: "result",
      id: second?.id,
      ok: false,
      error: { ErrorCode: 5073, Message: "not allowed", retryable: false },
    });
    await assert.rejects(refused, (error: unknown) => {
      assert.ok(error instanceof HubInvocationError);
      assert.equal(error.reason, "refused");
      assert.equal(error.code, 5073);
      return true;
    });
    mock.timers.tick(5_000);
    assert.equal(socket.invocations().length, 2, "not resent while the upstream is away");
    socket.receive(connected);
    assert.deepEqual(socket.invocations().at(-1)?.id, first?.id);
    socket.receive({ t: "result", id: first?.id, ok: true, result: 1 });
    assert.equal(await retried, 1);
  });

  test("an invocation larger than the gateway's frame limit is refused without sending", async () => {
    const { client, socket } = startClient({ maxMessageBytes: 100 });
    socket.open();
    socket.receive(connected);
    await assert.rejects(client.invoke("chat", "SendMessage", "x".repeat(100)), (error: unknown) => {
      return error instanceof HubInvocationError && error.reason === "tooLarge";
    });
    assert.equal(socket.invocations().length, 0);
  });

  test("sends are paced under the gateway's rate limit", () => {
    const { client, socket } = startClient({ maxSendsPerSecond: 10 });
    socket.open();
    socket.receive(connected);
    for (let i = 0; i < 14; i++) void client.invoke("chat", "SendMessage", `${i}`).catch(() => undefined);
    assert.equal(socket.invocations().length, 10);
    mock.timers.tick(100);
    assert.equal(socket.invocations().length, 11);
    mock.timers.tick(300);
    assert.equal(socket.invocations().length, 14);
  });
});
