/**
 * The hub against a raw `ws` client, part 2: keep-alive, authentication and connection tokens,
 * negotiate, logging and shutdown.
 */
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { RECORD_SEPARATOR as RS } from "../../../../server/upstream/hubs/hub-protocol.ts";
import type { HubOptions } from "../../../../server/upstream/hubs/hub-types.ts";
import {
  connectRaw,
  eventually,
  HttpStatusError,
  type HubFixture,
  negotiate,
  openRaw,
  startHub,
  type TestPrincipal,
  TOKENS,
} from "./hub-fixture.ts";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let fixture: HubFixture | undefined;
async function hub(overrides: Partial<HubOptions<TestPrincipal>> = {}): Promise<HubFixture> {
  fixture = await startHub(overrides);
  return fixture;
}
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe("keep-alive", () => {
  test("the server sends pings while it has nothing else to say", async () => {
    const client = await connectRaw(await hub({ pingIntervalMs: 50 }), TOKENS.alice);
    assert.equal(await client.next(), '{"type":6}');
    assert.equal(await client.next(), '{"type":6}');
  });

  test("a silent client is closed with a Close message allowing reconnect", async () => {
    const f = await hub({ clientTimeoutMs: 200 });
    const client = await connectRaw(f, TOKENS.alice);
    assert.deepEqual(JSON.parse(await client.next()), {
      type: 7,
      error: "The client sent nothing within the timeout.",
      allowReconnect: true,
    });
    assert.equal(await client.closed, 1000);
  });

  test("a client that pings is not closed", async () => {
    const client = await connectRaw(await hub({ clientTimeoutMs: 200 }), TOKENS.alice);
    const pinger = setInterval(() => client.send(`{"type":6}${RS}`), 40);
    await new Promise((resolve) => setTimeout(resolve, 600));
    clearInterval(pinger);
    assert.deepEqual(client.inbox, []);
    assert.equal(client.socket.readyState, client.socket.OPEN);
  });
});

describe("authentication and connection tokens", () => {
  test("the access_token query parameter authenticates the socket, as browsers send it", async () => {
    const f = await hub();
    await connectRaw(f, TOKENS.alice, { viaQuery: true });
    await eventually(() => f.connected.length === 1);
    assert.equal(f.connected[0]?.principal.key, "user-alice");
  });

  test("a socket without credentials is refused with 401, and its token survives", async () => {
    const f = await hub();
    const { body } = await negotiate(f, TOKENS.alice);
    const url = `${f.wsUrl}?id=${encodeURIComponent(String(body.connectionToken))}`;
    await assert.rejects(openRaw(url), (error) => error instanceof HttpStatusError && error.status === 401);
    await openRaw(url, bearer(TOKENS.alice));
  });

  test("two different tokens (header and query) are refused with 401", async () => {
    const f = await hub();
    const { body } = await negotiate(f, TOKENS.alice);
    const url = `${f.wsUrl}?id=${encodeURIComponent(String(body.connectionToken))}&access_token=${TOKENS.bob}`;
    await assert.rejects(
      openRaw(url, bearer(TOKENS.alice)),
      (error) => error instanceof HttpStatusError && error.status === 401,
    );
  });

  test("a token negotiated by one principal is refused (403) to another and burnt", async () => {
    const f = await hub();
    const { body } = await negotiate(f, TOKENS.alice);
    const url = `${f.wsUrl}?id=${encodeURIComponent(String(body.connectionToken))}`;
    await assert.rejects(
      openRaw(url, bearer(TOKENS.bob)),
      (error) => error instanceof HttpStatusError && error.status === 403,
    );
    await assert.rejects(
      openRaw(url, bearer(TOKENS.alice)),
      (error) => error instanceof HttpStatusError && error.status === 404,
    );
  });

  test("unknown, missing and expired tokens are refused", async () => {
    const f = await hub({ connectionTokenTtlMs: 100 });
    const alice = bearer(TOKENS.alice);
    await assert.rejects(
      openRaw(`${f.wsUrl}?id=guessed`, alice),
      (e) => e instanceof HttpStatusError && e.status === 404,
    );
    await assert.rejects(openRaw(f.wsUrl, alice), (e) => e instanceof HttpStatusError && e.status === 400);
    const { body } = await negotiate(f, TOKENS.alice);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const url = `${f.wsUrl}?id=${encodeURIComponent(String(body.connectionToken))}`;
    await assert.rejects(openRaw(url, alice), (e) => e instanceof HttpStatusError && e.status === 404);
  });

  test("a plain GET of the hub path is not an upgrade: 404, token untouched", async () => {
    const f = await hub();
    const { body } = await negotiate(f, TOKENS.alice);
    const id = encodeURIComponent(String(body.connectionToken));
    const response = await fetch(`${f.hubUrl}?id=${id}`, { headers: bearer(TOKENS.alice) });
    assert.equal(response.status, 404);
    await openRaw(`${f.wsUrl}?id=${id}`, bearer(TOKENS.alice));
  });
});

