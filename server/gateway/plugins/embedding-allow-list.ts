/**
 * The embedding allow-lists the gateway turns into CSP frame-ancestors (DESIGN.md §4 strict CSP;
 * without a list, none may frame): the upstream's service calls
 * `GET {webservices}/Gateway/Embedding/Account/{accountRecId}` and
 * `GET {webservices}/Gateway/Embedding/Share/{Type}/{code}` → `{ Origins }`, authorised by the
 * UPSTREAM_SERVICE_TOKEN, cached per account / share for EMBEDDING_TTL_MS (bounded). Anything but a
 * valid answer — no token, upstream down, unknown code — is the empty list: nobody may frame (fail
 * closed), and a failure is remembered only briefly.
 */
import type { FastifyBaseLogger } from "fastify";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import { AnswerCache, lookupJson } from "./answer-cache.ts";

/** How long an allow-list is served before the upstream is asked again. */
export const EMBEDDING_TTL_MS = 60_000;
/** How long a failed lookup is remembered (as the empty list) before it is tried again. */
export const EMBEDDING_FAILURE_TTL_MS = 5_000;
/** Accounts and share codes whose allow-list is held at once (each). */
export const EMBEDDING_CACHE_ENTRIES = 5_000;

/** The share page types of §2.1 and the upstream's link type for each. */
export const SHARE_TYPES = { v: "Dashboard", b: "Binder", ld: "LiveDoc" } as const;
/** A share page's upstream link type. */
export type ShareType = (typeof SHARE_TYPES)[keyof typeof SHARE_TYPES];

const SHARE_CODE = /^[A-Za-z0-9_-]{1,128}$/;

/** A looked-up list, and whether it is a real answer (failures are cached shorter). */
interface Looked {
  origins: readonly string[];
  failed: boolean;
}

/** Reads and caches allow-lists from the upstream. */
export class EmbeddingAllowList {
  readonly #accounts = new AnswerCache<Looked>({
    ttlMs: EMBEDDING_TTL_MS,
    maxEntries: EMBEDDING_CACHE_ENTRIES,
  });
  readonly #shares = new AnswerCache<Looked>({
    ttlMs: EMBEDDING_TTL_MS,
    maxEntries: EMBEDDING_CACHE_ENTRIES,
  });
  readonly #failedAt = new Map<string, number>();

  constructor(
    readonly webservicesBase: string,
    readonly serviceToken: string | null,
    readonly log: FastifyBaseLogger,
  ) {}

  /** The origins allowed to frame the pages of a signed-in session of the account. */
  async forAccount(accountRecId: number): Promise<readonly string[]> {
    return this.#read(this.#accounts, `account:${accountRecId}`, `Gateway/Embedding/Account/${accountRecId}`);
  }

  /** Forgets an account's list (the gateway relayed a change of it). */
  invalidateAccount(accountRecId: number): void {
    const key = `account:${accountRecId}`;
    this.#failedAt.delete(key);
    this.#accounts.invalidate(key);
  }

  /** The origins allowed to frame a public share page (none for a malformed code). */
  async forShare(type: ShareType, code: string): Promise<readonly string[]> {
    if (!SHARE_CODE.test(code)) return [];
    return this.#read(this.#shares, `share:${type}:${code}`, `Gateway/Embedding/Share/${type}/${code}`);
  }

  async #read(cache: AnswerCache<Looked>, key: string, path: string): Promise<readonly string[]> {
    const failedAt = this.#failedAt.get(key);
    if (failedAt !== undefined && Date.now() - failedAt >= EMBEDDING_FAILURE_TTL_MS) {
      this.#failedAt.delete(key);
      cache.invalidate(key);
    }
    const looked = await cache.get(key, async () => {
      if (!this.serviceToken) return { origins: [], failed: false };
      const answer = await lookupJson(
        new URL(path, this.webservicesBase).href,
        `Bearer ${this.serviceToken}`,
      );
      if (answer.ok && validatorsById.embeddingOrigins?.(answer.body)) {
        return { origins: (answer.body as { Origins: string[] }).Origins, failed: false };
      }
      // A share code the upstream does not know is a normal 404, not a failure worth a log line.
      if (!(answer.ok === false && answer.reason === "status 404")) {
        this.log.warn(
          { reason: answer.ok ? "invalid answer" : answer.reason },
          "embedding allow-list unavailable",
        );
      }
      return { origins: [], failed: true };
    });
    if (looked.failed && !this.#failedAt.has(key)) {
      this.#failedAt.set(key, Date.now());
      if (this.#failedAt.size > EMBEDDING_CACHE_ENTRIES)
        this.#failedAt.delete(this.#failedAt.keys().next().value as string);
    }
    return looked.origins;
  }
}
