/**
 * The support chat in the top menu bar (§2.5, §4.4): a button with the unread marker that opens the
 * chat panel — next to the button, or pinned as a sidebar anchored to the side of the page — and the
 * rating dialog after an archived session. The panel and the dialog load lazily.
 */
import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Popover } from "../components/popover/popover.tsx";
import { sessionStore } from "../session/session-store.ts";
import { useStore } from "../state/create-store.ts";
import { hasChatAccess } from "./chat-rules.ts";
import { chatPanel, chatStore, startChat } from "./chat-store.ts";
import "./chat.css";

const ChatPanel = lazy(() => import("./chat-panel.tsx"));
const ChatRatingDialog = lazy(() => import("./chat-rating-dialog.tsx"));

/** Width of the chat next to its button. */
export const CHAT_POPOVER_WIDTH_PX = 384;

function ChatIcon() {
  return (
    <svg
      className="shell-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </svg>
  );
}

/** The chat button, its panel or sidebar, and the rating dialog. */
export function SupportChatButton() {
  const { t } = useTranslation();
  const access = useStore(sessionStore, (s) => hasChatAccess(s.profile));
  const open = useStore(chatStore, (s) => s.panelOpen);
  const pinned = useStore(chatStore, (s) => s.pinned);
  const unread = useStore(chatStore, (s) => s.unread);
  const ratingOpen = useStore(chatStore, (s) => s.ratingOpen);
  // While an own message is edited, Escape cancels the edit (chat-conversation.tsx), not the panel.
  const editing = useStore(chatStore, (s) => s.editing !== null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();

  useEffect(() => {
    if (access) startChat();
  }, [access]);

  // The pinned sidebar takes its place beside the page rather than over it.
  const sidebar = open && pinned;
  useEffect(() => {
    if (!sidebar) return;
    document.documentElement.dataset.chatSidebar = "open";
    return () => {
      delete document.documentElement.dataset.chatSidebar;
    };
  }, [sidebar]);

  const close = () => {
    chatPanel.close();
    button.current?.focus();
  };
  // One lasting element around the lazy panel: the popover re-measures it when the panel replaces the fallback.
  const panel = (
    <div className="chat-panel__frame">
      <Suspense
        fallback={
          <p className="chat-panel__notice" role="status">
            {t("Loading")}
          </p>
        }
      >
        <ChatPanel titleId={titleId} access={access} onClose={close} />
      </Suspense>
    </div>
  );

  return (
    <>
      <button
        ref={button}
        type="button"
        className="shell-icon-button chat-button"
        aria-label={unread ? t("Chat_ButtonUnread") : t("Chat_Button")}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? chatPanel.close() : chatPanel.open())}
      >
        <ChatIcon />
        {unread ? <span className="chat-button__unread" aria-hidden="true" /> : null}
      </button>
      {sidebar
        ? createPortal(
            <aside id={panelId} className="chat-sidebar" aria-labelledby={titleId}>
              {panel}
            </aside>,
            document.body,
          )
        : null}
      <Popover
        open={open && !pinned}
        anchor={button}
        onClose={chatPanel.close}
        id={panelId}
        role="dialog"
        aria-labelledby={titleId}
        placement="bottom-end"
        width={CHAT_POPOVER_WIDTH_PX}
        autoFocus
        closeOnEscape={!editing}
        className="chat-popover"
      >
        {panel}
      </Popover>
      {ratingOpen ? (
        <Suspense fallback={null}>
          <ChatRatingDialog />
        </Suspense>
      ) : null}
    </>
  );
}
