/**
 * The data of a preview as a user (DESIGN.md §3 "previewed as a given role/account"; README.md beside
 * this file, `GET /gw/config/preview/accounts/{a}/users/{u}/api/…`): the studio draws the user's first
 * screen, and its reads reach the upstream's application base as that user — through a read-only
 * session the upstream issues to the staff member for that one user of that one account
 * (`POST Admin/Configuration/PreviewSession`, with the staff member's own upstream token, so the
 * upstream checks their Configuration Read itself and audits it).
 *
 * The gateway is the trust boundary (DESIGN.md §4): only GET is relayed (the route refuses the rest,
 * and the upstream refuses a read-only session any other method), only to the call families the
 * browser's own relay forwards (relayed-calls.ts), with the same path checks; the session's token
 * stays here, kept per staff session, account and user until shortly before it ends; the answer is
 * JSON only, its status and body, never the upstream's headers.
 */
import type { FastifyBaseLogger } from "fastify";
import { parseUpstreamBase, relayTarget, type UpstreamBase } from "../relay/relay-path.ts";
import type { RelayPolicy } from "../relay/relay-policy.ts";
import { grantFrom } from "../session/session-data.ts";
import { ConfigPlaneError } from "./config-errors.ts";

/** The upstream call that issues a preview's read-only session, relative to the application base. */
export const PREVIEW_SESSION_PATH = "Admin/Configuration/PreviewSession";
/** Largest answer relayed to a preview (a screen's list page is far smaller). */
export const PREVIEW_DATA_MAX_BYTES = 4 * 1024 * 1024;
/** Longest wait for the upstream's answer: a staff member waits on the drawing. */
export const PREVIEW_DATA_TIMEOUT_MS = 10_000;
/** A kept session is not used within this margin of its end: a new one is asked for instead. */
export const PREVIEW_SESSION_MARGIN_MS = 30_000;
/** Most preview sessions kept at once; the oldest goes first. */
export const PREVIEW_SESSIONS_KEPT = 256;

/** The staff member a preview's read is for: their gateway session and their upstream token. */
export interface PreviewStaff {
  name: string;
  /** The gateway session's key: a preview session is kept for it alone. */
  sessionKey: string;
  bearerToken: string;
}

/** What the browser gets: the upstream's status and JSON body. */
export interface PreviewDataAnswer {
  status: number;
  body: Buffer;
}

/** Options of `PreviewData`. */
export interface PreviewDataOptions {
  /** The upstream application base, e.g. `http://127.0.0.1:5180/api/`. */
  appBase: string;
  /** The browser relay's policy: a preview reads only what a browser could call. */
  policy: RelayPolicy;
  log: FastifyBaseLogger;
  now?: () => number;
  timeoutMs?: number;
}

interface KeptSession {
  token: string;
  expiresAt: number;
}

/** An upstream answer read whole, up to a limit. */
interface UpstreamAnswer {
  status: number;
  type: string;
  body: Buffer;
}

/** Relays a preview's reads as the previewed user. */
export class PreviewData {
  readonly #base: UpstreamBase;
  readonly #sessions = new Map<string, KeptSession>();
  readonly #now: () => number;

  constructor(private readonly options: PreviewDataOptions) {
    this.#base = parseUpstreamBase(options.appBase);
    this.#now = options.now ?? (() => Date.now());
  }

