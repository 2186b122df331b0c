/**
 * Where maintenance took the user from (§1), for the return when it ends: remembered by the guard's
 * `rememberBeforeMaintenance` effect, for this page's life (a page loaded during maintenance has
 * nowhere to return to but home).
 */
import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";

let before: string | null = null;

/** Remembers `url` (same-origin paths only, the one redirect rule). */
export function rememberBeforeMaintenance(url: string): void {
  if (isSafeRedirectTarget(url)) before = url;
}

export function forgetBeforeMaintenance(): void {
  before = null;
}

/** The URL maintenance took the user from, null when none. */
export function beforeMaintenance(): string | null {
  return before;
}
