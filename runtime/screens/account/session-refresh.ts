/**
 * After the account's settings change, the shell shows them at once (§6: logo style and title in
 * the top bar): the gateway's session answer (`GET /gw/session`, the upstream's LoggedInConfig) is
 * read again and the session and shell stores take the new User. Permissions do not change with
 * account settings, so the access profile stays; the realtime session is not touched.
 */
import type { LoggedInConfig } from "../../../schemas/payloads/user-session.ts";
import { SESSION_PATH, sessionStore } from "../../session/session-store.ts";
import { setShellUser } from "../../shell/shell-store.ts";
import { shellUserFromSession } from "../../shell/shell-user.ts";

/** Reads the signed-in user again; false when the session could not be read (the stores stay). */
export async function refreshSignedInUser(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(SESSION_PATH, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { user?: LoggedInConfig };
    const config = body.user;
    if (!config?.User) return false;
    sessionStore.update((s) => {
      s.config = config as never;
    });
    setShellUser(shellUserFromSession(config.User));
    return true;
  } catch {
    return false;
  }
}
