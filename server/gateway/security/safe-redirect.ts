/**
 * Redirect targets the gateway issues or echoes (DESIGN.md §4, issue 4 item 6) are same-origin
 * relative paths only: exactly one leading '/', never '//' or '/\', no scheme, no backslash, no
 * control character or white space — checked on the text as sent and after percent-decoding, so
 * encoded forms (`/%2F%2Fevil`, `/%5Cevil`, double encoding) are refused too. The runtime applies
 * the same rule in runtime/navigation/safe-redirect.ts; server code cannot import runtime/, so this
 * is the server's own implementation.
 */

/** Longest redirect target accepted, in characters. */
export const MAX_REDIRECT_TARGET_LENGTH = 2048;

/** Percent-decoding rounds; a value still changing after them is treated as an attack. */
const MAX_DECODE_ROUNDS = 3;

/** A placeholder origin the URL parser resolves against; never contacted. */
const PROBE_ORIGIN = "https://gateway.invalid";

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

/** True when `target` may be used as a redirect target: a same-origin relative path. */
export function isSafeRedirectTarget(target: unknown): target is string {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_REDIRECT_TARGET_LENGTH) {
    return false;
  }
  const decoded = decodeFully(target);
  if (decoded === null || !isRelativePath(target) || !isRelativePath(decoded)) return false;
  // The URL parser must agree that both forms stay on our origin (it also folds tabs and slashes).
  try {
    return (
      new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN &&
      new URL(decoded, PROBE_ORIGIN).origin === PROBE_ORIGIN
    );
  } catch {
    return false;
  }
}

/** `target` when it is safe, otherwise `fallback` (itself required to be safe). */
export function safeRedirectTarget(target: unknown, fallback = "/"): string {
  if (!isSafeRedirectTarget(fallback)) throw new TypeError("safeRedirectTarget: the fallback must be safe");
  return isSafeRedirectTarget(target) ? target : fallback;
}
