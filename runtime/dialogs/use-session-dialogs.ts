/**
 * §4.2 at session start: the saved interface preferences are taken from the
 * session, and the login announcement, the welcome tutorial and My Settings
 * (two-factor set-up) open when due — once per session, once the user's own
 * manifest (with its dialog registry) is in place. Logout closes every dialog.
 */
import { useEffect, useRef } from "react";
import { interfacePreferencesOf } from "../session/session-profile.ts";
import { sessionStore } from "../session/session-store.ts";
import { useStore } from "../state/create-store.ts";
import { useManifest } from "../state/manifest-context.tsx";
import { preferencesStore, setPreferences } from "../theme/preferences-store.ts";
import { setSavedPreferences } from "./interface-preferences.ts";
import { dialogController, hasDialog, openBuiltinDialog, openDialog } from "./open-dialog.ts";
import { sessionDialogInput, sessionDialogsToOpen, sessionKey } from "./session-dialogs.ts";

/** The built-in login announcement dialog (not a registry entry). */
export const LOGIN_ANNOUNCEMENT_COMPONENT = "LoginAnnouncementDialog";

/** Runs the session-start dialogs; used once, by the dialog host. */
export function useSessionDialogs(): void {
  const manifest = useManifest();
  const config = useStore(sessionStore, (s) => s.config);
  const openedFor = useRef<string | null>(null);
  /**
   * The session and saved contrast last applied: the same session read again (§7
   * refresh-base-page-user) must not undo a choice the user has not saved yet.
   */
  const appliedContrast = useRef<string | null>(null);

  useEffect(() => {
    if (!config) {
      // §4.2: logout resets the whole state.
      if (openedFor.current !== null) dialogController.closeAll();
      openedFor.current = null;
      appliedContrast.current = null;
      setSavedPreferences({});
      return;
    }
    const saved = interfacePreferencesOf(config);
    setSavedPreferences(saved);
    // The preferences store does not read contrast from the session yet; the saved value applies.
    const key = sessionKey(config);
    // Applied at a session start (the preferences were reset) or when the saved value changed; the
    // same session read again keeps what the user chose and has not saved yet.
    const contrast = `${key}:${String(saved.contrast)}`;
    const reset = preferencesStore.get().contrast === undefined;
    if (typeof saved.contrast === "boolean" && (reset || appliedContrast.current !== contrast)) {
      appliedContrast.current = contrast;
      setPreferences({ contrast: saved.contrast });
    }
    const ownManifest =
      manifest.audience === "user" &&
      manifest.user?.accountRecId === config.User.AccountRecId &&
      manifest.user.impersonating === config.User.Impersonating;
    if (!ownManifest || openedFor.current === key) return;
    openedFor.current = key;
    for (const dialog of sessionDialogsToOpen(sessionDialogInput(config, manifest.shell.videoTutorials))) {
      if (dialog === "loginAnnouncement") {
        openBuiltinDialog(LOGIN_ANNOUNCEMENT_COMPONENT, "Announcement_Title", { returnFocus: null });
      } else if (hasDialog(dialog)) {
        openDialog(dialog, {}, { returnFocus: null, props: { sessionStart: true } });
      }
    }
  }, [config, manifest]);
}
