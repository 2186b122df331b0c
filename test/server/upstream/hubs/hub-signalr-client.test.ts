/**
 * The hub against the official @microsoft/signalr client over real sockets (DESIGN.md §4: the npm
 * client, run in Node 20, negotiates, handshakes, receives invocations and gets completions).
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import {
  type HubConnection as ClientConnection,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
} from "@microsoft/signalr";
import {
  eventually,
  HttpStatusError,
  type HubFixture,
  negotiate,
  openRaw,
  startHub,
  TOKENS,
} from "./hub-fixture.ts";

function clientOf(fixture: HubFixture, token: string, configure?: (builder: HubConnectionBuilder) => void) {
  const builder = new HubConnectionBuilder()
    .withUrl(fixture.hubUrl, { accessTokenFactory: () => token })
    .configureLogging(LogLevel.None);
  configure?.(builder);
  return builder.build();
}

/** Resolves with the error (or undefined) the client's onclose reports. */
function closedWith(client: ClientConnection): Promise<Error | undefined> {
  return new Promise((resolve) => client.onclose((error) => resolve(error)));
}

describe("official SignalR client", () => {
  let fixture: HubFixture;
  const clients: ClientConnection[] = [];
  beforeEach(async () => {
    fixture = await startHub();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop()));
    await fixture.close();
  });
  const connect = async (
    token: string = TOKENS.alice,
    configure?: (builder: HubConnectionBuilder) => void,
  ) => {
    const client = clientOf(fixture, token, configure);
    clients.push(client);
    await client.start();
    return client;
  };

  test("negotiates with a bearer token and completes the handshake", async () => {
    const client = await connect();
    assert.equal(client.state, HubConnectionState.Connected);
    await eventually(() => fixture.connected.length === 1);
    const [connection] = fixture.connected;
    assert.equal(connection?.id, client.connectionId);
    assert.equal(connection?.principal.key, "user-alice");
    assert.deepEqual(
      fixture.hub.connections().map((c) => c.id),
      [client.connectionId],
    );
  });

  test("receives server invocations with arguments of every JSON type", async () => {
    const client = await connect();
    const received: unknown[][] = [];
    client.on("notificationAdded", (...args: unknown[]) => received.push(args));
    const args = [
      42,
      "text",
      true,
      null,
      { recId: 7, tags: ["a", "b"], nested: { ok: false } },
      [1, "two", 3.5],
    ];
    assert.equal(fixture.hub.sendToPrincipal("user-alice", "notificationAdded", ...args), 1);
    assert.equal(
      fixture.hub.sendToConnection(client.connectionId ?? "", "notificationAdded", "direct"),
      true,
    );
    assert.equal(fixture.hub.sendToAll("notificationAdded"), 1);
    await eventually(() => received.length === 3);
    assert.deepEqual(received, [args, ["direct"], []]);
  });

  test("a server invocation reaches every connection of the principal and no one else", async () => {
    const aliceTab1 = await connect(TOKENS.alice);
    const aliceTab2 = await connect(TOKENS.alice);
    const bob = await connect(TOKENS.bob);
    const seen: string[] = [];
    aliceTab1.on("reload", () => seen.push("alice1"));
    aliceTab2.on("reload", () => seen.push("alice2"));
    bob.on("reload", () => seen.push("bob"));
    assert.equal(fixture.hub.sendToPrincipal("user-alice", "reload"), 2);
    assert.equal(fixture.hub.sendToPrincipal("user-nobody", "reload"), 0);
    await eventually(() => seen.length === 2);
    await bob.invoke("nothing"); // a round trip to bob: anything sent to him before would have arrived
    assert.deepEqual(seen.sort(), ["alice1", "alice2"]);
  });

  test("groups: joined connections receive group messages until they leave or disconnect", async () => {
    const alice = await connect(TOKENS.alice);
    const bob = await connect(TOKENS.bob);
    const seen: string[] = [];
    alice.on("message", (text: string) => seen.push(`alice:${text}`));
    bob.on("message", (text: string) => seen.push(`bob:${text}`));
    assert.equal(await alice.invoke("join", "chat-1"), true);
    assert.equal(await bob.invoke("join", "chat-1"), true);
    assert.equal(fixture.hub.sendToGroup("chat-1", "message", "one"), 2);
    await eventually(() => seen.length === 2);
    assert.equal(await bob.invoke("leave", "chat-1"), true);
    assert.equal(await bob.invoke("leave", "chat-1"), false);
    assert.equal(fixture.hub.sendToGroup("chat-1", "message", "two"), 1);
    await eventually(() => seen.length === 3);
    await alice.stop();
    await eventually(() => fixture.disconnected.length === 1);
    assert.equal(fixture.hub.sendToGroup("chat-1", "message", "three"), 0);
    assert.deepEqual(fixture.disconnected[0]?.connection.groups, new Set(["chat-1"]));
    assert.deepEqual(seen.sort(), ["alice:one", "alice:two", "bob:one"]);
  });

  test("invokes methods and gets their completions", async () => {
    const client = await connect();
    assert.equal(await client.invoke("add", 2, 3), 5);
    assert.deepEqual(await client.invoke("echo", "a", { b: [1, null] }), ["a", { b: [1, null] }]);
    assert.deepEqual(await client.invoke("whoAmI"), { key: "user-alice", connectionId: client.connectionId });
    assert.equal(await client.invoke("nothing"), undefined);
  });

  test("send() is a non-blocking invocation: it runs without a completion", async () => {
    const client = await connect();
    await client.send("note", "fire", "and forget");
    await eventually(() => fixture.notes.length === 1);
    assert.deepEqual(fixture.notes, [["fire", "and forget"]]);
  });

  test("an unknown method gets an error completion, and the connection stays usable", async () => {
    const client = await connect();
    await assert.rejects(client.invoke("doesNotExist", 1), { message: "Unknown hub method 'doesNotExist'." });
    await assert.rejects(client.invoke("toString"), { message: "Unknown hub method 'toString'." });
    assert.equal(await client.invoke("add", 1, 1), 2);
  });

  test("a failing method gets a generic error that leaks nothing; a HubMethodError is passed on", async () => {
    const client = await connect();
    const failure = await client.invoke("crash").then(
      () => assert.fail("crash resolved"),
      (error: Error) => error,
    );
    assert.equal(failure.message, "An unexpected error occurred invoking 'crash' on the server.");
    assert.ok(!failure.message.includes("hunter2"));
    assert.match(fixture.logs.join(""), /hunter2/); // operators see the real error in the log
    await assert.rejects(client.invoke("refuse"), { message: "You may not do that." });
    await assert.rejects(client.invoke("bigint"), { message: "The result could not be serialised." });
    assert.equal(client.state, HubConnectionState.Connected);
  });

  test("streaming is refused with an error, not a dropped connection", async () => {
    const client = await connect();
    const error = await new Promise<Error>((resolve) =>
      client.stream("add", 1, 2).subscribe({ next: () => {}, complete: () => {}, error: resolve }),
    );
    assert.equal(error.message, "Streaming invocations are not supported.");
    assert.equal(await client.invoke("add", 1, 2), 3);
  });

  test("is refused without a valid token: negotiate answers 401", async () => {
    await assert.rejects(clientOf(fixture, "token-forged").start(), /401/);
    const anonymous = await negotiate(fixture, undefined);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get("www-authenticate"), "Bearer");
    assert.equal((await negotiate(fixture, "token-forged")).status, 401);
    assert.equal(fixture.connected.length, 0);
  });

  test("a connection token cannot be used twice", async () => {
    const { body } = await negotiate(fixture, TOKENS.alice);
    const url = `${fixture.wsUrl}?id=${encodeURIComponent(String(body.connectionToken))}`;
    const headers = { authorization: `Bearer ${TOKENS.alice}` };
    const first = await openRaw(url, headers);
    await assert.rejects(
      openRaw(url, headers),
      (error) => error instanceof HttpStatusError && error.status === 404,
    );
    first.socket.close();
  });

  test("receives pings: a client expecting traffic every 400 ms stays connected while idle", async () => {
    await fixture.close();
    fixture = await startHub({ pingIntervalMs: 50 });
    const client = await connect(TOKENS.alice, (builder) => builder.withServerTimeout(400));
    let closedError: Error | undefined | null = null;
    client.onclose((error) => {
      closedError = error;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    assert.equal(closedError, null);
    assert.equal(client.state, HubConnectionState.Connected);
  });

  test("without pings the same client times out (the check above can fail)", async () => {
    await fixture.close();
    fixture = await startHub({ pingIntervalMs: 60_000, clientTimeoutMs: 120_000 });
    const client = await connect(TOKENS.alice, (builder) => builder.withServerTimeout(400));
    const error = await closedWith(client);
    assert.match(String(error?.message), /Server timeout elapsed/);
  });

  test("is closed with an error message via a Close message", async () => {
    const client = await connect();
    const closed = closedWith(client);
    assert.equal(fixture.hub.closeConnectionsOf("user-alice", { error: "You were signed out." }), 1);
    const error = await closed;
    assert.equal(error?.message, "Server returned an error on close: You were signed out.");
    await eventually(() => fixture.disconnected.length === 1);
    assert.equal(fixture.disconnected[0]?.error?.message, "You were signed out.");
    assert.equal(fixture.hub.connections().length, 0);
  });

  test("a Close message allowing reconnect makes an auto-reconnecting client come back", async () => {
    const client = await connect(TOKENS.alice, (builder) => builder.withAutomaticReconnect([0]));
    const firstId = client.connectionId;
    const reconnected = new Promise<string | undefined>((resolve) => client.onreconnected(resolve));
    fixture.hub.closeConnectionsOf("user-alice", { error: "Please reconnect.", allowReconnect: true });
    const newId = await reconnected;
    assert.notEqual(newId, firstId);
    assert.deepEqual(
      fixture.hub.connections().map((c) => c.id),
      [newId],
    );
  });

  test("server shutdown sends a Close message allowing reconnect", async () => {
    const client = await connect();
    const closed = closedWith(client);
    await fixture.hub.close();
    assert.equal((await closed)?.message, "Server returned an error on close: The server is shutting down.");
    assert.equal((await negotiate(fixture, TOKENS.alice)).status, 503);
  });
});
