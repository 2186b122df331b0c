/**
 * Same-origin relative redirect targets only (§4.1 step 1, security baseline):
 * a path that starts with exactly one '/', never '//' or '/\', no scheme, no
 * control characters — also after percent-decoding, so encoded forms are refused too.
 */

/** True when the text holds a control character (C0, DEL) or white space. */
function hasControlOrSpace(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || /\s/.test(char)) return true;
  }
  return false;
}

function decodeRepeatedly(value: string): string | null {
  let current = value;
  // Three rounds cover double and triple encoding; more means an attack or garbage.
  for (let round = 0; round < 3; round += 1) {
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

/** True when `target` may be used as an in-app redirect target. */
export function isSafeRelativeTarget(target: unknown): target is string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return false;
  const decoded = decodeRepeatedly(target);
  if (decoded === null) return false;
  for (const candidate of [target, decoded]) {
    if (!candidate.startsWith("/")) return false;
    if (candidate.startsWith("//") || candidate.startsWith("/\\")) return false;
    if (candidate.includes("\\")) return false;
    if (hasControlOrSpace(candidate)) return false;
  }
  // A URL parser must agree that the target stays on our origin.
  const base = "https://tessera.invalid";
  try {
    return new URL(target, base).origin === base;
  } catch {
    return false;
  }
}

/** `target` when it is a safe in-app target, otherwise `fallback`. */
export function safeRedirectTarget(target: unknown, fallback = "/"): string {
  return isSafeRelativeTarget(target) ? target : fallback;
}
