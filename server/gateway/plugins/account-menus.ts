/**
 * The account's custom menu as the gateway reads it (DESIGN.md §3 account layer): fetched from the
 * upstream's `GET Common/AccountMenu` with the signed-in session's own upstream credentials, cached
 * per account for ACCOUNT_MENU_TTL_MS (bounded), and dropped when the gateway relays a successful
 * `PUT Account/Menu` of that account, or relays the upstream's `refresh-base-page-user` (§7) to a
 * session of that account (app.ts: a save made through another gateway) — so the next
 * /gw/manifest carries the new layout, under a new cache key and ETag (the layout's version is
 * part of both).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import type { AccountMenu } from "../../../schemas/payloads/account-menu.ts";
import type { ManifestAudience } from "../manifests/resolve-manifest.ts";
import { AnswerCache, lookupJson } from "./answer-cache.ts";

/** How long a fetched layout is served before the upstream is asked again (other gateways' saves). */
export const ACCOUNT_MENU_TTL_MS = 60_000;
/** Accounts whose layout is held at once. */
export const ACCOUNT_MENU_CACHE_ENTRIES = 2_000;
/** The relayed call whose success invalidates the account's layout (path compared case-insensitively). */
export const ACCOUNT_MENU_SAVE_PATH = "/api/account/menu";

/** What the account-menu source needs from the gateway session. */
export interface AccountMenuSession {
  identityOf(
    request: FastifyRequest,
  ): { bearerToken: string } | null | Promise<{ bearerToken: string } | null>;
  audienceOf(request: FastifyRequest): Promise<ManifestAudience>;
}

/** Reads and caches account layouts. */
export class AccountMenus {
  readonly #cache = new AnswerCache<AccountMenu | null>({
    ttlMs: ACCOUNT_MENU_TTL_MS,
    maxEntries: ACCOUNT_MENU_CACHE_ENTRIES,
  });

  constructor(
    readonly appBase: string,
    readonly session: AccountMenuSession,
  ) {}

  /**
   * The layout of the request's account, or null (none saved, or unreadable and nothing cached).
   * A failed read serves the last layout held: hiding links is cosmetic, never access control.
   */
  async layoutFor(request: FastifyRequest, accountRecId: number): Promise<AccountMenu | null> {
    return this.#cache.get(String(accountRecId), async (stale) => {
      const identity = await this.session.identityOf(request);
      if (!identity) return stale ?? null;
      const answer = await lookupJson(
        new URL("Common/AccountMenu", this.appBase).href,
        `Bearer ${identity.bearerToken}`,
      );
      if (answer.ok && validatorsById.accountMenu?.(answer.body)) return answer.body as AccountMenu;
      request.log.warn(
        { reason: answer.ok ? "invalid answer" : answer.reason, accountRecId },
        "account menu: cannot read the layout",
      );
      return stale ?? null;
    });
  }

  /** Forgets an account's layout. */
  invalidate(accountRecId: number): void {
    this.#cache.invalidate(String(accountRecId));
  }
}

/** True for the relayed menu save, `PUT /api/Account/Menu` (any case, trailing slashes, query). */
function isMenuSave(url: string): boolean {
  return (url.split("?")[0] ?? "").replace(/\/+$/, "").toLowerCase() === ACCOUNT_MENU_SAVE_PATH;
}

/**
 * Root hook: a successful relayed `PUT /api/Account/Menu` drops the caller's account layout before
 * the answer leaves, so the runtime's manifest reload right after it sees the change.
 */
export function invalidateOnMenuSave(app: FastifyInstance, menus: AccountMenus): void {
  // A callback hook: every relayed response passes here, only a menu save needs the promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.method !== "PUT" || reply.statusCode !== 200 || !isMenuSave(request.url)) {
      done(null, payload);
      return;
    }
    menus.session.audienceOf(request).then((audience) => {
      if (audience.kind === "user") menus.invalidate(audience.facts.accountRecId);
      done(null, payload);
    }, done);
  });
}
