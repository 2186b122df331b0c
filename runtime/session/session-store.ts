import type { AccessProfile } from "../access/access-profile.ts";
import { createStore } from "../boot/create-store.ts";
import type { SessionStatus } from "../navigation/guard.ts";

/** The browser's view of its session (§4.2). */
export interface SessionState {
  status: SessionStatus;
  profile: AccessProfile | null;
  /** The post-login target remembered by §4.1 step 1 (a safe same-origin path). */
  redirectAfterLogin: string | null;
}

/** The session store of this page. */
export const sessionStore = createStore<SessionState>({
  status: "unknown",
  profile: null,
  redirectAfterLogin: null,
});

/** Where the gateway tells whether this browser has a session. */
export const SESSION_PATH = "/gw/session";

/**
 * §4.1 step 7: asks the gateway for the session. 401 means anonymous; a network
 * or server error marks the attempt failed (§8: login failure while navigating
 * goes to /login). Signed-in sessions arrive with the gateway session work.
 */
export async function attemptLogin(fetchImpl: typeof fetch = fetch): Promise<void> {
  sessionStore.update((s) => {
    s.status = "pending";
  });
  try {
    const response = await fetchImpl(SESSION_PATH, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    sessionStore.update((s) => {
      s.status = response.status === 401 ? "anonymous" : "failed";
      s.profile = null;
    });
  } catch {
    sessionStore.update((s) => {
      s.status = "failed";
    });
  }
}

/** Gateway endpoints of the token logins of §4.1 steps 4 and 5. */
export const TOKEN_LOGIN_PATHS = {
  token: "/gw/session/token",
  impersonate: "/gw/session/impersonation",
} as const;

/**
 * §4.1 steps 4–5: hands the `st` / `it` token to the gateway (in a POST body,
 * never a URL) and reports whether it was accepted; the session is probed again.
 */
export async function loginWithToken(
  mode: keyof typeof TOKEN_LOGIN_PATHS,
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  sessionStore.update((s) => {
    s.status = "pending";
  });
  let accepted = false;
  try {
    const response = await fetchImpl(TOKEN_LOGIN_PATHS[mode], {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ token }),
    });
    accepted = response.ok;
  } catch {
    accepted = false;
  }
  await attemptLogin(fetchImpl);
  return accepted;
}
