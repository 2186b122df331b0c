/**
 * The one same-origin redirect rule (§4.1 step 1's remembered target, §4.2's disconnection redirect,
 * DESIGN.md §4 security baseline), for every redirect target the gateway accepts or passes on (the
 * session's `redirect`, the hub's session-ended frame) and every in-app target the runtime follows
 * (remembered URLs, redirect routes, notification links, realtime frames):
 * a relative path with exactly one leading '/' — never '//' or '/\', no scheme, no backslash
 * anywhere, no control character (C0, DEL, C1) or white space — checked on the text as sent AND after
 * percent-decoding (up to three rounds; deeper or malformed encoding is refused), so `/%2F%2Fevil`,
 * `/%5Cevil`, `/%09/evil` and double-encoded forms are refused too; finally the URL parser (which
 * drops tabs and newlines and folds backslashes) must agree that both forms stay on the origin.
 */

/** Longest target accepted, in characters. */
export const MAX_REDIRECT_TARGET_LENGTH = 2048;

/** Percent-decoding rounds; a value still changing after them is treated as an attack. */
const MAX_DECODE_ROUNDS = 3;

/** A placeholder origin the URL parser resolves against; never contacted. */
const PROBE_ORIGIN = "https://redirect.invalid";

function hasControlOrSpace(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f) || /\s/u.test(char)) return true;
  }
  return false;
}

/** The fully decoded text, or null when it is malformed or still encoded after the last round. */
function decodeFully(value: string): string | null {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

function isRelativePath(candidate: string): boolean {
  return (
    candidate.startsWith("/") &&
    !candidate.startsWith("//") &&
    !candidate.includes("\\") &&
    !hasControlOrSpace(candidate)
  );
}

function staysOnOrigin(candidate: string): boolean {
  try {
    return new URL(candidate, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** True when `target` may be used as a redirect target: a same-origin relative path. */
export function isSafeRedirectTarget(target: unknown): target is string {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_REDIRECT_TARGET_LENGTH) {
    return false;
  }
  const decoded = decodeFully(target);
  if (decoded === null || !isRelativePath(target) || !isRelativePath(decoded)) return false;
  return staysOnOrigin(target) && staysOnOrigin(decoded);
}

/** `target` when it is safe, otherwise `fallback` (itself required to be safe: a constant of the caller). */
export function safeRedirectTarget(target: unknown, fallback = "/"): string {
  if (!isSafeRedirectTarget(fallback)) throw new TypeError("safeRedirectTarget: the fallback must be safe");
  return isSafeRedirectTarget(target) ? target : fallback;
}
