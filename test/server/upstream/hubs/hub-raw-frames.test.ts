/**
 * The hub against a raw `ws` client, part 1: handshake, malformed frames, framing and size limits,
 * invocation ordering and hooks — what the official client never exercises.
 */
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { RECORD_SEPARATOR as RS } from "../../../../server/upstream/hubs/hub-protocol.ts";
import type { HubOptions } from "../../../../server/upstream/hubs/hub-types.ts";
import {
  connectRaw,
  eventually,
  type HubFixture,
  startHub,
  type TestPrincipal,
  TOKENS,
} from "./hub-fixture.ts";

const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;

let fixture: HubFixture | undefined;
async function hub(overrides: Partial<HubOptions<TestPrincipal>> = {}): Promise<HubFixture> {
  fixture = await startHub(overrides);
  return fixture;
}
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** Opens a socket with a fresh token, without handshake. */
async function freshSocket(f: HubFixture) {
  return connectRaw(f, TOKENS.alice, { handshake: false });
}

describe("handshake", () => {
  const refused = [
    {
      name: "another protocol",
      frame: `{"protocol":"messagepack","version":1}${RS}`,
      error: "Requested protocol is not supported.",
    },
    {
      name: "another version",
      frame: `{"protocol":"json","version":2}${RS}`,
      error: "Requested protocol version is not supported.",
    },
    { name: "bad JSON", frame: `{"protocol":json}${RS}`, error: "Message is not valid JSON." },
    {
      name: "a hub message first",
      frame: `{"type":6}${RS}`,
      error: "Handshake request must carry 'protocol' and 'version'.",
    },
  ];
  for (const { name, frame, error } of refused) {
    test(`${name}: handshake error response, then close (1002)`, async () => {
      const f = await hub();
      const client = await freshSocket(f);
      client.send(frame);
      assert.deepEqual(JSON.parse(await client.next()), { error });
      assert.equal(await client.closed, 1002);
      assert.equal(f.connected.length, 0);
    });
  }

  test("a handshake split across frames is reassembled", async () => {
    const client = await freshSocket(await hub());
    client.send('{"protocol":"json",');
    client.send(`"version":1}${RS}`);
    assert.equal(await client.next(), "{}");
  });

  test("handshake and invocations in one frame are all processed, in order", async () => {
    const client = await freshSocket(await hub());
    const add = (id: string, a: number) =>
      `{"type":1,"invocationId":"${id}","target":"add","arguments":[${a},1]}${RS}`;
    client.send(HANDSHAKE + add("1", 1) + add("2", 2));
    assert.equal(await client.next(), "{}");
    assert.deepEqual(JSON.parse(await client.next()), { type: 3, invocationId: "1", result: 2 });
    assert.deepEqual(JSON.parse(await client.next()), { type: 3, invocationId: "2", result: 3 });
  });

  test("no handshake in time: handshake error response, then close (1008)", async () => {
    const client = await freshSocket(await hub({ handshakeTimeoutMs: 100 }));
    assert.deepEqual(JSON.parse(await client.next()), { error: "Handshake was not received in time." });
    assert.equal(await client.closed, 1008);
  });
});

describe("malformed frames after the handshake: Close message with the error, then close", () => {
  const cases = [
    { name: "bad JSON", frame: `{"type":1,${RS}`, error: "Message is not valid JSON.", code: 1002 },
    { name: "empty record", frame: RS, error: "Message is not valid JSON.", code: 1002 },
    { name: "unknown type", frame: `{"type":42}${RS}`, error: "Unsupported message type.", code: 1002 },
    {
      name: "invalid invocation",
      frame: `{"type":1,"target":"add"}${RS}`,
      error: "'arguments' must be an array.",
      code: 1002,
    },
    {
      name: "a completion the server never asked for",
      frame: `{"type":3,"invocationId":"1","result":1}${RS}`,
      error: "Unexpected completion: the server awaits no client result.",
      code: 1002,
    },
    {
      name: "an upload stream",
      frame: `{"type":1,"invocationId":"1","target":"add","arguments":[],"streamIds":["1"]}${RS}`,
      error: "Client-to-server streaming is not supported.",
      code: 1003,
    },
  ];
  for (const { name, frame, error, code } of cases) {
    test(name, async () => {
      const f = await hub();
      const client = await connectRaw(f, TOKENS.alice);
      client.send(frame);
      assert.deepEqual(JSON.parse(await client.next()), { type: 7, error });
      assert.equal(await client.closed, code);
      await eventually(() => f.disconnected.length === 1);
      assert.equal(f.disconnected[0]?.error?.message, error);
    });
  }

  test("a binary frame closes with 1003", async () => {
    const client = await connectRaw(await hub(), TOKENS.alice);
    client.socket.send(Buffer.from(`{"type":6}${RS}`), { binary: true });
    assert.deepEqual(JSON.parse(await client.next()), {
      type: 7,
      error: "Binary messages are not supported.",
    });
    assert.equal(await client.closed, 1003);
  });
});

