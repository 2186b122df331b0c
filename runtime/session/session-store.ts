import type { AccessProfile } from "../../core/access/access-profile.ts";
import type { LoggedInConfig } from "../../schemas/payloads/user-session.ts";
import { CSRF_HEADER, csrfToken } from "../http/api-client.ts";
import type { SessionStatus } from "../navigation/guard.ts";
import { createStore } from "../state/create-store.ts";
import { reloadManifest } from "../state/manifest-store.ts";

/** The browser's view of its session (§4.2). */
export interface SessionState {
  status: SessionStatus;
  profile: AccessProfile | null;
  /** The upstream's LoggedInConfig of the signed-in user (§3, §7), null without a session. */
  config: LoggedInConfig | null;
  /** The post-login target remembered by §4.1 step 1 (a safe same-origin path). */
  redirectAfterLogin: string | null;
}

/** The session store of this page. */
export const sessionStore = createStore<SessionState>({
  status: "unknown",
  profile: null,
  config: null,
  redirectAfterLogin: null,
});

/** Builds the access profile of a signed-in user; set by the boot once the manifest is known. */
let profileOf: ((config: LoggedInConfig) => AccessProfile) | null = null;

/** Boot wiring: how a LoggedInConfig becomes an access profile (needs the manifest's catalogue). */
export function setProfileBuilder(builder: (config: LoggedInConfig) => AccessProfile): void {
  profileOf = builder;
}

/** Listeners told when a session starts or ends (shell user, preferences, realtime). */
const sessionListeners = new Set<(config: LoggedInConfig | null) => void>();

/** Subscribes to session starts and ends; returns the unsubscribe function. */
export function onSessionChange(listener: (config: LoggedInConfig | null) => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Where the gateway tells whether this browser has a session. */
export const SESSION_PATH = "/gw/session";

/**
 * §4.1 step 7: asks the gateway for the session. 200 carries the upstream's
 * LoggedInConfig; 401 means anonymous; a network or server error marks the
 * attempt failed (§8: login failure while navigating goes to /login).
 */
export async function attemptLogin(fetchImpl: typeof fetch = fetch): Promise<void> {
  sessionStore.update((s) => {
    s.status = "pending";
  });
  let config: LoggedInConfig | null = null;
  let status: SessionStatus = "failed";
  try {
    const response = await fetchImpl(SESSION_PATH, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (response.status === 401) status = "anonymous";
    else if (response.ok && profileOf) {
      const body = (await response.json()) as { user?: LoggedInConfig };
      if (body.user) {
        config = body.user;
        status = "authenticated";
      }
    }
  } catch {
    status = "failed";
  }
  const profile = config && profileOf ? profileOf(config) : null;
  sessionStore.update((s) => {
    s.status = status;
    s.profile = profile as never;
    s.config = config as never;
  });
  for (const listener of sessionListeners) listener(config);
}

/** Listeners told when the signed-in user's session data was read again (same user, same session). */
const refreshListeners = new Set<(config: LoggedInConfig) => void>();

/** Subscribes to in-place session refreshes; returns the unsubscribe function. */
export function onSessionRefresh(listener: (config: LoggedInConfig) => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

/** The same signed-in identity: user and impersonation state (a refresh never switches either). */
export function isSameIdentity(before: LoggedInConfig, after: LoggedInConfig): boolean {
  return before.User.UserUID === after.User.UserUID && before.User.Impersonating === after.User.Impersonating;
}

/**
 * §7 refresh-base-page-user: reads the session data (LoggedInConfig) again and replaces it in place
 * — no pending state, so nothing on display is unmounted, and only the refresh listeners hear of it
 * (not the session-start ones: the language, the preferences and the start dialogs stay as the user
 * has them). Returns whether it was applied: a session that ended or changed identity meanwhile is
 * left to the realtime session's own events and the next navigation.
 */
export async function refreshSession(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const before = sessionStore.get().config;
  if (!before || !profileOf) return false;
  const response = await fetchImpl(SESSION_PATH, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) return false;
  const config = ((await response.json()) as { user?: LoggedInConfig }).user;
  const current = sessionStore.get().config;
  if (!config || !current || !isSameIdentity(current, config)) return false;
  const profile = profileOf(config);
  sessionStore.update((s) => {
    s.profile = profile as never;
    s.config = config as never;
  });
  for (const listener of refreshListeners) listener(config);
  return true;
}

/** Forgets the session in this page (after logout): every store listening is reset. */
export function clearSession(): void {
  sessionStore.update((s) => {
    s.status = "anonymous";
    s.profile = null;
    s.config = null;
  });
  for (const listener of sessionListeners) listener(null);
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
    // A first visit through a mail link has no CSRF cookie yet: the session probe sets it.
    if (!csrfToken()) await fetchImpl(SESSION_PATH, { credentials: "same-origin" }).catch(() => undefined);
    const csrf = csrfToken();
    const response = await fetchImpl(TOKEN_LOGIN_PATHS[mode], {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      },
      body: JSON.stringify({ token }),
    });
    accepted = response.ok;
  } catch {
    accepted = false;
  }
  // The signed-in user's manifest replaces the visitor's before the session is read.
  if (accepted) await reloadManifest(fetchImpl).catch(() => undefined);
  await attemptLogin(fetchImpl);
  return accepted;
}
