/**
 * Real sockets on 127.0.0.1 for the relay tests: a minimal gateway (Fastify + `restRelay` + a stub
 * session), small upstreams that record what they received, and raw HTTP clients that can send what
 * a browser (or an attacker) sends.
 */
import { once } from "node:events";
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { type RestRelayOptions, restRelay } from "../../../../server/gateway/plugins/rest-relay.ts";
import {
  compileRelayPolicy,
  type RelayBodyLimit,
  type RelayPolicy,
} from "../../../../server/gateway/relay/relay-policy.ts";

export { freePort } from "../../../helpers/free-port.ts";

/** The stub session: the cookie `session=<name>` signs in as `<name>`, whose upstream token is `token-<name>`. */
export function stubIdentityOf(request: { headers: IncomingHttpHeaders }) {
  const match = /(?:^|;\s*)session=([a-z]+)/.exec(request.headers.cookie ?? "");
  return Promise.resolve(match ? { bearerToken: `token-${match[1]}` } : null);
}

/**
 * A policy relaying every path under both bases (these suites test the relay's mechanics against
 * small upstreams with paths of their own; the product's policy has its own suite), bodies up to
 * `maxBodyBytes` unless `limits` gives a route more.
 */
export function relayEverything(maxBodyBytes = 1024 * 1024, limits: RelayBodyLimit[] = []): RelayPolicy {
  return compileRelayPolicy(
    [
      { base: "app", path: "*", decision: "relay" },
      { base: "webservices", path: "*", decision: "relay" },
    ],
    limits,
    maxBodyBytes,
  );
}

/** A running gateway holding only the relay. */
export interface TestGateway {
  app: FastifyInstance;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Starts a gateway relaying `/api/` to `<upstreamUrl>/api/` and `/webservices/` to `<upstreamUrl>/ws/`. */
export async function startGateway(
  upstreamUrl: string,
  options: Partial<RestRelayOptions> = {},
  logger: FastifyServerOptions["logger"] = false,
): Promise<TestGateway> {
  const app = Fastify({ logger });
  await app.register(restRelay, {
    upstream: { appBase: `${upstreamUrl}/api/`, webservicesBase: `${upstreamUrl}/ws/` },
    identityOf: stubIdentityOf,
    policy: relayEverything(),
    ...options,
  });
  app.get("/healthz", async () => ({ status: "ok" }));
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port, url, close: () => app.close() };
}

/** What a test upstream received. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The body bytes received so far. */
  readonly body: Buffer;
  /** Resolves when the request body ended: "complete" (all of it read) or "aborted" (connection lost). */
  bodyEnded: Promise<"complete" | "aborted">;
  /** Resolves when the exchange closed: "answered" (response finished) or "aborted" (connection lost first). */
  closed: Promise<"answered" | "aborted">;
}

/** A small upstream on 127.0.0.1 that records every request; `respond` answers (after the body by default). */
export interface TestUpstream {
  server: http.Server;
  port: number;
  url: string;
  received: Received[];
  /** Resolves with the next request as soon as its headers arrived. */
  nextRequest(): Promise<Received>;
  /** Stops listening and destroys every open connection (the upstream "killed"). */
  kill(): Promise<void>;
}

export type Responder = (request: IncomingMessage, response: ServerResponse, received: Received) => void;

/** Starts a recording upstream, on `port` when given (to come back where a dead one was). */
export async function startUpstream(respond: Responder, port = 0): Promise<TestUpstream> {
  const received: Received[] = [];
  const waiting: ((value: Received) => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    const entry: Received = {
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
      get body() {
        return Buffer.concat(chunks);
      },
      bodyEnded: new Promise((resolve) => {
        request.on("end", () => resolve("complete"));
        request.on("close", () => resolve(request.complete ? "complete" : "aborted"));
      }),
      closed: new Promise((resolve) => {
        response.on("close", () => resolve(response.writableFinished ? "answered" : "aborted"));
      }),
    };
    received.push(entry);
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("error", () => {});
    waiting.shift()?.(entry);
    respond(request, response, entry);
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    received,
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    kill: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Answers JSON echoing what was received, once the body has arrived. */
export const echo: Responder = (request, response, received) => {
  request.on("end", () => {
    const body = JSON.stringify({
      method: received.method,
      url: received.url,
      body: received.body.toString("utf8"),
    });
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    response.end(request.method === "HEAD" ? undefined : body);
  });
};

/** A complete response as the browser saw it. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response fields directly
  json<T = any>(): T;
}

/** One request over a fresh connection (no keep-alive), with any headers a client can send. */
export function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: Buffer | string } = {},
): Promise<Answer> {
  const headers = { ...options.headers };
  // Node frames a DELETE body only when told its length.
  const framed = Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name));
  if (options.body !== undefined && !framed)
    headers["content-length"] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            json: () => JSON.parse(body.toString("utf8")),
          });
        });
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * Sends `text` as-is on a new connection (it must say `Connection: close`) and returns the raw
 * response (status line, headers, body) once the gateway closed the connection.
 */
export async function sendRaw(port: number, text: string): Promise<{ status: number; raw: string }> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  // Not end(): Node treats a half-closed request as aborted. `text` asks for Connection: close.
  socket.write(text);
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  await once(socket, "close");
  const raw = Buffer.concat(chunks).toString("latin1");
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), raw };
}

/** The JSON body of a raw response. */
// biome-ignore lint/suspicious/noExplicitAny: tests read response fields directly
export function rawJson(raw: string): any {
  return JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4));
}
