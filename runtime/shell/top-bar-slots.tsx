/**
 * The places of the top menu bar that other parts of the runtime fill (§2.5): the notification bell
 * (§4.3) and the in-app support chat (§4.4). Both also lend the router's navigation to the realtime
 * session, so that §4.2's /logout?ws=0 keeps the remembered redirect in memory.
 */
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { SupportChatButton } from "../chat/chat-button.tsx";
import { NotificationBell } from "../notifications/notification-bell.tsx";
import { setRealtimeNavigator } from "../session/realtime-session.ts";

function useRealtimeNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => setRealtimeNavigator((to) => void navigate(to)), [navigate]);
}

/** Notifications (§4.3): the bell with the unread count and its dropdown. */
export function NotificationsSlot() {
  useRealtimeNavigator();
  return <NotificationBell />;
}

/** In-app support chat (§4.4): the chat button and its panel or pinned sidebar. */
export function SupportChatSlot() {
  useRealtimeNavigator();
  return <SupportChatButton />;
}
