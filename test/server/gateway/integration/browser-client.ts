/**
 * A browser as the gateway sees it: a cookie jar holding what the gateway sets (`tessera_session`,
 * `tessera_csrf`), the product's Origin and the `X-Tessera-CSRF` header on state-changing calls (as
 * the runtime sends them), JSON, multipart and raw bodies, and answers read as bytes and JSON.
 * Everything can be left out or forged, to play the attacker too.
 */
import http from "node:http";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../../server/upstream/seed/demo-accounts.ts";
import { PUBLIC_ORIGIN } from "./integration-fixture.ts";

export { DEMO_LOGINS, DEMO_PASSWORD };

/** A demo login name (README "Demo accounts"). */
export type DemoUser = keyof typeof DEMO_LOGINS;

/** An answer: status, headers, the body's bytes and, for a JSON body, its value. */
export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: upstream JSON is read field by field in assertions
  json: any;
}

/** How a request differs from what the runtime would send. */
export interface RequestOptions {
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (the browser's FormData: `file[]` uploads). */
  form?: FormData;
  /** A body sent as is, with its content type. */
  raw?: { body: string | Buffer; type: string };
  headers?: Record<string, string>;
  /** The CSRF header: the jar's token (default), none (false) or a forged value. */
  csrf?: boolean | string;
  /** The Origin header: PUBLIC_ORIGIN (default), null (none) or another origin. */
  origin?: string | null;
  /** Send the jar's cookies (default true). */
  cookies?: boolean;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A cookie-jar client bound to one gateway. */
export class BrowserClient {
  readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The `Cookie` header the jar sends. */
  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: "application/json, */*", ...options.headers };
    if (options.cookies !== false && this.jar.size > 0) headers.cookie = this.cookieHeader();
    if (STATE_CHANGING.has(method)) {
      const origin = options.origin === undefined ? PUBLIC_ORIGIN : options.origin;
      if (origin !== null) headers.origin = origin;
      const csrf = options.csrf ?? true;
      const token = typeof csrf === "string" ? csrf : csrf ? this.jar.get("tessera_csrf") : undefined;
      if (token !== undefined) headers["x-tessera-csrf"] = token;
    }
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] = "application/json";
    } else if (options.form) {
      body = options.form;
    } else if (options.raw) {
      body = options.raw.body as BodyInit;
      headers["content-type"] = options.raw.type;
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    this.keepCookies(response.headers.getSetCookie());
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "";
    const json = type.includes("json") && bytes.length > 0 ? JSON.parse(bytes.toString("utf8")) : null;
    return { status: response.status, headers: response.headers, bytes, json };
  }

  get(path: string, options?: RequestOptions) {
    return this.request("GET", path, options);
  }
  post(path: string, json?: unknown, options?: RequestOptions) {
    return this.request("POST", path, { ...options, json });
  }
  put(path: string, json?: unknown, options?: RequestOptions) {
    return this.request("PUT", path, { ...options, json });
  }
  delete(path: string, options?: RequestOptions) {
    return this.request("DELETE", path, options);
  }

  /** Loads the app as the runtime does on boot: GET /gw/session, which sets the CSRF cookie. */
  async open(): Promise<this> {
    await this.get("/gw/session");
    if (!this.jar.has("tessera_csrf")) throw new Error("the gateway set no tessera_csrf cookie");
    return this;
  }

  /** Password login through the gateway (no second factor); throws unless signed in. */
  async signIn(who: DemoUser): Promise<this> {
    if (!this.jar.has("tessera_csrf")) await this.open();
    const login = DEMO_LOGINS[who];
    const answer = await this.post("/gw/session/login", {
      domain: login.domain,
      email: login.email,
      password: DEMO_PASSWORD,
    });
    if (answer.status !== 200 || !answer.json?.user) {
      throw new Error(`sign-in of ${who} failed: ${answer.status} ${answer.bytes.toString().slice(0, 300)}`);
    }
    return this;
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

/** A chat attachment of `bytes` bytes (all 0x5a) in the browser's multipart form (`file[]`, §7). */
export function chatAttachment(bytes: number, name = "screen.png"): FormData {
  const form = new FormData();
  form.append("Page", "/dashboards");
  form.append("file[]", new Blob([Buffer.alloc(bytes, 0x5a)], { type: "image/png" }), name);
  return form;
}

/** A signed-in browser for `who`. */
export function signedIn(baseUrl: string, who: DemoUser): Promise<BrowserClient> {
  return new BrowserClient(baseUrl).signIn(who);
}

/**
 * A request line sent byte for byte (fetch would normalise `..`, `%2e` and backslashes away):
 * the target as given, the headers as given.
 */
export function rawRequest(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: target, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
