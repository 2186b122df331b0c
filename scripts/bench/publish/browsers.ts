/**
 * The benchmark's browsers: signed-in gateway sessions (one per browser, a cookie jar and the
 * browser's own keep-alive connection pool) and their tabs on `/gw/hub`, each behaving as the
 * runtime does (runtime/config/page-config.ts, live-config.ts): it reports what it runs on every
 * connect, answers pings, and on `manifestPublished` fetches `GET /gw/manifest`, then the texts of
 * its language named in `manifest.texts`, and sends `applied`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type Dispatcher, Pool } from "undici";
import WebSocket from "ws";
import { SCHEMA_DIGESTS } from "../../../schemas/generated/schema-digests.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../server/upstream/seed/demo-accounts.ts";
import { ROOT } from "../bench-paths.ts";
import { PUBLISH_BENCH_ORIGIN } from "./bench-constants.ts";

/** A demo login name. */
export type DemoUser = keyof typeof DEMO_LOGINS;

/** Connections a browser keeps to one origin over HTTP/1.1 (Chromium's and Firefox's limit). */
const CONNECTIONS_PER_BROWSER = 6;
/** How long a browser keeps an idle connection open (Chromium: 5 minutes); undici's default is 4 s. */
const BROWSER_KEEP_ALIVE_MS = 300_000;
/** What a browser sends as Accept-Encoding. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
/** A tab that does not reach `connected` within this long fails the run. */
const TAB_CONNECT_LIMIT_MS = 30_000;

/** A signed-in browser: its cookies, its language, its account and its connection pool. */
export interface BenchBrowser {
  who: DemoUser;
  /** The `Cookie` header (tessera_session and tessera_csrf). */
  cookie: string;
  csrf: string;
  language: string;
  accountRecId: number;
  pool: Pool;
}

function keepCookies(jar: Map<string, string>, lines: readonly string[]): void {
  for (const line of lines) {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    const value = pair.slice(at + 1).trim();
    if (value === "") jar.delete(pair.slice(0, at).trim());
    else jar.set(pair.slice(0, at).trim(), value);
  }
}

const setCookies = (headers: Record<string, string | string[] | undefined>): string[] => {
  const value = headers["set-cookie"];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/** Reads a whole answer body. */
export async function bodyBytes(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The most a drained body may hold: undici's `dump()` closes the connection above its limit (128 KiB
 * by default).
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/** Reads a whole answer body without keeping it. */
export async function drain(body: Dispatcher.ResponseData["body"]): Promise<void> {
  await body.dump({ limit: DRAIN_LIMIT_BYTES });
}

/** Signs `who` in as the runtime does: `GET /gw/session` (the CSRF cookie), then the login call. */
export async function signIn(gatewayUrl: string, who: DemoUser): Promise<BenchBrowser> {
  const pool = new Pool(gatewayUrl, {
    connections: CONNECTIONS_PER_BROWSER,
    keepAliveTimeout: BROWSER_KEEP_ALIVE_MS,
    keepAliveMaxTimeout: BROWSER_KEEP_ALIVE_MS,
  });
  const jar = new Map<string, string>();
  const first = await pool.request({
    method: "GET",
    path: "/gw/session",
    headers: { accept: "application/json" },
  });
  await bodyBytes(first.body);
  keepCookies(jar, setCookies(first.headers));
  const csrf = jar.get("tessera_csrf");
  if (!csrf) throw new Error("the gateway set no tessera_csrf cookie");
  const login = DEMO_LOGINS[who];
  const answer = await pool.request({
    method: "POST",
    path: "/gw/session/login",
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      origin: PUBLISH_BENCH_ORIGIN,
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
      "x-tessera-csrf": csrf,
    },
    body: JSON.stringify({ domain: login.domain, email: login.email, password: DEMO_PASSWORD }),
  });
  const text = (await bodyBytes(answer.body)).toString("utf8");
  keepCookies(jar, setCookies(answer.headers));
  const user =
    answer.statusCode === 200
      ? (JSON.parse(text) as { user?: { User?: Record<string, unknown> } }).user?.User
      : undefined;
  if (!user) throw new Error(`sign-in of ${who} failed: ${answer.statusCode} ${text.slice(0, 200)}`);
  return {
    who,
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    csrf: jar.get("tessera_csrf") ?? csrf,
    language: String(user.LanguageCode ?? "en"),
    accountRecId: Number(user.AccountRecId),
    pool,
  };
}

