/**
 * A gateway with the hub relay plugin on 127.0.0.1, and raw browser tabs for it. The gateway's
 * session is a stand-in here (the session plugin is another part of issue 4): a `tsid` cookie names
 * an entry of `identities`, which the test fills with upstream bearer tokens it signed in for.
 */
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import WebSocket from "ws";
import {
  type HubRelayOptions,
  hubRelay,
  type RelayIdentity,
} from "../../../../server/gateway/plugins/hub-relay.ts";

/** The browser origin the gateway allows. */
export const ORIGIN = "https://app.tessera.test";

/** A running gateway with the relay. */
export interface GatewayUnderTest {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  readonly wsUrl: string;
  /** Sessions by id (the `tsid` cookie). */
  readonly identities: Map<string, RelayIdentity>;
  /** Session ids passed to onUpstreamSessionEnded. */
  readonly upstreamEnded: string[];
  /** Adds a gateway session relaying with `bearerToken`; returns its cookie header. */
  addSession(bearerToken: string): { sessionId: string; cookie: string };
  close(): Promise<void>;
}

/** Starts a gateway relaying to `hubBase`; `overrides` replace plugin options. */
export async function startGateway(
  hubBase: string,
  overrides: Partial<HubRelayOptions> = {},
): Promise<GatewayUnderTest> {
  const identities = new Map<string, RelayIdentity>();
  const upstreamEnded: string[] = [];
  const app = Fastify({ logger: false });
  await app.register(hubRelay, {
    upstream: { hubBase },
    allowedOrigins: [ORIGIN],
    identityOf: async (request) => {
      const sessionId = /(?:^|;\s*)tsid=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
      return sessionId ? (identities.get(sessionId) ?? null) : null;
    },
    invocable: { chat: ["SendMessage"] },
    reconnect: { initialMs: 20, maxMs: 200 },
    onUpstreamSessionEnded: (sessionId) => {
      upstreamEnded.push(sessionId);
    },
    ...overrides,
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    app,
    baseUrl,
    wsUrl: `${baseUrl.replace(/^http/, "ws")}/gw/hub`,
    identities,
    upstreamEnded,
    addSession(bearerToken) {
      const sessionId = randomUUID();
      identities.set(sessionId, { sessionId, bearerToken });
      return { sessionId, cookie: `tsid=${sessionId}` };
    },
    close: () => app.close(),
  };
}

/** A frame the gateway sent, parsed. */
// biome-ignore lint/suspicious/noExplicitAny: frames are asserted field by field in the tests
export type Frame = Record<string, any>;

/** A raw browser tab: every frame it received, and waiting for the next one that matches. */
export interface TestTab {
  readonly socket: WebSocket;
  readonly frames: Frame[];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** The first frame not yet taken that matches, waiting for it if necessary. */
  take(predicate: (frame: Frame) => boolean, what?: string): Promise<Frame>;
  send(frame: unknown): void;
}

/** An upgrade refused with an HTTP status, and the body it carried. */
export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused: ${status}`);
  }
}

/** How long a test waits for a frame before failing with a description (a safety net, not a timing assertion). */
const WAIT_LIMIT_MS = 10_000;

/** Opens a tab; rejects with UpgradeRefused when the gateway answers the upgrade with a status. */
export function openTab(
  wsUrl: string,
  { cookie, origin = ORIGIN }: { cookie?: string; origin?: string | null } = {},
): Promise<TestTab> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (origin) headers.origin = origin;
    const socket = new WebSocket(wsUrl, { headers });
    const frames: Frame[] = [];
    const taken = new Set<number>();
    const waiters = new Set<() => void>();
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on("close", (code, reason) => done({ code, reason: String(reason) })),
    );
    socket.on("message", (data) => {
      frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of [...waiters]) wake();
    });
    socket.on("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += String(chunk);
      });
      response.on("end", () => reject(new UpgradeRefused(response.statusCode ?? 0, body)));
    });
    socket.on("error", reject);
    socket.on("open", () =>
      resolve({
        socket,
        frames,
        closed,
        send: (frame) => socket.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
        take(predicate, what = "a matching frame") {
          return new Promise((found, fail) => {
            const check = () => {
              const index = frames.findIndex((frame, i) => !taken.has(i) && predicate(frame));
              if (index < 0) return false;
              taken.add(index);
              waiters.delete(check);
              clearTimeout(limit);
              found(frames[index] as Frame);
              return true;
            };
            const limit = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no ${what} arrived; frames: ${JSON.stringify(frames).slice(0, 2000)}`));
            }, WAIT_LIMIT_MS);
            if (!check()) waiters.add(check);
          });
        },
      }),
    );
  });
}

/** Waits until `condition` holds, polling; fails with `what` after the safety limit. */
export async function eventually(condition: () => boolean, what = "condition"): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not met`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