describe("negotiate", () => {
  test("answers version 1 with a secret token, a public id and WebSockets/Text only; never cached", async () => {
    const f = await hub();
    const { status, body, headers } = await negotiate(f, TOKENS.alice);
    assert.equal(status, 200);
    assert.equal(headers.get("cache-control"), "no-store");
    assert.deepEqual(Object.keys(body).sort(), [
      "availableTransports",
      "connectionId",
      "connectionToken",
      "negotiateVersion",
    ]);
    assert.equal(body.negotiateVersion, 1);
    assert.notEqual(body.connectionId, body.connectionToken);
    assert.deepEqual(body.availableTransports, [{ transport: "WebSockets", transferFormats: ["Text"] }]);
  });

  test("a higher requested version is answered with version 1", async () => {
    const { body } = await negotiate(await hub(), TOKENS.alice, "negotiateVersion=3");
    assert.equal(body.negotiateVersion, 1);
  });

  test("version 0 (or none) is refused in the body; a malformed version is a 400", async () => {
    const f = await hub();
    for (const query of ["negotiateVersion=0", ""]) {
      const { status, body } = await negotiate(f, TOKENS.alice, query);
      assert.equal(status, 200);
      assert.deepEqual(body, { error: "Negotiate version 0 is not supported; use 1." });
    }
    assert.equal((await negotiate(f, TOKENS.alice, "negotiateVersion=abc")).status, 400);
  });

  test("accepts any or no content type (the client posts an empty text body)", async () => {
    const f = await hub();
    for (const contentType of ["application/json", "application/octet-stream", "text/plain;charset=UTF-8"]) {
      const response = await fetch(`${f.hubUrl}/negotiate?negotiateVersion=1`, {
        method: "POST",
        headers: { ...bearer(TOKENS.alice), "content-type": contentType },
        body: "",
      });
      assert.equal(response.status, 200, contentType);
    }
  });
});

describe("operations", () => {
  test("request logs never contain the connection token or the access token", async () => {
    const f = await hub();
    const client = await connectRaw(f, TOKENS.alice, { viaQuery: true });
    client.socket.close();
    const log = f.logs.join("");
    assert.match(log, /hubs\/user\?id=REDACTED&access_token=REDACTED/);
    assert.ok(!log.includes(TOKENS.alice));
  });

  test("a client that does not read its messages is dropped once its backlog exceeds the limit", async () => {
    const f = await hub({ maxBufferedBytes: 64 * 1024 });
    const client = await connectRaw(f, TOKENS.alice);
    await eventually(() => f.connected.length === 1);
    (client.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const chunk = "x".repeat(64 * 1024);
    let sent = 0;
    // Kernel buffers absorb the first megabytes; the backlog then builds up in the server process.
    while (f.hub.sendToAll("bulk", chunk) === 1 && sent < 2_000) {
      sent++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.ok(sent < 2_000, "the slow client was never dropped");
    await eventually(() => f.disconnected.length === 1);
    assert.equal(f.disconnected[0]?.error?.message, "The client did not read its messages.");
    assert.equal(f.hub.connections().length, 0);
  });

  test("app.close() sends Close allowing reconnect, then closes sockets with 1001", async () => {
    const f = await hub();
    const client = await connectRaw(f, TOKENS.alice);
    const closing = f.close();
    assert.deepEqual(JSON.parse(await client.next()), {
      type: 7,
      error: "The server is shutting down.",
      allowReconnect: true,
    });
    assert.equal(await client.closed, 1001);
    await closing;
    fixture = undefined;
  });

  // ws waits 30 s for an unanswered close frame: without the grace period this test times out.
  test("close() terminates clients that ignore the close handshake after the grace period", {
    timeout: 5_000,
  }, async () => {
    const f = await hub({ shutdownGraceMs: 100 });
    const client = await connectRaw(f, TOKENS.alice);
    // Pause the client's socket: it never answers the close frame.
    (client.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    await f.hub.close();
    assert.equal(f.hub.connections().length, 0);
  });
});
