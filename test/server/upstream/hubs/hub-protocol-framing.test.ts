/** Framing (record separator, size limit), serialisation and handshake of the hub codec. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  HubProtocolError,
  HubRecordReader,
  handshakeRejection,
  parseHandshakeRequest,
  parseHubMessages,
  RECORD_SEPARATOR,
  serializeHandshakeResponse,
  serializeHubMessage,
} from "../../../../server/upstream/hubs/hub-protocol.ts";

const RS = RECORD_SEPARATOR;

describe("HubRecordReader", () => {
  test("splits several messages of one frame, in order", () => {
    const reader = new HubRecordReader(1024);
    assert.deepEqual(reader.read(`{"type":6}${RS}{"type":7}${RS}`), ['{"type":6}', '{"type":7}']);
    assert.equal(reader.hasPartialRecord, false);
  });

  test("reassembles a message split across frames", () => {
    const reader = new HubRecordReader(1024);
    assert.deepEqual(reader.read('{"type":1,"target":'), []);
    assert.equal(reader.hasPartialRecord, true);
    assert.deepEqual(reader.read(`"x","arguments":[]}${RS}{"ty`), ['{"type":1,"target":"x","arguments":[]}']);
    assert.deepEqual(reader.read(`pe":6}${RS}`), ['{"type":6}']);
    assert.equal(reader.hasPartialRecord, false);
  });

  test("a lone separator yields an empty record (rejected later as malformed JSON)", () => {
    assert.deepEqual(new HubRecordReader(1024).read(RS), [""]);
  });

  const sizeCases = [
    { name: "exactly the limit is accepted", text: "a".repeat(100), accepted: true },
    { name: "one byte over is rejected", text: "a".repeat(101), accepted: false },
    { name: "the limit counts UTF-8 bytes, not characters", text: "é".repeat(51), accepted: false },
    { name: "multi-byte text within the limit", text: "é".repeat(50), accepted: true },
  ];
  for (const { name, text, accepted } of sizeCases) {
    test(`complete record: ${name}`, () => {
      const read = () => new HubRecordReader(100).read(`${text}${RS}`);
      if (accepted) assert.deepEqual(read(), [text]);
      else
        assert.throws(read, (error) => error instanceof HubProtocolError && error.code === "MessageTooLarge");
    });
  }

  test("an unterminated tail over the limit is rejected before its separator arrives", () => {
    const reader = new HubRecordReader(100);
    reader.read("a".repeat(60));
    assert.throws(
      () => reader.read("a".repeat(41)),
      (error) => error instanceof HubProtocolError && error.code === "MessageTooLarge",
    );
  });
});

describe("parseHubMessages", () => {
  test("decodes a whole payload", () => {
    assert.deepEqual(parseHubMessages(`{"type":6}${RS}{"type":7,"error":"x"}${RS}`, 1024), [
      { type: 6 },
      { type: 7, error: "x" },
    ]);
  });

  test("rejects a payload whose last message lacks its separator", () => {
    assert.throws(
      () => parseHubMessages(`{"type":6}${RS}{"type":6}`, 1024),
      (error) => error instanceof HubProtocolError && error.code === "InvalidMessage",
    );
  });
});

describe("serializeHubMessage", () => {
  const cases: { name: string; message: Parameters<typeof serializeHubMessage>[0]; expected: string }[] = [
    {
      name: "invocation with mixed arguments",
      message: { type: 1, target: "notificationAdded", arguments: [1, "a", true, null, { b: [2] }] },
      expected: '{"type":1,"target":"notificationAdded","arguments":[1,"a",true,null,{"b":[2]}]}',
    },
    {
      name: "void completion omits result",
      message: { type: 3, invocationId: "1", result: undefined },
      expected: '{"type":3,"invocationId":"1"}',
    },
    {
      name: "completion with null result",
      message: { type: 3, invocationId: "1", result: null },
      expected: '{"type":3,"invocationId":"1","result":null}',
    },
    {
      name: "error completion",
      message: { type: 3, invocationId: "1", error: "x" },
      expected: '{"type":3,"invocationId":"1","error":"x"}',
    },
    { name: "ping", message: { type: 6 }, expected: '{"type":6}' },
    {
      name: "close with reconnect",
      message: { type: 7, error: "bye", allowReconnect: true },
      expected: '{"type":7,"error":"bye","allowReconnect":true}',
    },
  ];
  for (const { name, message, expected } of cases) {
    test(name, () => assert.equal(serializeHubMessage(message), `${expected}${RS}`));
  }

  test("a record separator inside a string is escaped, so framing survives", () => {
    const text = serializeHubMessage({ type: 1, target: "x", arguments: [`a${RS}b`] });
    assert.equal(text.indexOf(RS), text.length - 1);
    assert.deepEqual(parseHubMessages(text, 1024), [{ type: 1, target: "x", arguments: [`a${RS}b`] }]);
  });
});

describe("handshake", () => {
  const cases: { name: string; record: string; rejection: string | undefined }[] = [
    { name: "json version 1 is accepted", record: '{"protocol":"json","version":1}', rejection: undefined },
    {
      name: "messagepack is refused",
      record: '{"protocol":"messagepack","version":1}',
      rejection: "Requested protocol is not supported.",
    },
    {
      name: "json version 2 is refused",
      record: '{"protocol":"json","version":2}',
      rejection: "Requested protocol version is not supported.",
    },
  ];
  for (const { name, record, rejection } of cases) {
    test(name, () => assert.equal(handshakeRejection(parseHandshakeRequest(record)), rejection));
  }

  const malformed = [
    "not json",
    '{"protocol":"json"}',
    '{"version":1}',
    '{"protocol":1,"version":1}',
    "[]",
    '{"type":6}',
  ];
  for (const record of malformed) {
    test(`malformed handshake ${record} is an InvalidHandshake error`, () =>
      assert.throws(
        () => parseHandshakeRequest(record),
        (error) => error instanceof HubProtocolError && error.code === "InvalidHandshake",
      ));
  }

  test("responses", () => {
    assert.equal(serializeHandshakeResponse(), `{}${RS}`);
    assert.equal(serializeHandshakeResponse("Nope."), `{"error":"Nope."}${RS}`);
  });
});
