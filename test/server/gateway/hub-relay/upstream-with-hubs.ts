/**
 * The real embedded upstream (buildUpstream over a temp data dir: real store, sessions and hubs at
 * /hubs/user and /hubs/supportchat) listening on 127.0.0.1, with handles on its two hubs so tests can
 * push events and count connections. Each hub principal is one upstream session, so an event sent
 * to a principal reaches exactly the gateway session that holds that upstream token.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildUpstream, upstreamContextOf } from "../../../../server/upstream/app.ts";
import type { Hub, HubPrincipal } from "../../../../server/upstream/hubs/index.ts";
import { realtimeOf } from "../../../../server/upstream/realtime/handle.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../../server/upstream/seed/demo-accounts.ts";
import { type GatewayUnderTest, openTab, type TestTab } from "./relay-fixture.ts";

/** A cheap scrypt cost for tests. */
const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

/** A running upstream with its hubs. */
export interface UpstreamWithHubs {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  /** The relay's `upstream.hubBase`. */
  readonly hubBase: string;
  readonly port: number;
  readonly hubs: { user: Hub<HubPrincipal>; chat: Hub<HubPrincipal> };
  /** Stops the server (the hubs send Close allowing reconnect, then 1001); the data stays. */
  stop(): Promise<void>;
}

/** Starts the upstream on `port` (0: any) over `dataDir` (seeded on first start). */
export async function startUpstreamWithHubs(dataDir: string, port = 0): Promise<UpstreamWithHubs> {
  const app = await buildUpstream({ seed: true, passwordCost: TEST_PASSWORD_COST, dataDir });
  const realtime = realtimeOf(upstreamContextOf(app));
  const baseUrl = await app.listen({ host: "127.0.0.1", port });
  return {
    app,
    baseUrl,
    hubBase: `${baseUrl}/hubs`,
    port: Number(new URL(baseUrl).port),
    hubs: { user: realtime.userHub, chat: realtime.chatHub },
    stop: () => app.close(),
  };
}

/** A temp data dir and its removal. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "tessera-hub-relay-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Signs a demo user in over the upstream's HTTP API; returns the bearer token. */
export async function upstreamToken(
  baseUrl: string,
  who: keyof typeof DEMO_LOGINS = "owner",
): Promise<string> {
  const login = DEMO_LOGINS[who];
  const response = await fetch(`${baseUrl}/api/Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Domain: login.domain, Email: login.email, Password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { Token?: unknown };
  if (response.status !== 200 || typeof body.Token !== "string") {
    throw new Error(`sign-in of ${who} failed: ${response.status}`);
  }
  return body.Token;
}

/** A tab of a new sign-in: its gateway session, once connected, and the upstream session key (the hub principal). */
export interface SignedInTab {
  readonly tab: TestTab;
  readonly token: string;
  readonly sessionId: string;
  readonly key: string;
}

/** Signs the owner in at the upstream, opens a gateway session for it and a tab, and waits for "connected". */
export async function signedInTab(
  gateway: GatewayUnderTest,
  upstream: UpstreamWithHubs,
): Promise<SignedInTab> {
  const token = await upstreamToken(upstream.baseUrl);
  const { sessionId, cookie } = gateway.addSession(token);
  const tab = await openTab(gateway.wsUrl, { cookie });
  await tab.take((frame) => frame.t === "status" && frame.upstream === "connected", "connected status");
  const caller = await upstreamContextOf(upstream.app).sessions.authenticate(token);
  if (typeof caller === "string") throw new Error(`the upstream session is ${caller}`);
  return { tab, token, sessionId, key: String(caller.session.id) };
}
