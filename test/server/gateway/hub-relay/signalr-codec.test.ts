/** The gateway's SignalR JSON hub protocol codec (the DESIGN.md §4 subset), as pure functions. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  HANDSHAKE_REQUEST,
  HubProtocolViolation,
  PING_MESSAGE,
  parseHandshakeResponse,
  parseUpstreamMessage,
  RECORD_SEPARATOR,
  RecordReader,
  serializeCompletionError,
  serializeInvocation,
} from "../../../../server/gateway/hub-relay/signalr-codec.ts";

const RS = RECORD_SEPARATOR;

describe("record framing", () => {
  test("splits a frame into its records and keeps an unfinished tail for the next frame", () => {
    const reader = new RecordReader(1024);
    assert.deepEqual(reader.read(`{"type":6}${RS}{"type":1,`), ['{"type":6}']);
    assert.deepEqual(reader.read(`"target":"x"}${RS}`), ['{"type":1,"target":"x"}']);
    assert.deepEqual(reader.read(""), []);
    // The usual frame, one whole record with nothing pending, and one of two records.
    assert.deepEqual(reader.read(`{"type":6}${RS}`), ['{"type":6}']);
    assert.deepEqual(reader.read(`{"type":6}${RS}{"type":6}${RS}`), ['{"type":6}', '{"type":6}']);
    assert.deepEqual(reader.read(RS), [""]);
  });

  test("refuses a record, or an unfinished tail, larger than the limit in UTF-8 bytes", () => {
    assert.throws(() => new RecordReader(10).read(`${"é".repeat(6)}${RS}`), HubProtocolViolation);
    assert.throws(() => new RecordReader(10).read("x".repeat(11)), HubProtocolViolation);
    assert.deepEqual(new RecordReader(12).read(`${"é".repeat(6)}${RS}`), ["é".repeat(6)]);
  });
});

describe("handshake", () => {
  test("the request is the JSON protocol, version 1, with its separator", () => {
    assert.deepEqual(JSON.parse(HANDSHAKE_REQUEST.slice(0, -1)), { protocol: "json", version: 1 });
    assert.equal(HANDSHAKE_REQUEST.at(-1), RS);
  });

  test("{} accepts, an error refuses, anything else is a violation", () => {
    assert.deepEqual(parseHandshakeResponse("{}"), {});
    assert.deepEqual(parseHandshakeResponse('{"error":"Requested protocol is not available."}'), {
      error: "Requested protocol is not available.",
    });
    assert.throws(() => parseHandshakeResponse("[]"), HubProtocolViolation);
    assert.throws(() => parseHandshakeResponse("{"), HubProtocolViolation);
  });
});

describe("messages from the upstream", () => {
  test("Invocation, with or without an invocation id, arguments defaulting to none", () => {
    assert.deepEqual(parseUpstreamMessage('{"type":1,"target":"reload"}'), {
      type: 1,
      target: "reload",
      arguments: [],
    });
    assert.deepEqual(
      parseUpstreamMessage('{"type":1,"target":"log","arguments":[2,"m",null],"headers":{}}'),
      {
        type: 1,
        target: "log",
        arguments: [2, "m", null],
      },
    );
    assert.deepEqual(parseUpstreamMessage('{"type":1,"invocationId":"9","target":"ask","arguments":[]}'), {
      type: 1,
      target: "ask",
      arguments: [],
      invocationId: "9",
    });
  });

  test("Completion with a result, with an error, and void", () => {
    assert.deepEqual(parseUpstreamMessage('{"type":3,"invocationId":"1","result":{"a":1}}'), {
      type: 3,
      invocationId: "1",
      result: { a: 1 },
    });
    assert.deepEqual(parseUpstreamMessage('{"type":3,"invocationId":"2","error":"No."}'), {
      type: 3,
      invocationId: "2",
      error: "No.",
    });
    assert.deepEqual(parseUpstreamMessage('{"type":3,"invocationId":"3"}'), {
      type: 3,
      invocationId: "3",
      result: undefined,
    });
  });

  test("Ping, and Close with and without allowReconnect", () => {
    assert.deepEqual(parseUpstreamMessage('{"type":6}'), { type: 6 });
    assert.deepEqual(parseUpstreamMessage('{"type":7}'), { type: 7, allowReconnect: false });
    assert.deepEqual(parseUpstreamMessage('{"type":7,"error":"Shutting down.","allowReconnect":true}'), {
      type: 7,
      error: "Shutting down.",
      allowReconnect: true,
    });
  });

  test("types the relay does not use are ignored, as the official client does", () => {
    for (const type of [2, 4, 5, 8, 9, 42]) {
      assert.deepEqual(parseUpstreamMessage(`{"type":${type}}`), { type: "ignored" });
    }
  });

  test("malformed messages are violations", () => {
    for (const record of [
      "not json",
      "null",
      "[1]",
      '{"target":"x"}',
      '{"type":"1","target":"x"}',
      '{"type":1}',
      '{"type":1,"target":7}',
      '{"type":1,"target":"x","arguments":{}}',
      '{"type":3}',
      '{"type":3,"invocationId":"1","error":5}',
      '{"type":7,"error":{}}',
    ]) {
      assert.throws(() => parseUpstreamMessage(record), HubProtocolViolation, record);
    }
  });
});

describe("messages to the upstream", () => {
  test("Invocation expecting a result, Completion error, Ping", () => {
    assert.deepEqual(JSON.parse(serializeInvocation("4", "SendMessage", ["/", "hi", "u-1"]).slice(0, -1)), {
      type: 1,
      invocationId: "4",
      target: "SendMessage",
      arguments: ["/", "hi", "u-1"],
    });
    assert.deepEqual(JSON.parse(serializeCompletionError("7", "no").slice(0, -1)), {
      type: 3,
      invocationId: "7",
      error: "no",
    });
    assert.equal(PING_MESSAGE, `{"type":6}${RS}`);
  });
});
