/**
 * The exact hub target (event) and method names of the upstream's two hubs and the shapes of their
 * arguments (§7 "Realtime user hub events" and "Support chat hub events"; README.md in this folder
 * has the table). Names are case-sensitive on the wire, as SignalR sends them.
 */
import type { chatMessageBody } from "../chat/routes.ts";
import type { notificationBody } from "../notifications/service.ts";

/** User hub (/hubs/user) events, server → client. */
export const UserHubTarget = {
  /** `(version: string)`: the desktop version the server announces; sent on connect and when staff publish one. */
  DesktopStarted: "desktop-started",
  /** `(severity: 1 | 2 | 3, message: string, details: object | null)`: a log line for the console (§9 levels). */
  Log: "log",
  /** `(notification: Notification)`: a new notification, the §3 server record as Notifications/ lists it. */
  NotificationAdded: "notificationAdded",
  /** `()`: the user's session data changed; the client reloads Common/LoggedInConfig. */
  RefreshBasePageUser: "refresh-base-page-user",
  /** `()`: reload the page (the runtime waits 500 ms, §4.2). */
  Reload: "reload",
  /** `()`: the session expired (idle or absolute lifetime); the runtime goes to /logout?ws=0 (§4.2). */
  Disconnect: "Disconnect",
  /** `(url: string)`: the session was ended (logout, revoked); the browser moves to `url` (§4.2). */
  Disconnected: "Disconnected",
  /** `(warning: { ExpiresAt: string })`: the session nears its idle expiry (§4.2, §8). */
  DisconnectionWarning: "DisconnectionWarning",
  /** `()`: a ping refreshed the session; hide the warning (§4.2). */
  RemoveDisconnectionWarning: "RemoveDisconnectionWarning",
} as const;

/** User hub methods, client → server. */
export const UserHubMethod = {
  /** `() → { ExpiresAt, AbsoluteExpiresAt, DisconnectionWarningAt }`: refreshes the session like v2/User/Ping. */
  Ping: "Ping",
} as const;

/** Support chat hub (/hubs/supportchat) events, server → client. */
export const ChatHubTarget = {
  /** `(message: ChatEventMessage)`: a new message (text, file, InternalUserStartTalking, …). */
  Message: "message",
  /** `(message: ChatEventMessage)`: a message was edited (Type MessageEdited, new Text, same UID). */
  Edited: "edited",
  /** `(message: ChatEventMessage)`: a message was deleted (Type MessageDeleted, empty Text, same UID). */
  Deleted: "deleted",
  /** `(message: ChatEventMessage)`: staff archived the session (Type SessionArchived); ask for a rating. */
  SessionArchived: "sessionArchived",
  /** `(message: ChatEventMessage)`: all staff is busy (Type StaffBusy). */
  StaffBusy: "staffBusy",
  /** `()`: the support chat opened. */
  Open: "open",
  /** `()`: the support chat closed. */
  Close: "close",
  /** Staff only — `(session: StaffSessionBody)`: a session started, got a message, was taken, archived or rated (the live queue). */
  SessionUpdated: "sessionUpdated",
} as const;

/** Support chat hub methods, client → server (members only). */
export const ChatHubMethod = {
  /** `(page: string, text: string, uid: string) → ChatEventMessage`: stored once per UID, acknowledged. */
  SendMessage: "SendMessage",
  /** `(uid: string, text: string) → ChatEventMessage`: edits one's own text message. */
  EditMessage: "EditMessage",
  /** `(uid: string) → ChatEventMessage`: deletes one's own message (and its attachment). */
  DeleteMessage: "DeleteMessage",
} as const;

/** The Notification argument of notificationAdded. */
export type NotificationEvent = ReturnType<typeof notificationBody>;

/** A chat message as the chat hub's events and methods carry it: §3 message plus its session. */
export type ChatEventMessage = ReturnType<typeof chatMessageBody> & { SupportSessionRecId: number };
