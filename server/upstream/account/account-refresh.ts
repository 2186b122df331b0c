/**
 * What every signed-in member of an account is told when the account's menu or settings change:
 * the user hub's `refresh-base-page-user` (§7: "the user's session data changed; reload
 * Common/LoggedInConfig") on the account's group — every session of every member of that account,
 * and of staff impersonating one of them, on every tab; never another account's. Their browsers
 * then read the session and the menus manifest again without reloading the page (the account's
 * title and logo are session data; the custom menu is the manifest's account layer, which the
 * gateway re-reads when it relays this event).
 */
import type { UpstreamContext } from "../context.ts";
import { realtimeOf } from "../realtime/handle.ts";

/** Tells the account's open browsers to reload their session data; returns the connections reached. */
export function announceAccountChange(context: UpstreamContext, accountId: number): number {
  return realtimeOf(context).refreshUser({ accountId });
}
