/**
 * What happens when a session starts or ends (§4.2): the access profile is
 * built with the manifest's catalogues; the shell user, the preferences and the
 * interface language follow the session; logout resets all of it.
 */
import type { LoggedInConfig } from "../../schemas/payloads/user-session.ts";
import { isLanguage, switchLanguage } from "../i18n/i18n.ts";
import {
  expiredLanguageCookie,
  hasCookie,
  languageCookieName,
  languageFromCookies,
} from "../i18n/language-cookie.ts";
import { accessProfileFrom } from "../session/session-profile.ts";
import { onSessionChange, onSessionRefresh, setProfileBuilder } from "../session/session-store.ts";
import { setShellUser } from "../shell/shell-store.ts";
import { shellUserFromSession } from "../shell/shell-user.ts";
import { manifestStore } from "../state/manifest-store.ts";
import { preferencesFromSession, resetPreferences } from "../theme/preferences-store.ts";

/**
 * §4.2: login sets the language from the user's; an impersonator keeps a separate
 * cookie. A language the user picked since (its cookie) wins on later page loads;
 * the cookie is dropped at sign-out so the next user starts from their own.
 */
function applySessionLanguage(config: LoggedInConfig): void {
  const manifest = manifestStore.get().manifest;
  if (!manifest) return;
  const cookieName = languageCookieName(manifest.shell.languages, config.User.Impersonating);
  const chosen = languageFromCookies(document.cookie, cookieName);
  const language = chosen ?? config.User.LanguageCode;
  if (!isLanguage(language)) return;
  void switchLanguage(language, cookieName);
}

/**
 * No session (sign-out, or a page that finds none): forget the language cookies of the last one.
 * Only the cookies that exist are expired: every anonymous page load ends here, and a cookie write
 * is a synchronous round trip to the browser's cookie store (~20 ms of a cold load).
 */
function forgetSessionLanguage(): void {
  const manifest = manifestStore.get().manifest;
  if (!manifest) return;
  const secure = window.location.protocol === "https:";
  const present = document.cookie;
  for (const name of [
    manifest.shell.languages.cookieName,
    manifest.shell.languages.impersonationCookieName,
  ]) {
    if (!hasCookie(present, name)) continue;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
    document.cookie = expiredLanguageCookie({ name, secure });
  }
}

/**
 * The realtime session's module and the page's configuration plane it wires (runtime/config/),
 * loaded with the first session: not in the first screen's code.
 */
let realtime: Promise<
  [typeof import("../session/realtime-session.ts"), typeof import("../config/page-config.ts")]
> | null = null;
/** Session changes reach the realtime session in the order they happened. */
let realtimeQueue: Promise<void> = Promise.resolve();

function syncRealtimeLater(config: LoggedInConfig | null): void {
  // Signed out before any session: there is no realtime connection to close.
  if (!config && !realtime) return;
  realtime ??= Promise.all([import("../session/realtime-session.ts"), import("../config/page-config.ts")]);
  const loading = realtime;
  realtimeQueue = realtimeQueue
    .then(async () => {
      const [session, page] = await loading;
      session.syncRealtimeSession(config, page);
    })
    .catch((error: unknown) => console.error(error));
}

/** The admin scripts' module (§4.2), loaded with the first session that has IsAdmin: never for anyone else. */
let adminScripts: Promise<typeof import("../session/admin-scripts.ts")> | null = null;

function syncAdminScriptsLater(config: LoggedInConfig | null): void {
  if (!adminScripts && config?.User.IsAdmin !== true) return;
  adminScripts ??= import("../session/admin-scripts.ts");
  void adminScripts.then((m) => m.syncAdminScripts(config)).catch((error: unknown) => console.error(error));
}

/** Installs the session wiring once, at boot. */
export function installSessionWiring(): void {
  setProfileBuilder((config) => {
    const manifest = manifestStore.get().manifest;
    const catalogue = {
      rolePermissions: manifest?.permissions.rolePermissions ?? [],
      features: manifest?.permissions.features ?? [],
    };
    return accessProfileFrom(config, catalogue);
  });
  onSessionChange(syncRealtimeLater);
  onSessionChange(syncAdminScriptsLater);
  onSessionChange((config) => {
    if (!config) {
      setShellUser(null);
      resetPreferences();
      forgetSessionLanguage();
      return;
    }
    setShellUser(shellUserFromSession(config.User));
    resetPreferences(preferencesFromSession(config.User.InterfacePreferences));
    applySessionLanguage(config);
  });
  // §7 refresh-base-page-user: the account's branding and flags change on display; the language
  // and the preferences stay as the user has them (a My Settings dialog may be open with changes).
  onSessionRefresh((config) => setShellUser(shellUserFromSession(config.User)));
}
