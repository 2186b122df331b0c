/**
 * The support chat's rules (§4.4, §5, §6) as pure functions: who may chat, which view shows, which
 * messages are sent, which attachments are accepted and how their failures read, which files are
 * images, the identifiers a sent message carries, and which messages the member may still change.
 */

import {
  type AccessProfile,
  canReadAnyAdminModule,
  hasRolePermission,
  isFeatureIncluded,
} from "../../core/access/access-profile.ts";
import { SUPPORT_CHAT_MAX_TEXT_LENGTH } from "../../schemas/payloads/support-chat.ts";
import { ApiError } from "../http/api-error.ts";
import { HubInvocationError } from "../realtime/hub-client.ts";
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_IMAGE_EXTENSIONS } from "../state/constants.ts";
import type { ChatEntry } from "./chat-state.ts";

/** The role permission and the subscription feature the chat needs (§6). */
export const CHAT_PERMISSION = "InAppChatAccess";
export const CHAT_FEATURE = "SupportChat";

/** The admin module of the staff who answer chats (§2.4 /admin/supportsessions). */
export const CHAT_STAFF_MODULE = "SupportSessions";

/**
 * §6 roles: staff acting as themselves with Read on the support-sessions module are the chat's
 * internal staff — they answer chats from the admin area, and the upstream's chat hub takes them
 * as staff, never as a member. While impersonating, the profile has no admin grant (the staff
 * member acts as the member).
 */
export function isChatStaff(profile: AccessProfile): boolean {
  return profile.isAdmin && canReadAnyAdminModule(profile, [CHAT_STAFF_MODULE]);
}

/**
 * §6: the member chat needs InAppChatAccess and the support-chat feature, and a member: chat staff
 * get the no-access notice too. Without access the page makes none of the member chat's calls.
 */
export function hasChatAccess(profile: AccessProfile | null): boolean {
  return (
    profile !== null &&
    hasRolePermission(profile, CHAT_PERMISSION) &&
    isFeatureIncluded(profile, CHAT_FEATURE) &&
    !isChatStaff(profile)
  );
}

/** What the chat panel shows. */
export type ChatView = "noAccess" | "loading" | "closed" | "start" | "conversation";

/**
 * §4.4: inactive → the closed message; active without messages → the start-session form; with
 * messages → the conversation (§6: without access, the no-access notice instead).
 */
export function chatView(input: {
  access: boolean;
  loaded: boolean;
  active: boolean;
  messages: number;
}): ChatView {
  if (!input.access) return "noAccess";
  if (!input.loaded) return "loading";
  if (!input.active) return "closed";
  return input.messages === 0 ? "start" : "conversation";
}

/** §5: blank or whitespace-only messages are not sent. */
export function isBlankMessage(text: string): boolean {
  return text.trim() === "";
}

/** Whether a typed message may be sent: not blank, within the longest message the server stores. */
export function canSendMessage(text: string): boolean {
  return !isBlankMessage(text) && text.length <= SUPPORT_CHAT_MAX_TEXT_LENGTH;
}

/** A chat error text: a key of locales/ and its values. */
export interface ChatErrorText {
  key: string;
  params?: Record<string, string | number>;
}

/** §5: 'File is too big ; max size is {0} MB', with the §9 maximum in MB. */
export const FILE_TOO_BIG: ChatErrorText = {
  key: "Chat_FileTooBig",
  params: { size: CHAT_ATTACHMENT_MAX_BYTES / 1024 / 1024 },
};
/** §5: 'File could not be uploaded'. */
export const FILE_UPLOAD_FAILED: ChatErrorText = { key: "Chat_FileUploadFailed" };

/** §5: an attachment over CHAT_ATTACHMENT_MAX_BYTES is refused before it is sent. */
export function attachmentProblem(size: number): ChatErrorText | null {
  return size > CHAT_ATTACHMENT_MAX_BYTES ? FILE_TOO_BIG : null;
}

/** The upstream's ChatFileTooLarge code (the 413 of PUT supportchat/file). */
const CHAT_FILE_TOO_LARGE_CODE = 5001;

/** §5: what a failed upload shows: too big (413), silent when aborted, otherwise the generic file error. */
export function uploadErrorText(error: unknown): ChatErrorText | null {
  if (error instanceof ApiError) {
    if (error.aborted) return null;
    if (error.status === 413 || error.code === CHAT_FILE_TOO_LARGE_CODE) return FILE_TOO_BIG;
  }
  return FILE_UPLOAD_FAILED;
}

/** §5: a denied screen-capture permission is silent; any other failure shows the file error. */
export function screenshotErrorText(error: unknown): ChatErrorText | null {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "NotAllowedError" || name === "AbortError" ? null : FILE_UPLOAD_FAILED;
}

/** §5: images are recognised by the extensions png, jpg, jpeg, gif (any case). */
export function isImageFileName(name: string | null | undefined): boolean {
  const dot = name?.lastIndexOf(".") ?? -1;
  if (!name || dot < 0) return false;
  return (CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

/** §5: pasted files are uploaded, the first one only. */
export function firstPastedFile(files: ArrayLike<File> | null | undefined): File | null {
  return files && files.length > 0 ? (files[0] ?? null) : null;
}

/** Longest Page the upstream keeps with a message. */
export const MAX_PAGE_LENGTH = 500;

/** The in-app page a message is sent from (path and query, within the upstream's limit). */
export function messagePage(location: { pathname: string; search: string }): string {
  const page = `${location.pathname}${location.search}`;
  return page.length <= MAX_PAGE_LENGTH ? page : location.pathname.slice(0, MAX_PAGE_LENGTH);
}

/** A new client message UID (8–64 of A-Za-z0-9-): a resend with it is stored once. */
export function newMessageUid(random: () => string = () => crypto.randomUUID()): string {
  return random();
}

/** What the member may do with one of their messages. */
export interface MessageChanges {
  edit: boolean;
  remove: boolean;
}

/**
 * The member's own messages they may still change, by UID: the upstream's EditMessage takes one's
 * own text message, DeleteMessage one's own text or file message, both in one's open session — so
 * neither staff nor system lines, nothing before the last 'session ended' line (an archived
 * session), and nothing the server has not accepted yet (it knows no such UID).
 */
export function changeableMessages(entries: readonly ChatEntry[]): ReadonlyMap<string, MessageChanges> {
  const changes = new Map<string, MessageChanges>();
  for (const entry of entries) {
    if (entry.kind !== "message") continue;
    if (entry.type === "SessionArchived") changes.clear();
    else if (!entry.isInternal && entry.acknowledged && (entry.type === "Message" || entry.type === "File"))
      changes.set(entry.uid, { edit: entry.type === "Message", remove: true });
  }
  return changes;
}

/**
 * A failed hub invocation as the REST call's error, for §8's banner: a refusal carries the gateway's
 * code; a client closed or ended with the session is silent (the page is leaving it).
 */
export function hubFailureAsApiError(error: unknown): unknown {
  if (!(error instanceof HubInvocationError)) return error;
  if (error.reason === "closed" || error.reason === "ended")
    return new ApiError(0, null, error.message, null, true);
  return new ApiError(0, error.code, error.message);
}
