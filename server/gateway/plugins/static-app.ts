import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic, { type FastifyStaticOptions } from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RoutesManifest } from "../../../schemas/routes.ts";
import { answerNotFound } from "../errors/error-answers.ts";
import { cookieToken, SESSION_COOKIE_NAME } from "../security/cookies.ts";
import { createFirstScreenPreloader, isScreenChunksFile } from "./first-screen-preload.ts";
import { type HelpHost, helpModeIndex, isHelpHost } from "./help-mode.ts";

/**
 * How the content-hashed assets under /assets/ are served: immutable, without validators, the
 * build's .br/.gz copies (scripts/build-compress.ts) chosen by Accept-Encoding. The shell benchmark
 * serves its reference page the same way (scripts/bench/shell/static-server.ts).
 */
export function hashedAssetOptions(root: string): FastifyStaticOptions {
  return {
    root,
    prefix: "/assets/",
    index: false,
    wildcard: true,
    cacheControl: false,
    etag: false,
    lastModified: false,
    preCompressed: true,
    setHeaders(res) {
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("Vary", "Accept-Encoding");
    },
  };
}

/** The build's chunks per screen kind (scripts/build.ts), next to index.html. */
const SCREEN_CHUNKS_FILE = "screen-chunks.json";

/** The build's screen chunk list, or null when the build wrote none (the pages then preload nothing). */
async function readScreenChunks(distDir: string) {
  let text: string;
  try {
    text = await readFile(join(distDir, SCREEN_CHUNKS_FILE), "utf8");
  } catch {
    return null;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isScreenChunksFile(parsed)) throw new Error(`${SCREEN_CHUNKS_FILE}: not the shape the build writes`);
  return parsed;
}

/**
 * Prefixes that never fall back to the SPA's index. /legacy/ is the legacy application's (§2.3),
 * routed to it by a reverse proxy where one exists: answering it with the app would frame the app
 * inside itself.
 */
const NON_APP_PREFIXES = ["/api/", "/webservices/", "/gw/", "/assets/", "/legacy/"];
/** Exact paths that are not in-app pages (bare /api is not: it is the API keys screen, §2.2). */
const NON_APP_PATHS = new Set(["/healthz", "/readyz"]);

function wantsAppPage(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?")[0] ?? "/";
  if (NON_APP_PATHS.has(path) || NON_APP_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return true;
}

/** Options: the built runtime's folder, the hosts that get help mode (HELP_HOSTS), the routes. */
export interface StaticAppOptions {
  distDir: string;
  helpHosts?: readonly HelpHost[];
  /** The manifest's routes: each page preloads the chunks of the screen its path opens. */
  routes?: RoutesManifest;
}

/**
 * Serves the built runtime: content-hashed assets as immutable, and index.html
 * (never cached) for every in-app path, so deep links work. A help host gets the
 * help-mode index (§1 help mode; plugins/help-mode.ts), so the index varies by Host.
 */
export async function staticApp(app: FastifyInstance, options: StaticAppOptions): Promise<void> {
  const indexHtml = await readFile(join(options.distDir, "index.html"));
  const helpHosts = options.helpHosts ?? [];
  const helpIndexHtml = Buffer.from(helpModeIndex(indexHtml.toString("utf8")));
  const screenChunks = options.routes ? await readScreenChunks(options.distDir) : null;
  const preload =
    options.routes && screenChunks ? createFirstScreenPreloader(options.routes, screenChunks) : null;
  await app.register(fastifyStatic, hashedAssetOptions(join(options.distDir, "assets")));
  app.setNotFoundHandler((request, reply) => {
    if (!wantsAppPage(request)) return answerNotFound(request, reply);
    const help = isHelpHost(request.headers.host, helpHosts);
    const page = help ? helpIndexHtml : indexHtml;
    const pathname = request.url.split("?")[0] ?? "/";
    const signedIn = Boolean(cookieToken(request, SESSION_COOKIE_NAME));
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .header("Vary", "Host, Cookie")
      .send(preload ? preload(page, help ? "help" : "app", pathname, signedIn) : page);
  });
}
