/**
 * A real Fastify app listening on 127.0.0.1 with one hub mounted, plus raw-socket helpers, for the hub
 * integration tests. Bearer tokens are fixed strings mapped to principals.
 */
import { Writable } from "node:stream";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { WebSocket } from "ws";
import { RECORD_SEPARATOR } from "../../../../server/upstream/hubs/hub-protocol.ts";
import { registerHub } from "../../../../server/upstream/hubs/hub-server.ts";
import {
  type Hub,
  type HubConnection,
  HubMethodError,
  type HubOptions,
} from "../../../../server/upstream/hubs/hub-types.ts";

/** The principal of the fixture: a user of an account. */
export interface TestPrincipal {
  readonly key: string;
  readonly accountId: string;
}

/** Bearer tokens the fixture accepts. */
export const TOKENS = { alice: "token-alice", bob: "token-bob" } as const;

const PRINCIPALS: Record<string, TestPrincipal> = {
  [TOKENS.alice]: { key: "user-alice", accountId: "acc-1" },
  [TOKENS.bob]: { key: "user-bob", accountId: "acc-1" },
};

export const HUB_PATH = "/hubs/user";

/** A started hub with what its hooks and methods observed. */
export interface HubFixture {
  readonly app: FastifyInstance;
  readonly hub: Hub<TestPrincipal>;
  readonly baseUrl: string;
  readonly hubUrl: string;
  readonly wsUrl: string;
  readonly connected: HubConnection<TestPrincipal>[];
  readonly disconnected: { connection: HubConnection<TestPrincipal>; error?: Error }[];
  readonly notes: unknown[][];
  readonly logs: string[];
  /** Resolves the pending `slow` invocations. */
  releaseSlow(): void;
  close(): Promise<void>;
}

/** Starts an app with the test hub; `overrides` replace hub options. */
export async function startHub(overrides: Partial<HubOptions<TestPrincipal>> = {}): Promise<HubFixture> {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream: logStream } });
  await app.register(websocket);
  const connected: HubFixture["connected"] = [];
  const disconnected: HubFixture["disconnected"] = [];
  const notes: unknown[][] = [];
  let slowWaiters: (() => void)[] = [];
  const hub: Hub<TestPrincipal> = registerHub<TestPrincipal>(app, {
    path: HUB_PATH,
    authenticate: async (_request, accessToken) => (accessToken ? (PRINCIPALS[accessToken] ?? null) : null),
    methods: {
      add: (_connection, [a, b]) => Number(a) + Number(b),
      echo: (_connection, args) => args,
      whoAmI: (connection) => ({ key: connection.principal.key, connectionId: connection.id }),
      nothing: () => undefined,
      note: (_connection, args) => {
        notes.push([...args]);
      },
      join: (connection, [group]) => hub.addToGroup(connection.id, String(group)),
      leave: (connection, [group]) => hub.removeFromGroup(connection.id, String(group)),
      crash: () => {
        throw new Error("database password is hunter2");
      },
      refuse: () => {
        throw new HubMethodError("You may not do that.");
      },
      slow: () => new Promise<string>((resolve) => slowWaiters.push(() => resolve("done"))),
      bigint: () => 10n,
    },
    onConnect: (connection) => {
      connected.push(connection);
    },
    onDisconnect: (connection, error) => {
      disconnected.push({ connection, error });
    },
    ...overrides,
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    app,
    hub,
    baseUrl: address,
    hubUrl: `${address}${HUB_PATH}`,
    wsUrl: `${address.replace(/^http/, "ws")}${HUB_PATH}`,
    connected,
    disconnected,
    notes,
    logs,
    releaseSlow() {
      for (const release of slowWaiters) release();
      slowWaiters = [];
    },
    close: () => app.close(),
  };
}

/** The JSON body and status of a negotiate call. */
export async function negotiate(
  fixture: HubFixture,
  token: string | undefined,
  query = "negotiateVersion=1",
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${fixture.hubUrl}/negotiate?${query}`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** A raw WebSocket with an inbox of decoded frames and its close code. */
export interface RawClient {
  readonly socket: WebSocket;
  /** The next record received (separator removed), waiting if necessary. */
  next(): Promise<string>;
  /** Records received and not yet taken. */
  readonly inbox: string[];
  /** The close code, once closed. */
  readonly closed: Promise<number>;
  send(text: string): void;
}

/** Opens a raw socket; rejects with the HTTP status when the upgrade is refused. */
export function openRaw(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const inbox: string[] = [];
    let waiter: (() => void) | undefined;
    let partial = "";
    const closed = new Promise<number>((resolveClose) => socket.on("close", (code) => resolveClose(code)));
    socket.on("message", (data) => {
      const records = (partial + String(data)).split(RECORD_SEPARATOR);
      partial = records.pop() ?? "";
      inbox.push(...records);
      waiter?.();
    });
    socket.on("unexpected-response", (_request, response) =>
      reject(new HttpStatusError(response.statusCode ?? 0)),
    );
    socket.on("error", reject);
    socket.on("open", () =>
      resolve({
        socket,
        inbox,
        closed,
        send: (text) => socket.send(text),
        async next() {
          while (inbox.length === 0) {
            let isClosed = false;
            const arrived = new Promise<void>((wake) => {
              waiter = wake;
            });
            await Promise.race([arrived, closed.then(() => (isClosed = true))]);
            if (isClosed && inbox.length === 0) throw new Error("socket closed with nothing more to read");
          }
          return inbox.shift() as string;
        },
      }),
    );
  });
}

/** An upgrade refused with an HTTP status. */
export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`Unexpected server response: ${status}`);
  }
}

/** Negotiates as `token` and opens the socket with the header (or the query parameter) and the handshake done. */
export async function connectRaw(
  fixture: HubFixture,
  token: string,
  { viaQuery = false, handshake = true } = {},
): Promise<RawClient & { connectionId: string }> {
  const { body } = await negotiate(fixture, token);
  const id = encodeURIComponent(String(body.connectionToken));
  const client = viaQuery
    ? await openRaw(`${fixture.wsUrl}?id=${id}&access_token=${encodeURIComponent(token)}`)
    : await openRaw(`${fixture.wsUrl}?id=${id}`, { authorization: `Bearer ${token}` });
  if (handshake) {
    client.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`);
    const response = await client.next();
    if (response !== "{}") throw new Error(`handshake failed: ${response}`);
  }
  return Object.assign(client, { connectionId: String(body.connectionId) });
}

/** Waits until `condition` holds, polling; fails after `timeoutMs` (a safety net, not a timing assertion). */
export async function eventually(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
