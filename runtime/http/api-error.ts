/**
 * Errors of calls to the gateway and, through it, the upstream (§8): numeric
 * codes map to the text `ErrorCode` + four-digit zero-padded code, falling back
 * to the generic unknown-failure text; aborted requests are silent.
 */

/** The generic text shown when an error has no known code (§8). */
export const UNKNOWN_FAILURE_KEY = "ErrorCode_UnknownXhrFailure";

/** A failed call: HTTP status, the service's error code and message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    readonly header: string | null = null,
    readonly aborted = false,
    /** Axios-style code kept for §8's login time-out rule (ECONNABORTED). */
    readonly transportCode: "ECONNABORTED" | "NETWORK" | null = null,
    /** The answer's JSON body, for calls whose errors carry details (the configuration API's 409 conflicts). */
    readonly details: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** `ErrorCode0042` for 42 (§8). */
export function errorCodeKey(code: number): string {
  return `ErrorCode${String(Math.trunc(Math.abs(code))).padStart(4, "0")}`;
}

/** What the banner shows for an error: a text key with parameters and an optional header, or nothing. */
export interface ErrorBannerText {
  key: string;
  header: string | null;
  /** The service's own message, shown when no translation exists for the code. */
  fallbackMessage: string | null;
}

/**
 * Unpacks any error into the banner text (§8): aborted → null (silent); a known
 * code → its ErrorCode#### key; otherwise the generic unknown-failure key.
 * `hasKey` says whether a translation exists.
 */
export function errorBannerText(error: unknown, hasKey: (key: string) => boolean): ErrorBannerText | null {
  if (error instanceof ApiError) {
    if (error.aborted) return null;
    const key = error.code !== null ? errorCodeKey(error.code) : null;
    if (key && hasKey(key)) return { key, header: error.header, fallbackMessage: null };
    return { key: UNKNOWN_FAILURE_KEY, header: error.header, fallbackMessage: error.message || null };
  }
  if (error instanceof DOMException && error.name === "AbortError") return null;
  if (error instanceof Error)
    return { key: UNKNOWN_FAILURE_KEY, header: null, fallbackMessage: error.message || null };
  return { key: UNKNOWN_FAILURE_KEY, header: null, fallbackMessage: null };
}
