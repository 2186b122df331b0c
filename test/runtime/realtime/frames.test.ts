/** Validation of the gateway's frames in the browser (server/gateway/hub-relay/README.md). */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseGatewayFrame, serializeInvokeFrame, utf8Length } from "../../../runtime/realtime/frames.ts";

const parse = (frame: unknown) => parseGatewayFrame(JSON.stringify(frame));

describe("gateway frames", () => {
  test("every frame kind of the protocol is read", () => {
    assert.deepEqual(parse({ t: "ping" }), { t: "ping" });
    assert.deepEqual(parse({ t: "pong" }), { t: "pong" });
    assert.deepEqual(parse({ t: "event", hub: "user", target: "reload", args: [] }), {
      t: "event",
      hub: "user",
      target: "reload",
      args: [],
    });
    assert.deepEqual(parse({ t: "event", hub: "gateway", target: "maintenance" }), {
      t: "event",
      hub: "gateway",
      target: "maintenance",
      args: [],
    });
    assert.deepEqual(parse({ t: "result", id: "a-1", ok: true, result: { UID: "x" } }), {
      t: "result",
      id: "a-1",
      ok: true,
      result: { UID: "x" },
    });
    assert.deepEqual(
      parse({ t: "result", id: "a-2", ok: false, error: { ErrorCode: 5074, Message: "m", retryable: true } }),
      {
        t: "result",
        id: "a-2",
        ok: false,
        error: { ErrorCode: 5074, Message: "m", retryable: true },
      },
    );
    for (const upstream of ["connected", "reconnecting", "unreachable"]) {
      assert.deepEqual(parse({ t: "status", upstream }), { t: "status", upstream });
    }
    assert.deepEqual(parse({ t: "ended", reason: "sessionEnded" }), { t: "ended", reason: "sessionEnded" });
    assert.deepEqual(parse({ t: "ended", reason: "sessionEnded", redirect: "/login" }), {
      t: "ended",
      reason: "sessionEnded",
      redirect: "/login",
    });
  });

  test("a missing retryable flag counts as not retryable", () => {
    const frame = parse({ t: "result", id: "a", ok: false, error: { ErrorCode: 5073, Message: "m" } });
    assert.equal(frame?.t === "result" && !frame.ok && frame.error.retryable, false);
  });

  test("an unsafe redirect is dropped from ended", () => {
    for (const redirect of [
      "//evil.example",
      "https://evil.example",
      "/%2F%2Fevil",
      "javascript:alert(1)",
      7,
    ]) {
      assert.deepEqual(parse({ t: "ended", reason: "sessionEnded", redirect }), {
        t: "ended",
        reason: "sessionEnded",
      });
    }
  });

  test("malformed or unknown frames are ignored (null)", () => {
    for (const text of ["", "nope", "null", "[]", "1"]) assert.equal(parseGatewayFrame(text), null, text);
    assert.equal(parseGatewayFrame(42), null);
    for (const frame of [
      { t: "subscribe" },
      { t: "event", hub: "admin", target: "x", args: [] },
      { t: "event", hub: "user", target: "", args: [] },
      { t: "event", hub: "user", target: "x", args: {} },
      { t: "result", ok: true },
      { t: "result", id: "a", ok: "yes" },
      { t: "result", id: "a", ok: false },
      { t: "result", id: "a", ok: false, error: { Message: "m" } },
      { t: "status", upstream: "down" },
      { t: "ended", reason: "other" },
    ]) {
      assert.equal(parse(frame), null, JSON.stringify(frame));
    }
  });
});

describe("browser frames", () => {
  test("an invocation serializes to the protocol's shape; sizes count UTF-8 bytes", () => {
    const text = serializeInvokeFrame({
      t: "invoke",
      id: "k-1",
      hub: "chat",
      target: "SendMessage",
      args: ["é"],
    });
    assert.deepEqual(JSON.parse(text), {
      t: "invoke",
      id: "k-1",
      hub: "chat",
      target: "SendMessage",
      args: ["é"],
    });
    assert.equal(utf8Length("é"), 2);
    assert.equal(utf8Length("a"), 1);
  });
});
