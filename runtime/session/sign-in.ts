/**
 * Signing in and out through the gateway's session endpoints (DESIGN.md §4): the calls of the public
 * and account screens, what happens once a sign-in succeeded (§4.1 step 1: the remembered target) and
 * the sign-out (§4.2: logout resets the state). Credentials and tokens only ever travel in POST
 * bodies, with the double-submit CSRF header.
 */

import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";
import { CSRF_HEADER, csrfToken } from "../http/api-client.ts";
import { ApiError } from "../http/api-error.ts";
import { reloadManifest } from "../state/manifest-store.ts";
import {
  attemptLogin,
  clearSession,
  SESSION_PATH,
  type SessionState,
  sessionStore,
} from "./session-store.ts";

/** The gateway's session endpoints (server/gateway/session), by name. */
export const SESSION_ENDPOINTS = {
  login: `${SESSION_PATH}/login`,
  twoFactor: `${SESSION_PATH}/login/two-factor`,
  logout: `${SESSION_PATH}/logout`,
  signup: `${SESSION_PATH}/signup`,
  forgotPassword: `${SESSION_PATH}/forgot-password`,
  resetPassword: `${SESSION_PATH}/reset-password`,
  forgotDomain: `${SESSION_PATH}/forgot-domain`,
  changePassword: `${SESSION_PATH}/change-password`,
  disableTwoFactorRequest: `${SESSION_PATH}/disable-2fa/request`,
  disableTwoFactor: `${SESSION_PATH}/disable-2fa`,
} as const;

/** One session endpoint's name. */
export type SessionEndpoint = keyof typeof SESSION_ENDPOINTS;

/** The answer of POST login: signed in (the user's body), or a second factor is asked for. */
export interface LoginAnswer {
  twoFactorRequired?: boolean;
}

/** A navigation as react-router's `navigate` performs it. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

async function errorOf(response: Response): Promise<ApiError> {
  let code: number | null = null;
  let message = response.statusText;
  try {
    const body = (await response.json()) as { ErrorCode?: unknown; Message?: unknown };
    if (typeof body.ErrorCode === "number") code = body.ErrorCode;
    if (typeof body.Message === "string") message = body.Message;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(response.status, code, message);
}

/**
 * The CSRF token, asking the gateway for one first when this page has none yet: GET /gw/session
 * issues the cookie, and a public page opened from a mail link may not have probed the session.
 */
async function ensureCsrfToken(fetchImpl: typeof fetch): Promise<string | null> {
  const existing = csrfToken();
  if (existing) return existing;
  try {
    await fetchImpl(SESSION_PATH, { credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    // The POST that follows reports the network failure.
  }
  return csrfToken();
}

/**
 * POSTs `body` to a session endpoint and returns its JSON answer (null for 204). Throws ApiError
 * with the gateway's or upstream's `{ErrorCode, Message}`; a network failure has status 0.
 */
export async function postSession<T = unknown>(
  endpoint: SessionEndpoint,
  body?: object,
  fetchImpl: typeof fetch = fetch,
): Promise<T | null> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = await ensureCsrfToken(fetchImpl);
  if (token) headers[CSRF_HEADER] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetchImpl(SESSION_ENDPOINTS[endpoint], {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, null, (error as Error).message, null, false, "NETWORK");
  }
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return null;
  const type = response.headers.get("content-type") ?? "";
  return type.includes("json") ? ((await response.json()) as T) : null;
}

/** Paths a sign-in never returns to: they would sign the user out or show the sign-in again. */
export const SIGN_IN_LOOP_PATHS: readonly string[] = ["/login", "/logout", "/loggedout"];

/**
 * Where a completed sign-in goes: the remembered target of §4.1 step 1 when it is a safe
 * same-origin path that does not lead back into signing in or out, else home.
 */
export function signInTarget(remembered: string | null | undefined): string {
  if (!isSafeRedirectTarget(remembered)) return "/";
  const pathname = new URL(remembered, "https://tessera.invalid").pathname.toLowerCase();
  return SIGN_IN_LOOP_PATHS.includes(pathname.replace(/\/+$/, "")) ? "/" : remembered;
}

/** What the sign-in and sign-out steps use; the defaults are the app's stores and endpoints. */
export interface SessionSteps {
  reloadManifest: () => Promise<unknown>;
  attemptLogin: () => Promise<void>;
  clearSession: () => void;
  logout: () => Promise<unknown>;
  session: { get(): SessionState; update(recipe: (draft: SessionState) => void): void };
}

const APP_STEPS: SessionSteps = {
  reloadManifest: () => reloadManifest(),
  attemptLogin: () => attemptLogin(),
  clearSession,
  logout: () => postSession("logout"),
  session: sessionStore as SessionSteps["session"],
};

/**
 * After the gateway accepted a sign-in: the user's manifest, then the session, then the remembered
 * target (or /), replacing the sign-in page in the history. Returns false, without navigating,
 * when the session could not be loaded (the caller shows the error).
 */
export async function completeSignIn(navigate: Navigate, steps: SessionSteps = APP_STEPS): Promise<boolean> {
  await steps.reloadManifest();
  await steps.attemptLogin();
  const state = steps.session.get();
  if (state.status !== "authenticated") return false;
  const target = signInTarget(state.redirectAfterLogin);
  steps.session.update((s) => {
    s.redirectAfterLogin = null;
  });
  navigate(target, { replace: true });
  return true;
}

/** Options of `signOut`. */
export interface SignOutOptions {
  /** §4.2: the upstream ended the session (/logout?ws=0): the saved redirect survives for the next sign-in. */
  keepRedirect?: boolean;
}

/**
 * Signs out (§4.2): the gateway ends the session (an already ended one, 401, counts as signed out),
 * the page forgets it, the anonymous manifest is loaded and /loggedout replaces the current entry.
 * Throws when the gateway could not be told, so a session is never claimed ended while it is not.
 */
export async function signOut(
  navigate: Navigate,
  options: SignOutOptions = {},
  steps: SessionSteps = APP_STEPS,
): Promise<void> {
  try {
    await steps.logout();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  steps.clearSession();
  if (!options.keepRedirect) {
    steps.session.update((s) => {
      s.redirectAfterLogin = null;
    });
  }
  try {
    await steps.reloadManifest();
  } catch {
    // The session has ended either way; a stale manifest's signed-in routes still send to /login (§4.1 step 7).
  }
  navigate("/loggedout", { replace: true });
}
