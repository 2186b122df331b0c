/** The outbox: queued while disconnected, sent once after the reconnect, never again once answered. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { InvokeFrame } from "../../../runtime/realtime/frames.ts";
import { Outbox } from "../../../runtime/realtime/outbox.ts";

function frame(id: string): InvokeFrame {
  return { t: "invoke", id, hub: "chat", target: "SendMessage", args: ["/", id, `uid-${id}`] };
}

function filled(ids: string[], maxInFlight?: number) {
  const outbox = new Outbox(maxInFlight);
  const settled: Record<string, string> = {};
  for (const id of ids) {
    outbox.add(
      frame(id),
      JSON.stringify(frame(id)),
      (value) => {
        settled[id] = `ok:${value}`;
      },
      (error) => {
        settled[id] = `error:${error.message}`;
      },
    );
  }
  return { outbox, settled };
}

const ids = (entries: { frame: InvokeFrame }[]) => entries.map((entry) => entry.frame.id);

describe("outbox", () => {
  test("sends oldest first, each once, within the in-flight bound and the given limit", () => {
    const { outbox } = filled(["a", "b", "c", "d"], 3);
    assert.deepEqual(ids(outbox.takeSendable(2)), ["a", "b"]);
    assert.deepEqual(ids(outbox.takeSendable()), ["c"]);
    assert.deepEqual(ids(outbox.takeSendable()), [], "in-flight bound reached");
    assert.equal(outbox.inFlight, 3);
    assert.equal(outbox.hasQueued, true);
  });

  test("an answered invocation is removed and can never be sent again, even after a drop", () => {
    const { outbox, settled } = filled(["a", "b"]);
    outbox.takeSendable();
    outbox.settle("a")?.resolve("done");
    assert.deepEqual(settled, { a: "ok:done" });
    assert.equal(outbox.settle("a"), undefined, "a second answer is ignored");
    assert.equal(outbox.requeueInFlight(), 1);
    assert.deepEqual(ids(outbox.takeSendable()), ["b"]);
    assert.equal(outbox.requeueInFlight(), 1);
    const resent = outbox.takeSendable();
    assert.deepEqual(ids(resent), ["b"]);
    assert.equal(resent[0]?.sends, 3);
  });

  test("queued entries are not answered: a result for an id not on the wire is ignored", () => {
    const { outbox } = filled(["a"]);
    assert.equal(outbox.settle("a"), undefined);
    assert.equal(outbox.size, 1);
  });

  test("a retryable failure puts the invocation back in the queue", () => {
    const { outbox } = filled(["a", "b"]);
    outbox.takeSendable();
    assert.equal(outbox.requeue("a"), true);
    assert.equal(outbox.requeue("a"), false, "already queued");
    assert.equal(outbox.requeue("zz"), false);
    assert.deepEqual(ids(outbox.takeSendable()), ["a"]);
  });

  test("drain hands back everything, for rejection", () => {
    const { outbox } = filled(["a", "b"]);
    outbox.takeSendable(1);
    assert.deepEqual(ids(outbox.drain()), ["a", "b"]);
    assert.equal(outbox.size, 0);
    assert.equal(outbox.hasQueued, false);
  });

  test("ids are unique", () => {
    const { outbox } = filled(["a"]);
    assert.throws(() =>
      outbox.add(
        frame("a"),
        "",
        () => undefined,
        () => undefined,
      ),
    );
  });
});
