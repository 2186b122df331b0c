/**
 * The gateway's upstream leg against a purpose-built hub on 127.0.0.1 that misbehaves on demand:
 * refusals (401, 403, 503, handshake error), server invocations expecting a client result,
 * malformed messages, silence beyond the server timeout, Close with and without allowReconnect, and
 * the keep-alive Ping. Real sockets; short intervals so waits stay brief (no timing assertions).
 */
import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type WebSocket from "ws";
import { type LinkState, UpstreamHubLink } from "../../../../server/gateway/hub-relay/upstream-hub-link.ts";
import { eventually } from "./relay-fixture.ts";

const RS = "\u001e";
const TOKEN = "upstream-token-1";

/** How the fake hub behaves for the next connections. */
interface Behaviour {
  negotiateStatus: number;
  handshake: string;
  /** Runs once the handshake is answered. */
  afterHandshake: (socket: WebSocket) => void;
}

/** An invocation through `link` as a promise of its result. */
function invoked(link: UpstreamHubLink | undefined, target: string, args: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    assert.ok(link, "no link started");
    link.invoke(target, args, { resolve, reject });
  });
}

const silentLog = new Proxy(
  {},
  { get: (_target, name) => (name === "child" ? () => silentLog : () => undefined) },
);

describe("upstream hub link", () => {
  let hub: FastifyInstance;
  let hubUrl: string;
  let behaviour: Behaviour;
  const negotiations: { authorization?: string; url: string }[] = [];
  const received: unknown[] = [];
  const sockets: WebSocket[] = [];
  before(async () => {
    hub = Fastify();
    await hub.register(websocket);
    hub.post("/hubs/user/negotiate", async (request, reply) => {
      negotiations.push({ authorization: request.headers.authorization, url: request.url });
      if (behaviour.negotiateStatus !== 200) return reply.code(behaviour.negotiateStatus).send({});
      return {
        connectionId: "c",
        connectionToken: `t${negotiations.length}`,
        negotiateVersion: 1,
        availableTransports: [{ transport: "WebSockets", transferFormats: ["Text"] }],
      };
    });
    hub.get("/hubs/user", { websocket: true }, (socket, request) => {
      assert.equal(request.headers.authorization, `Bearer ${TOKEN}`);
      assert.ok(!request.url.includes(TOKEN), "the token never goes in the URL");
      sockets.push(socket);
      let handshaken = false;
      socket.on("message", (data) => {
        for (const record of String(data).split(RS).filter(Boolean)) {
          if (!handshaken) {
            handshaken = true;
            socket.send(`${behaviour.handshake}${RS}`);
            if (behaviour.handshake === "{}") behaviour.afterHandshake(socket);
          } else received.push(JSON.parse(record));
        }
      });
    });
    const base = await hub.listen({ host: "127.0.0.1", port: 0 });
    hubUrl = `${base}/hubs/user`;
  });
  after(() => hub.close());

  let link: UpstreamHubLink | undefined;
  let states: LinkState[];
  let events: [string, unknown[]][];
  afterEach(async () => {
    await link?.stop();
    for (const socket of sockets.splice(0)) socket.terminate();
    negotiations.length = 0;
    received.length = 0;
  });

  function startLink(
    overrides: Partial<Behaviour> = {},
    timing = { keepAliveMs: 5_000, serverTimeoutMs: 5_000 },
  ) {
    behaviour = { negotiateStatus: 200, handshake: "{}", afterHandshake: () => undefined, ...overrides };
    states = [];
    events = [];
    link = new UpstreamHubLink({
      hub: "user",
      hubUrl,
      ...timing,
      reconnect: { initialMs: 10, maxMs: 40 },
      random: () => 0.5,
      bearerToken: () => TOKEN,
      onState: (state) => states.push(state),
      onEvent: (target, args) => events.push([target, args]),
      log: silentLog as FastifyBaseLogger,
    });
    link.start();
    return link;
  }
  const reached = (state: LinkState) => eventually(() => states.includes(state), `state ${state}`);

  test("negotiates with the bearer token in the Authorization header and connects", async () => {
    startLink();
    await reached("connected");
    assert.deepEqual(negotiations[0], {
      authorization: `Bearer ${TOKEN}`,
      url: "/hubs/user/negotiate?negotiateVersion=1",
    });
  });

  test("401 ends the session, 403 makes the hub unavailable; neither is retried", async () => {
    startLink({ negotiateStatus: 401 });
    await reached("ended");
    await link?.stop();
    startLink({ negotiateStatus: 403 });
    await reached("unavailable");
    const count = negotiations.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(negotiations.length, count);
  });

  test("503 and a refused handshake are unreachable, retried until the hub answers", async () => {
    startLink({ negotiateStatus: 503 });
    await reached("unreachable");
    await eventually(() => negotiations.length >= 3, "retries");
    behaviour.negotiateStatus = 200;
    behaviour.handshake = '{"error":"Requested protocol is not available."}';
    await eventually(() => sockets.length >= 1, "a socket");
    behaviour.handshake = "{}";
    await reached("connected");
    assert.deepEqual(states, ["unreachable", "connected"]);
  });

  test("events are passed on; an invocation expecting a client result gets an error Completion", async () => {
    startLink({
      afterHandshake: (socket) => {
        socket.send(`{"type":1,"target":"reload","arguments":[]}${RS}{"type":6}${RS}`);
        socket.send(`{"type":1,"invocationId":"s1","target":"askClient","arguments":[1]}${RS}`);
        socket.send(`{"type":1,"target":"log","arguments":[1,"m",null]}${RS}`);
      },
    });
    await eventually(() => events.length === 2, "two events");
    assert.deepEqual(events, [
      ["reload", []],
      ["log", [1, "m", null]],
    ]);
    await eventually(() => received.length === 1, "the completion");
    assert.deepEqual(received[0], {
      type: 3,
      invocationId: "s1",
      error: "Client results are not supported.",
    });
  });

  test("an invocation is answered by its Completion", async () => {
    startLink({
      afterHandshake: (socket) =>
        socket.on("message", (data) => {
          const message = JSON.parse(String(data).split(RS)[0] as string);
          if (message.type !== 1) return;
          const answer = message.target === "fail" ? { error: "No." } : { result: message.arguments };
          socket.send(`${JSON.stringify({ type: 3, invocationId: message.invocationId, ...answer })}${RS}`);
        }),
    });
    await reached("connected");
    assert.deepEqual(await invoked(link, "echo", [1, "two"]), [1, "two"]);
    await assert.rejects(invoked(link, "fail", []), { failure: "method", message: "No." });
  });

  test("a malformed message, a Close allowing reconnect and silence all reconnect", async () => {
    startLink({ afterHandshake: (socket) => socket.send(`{"type":1}${RS}`) });
    await reached("reconnecting");
    await link?.stop();
    startLink({
      afterHandshake: (socket) => socket.send(`{"type":7,"error":"restart","allowReconnect":true}${RS}`),
    });
    await reached("reconnecting");
    await link?.stop();
    startLink({}, { keepAliveMs: 5_000, serverTimeoutMs: 60 });
    await reached("connected");
    await reached("reconnecting");
    await eventually(() => states.filter((state) => state === "connected").length >= 2, "connected again");
  });

  test("a Close without allowReconnect ends the session", async () => {
    startLink({ afterHandshake: (socket) => socket.send(`{"type":7,"error":"Session ended."}${RS}`) });
    await reached("ended");
    assert.equal(states.at(-1), "ended");
  });

  test("an idle connection sends keep-alive Pings", async () => {
    startLink({}, { keepAliveMs: 30, serverTimeoutMs: 5_000 });
    await eventually(() => received.filter((m) => (m as { type: number }).type === 6).length >= 2, "pings");
  });
});