  /**
   * GET `rawUrl` (the request target, still percent-encoded, with its query) under `prefix` as user
   * `userRecId` of account `accountRecId`. Refused with a ConfigPlaneError: a path the browser relay
   * would refuse or does not relay (400), a user the upstream does not find in that account (404), a
   * staff member or user it will not preview (403), an upstream that cannot answer (503).
   */
  async read(
    staff: PreviewStaff,
    accountRecId: number,
    userRecId: number,
    rawUrl: string,
    prefix: string,
  ): Promise<PreviewDataAnswer> {
    const target = relayTarget(rawUrl, prefix, this.#base);
    const queryAt = rawUrl.indexOf("?");
    const path = rawUrl.slice(prefix.length, queryAt === -1 ? rawUrl.length : queryAt);
    const decision = target.ok ? this.options.policy.decide("app", "GET", path) : null;
    if (!target.ok || !decision?.relay) {
      throw new ConfigPlaneError(
        400,
        "ConfigBadRequest",
        "A preview reads only what the product's screens read.",
        {
          path,
        },
      );
    }
    const url = `${target.origin}${target.path}`;
    const key = `${staff.sessionKey} ${accountRecId} ${userRecId}`;
    let kept = this.#kept(key);
    let fresh = false;
    if (!kept) {
      kept = await this.#start(staff, accountRecId, userRecId, key);
      fresh = true;
    }
    let answer = await this.#get(url, kept.token);
    // The upstream ended the kept session (its staff session ended, or the upstream restarted): once more.
    if (answer.status === 401 && !fresh) {
      this.#sessions.delete(key);
      kept = await this.#start(staff, accountRecId, userRecId, key);
      answer = await this.#get(url, kept.token);
    }
    this.options.log.info(
      { preview: { staff: staff.name, accountRecId, userRecId, path, status: answer.status } },
      "preview read as a user",
    );
    if (answer.status === 401) {
      this.#sessions.delete(key);
      throw unavailable("The preview's session was refused by the upstream.");
    }
    if (!answer.type.includes("json")) throw unavailable("The upstream did not answer with JSON.");
    return { status: answer.status, body: answer.body };
  }

  /** Forgets every session kept for a gateway session (it ended). */
  forget(sessionKey: string): void {
    for (const key of this.#sessions.keys()) if (key.startsWith(`${sessionKey} `)) this.#sessions.delete(key);
  }

  #kept(key: string): KeptSession | null {
    const kept = this.#sessions.get(key);
    if (!kept) return null;
    if (kept.expiresAt - PREVIEW_SESSION_MARGIN_MS > this.#now()) return kept;
    this.#sessions.delete(key);
    return null;
  }

  async #start(
    staff: PreviewStaff,
    accountRecId: number,
    userRecId: number,
    key: string,
  ): Promise<KeptSession> {
    const url = new URL(PREVIEW_SESSION_PATH, `${this.#base.origin}${this.#base.pathname}`).href;
    let answer: UpstreamAnswer;
    try {
      answer = await this.#call(url, staff.bearerToken, {
        method: "POST",
        body: JSON.stringify({ AccountRecId: accountRecId, UserRecId: userRecId }),
      });
    } catch (error) {
      this.options.log.warn({ preview: { reason: (error as Error).name } }, "preview session: no answer");
      throw unavailable("The upstream could not start the preview's session.");
    }
    if (answer.status === 404) {
      throw new ConfigPlaneError(
        404,
        "ConfigNotFound",
        `There is no user ${userRecId} in account ${accountRecId}.`,
        {
          userRecId,
          accountRecId,
        },
      );
    }
    if (answer.status === 401 || answer.status === 403) {
      throw new ConfigPlaneError(
        403,
        "ConfigNotAllowed",
        "The upstream does not let this staff member preview this user's data.",
        { userRecId },
      );
    }
    const grant = answer.status === 200 ? grantFrom(parsed(answer.body)) : null;
    if (!grant) {
      this.options.log.warn({ preview: { status: answer.status } }, "preview session: refused");
      throw unavailable("The upstream could not start the preview's session.");
    }
    const kept = { token: grant.token, expiresAt: Math.min(grant.expiresAt, grant.absoluteExpiresAt) };
    if (this.#sessions.size >= PREVIEW_SESSIONS_KEPT) {
      const oldest = this.#sessions.keys().next().value;
      if (oldest !== undefined) this.#sessions.delete(oldest);
    }
    this.#sessions.set(key, kept);
    return kept;
  }

  async #get(url: string, token: string): Promise<UpstreamAnswer> {
    try {
      return await this.#call(url, token, { method: "GET" });
    } catch (error) {
      const name = (error as Error).name;
      this.options.log.warn({ preview: { reason: name } }, "preview read: no answer");
      throw unavailable(
        name === "TooLarge"
          ? "The upstream's answer is too large for a preview."
          : "The upstream did not answer.",
      );
    }
  }

  /** One upstream call, its body read whole up to PREVIEW_DATA_MAX_BYTES; no redirect is followed. */
  async #call(
    url: string,
    token: string,
    init: { method: "GET" | "POST"; body?: string },
  ): Promise<UpstreamAnswer> {
    const response = await fetch(url, {
      method: init.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(this.options.timeoutMs ?? PREVIEW_DATA_TIMEOUT_MS),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > PREVIEW_DATA_MAX_BYTES) {
        await reader.cancel().catch(() => {});
        throw Object.assign(new Error("answer too large"), { name: "TooLarge" });
      }
      chunks.push(Buffer.from(part.value));
    }
    return {
      status: response.status,
      type: response.headers.get("content-type") ?? "",
      body: Buffer.concat(chunks),
    };
  }
}

function unavailable(message: string): ConfigPlaneError {
  return new ConfigPlaneError(503, "ConfigUpstreamUnavailable", message);
}

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
}
