/**
 * What happens when a session starts or ends (§4.2): the access profile is
 * built with the manifest's catalogues; the shell user, the preferences and the
 * interface language follow the session; logout resets all of it.
 */
import type { LoggedInConfig } from "../../schemas/payloads/user-session.ts";
import { isLanguage, switchLanguage } from "../i18n/i18n.ts";
import { languageCookieName } from "../i18n/language-cookie.ts";
import { onSessionChange, setProfileBuilder } from "../session/session-store.ts";
import { accessProfileFrom } from "../session/session-profile.ts";
import { setShellUser } from "../shell/shell-store.ts";
import { shellUserFromSession } from "../shell/shell-user.ts";
import { preferencesFromSession, resetPreferences } from "../theme/preferences-store.ts";
import { manifestStore } from "./manifest-store.ts";

/** §4.2: login sets the language from the user's; an impersonator keeps a separate cookie. */
function applySessionLanguage(config: LoggedInConfig): void {
  const manifest = manifestStore.get().manifest;
  const language = config.User.LanguageCode;
  if (!manifest || !isLanguage(language)) return;
  const cookieName = languageCookieName(manifest.shell.languages, config.User.Impersonating);
  void switchLanguage(language, cookieName);
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
  onSessionChange((config) => {
    if (!config) {
      setShellUser(null);
      resetPreferences();
      return;
    }
    setShellUser(shellUserFromSession(config.User));
    resetPreferences(preferencesFromSession(config.User.InterfacePreferences));
    applySessionLanguage(config);
  });
}