/** A JSON call of a signed-in browser (state-changing ones with Origin and the CSRF header). */
export async function call(
  browser: BenchBrowser,
  method: "GET" | "POST",
  path: string,
  json?: unknown,
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { accept: "application/json", cookie: browser.cookie };
  if (method === "POST") {
    headers.origin = PUBLISH_BENCH_ORIGIN;
    headers["x-tessera-csrf"] = browser.csrf;
    headers["content-type"] = "application/json";
  }
  const answer = await browser.pool.request({
    method,
    path,
    headers,
    body: method === "POST" ? JSON.stringify(json ?? {}) : undefined,
  });
  const bytes = await bodyBytes(answer.body);
  return { status: answer.statusCode, json: bytes.length > 0 ? JSON.parse(bytes.toString("utf8")) : null };
}

/** What the tabs report they run: the runtime's registered renderer and dialog kinds. */
function registeredKinds(file: string, pattern: RegExp): string[] {
  const source = readFileSync(join(ROOT, file), "utf8");
  return [...new Set([...source.matchAll(pattern)].map((match) => match[1] as string))].sort();
}
const RENDERERS = registeredKinds(
  "runtime/renderers/screen-registry.ts",
  /register(?:Loaded)?\("([A-Za-z0-9_.:-]+)"/g,
);
const DIALOGS = registeredKinds("runtime/dialogs/dialog-registry.ts", /register\("([A-Za-z0-9_.:-]+)"/g);
const BUILD = "bench-publish";

/**
 * What a manifest names, by ETag. The ETag names the bytes, so tabs that get the same body share one
 * parse: 1,000 parses of ~55 KB would be the load generator's CPU, which a real browser spends on its
 * own machine, not the gateway's.
 */
const parsedManifests = new Map<string, { configVersion: number; texts: Record<string, string> }>();

/** The body as the browser decodes it (the gateway compresses the manifest for a browser that accepts it). */
function decoded(bytes: Buffer, encoding: unknown): Buffer {
  if (encoding === "br") return brotliDecompressSync(bytes);
  if (encoding === "gzip") return gunzipSync(bytes);
  return bytes;
}

function readManifest(etag: string, bytes: Buffer): { configVersion: number; texts: Record<string, string> } {
  const manifest = JSON.parse(bytes.toString("utf8")) as {
    configVersion: number;
    texts: Record<string, string>;
  };
  const read = { configVersion: manifest.configVersion, texts: manifest.texts };
  parsedManifests.set(etag, read);
  return read;
}

/** When one tab reached each step of applying a publication (performance.now(), ms). */
export interface TabMarks {
  event: number;
  manifest: number;
  texts: number;
  applied: number;
  /** False when the texts came from the tab's cache (the same immutable address as before). */
  textsFetched: boolean;
  version: number;
}

/** A runtime tab on /gw/hub. */
export class BenchTab {
  socket: WebSocket | null = null;
  /** Texts addresses this tab already has: immutable, content-addressed, cached by the browser. */
  readonly #cachedTexts = new Set<string>();
  #manifestVersion: number | null = null;
  #busy = false;
  /** The newest published version this tab heard of: it asks for at least that one, as the runtime does. */
  #heard = 0;
  #again = false;
  /** Called with the marks of each publication the tab applied. */
  onApplied: (marks: TabMarks) => void = () => {};
  onFailed: (error: Error) => void = () => {};

  private constructor(readonly browser: BenchBrowser) {}

  /** Opens a tab that loaded the current manifest and texts (a page after boot); resolves once connected. */
  static async open(browser: BenchBrowser, hubUrl: string): Promise<BenchTab> {
    const tab = new BenchTab(browser);
    await tab.#boot(hubUrl);
    return tab;
  }

  async #boot(hubUrl: string): Promise<void> {
    const { version } = await this.#fetchManifestAndTexts();
    this.#manifestVersion = version;
    const socket = new WebSocket(hubUrl, {
      headers: { cookie: this.browser.cookie, origin: PUBLISH_BENCH_ORIGIN },
      perMessageDeflate: false,
    });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error("tab not connected in time")), TAB_CONNECT_LIMIT_MS);
      socket.once("error", reject);
      socket.once("unexpected-response", (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
      socket.once("open", () =>
        socket.send(
          JSON.stringify({
            t: "report",
            build: BUILD,
            manifestVersion: this.#manifestVersion,
            renderers: RENDERERS,
            dialogs: DIALOGS,
            schemas: SCHEMA_DIGESTS,
          }),
        ),
      );
      socket.on("message", (data) => {
        const frame = JSON.parse(String(data)) as {
          t: string;
          upstream?: string;
          hub?: string;
          target?: string;
          args?: { version?: number }[];
        };
        if (frame.t === "ping") socket.send('{"t":"pong"}');
        else if (frame.t === "status" && frame.upstream === "connected") {
          clearTimeout(limit);
          resolve();
        } else if (frame.t === "event" && frame.hub === "gateway" && frame.target === "manifestPublished") {
          this.#heard = Math.max(this.#heard, frame.args?.[0]?.version ?? 0);
          this.#published(performance.now());
        }
      });
    });
  }

  /** One publication at a time, ending on the newest (runtime/config/config-queue.ts). */
  #published(at: number): void {
    if (this.#busy) {
      this.#again = true;
      return;
    }
    this.#busy = true;
    void this.#apply(at)
      .catch((error: unknown) => this.onFailed(error as Error))
      .finally(() => {
        this.#busy = false;
        if (this.#again) {
          this.#again = false;
          this.#published(performance.now());
        }
      });
  }

  async #apply(event: number): Promise<void> {
    const { version, manifestAt, textsAt, textsFetched } = await this.#fetchManifestAndTexts();
    this.socket?.send(`{"t":"applied","version":${version}}`);
    const applied = performance.now();
    this.#manifestVersion = version;
    this.onApplied({ event, manifest: manifestAt, texts: textsAt, applied, textsFetched, version });
  }

  async #fetchManifestAndTexts() {
    const headers = {
      accept: "application/json",
      "accept-encoding": BROWSER_ACCEPT_ENCODING,
      cookie: this.browser.cookie,
    };
    const path = this.#heard > 0 ? `/gw/manifest?atLeast=${this.#heard}` : "/gw/manifest";
    const answer = await this.browser.pool.request({ method: "GET", path, headers });
    const etag = String(answer.headers.etag);
    const known = parsedManifests.get(etag);
    if (known) await drain(answer.body);
    const manifest =
      known ?? readManifest(etag, decoded(await bodyBytes(answer.body), answer.headers["content-encoding"]));
    if (answer.statusCode !== 200) throw new Error(`GET /gw/manifest: ${answer.statusCode}`);
    const manifestAt = performance.now();
    const url = manifest.texts[this.browser.language] ?? manifest.texts.en;
    if (!url) throw new Error("the manifest names no texts");
    const textsFetched = !this.#cachedTexts.has(url);
    if (textsFetched) {
      const texts = await this.browser.pool.request({ method: "GET", path: url, headers });
      await drain(texts.body);
      if (texts.statusCode !== 200) throw new Error(`GET ${url}: ${texts.statusCode}`);
      this.#cachedTexts.add(url);
    }
    return { version: manifest.configVersion, manifestAt, textsAt: performance.now(), textsFetched };
  }

  close(): void {
    this.socket?.terminate();
  }
}
