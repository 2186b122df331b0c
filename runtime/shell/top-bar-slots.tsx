/**
 * The places of the top menu bar that other parts of the runtime fill (§2.5):
 * until they do, each renders nothing — never a stand-in.
 */

/** Notifications (§4.3): the notifications work (issue 5 item 5) renders its button and dropdown here. */
export function NotificationsSlot() {
  return null;
}

/** In-app support chat (§4.4): the chat work (issue 5 item 6) renders its button and panel here. */
export function SupportChatSlot() {
  return null;
}
