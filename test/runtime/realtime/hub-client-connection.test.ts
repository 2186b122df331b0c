/**
 * The hub client's connection against a scripted socket, with fake timers: status, reconnect
 * backoff, session end, heartbeat, event handlers across reconnects, close.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { rejectedFrame, reportFrame } from "../../../runtime/realtime/frames.ts";
import { HubInvocationError, MAX_QUEUED_OUTCOMES } from "../../../runtime/realtime/hub-client.ts";
import { SCHEMA_DIGESTS } from "../../../schemas/generated/schema-digests.ts";
import { connected, latest, ScriptedSocket, startClient } from "./scripted-socket.ts";

describe("hub client: connection", () => {
  beforeEach(() => {
    ScriptedSocket.all = [];
    mock.timers.enable({ apis: ["setTimeout", "Date"] });
  });
  afterEach(() => mock.timers.reset());

  test("is connecting until the gateway reports the upstream connected", () => {
    const { client, socket } = startClient();
    assert.equal(socket.url, "wss://app.example.com/gw/hub");
    assert.equal(client.status.get(), "connecting");
    socket.open();
    assert.equal(client.status.get(), "connecting");
    socket.receive(connected);
    assert.equal(client.status.get(), "connected");
  });

  test("a failed reconnect is unreachable; backoff grows and resets once a socket opens", () => {
    const { client, socket: first } = startClient();
    first.drop(); // never opened
    assert.equal(client.status.get(), "unreachable");
    mock.timers.tick(499);
    assert.equal(ScriptedSocket.all.length, 1);
    mock.timers.tick(1);
    latest().drop();
    mock.timers.tick(999);
    assert.equal(ScriptedSocket.all.length, 2, "second wait is one full initial step");
    mock.timers.tick(1);
    latest().open();
    latest().receive(connected);
    latest().drop();
    assert.equal(client.status.get(), "reconnecting");
    mock.timers.tick(500);
    assert.equal(ScriptedSocket.all.length, 4, "an opened socket resets the backoff");
  });

  test("status frames from the gateway are passed on", () => {
    const { client, socket } = startClient();
    socket.open();
    const seen: string[] = [];
    client.status.subscribe((status) => seen.push(status));
    for (const upstream of ["connected", "reconnecting", "unreachable", "connected"]) {
      socket.receive({ t: "status", upstream });
    }
    assert.deepEqual(seen, ["connected", "reconnecting", "unreachable", "connected"]);
  });

  test("ended: status, destination, pending invocations rejected, no reconnect", async () => {
    const { client, socket } = startClient();
    socket.open();
    const pending = client.invoke("chat", "SendMessage", "/", "x", "uid-00000004");
    const destinations: (string | undefined)[] = [];
    client.onEnded((redirect) => destinations.push(redirect));
    socket.receive({ t: "ended", reason: "sessionEnded", redirect: "/loggedout" });
    assert.equal(client.status.get(), "ended");
    assert.deepEqual(destinations, ["/loggedout"]);
    assert.equal(socket.closedWith, 1000);
    await assert.rejects(
      pending,
      (error: unknown) => error instanceof HubInvocationError && error.reason === "ended",
    );
    await assert.rejects(client.invoke("chat", "SendMessage"), HubInvocationError);
    mock.timers.tick(60_000);
    assert.equal(ScriptedSocket.all.length, 1);
  });

  test("an unsafe destination in ended is dropped (the runtime falls back to /loggedout)", () => {
    const { client, socket } = startClient();
    socket.open();
    const destinations: (string | undefined)[] = [];
    client.onEnded((redirect) => destinations.push(redirect));
    socket.receive({ t: "ended", reason: "sessionEnded", redirect: "//evil.example" });
    assert.deepEqual(destinations, [undefined]);
  });

  test("answers pings; two heartbeats of silence count as a dead socket", () => {
    const { client, socket } = startClient({ heartbeatMs: 1_000 });
    socket.open();
    socket.receive({ t: "ping" });
    assert.deepEqual(socket.sent, [{ t: "pong" }]);
    mock.timers.tick(1_999);
    assert.equal(client.status.get(), "connecting");
    mock.timers.tick(1);
    assert.equal(client.status.get(), "reconnecting");
    assert.equal(socket.closedWith, 4000);
    mock.timers.tick(500);
    assert.equal(ScriptedSocket.all.length, 2);
  });

  test("handlers survive reconnects, match targets case-insensitively and can unsubscribe", () => {
    const { client, socket } = startClient();
    socket.open();
    const got: unknown[][] = [];
    const off = client.on("user", "notificationAdded", (...args) => got.push(args));
    client.on("user", "notificationAdded", () => {
      throw new Error("a failing handler does not stop the others");
    });
    const error = mock.method(console, "error", () => undefined);
    socket.receive({ t: "event", hub: "user", target: "NotificationAdded", args: [{ RecId: 1 }] });
    socket.receive({ t: "event", hub: "chat", target: "notificationAdded", args: ["other hub"] });
    socket.drop();
    mock.timers.tick(500);
    latest().open();
    latest().receive({ t: "event", hub: "user", target: "notificationAdded", args: [{ RecId: 2 }] });
    off();
    latest().receive({ t: "event", hub: "user", target: "notificationAdded", args: [{ RecId: 3 }] });
    assert.deepEqual(got, [[{ RecId: 1 }], [{ RecId: 2 }]]);
    assert.equal(error.mock.callCount(), 3);
    error.mock.restore();
  });

  test("close() ends it for good", async () => {
    const { client, socket } = startClient();
    socket.open();
    const pending = client.invoke("user", "Ping");
    client.close();
    assert.equal(client.status.get(), "closed");
    assert.equal(socket.closedWith, 1000);
    await assert.rejects(
      pending,
      (error: unknown) => error instanceof HubInvocationError && error.reason === "closed",
    );
    mock.timers.tick(60_000);
    assert.equal(ScriptedSocket.all.length, 1);
  });

  test("a path is resolved against the page to a ws(s) URL", async () => {
    const { hubUrlFor } = await import("../../../runtime/realtime/hub-client.ts");
    assert.equal(
      hubUrlFor("/gw/hub", "https://app.example.com/dashboards?x=1"),
      "wss://app.example.com/gw/hub",
    );
    assert.equal(hubUrlFor("/gw/hub", "http://localhost:8080/"), "ws://localhost:8080/gw/hub");
  });

  test("every (re)connect starts with the tab's report, read when the socket opens", () => {
    let version = 1;
    const report = () =>
      reportFrame({ build: "b-1", manifestVersion: version, renderers: ["home"], dialogs: [] });
    const { socket } = startClient({ report });
    assert.deepEqual(socket.sent, []);
    socket.open();
    assert.deepEqual(socket.sent, [
      {
        t: "report",
        build: "b-1",
        manifestVersion: 1,
        renderers: ["home"],
        dialogs: [],
        schemas: SCHEMA_DIGESTS,
      },
    ]);
    socket.receive(connected);
    version = 2;
    socket.drop();
    mock.timers.tick(1_000);
    latest().open();
    assert.deepEqual(latest().sent, [
      {
        t: "report",
        build: "b-1",
        manifestVersion: 2,
        renderers: ["home"],
        dialogs: [],
        schemas: SCHEMA_DIGESTS,
      },
    ]);
  });

  test("a report over the frame limit is not sent (the gateway would close the socket)", () => {
    const report = () =>
      reportFrame({ build: "b", manifestVersion: 1, renderers: ["x".repeat(100)], dialogs: [] });
    const error = mock.method(console, "error", () => undefined);
    const { socket } = startClient({ report, maxMessageBytes: 64 });
    socket.open();
    assert.deepEqual(socket.sent, []);
    assert.equal(error.mock.callCount(), 1);
    error.mock.restore();
  });

  test("no report without a report source", () => {
    const { socket } = startClient();
    socket.open();
    assert.deepEqual(socket.sent, []);
  });

  test("configuration answers go out at once, or after the next report while the socket is down", () => {
    const report = () => reportFrame({ build: "b", manifestVersion: 3, renderers: [], dialogs: [] });
    const { client, socket } = startClient({ report });
    socket.open();
    client.answerConfig({ t: "applied", version: 3 });
    assert.deepEqual(socket.sent.at(-1), { t: "applied", version: 3 });
    socket.drop();
    client.answerConfig(rejectedFrame(4, "texts: offline"));
    for (let version = 5; version < 5 + MAX_QUEUED_OUTCOMES; version++)
      client.answerConfig({ t: "applied", version });
    mock.timers.tick(1_000);
    latest().open();
    const sent = latest().sent;
    assert.equal(sent[0]?.t, "report");
    // The newest MAX_QUEUED_OUTCOMES, in order: the oldest (the rejection) made room.
    assert.deepEqual(
      sent.slice(1).map((frame) => frame.version),
      Array.from({ length: MAX_QUEUED_OUTCOMES }, (_, i) => 5 + i),
    );
    client.close();
    client.answerConfig({ t: "applied", version: 99 });
    assert.equal(latest().sent.length, sent.length);
  });
});
