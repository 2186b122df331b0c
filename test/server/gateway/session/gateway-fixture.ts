/**
 * Real sockets for the session tests: the real embedded upstream (seeded, debug calls on) on
 * 127.0.0.1:0, a gateway on 127.0.0.1:0 holding the session endpoints, the manifest endpoint, the
 * REST relay and (optionally) the blocked-IP guard — wired as app.ts will wire them — and a
 * browser-like client with a cookie jar that sends what a browser sends (Origin, the CSRF header).
 */
import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { loadLocaleKeys, loadManifestSet } from "../../../../server/gateway/manifests/load-manifests.ts";
import { manifestSetVersion } from "../../../../server/gateway/manifests/manifest-cache.ts";
import type { ManifestSet } from "../../../../server/gateway/manifests/manifest-set.ts";
import { loadBaseConfiguration } from "../../../../server/gateway/config/base-configuration.ts";
import type { BaseConfiguration } from "../../../../server/gateway/config/config-content.ts";
import { ConfigPlane } from "../../../../server/gateway/config/config-plane.ts";
import { SqliteConfigStore } from "../../../../server/gateway/config/sqlite-config-store.ts";
import { manifestEndpoint } from "../../../../server/gateway/plugins/manifest-endpoint.ts";
import { restRelay } from "../../../../server/gateway/plugins/rest-relay.ts";
import {
  type BlockedIpGuardOptions,
  blockedIpGuard,
  sessionEndpoints,
} from "../../../../server/gateway/plugins/session.ts";
import { productRelayPolicy } from "../../../../server/gateway/relay/relayed-calls.ts";
import {
  createGatewaySession,
  type GatewaySession,
  type GatewaySessionOptions,
} from "../../../../server/gateway/session/gateway-session.ts";
import { IN_MEMORY } from "../../../../server/gateway/session/sqlite-session-store.ts";
import { base32Decode } from "../../../../server/upstream/identity/totp.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../../server/upstream/seed/demo-accounts.ts";
import { LOCALES_DIR, MANIFESTS_DIR } from "../../../helpers/manifest-fixtures.ts";
import { type RunningUpstream, startUpstream, TestClock } from "../../upstream/upstream-fixture.ts";

export { DEMO_LOGINS, DEMO_PASSWORD };

/** A 48-byte test secret (never the development default). */
export const TEST_SECRET = "test-session-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

/** The real upstream with a clock starting now; the gateway shares the clock. */
export async function startRealUpstream(): Promise<RunningUpstream> {
  const clock = new TestClock();
  clock.ms = Date.now();
  return startUpstream({ clock, debug: true });
}

let manifestSetPromise: Promise<ManifestSet> | null = null;
/** The default manifests, loaded and validated once per test process. */
export function defaultManifests(): Promise<ManifestSet> {
  manifestSetPromise ??= loadLocaleKeys(LOCALES_DIR).then((keys) => loadManifestSet(MANIFESTS_DIR, keys));
  return manifestSetPromise;
}

let basePromise: Promise<BaseConfiguration> | null = null;
/** The shipped manifests and locales as the configuration plane's base, loaded once per test process. */
export function defaultBase(): Promise<BaseConfiguration> {
  basePromise ??= loadBaseConfiguration(MANIFESTS_DIR, LOCALES_DIR);
  return basePromise;
}

/** A running test gateway. */
export interface TestGateway {
  app: FastifyInstance;
  url: string;
  session: GatewaySession;
  /** The configuration plane serving its manifests (an in-memory store). */
  plane: ConfigPlane;
  close(): Promise<void>;
}

/** What a test may change of the gateway. */
export interface TestGatewayOptions {
  session?: Partial<GatewaySessionOptions>;
  /** The signup switch app.ts derives from the upstream (default closed, as the shell manifest says). */
  signupAllowed?: boolean;
  blockedIps?: Omit<BlockedIpGuardOptions, "appBase">;
  onSessionEnded?: (sessionId: string) => void;
  onIdentityChanged?: (sessionId: string, token: string) => void;
}

