/**
 * The gateway's own calls to the upstream for the session endpoints (login, token login,
 * impersonation, LoggedInConfig, …): undici with keep-alive and explicit connect, headers and body
 * timeouts, one attempt each (none of these calls may be repeated blindly), bounded response bodies.
 * Transport failures become the relay's failures (502/504 with a gateway code), never the address.
 */
import { Agent, type Dispatcher, request } from "undici";
import { classifyUpstreamError, RELAY_FAILURES, type RelayFailure } from "../relay/relay-failure.ts";

/** Time to connect to the upstream. */
export const AUTH_CONNECT_TIMEOUT_MS = 5_000;
/** Time until the upstream's response headers (password hashing takes a while). */
export const AUTH_HEADERS_TIMEOUT_MS = 15_000;
/** Longest silence inside a response body. */
export const AUTH_BODY_TIMEOUT_MS = 15_000;
/** Largest response body read (LoggedInConfig is a few kB). */
export const AUTH_MAX_RESPONSE_BYTES = 1024 * 1024;

/** An upstream answer: its status and its parsed JSON body (null when empty or not JSON). */
export interface UpstreamReply {
  status: number;
  body: unknown;
}

/** A call that got no usable answer; `failure` says what the browser is told. */
export class UpstreamCallError extends Error {
  constructor(readonly failure: RelayFailure) {
    super(failure.message);
    this.name = "UpstreamCallError";
  }
}

/** Options of one call. */
export interface AuthCallOptions {
  body?: unknown;
  bearerToken?: string | null;
  /** The browser's address, sent as X-Forwarded-For when the client forwards it. */
  clientIp?: string;
}

/** Calls paths under the upstream's application base. */
export class UpstreamAuthClient {
  readonly #base: URL;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  /** Whether calls carry the browser's address as X-Forwarded-For (for the upstream's own login blocking). */
  readonly forwardClientIp: boolean;

  constructor(appBase: string, options: { dispatcher?: Dispatcher; forwardClientIp?: boolean } = {}) {
    this.#base = new URL(appBase.endsWith("/") ? appBase : `${appBase}/`);
    if (this.#base.protocol !== "http:" && this.#base.protocol !== "https:") {
      throw new TypeError("UpstreamAuthClient: the application base must be an http(s) URL");
    }
    this.#ownsDispatcher = !options.dispatcher;
    this.#dispatcher =
      options.dispatcher ??
      new Agent({
        connect: { timeout: AUTH_CONNECT_TIMEOUT_MS },
        headersTimeout: AUTH_HEADERS_TIMEOUT_MS,
        bodyTimeout: AUTH_BODY_TIMEOUT_MS,
        keepAliveTimeout: 4_000,
      });
    this.forwardClientIp = options.forwardClientIp ?? false;
  }

  /** GET or POST `path` (relative to the application base, e.g. `Login/TwoFactor`). */
  async call(method: "GET" | "POST", path: string, options: AuthCallOptions = {}): Promise<UpstreamReply> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.bearerToken) headers.authorization = `Bearer ${options.bearerToken}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (this.forwardClientIp && options.clientIp) headers["x-forwarded-for"] = options.clientIp;
    let response: Dispatcher.ResponseData;
    try {
      response = await request(new URL(path, this.#base), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        dispatcher: this.#dispatcher,
      });
    } catch (error) {
      throw new UpstreamCallError(classifyUpstreamError(error));
    }
    const text = await this.#readBody(response);
    let body: unknown = null;
    const type = String(response.headers["content-type"] ?? "");
    if (text.length > 0 && type.includes("json")) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: response.statusCode, body };
  }

  async #readBody(response: Dispatcher.ResponseData): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > AUTH_MAX_RESPONSE_BYTES) {
          response.body.destroy();
          throw new UpstreamCallError(RELAY_FAILURES.UpstreamBadResponse);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if (error instanceof UpstreamCallError) throw error;
      throw new UpstreamCallError(classifyUpstreamError(error));
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  /** Closes the connection pool (when this client created it). */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }
}
