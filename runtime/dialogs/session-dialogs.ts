/**
 * The dialogs a session start opens by itself (§4.2): the login announcement
 * when flagged, the welcome tutorial when due, and My Settings for users who
 * must set up two-factor authentication — in that order, so the most urgent
 * ends on top.
 */
import type { LoggedInConfig } from "../../schemas/payloads/user-session.ts";
import { interfacePreferencesOf } from "../session/session-profile.ts";

/** What the decision reads. */
export interface SessionDialogInput {
  showLoginAnnouncement: boolean;
  mustSetup2FA: boolean;
  /** InterfacePreferences.welcomeSeen is exactly true. */
  welcomeSeen: boolean;
  showHelpLinks: boolean;
  /** The shell's video-tutorials flag. */
  videoTutorials: boolean;
  impersonating: boolean;
}

/** A dialog opened at session start; the names are registry ids, except the built-in announcement. */
export type SessionDialog = "loginAnnouncement" | "welcome" | "mySettings";

/** The dialogs to open, bottom first. */
export function sessionDialogsToOpen(input: SessionDialogInput): SessionDialog[] {
  const open: SessionDialog[] = [];
  // §6: Welcome needs the video tutorials flag and ShowHelpLinks. An administrator acting as the
  // user does not get it: closing it would mark the user's own tutorial as seen.
  if (!input.welcomeSeen && input.videoTutorials && input.showHelpLinks && !input.impersonating) {
    open.push("welcome");
  }
  if (input.showLoginAnnouncement) open.push("loginAnnouncement");
  if (input.mustSetup2FA) open.push("mySettings");
  return open;
}

/** The decision's input from the upstream's LoggedInConfig and the shell flag. */
export function sessionDialogInput(config: LoggedInConfig, videoTutorials: boolean): SessionDialogInput {
  const user = config.User;
  return {
    showLoginAnnouncement: config.ShowLoginAnnouncement === true,
    mustSetup2FA: user.MustSetup2FA === true,
    welcomeSeen: interfacePreferencesOf(config).welcomeSeen === true,
    showHelpLinks: user.ShowHelpLinks === true,
    videoTutorials,
    impersonating: user.Impersonating === true,
  };
}

/** One session's identity, so the dialogs open once per session and page. */
export function sessionKey(config: LoggedInConfig): string {
  const user = config.User;
  return `${user.AccountRecId}:${user.UserUID}:${user.Impersonating ? "i" : "u"}`;
}