/** Starts a gateway in front of `upstream`, wired as app.ts wires the session. */
export async function startGateway(
  upstream: RunningUpstream,
  options: TestGatewayOptions = {},
): Promise<TestGateway> {
  const appBase = `${upstream.baseUrl}/api/`;
  const manifests = await defaultManifests();
  const session = createGatewaySession({
    upstreamAppBase: appBase,
    secret: TEST_SECRET,
    store: { sqliteFile: IN_MEMORY },
    now: () => upstream.clock.ms,
    ...options.session,
  });
  const app = Fastify({ logger: false, trustProxy: false });
  const store = new SqliteConfigStore(IN_MEMORY);
  const plane = await ConfigPlane.open({ store, base: await defaultBase(), log: app.log });
  if (options.blockedIps) await app.register(blockedIpGuard, { appBase, ...options.blockedIps });
  app.addHook("onRequest", session.csrfGuard);
  await app.register(sessionEndpoints, {
    session,
    signupAllowed: () => options.signupAllowed ?? manifests.shell.signupAllowed === true,
    onSessionEnded: options.onSessionEnded,
    onIdentityChanged: options.onIdentityChanged,
  });
  await app.register(manifestEndpoint, {
    version: manifestSetVersion(manifests as unknown as Record<string, unknown>),
    configuration: plane,
    audienceOf: session.audienceOf,
  });
  await app.register(restRelay, {
    upstream: { appBase, webservicesBase: `${upstream.baseUrl}/ws/` },
    identityOf: session.identityOf,
    policy: productRelayPolicy(),
  });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    app,
    url,
    session,
    plane,
    close: async () => {
      await app.close();
      await plane.close();
      await store.close();
    },
  };
}

/** A response with its JSON body parsed (null when none). */
export interface BrowserReply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response JSON ad hoc; assertions check the shapes
  body: any;
}

/** How a request deviates from what the runtime sends. */
export interface SendOptions {
  /** Send the X-Tessera-CSRF header from the jar (default true). */
  csrf?: boolean | string;
  /** The Origin header (default: the gateway's own origin on state-changing requests; null: none). */
  origin?: string | null;
  headers?: Record<string, string>;
  /** A raw body (sent as is, with the given content type). */
  raw?: { body: string; type: string };
}

/** A browser: a cookie jar bound to the gateway's origin. */
export class Browser {
  readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async send(method: string, path: string, body?: unknown, options: SendOptions = {}): Promise<BrowserReply> {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    const cookies = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookies) headers.cookie = cookies;
    const stateChanging = method !== "GET" && method !== "HEAD";
    if (stateChanging) {
      const origin = options.origin === undefined ? new URL(this.baseUrl).origin : options.origin;
      if (origin !== null) headers.origin = origin;
      const csrf = options.csrf ?? true;
      const token = typeof csrf === "string" ? csrf : csrf ? this.jar.get("tessera_csrf") : undefined;
      if (token !== undefined) headers["x-tessera-csrf"] = token;
    }
    let payload: string | undefined;
    if (options.raw) {
      payload = options.raw.body;
      headers["content-type"] = options.raw.type;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      if (attributes.some((a) => /^\s*max-age=0$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    return {
      status: response.status,
      headers: response.headers,
      body: type.includes("json") && text ? JSON.parse(text) : text || null,
    };
  }

  get(path: string, options?: SendOptions) {
    return this.send("GET", path, undefined, options);
  }

  post(path: string, body?: unknown, options?: SendOptions) {
    return this.send("POST", path, body, options);
  }

  /** GET /gw/session once, as the runtime does on boot: the CSRF cookie arrives with it. */
  async open(): Promise<this> {
    await this.get("/gw/session");
    return this;
  }
}

/** A fresh browser that has loaded the app (holds a CSRF cookie). */
export function browser(gateway: TestGateway): Promise<Browser> {
  return new Browser(gateway.url).open();
}

/** The demo login names. */
export type DemoUser = keyof typeof DEMO_LOGINS;

/** Signs a demo user in through the gateway's password login (no second factor). */
export async function signInAs(gateway: TestGateway, who: DemoUser): Promise<Browser> {
  const client = await browser(gateway);
  const login = DEMO_LOGINS[who];
  const reply = await client.post("/gw/session/login", {
    domain: login.domain,
    email: login.email,
    password: DEMO_PASSWORD,
  });
  if (reply.status !== 200 || !reply.body?.user) {
    throw new Error(`gateway sign-in of ${who} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return client;
}

/** The RFC 6238 code of a base32 secret at `atMs` (SHA-1, 6 digits, 30 s steps). */
export function totpAt(secretBase32: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const digest = createHmac("sha1", base32Decode(secretBase32)).update(counter).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}

/** The port a test gateway listens on. */
export function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}