describe("record separator and size limit", () => {
  test("a message without its separator waits for the rest of it", async () => {
    const client = await connectRaw(await hub(), TOKENS.alice);
    client.send('{"type":1,"invocationId":"9","target":"add","arguments":[20,22]}');
    client.send(RS);
    assert.deepEqual(JSON.parse(await client.next()), { type: 3, invocationId: "9", result: 42 });
  });

  test("an unterminated message over the limit is refused (1009)", async () => {
    const client = await connectRaw(await hub({ maxMessageBytes: 1024 }), TOKENS.alice);
    client.send(`{"type":1,"target":"echo","arguments":["${"x".repeat(2_000)}"]}`);
    assert.deepEqual(JSON.parse(await client.next()), {
      type: 7,
      error: "Message exceeds the maximum size of 1024 bytes.",
    });
    assert.equal(await client.closed, 1009);
  });

  test("a message at the limit is accepted, one over it is refused", async () => {
    const f = await hub({ maxMessageBytes: 100 });
    const invocation = (padding: number) =>
      `{"type":1,"invocationId":"1","target":"echo","arguments":["${"x".repeat(padding)}"]}`;
    const base = invocation(0).length;
    const atLimit = await connectRaw(f, TOKENS.alice);
    atLimit.send(invocation(100 - base) + RS);
    assert.equal(JSON.parse(await atLimit.next()).result[0].length, 100 - base);
    const overLimit = await connectRaw(f, TOKENS.alice);
    overLimit.send(invocation(101 - base) + RS);
    assert.equal(JSON.parse(await overLimit.next()).type, 7);
    assert.equal(await overLimit.closed, 1009);
  });
});

describe("invocations", () => {
  test("a stream invocation gets an error completion", async () => {
    const client = await connectRaw(await hub(), TOKENS.alice);
    client.send(`{"type":4,"invocationId":"s1","target":"add","arguments":[1,2]}${RS}`);
    assert.deepEqual(JSON.parse(await client.next()), {
      type: 3,
      invocationId: "s1",
      error: "Streaming invocations are not supported.",
    });
  });

  test("invocations run one at a time, in order; a client with too many waiting is closed", async () => {
    const f = await hub({ maxPendingInvocations: 2 });
    const client = await connectRaw(f, TOKENS.alice);
    client.send(`{"type":1,"invocationId":"1","target":"slow","arguments":[]}${RS}`);
    client.send(`{"type":1,"invocationId":"2","target":"add","arguments":[1,1]}${RS}`);
    client.send(`{"type":1,"invocationId":"3","target":"add","arguments":[2,2]}${RS}`);
    assert.deepEqual(JSON.parse(await client.next()), { type: 7, error: "Too many pending invocations." });
    assert.equal(await client.closed, 1008);
  });

  test("a slow invocation delays the next one, and both complete in order", async () => {
    const f = await hub();
    const client = await connectRaw(f, TOKENS.alice);
    client.send(`{"type":1,"invocationId":"1","target":"slow","arguments":[]}${RS}`);
    client.send(`{"type":1,"invocationId":"2","target":"add","arguments":[1,1]}${RS}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(client.inbox.length, 0);
    f.releaseSlow();
    assert.deepEqual(JSON.parse(await client.next()), { type: 3, invocationId: "1", result: "done" });
    assert.deepEqual(JSON.parse(await client.next()), { type: 3, invocationId: "2", result: 2 });
  });

  test("a Close message from the client ends the connection normally", async () => {
    const f = await hub();
    const client = await connectRaw(f, TOKENS.alice);
    await eventually(() => f.connected.length === 1);
    client.send(`{"type":7}${RS}`);
    assert.equal(await client.closed, 1000);
    await eventually(() => f.disconnected.length === 1);
    assert.equal(f.disconnected[0]?.error, undefined);
    assert.equal(f.hub.connections().length, 0);
  });
});

describe("hooks", () => {
  test("onConnect may greet the connection before any invocation is answered", async () => {
    const f = await hub({
      onConnect: async (connection) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        connection.send("welcome", connection.principal.key);
      },
    });
    const client = await freshSocket(f);
    client.send(`${HANDSHAKE}{"type":1,"invocationId":"1","target":"add","arguments":[1,1]}${RS}`);
    assert.equal(await client.next(), "{}");
    assert.deepEqual(JSON.parse(await client.next()), {
      type: 1,
      target: "welcome",
      arguments: ["user-alice"],
    });
    assert.deepEqual(JSON.parse(await client.next()), { type: 3, invocationId: "1", result: 2 });
  });

  test("a failing onConnect closes the connection with a generic error (1011)", async () => {
    const f = await hub({
      onConnect: () => {
        throw new Error("store unavailable at 10.0.0.5");
      },
    });
    const client = await connectRaw(f, TOKENS.alice);
    assert.deepEqual(JSON.parse(await client.next()), { type: 7, error: "Connection closed with an error." });
    assert.equal(await client.closed, 1011);
  });

  test("an abrupt disconnect reaches onDisconnect with its error and unregisters the connection", async () => {
    const f = await hub();
    const client = await connectRaw(f, TOKENS.alice);
    await eventually(() => f.hub.connections().length === 1);
    client.socket.terminate();
    await eventually(() => f.disconnected.length === 1);
    assert.equal(f.disconnected[0]?.error?.message, "The WebSocket closed with status code 1006.");
    assert.equal(f.hub.connections().length, 0);
    assert.equal(f.hub.sendToPrincipal("user-alice", "anything"), 0);
  });
});
