/**
 * A product of a spec's own: the real buildApp in front of a fresh seeded embedded upstream, on a free
 * loopback port, serving the suite's runtime build — for specs that change what every user of the
 * gateway sees (maintenance, published configuration) and so must not share the suite's gateway.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, request } from "@playwright/test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../server/gateway/app.ts";
import { buildUpstream } from "../../../server/upstream/app.ts";
import { freePort } from "../../helpers/free-port.ts";
import type { Login } from "./demo-users.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/** The runtime build the suite's server made (scripts/e2e-server.ts, which honours E2E_DIST_DIR too). */
const E2E_DIST = resolve(root, process.env.E2E_DIST_DIR ?? join(".tmp", "e2e-dist"));

export interface OwnGateway {
  origin: string;
  close: () => Promise<void>;
}

/**
 * Starts the product on a free port; `manifestsDir` replaces the shipped manifests (default: the
 * repository's); `configFourEyes` holds every publication for another staff member's approval
 * (CONFIG_FOUR_EYES=1).
 */
export async function startOwnGateway(
  options: { manifestsDir?: string; configFourEyes?: boolean } = {},
): Promise<OwnGateway> {
  const work = await mkdtemp(join(tmpdir(), "tessera-own-gateway-"));
  // As `npm start` runs them: both halves share a service token (the upstream reads it from the
  // environment), so the gateway's service calls — preview as a user, role warnings — answer.
  process.env.UPSTREAM_SERVICE_TOKEN ??= randomBytes(32).toString("base64url");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const upstream = await buildUpstream({ dataDir: join(work, "upstream"), seed: true, publicUrl: origin });
  const upstreamUrl = (await upstream.listen({ host: "127.0.0.1", port: 0 })).replace(
    "localhost",
    "127.0.0.1",
  );
  let gateway: FastifyInstance | null = null;
  try {
    gateway = await buildApp({
      manifestsDir: options.manifestsDir ?? join(root, "manifests"),
      localesDir: join(root, "locales"),
      distDir: E2E_DIST,
      upstreamUrl,
      sessionSecret: "tessera-e2e-own-gateway-secret-0123456789abcdef",
      dataDir: ":memory:",
      publicOrigins: [origin],
      upstreamServiceToken: process.env.UPSTREAM_SERVICE_TOKEN,
      configFourEyes: options.configFourEyes === true,
      logger: false,
    });
    await gateway.listen({ host: "127.0.0.1", port });
  } catch (error) {
    await upstream.close();
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  const started = gateway;
  return {
    origin,
    close: async () => {
      await started.close();
      await upstream.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/** A signed-in API client of `origin` (an operator's tool, not a page): JSON calls with the CSRF header. */
// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field by the specs.
type Json = any;

export interface ApiClient {
  get(path: string): Promise<{ status: number; json: Json }>;
  send(method: "POST" | "PUT", path: string, body: unknown): Promise<{ status: number; json: Json }>;
  dispose(): Promise<void>;
}

/** Signs `login` in through /gw/session/login and returns a client carrying its cookies. */
export async function apiClientAs(origin: string, login: Login): Promise<ApiClient> {
  const context: APIRequestContext = await request.newContext({ baseURL: origin });
  await context.get("/gw/session");
  const csrf = async () =>
    (await context.storageState()).cookies.find((c) => c.name === "tessera_csrf")?.value ?? "";
  const signIn = await context.post("/gw/session/login", {
    data: { ...login, password: "tessera-demo" },
    headers: { "X-Tessera-CSRF": await csrf(), Origin: origin },
  });
  if (!signIn.ok()) throw new Error(`sign-in of ${login.email} failed: ${signIn.status()}`);
  const answer = async (response: Awaited<ReturnType<APIRequestContext["get"]>>) => ({
    status: response.status(),
    json: await response.json().catch(() => null),
  });
  return {
    get: async (path) => answer(await context.get(path)),
    send: async (method, path, body) =>
      answer(
        await context.fetch(path, {
          method,
          data: body,
          headers: { "X-Tessera-CSRF": await csrf(), Origin: origin, "Content-Type": "application/json" },
        }),
      ),
    dispose: () => context.dispose(),
  };
}
