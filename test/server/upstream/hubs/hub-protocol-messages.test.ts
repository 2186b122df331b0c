/** Decoding of single hub messages: every accepted shape and every rejection, table-driven. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type HubMessage,
  HubProtocolError,
  type HubProtocolErrorCode,
  parseHubMessage,
} from "../../../../server/upstream/hubs/hub-protocol.ts";

describe("parseHubMessage accepts every message of the subset", () => {
  const cases: { name: string; record: string; expected: HubMessage }[] = [
    {
      name: "blocking invocation",
      record: '{"type":1,"invocationId":"7","target":"Send","arguments":[42,"x",null,{"a":[1]}]}',
      expected: { type: 1, invocationId: "7", target: "Send", arguments: [42, "x", null, { a: [1] }] },
    },
    {
      name: "non-blocking invocation (no invocationId)",
      record: '{"type":1,"target":"Send","arguments":[]}',
      expected: { type: 1, target: "Send", arguments: [] },
    },
    {
      name: "invocation with stream ids",
      record: '{"type":1,"invocationId":"1","target":"Up","arguments":[],"streamIds":["2"]}',
      expected: { type: 1, invocationId: "1", target: "Up", arguments: [], streamIds: ["2"] },
    },
    {
      name: "invocation with headers (ignored)",
      record: '{"type":1,"headers":{"Foo":"Bar"},"target":"Send","arguments":[1]}',
      expected: { type: 1, target: "Send", arguments: [1] },
    },
    {
      name: "completion with a result",
      record: '{"type":3,"invocationId":"1","result":42}',
      expected: { type: 3, invocationId: "1", result: 42 },
    },
    {
      name: "completion with a null result keeps it",
      record: '{"type":3,"invocationId":"1","result":null}',
      expected: { type: 3, invocationId: "1", result: null },
    },
    {
      name: "void completion",
      record: '{"type":3,"invocationId":"1"}',
      expected: { type: 3, invocationId: "1" },
    },
    {
      name: "completion with an error",
      record: '{"type":3,"invocationId":"1","error":"It failed"}',
      expected: { type: 3, invocationId: "1", error: "It failed" },
    },
    {
      name: "stream invocation",
      record: '{"type":4,"invocationId":"3","target":"Counter","arguments":[5]}',
      expected: { type: 4, invocationId: "3", target: "Counter", arguments: [5] },
    },
    {
      name: "cancel invocation",
      record: '{"type":5,"invocationId":"3"}',
      expected: { type: 5, invocationId: "3" },
    },
    { name: "ping", record: '{"type":6}', expected: { type: 6 } },
    { name: "close", record: '{"type":7}', expected: { type: 7 } },
    {
      name: "close with error and reconnect hint",
      record: '{"type":7,"error":"Bye","allowReconnect":true}',
      expected: { type: 7, error: "Bye", allowReconnect: true },
    },
    {
      name: "surrounding whitespace",
      record: ' \n{"type":6}\n ',
      expected: { type: 6 },
    },
  ];
  for (const { name, record, expected } of cases) {
    test(name, () => assert.deepEqual(parseHubMessage(record), expected));
  }
});

describe("parseHubMessage rejects malformed messages with a typed error", () => {
  const cases: { name: string; record: string; code: HubProtocolErrorCode }[] = [
    { name: "not JSON", record: "{type:1}", code: "MalformedJson" },
    { name: "empty record", record: "", code: "MalformedJson" },
    { name: "JSON array", record: "[1]", code: "MalformedJson" },
    { name: "JSON null", record: "null", code: "MalformedJson" },
    { name: "JSON string", record: '"ping"', code: "MalformedJson" },
    { name: "missing type", record: '{"target":"x","arguments":[]}', code: "InvalidMessage" },
    { name: "type as string", record: '{"type":"6"}', code: "InvalidMessage" },
    {
      name: "stream item (not in the subset)",
      record: '{"type":2,"invocationId":"1","item":1}',
      code: "UnsupportedMessageType",
    },
    {
      name: "ack (stateful reconnect, never negotiated)",
      record: '{"type":8,"sequenceId":1}',
      code: "UnsupportedMessageType",
    },
    { name: "sequence", record: '{"type":9,"sequenceId":1}', code: "UnsupportedMessageType" },
    { name: "unknown type", record: '{"type":42}', code: "UnsupportedMessageType" },
    { name: "invocation without target", record: '{"type":1,"arguments":[]}', code: "InvalidMessage" },
    {
      name: "invocation with empty target",
      record: '{"type":1,"target":"","arguments":[]}',
      code: "InvalidMessage",
    },
    {
      name: "invocation with numeric target",
      record: '{"type":1,"target":5,"arguments":[]}',
      code: "InvalidMessage",
    },
    { name: "invocation without arguments", record: '{"type":1,"target":"x"}', code: "InvalidMessage" },
    {
      name: "invocation with object arguments",
      record: '{"type":1,"target":"x","arguments":{}}',
      code: "InvalidMessage",
    },
    {
      name: "invocation with numeric invocationId",
      record: '{"type":1,"invocationId":1,"target":"x","arguments":[]}',
      code: "InvalidMessage",
    },
    {
      name: "invocation with non-string stream ids",
      record: '{"type":1,"target":"x","arguments":[],"streamIds":[1]}',
      code: "InvalidMessage",
    },
    { name: "completion without invocationId", record: '{"type":3,"result":1}', code: "InvalidMessage" },
    {
      name: "completion with both result and error",
      record: '{"type":3,"invocationId":"1","result":1,"error":"x"}',
      code: "InvalidMessage",
    },
    {
      name: "completion with non-string error",
      record: '{"type":3,"invocationId":"1","error":5}',
      code: "InvalidMessage",
    },
    {
      name: "stream invocation without id",
      record: '{"type":4,"target":"x","arguments":[]}',
      code: "InvalidMessage",
    },
    { name: "cancel without id", record: '{"type":5}', code: "InvalidMessage" },
    { name: "close with non-string error", record: '{"type":7,"error":1}', code: "InvalidMessage" },
    {
      name: "close with non-boolean allowReconnect",
      record: '{"type":7,"allowReconnect":"yes"}',
      code: "InvalidMessage",
    },
  ];
  for (const { name, record, code } of cases) {
    test(name, () =>
      assert.throws(
        () => parseHubMessage(record),
        (error) => error instanceof HubProtocolError && error.code === code,
      ),
    );
  }
});
