/**
 * The chat panel (§4.4, §6): a header with pin and close, then the view the rules choose — the
 * no-access notice with learn-more and upgrade links, the closed message with ticket creation, the
 * start-session form, or the conversation with its composer.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasRolePermission } from "../../core/access/access-profile.ts";
import { sessionStore } from "../session/session-store.ts";
import { useStore } from "../state/create-store.ts";
import { useManifest } from "../state/manifest-context.tsx";
import { ChatComposer } from "./chat-composer.tsx";
import { ChatConversation } from "./chat-conversation.tsx";
import { chatView } from "./chat-rules.ts";
import { chatPanel, chatStore, loadChat } from "./chat-store.ts";

/** Where a member creates a support ticket (§2.2 /supporttickets). */
export const SUPPORT_TICKETS_PATH = "/supporttickets";

function PinIcon() {
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
      <path d="M12 17v5M9 3h6l-1 6 3 3v2H7v-2l3-3-1-6Z" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg
      className="shell-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

function NoAccess() {
  const { t } = useTranslation();
  const { shell } = useManifest();
  const { chatLearnMoreUrl, chatUpgradeLink } = shell.externalSites;
  return (
    <div className="chat-panel__notice">
      <p>{t("Chat_NoAccess")}</p>
      <p className="chat-panel__links">
        <a href={chatLearnMoreUrl} target="_blank" rel="noopener noreferrer">
          {t("Chat_LearnMore")}
        </a>
        {chatUpgradeLink.startsWith("/") ? (
          <Link to={chatUpgradeLink}>{t("Chat_Upgrade")}</Link>
        ) : (
          <a href={chatUpgradeLink} target="_blank" rel="noopener noreferrer">
            {t("Chat_Upgrade")}
          </a>
        )}
      </p>
    </div>
  );
}

function Closed() {
  const { t } = useTranslation();
  const canCreateTicket = useStore(sessionStore, (s) =>
    s.profile ? hasRolePermission(s.profile, "SupportTickets", "rw") : false,
  );
  return (
    <div className="chat-panel__notice" role="status">
      <p>{t("Chat_Unavailable")}</p>
      {canCreateTicket ? (
        <p>
          <Link to={SUPPORT_TICKETS_PATH}>{t("Chat_TicketLink")}</Link>
        </p>
      ) : null}
    </div>
  );
}

/** Props: the heading's id (it names the panel), whether the user has the chat, how to close. */
export interface ChatPanelProps {
  titleId: string;
  access: boolean;
  onClose: () => void;
}

export default function ChatPanel({ titleId, access, onClose }: ChatPanelProps) {
  const { t } = useTranslation();
  const state = useStore(chatStore);
  const view = chatView({
    access,
    loaded: state.status === "ready",
    active: state.active,
    messages: state.entries.length,
  });
  let body: React.ReactNode;
  if (view === "noAccess") body = <NoAccess />;
  else if (view === "loading" && state.status === "error") {
    body = (
      <div className="chat-panel__notice">
        <p>{t("Chat_LoadFailed")}</p>
        <button type="button" className="kit-button" onClick={() => void loadChat()}>
          {t("Chat_TryAgain")}
        </button>
      </div>
    );
  } else if (view === "loading") {
    body = (
      <p className="chat-panel__notice" role="status">
        {t("Loading")}
      </p>
    );
  } else if (view === "closed") {
    body = (
      <>
        {state.entries.length > 0 ? (
          <ChatConversation
            entries={state.entries}
            canRate={state.archivedSession !== null}
            active={false}
            editing={state.editing}
          />
        ) : null}
        <Closed />
      </>
    );
  } else if (view === "start") {
    body = (
      <>
        <p className="chat-panel__notice">{t("Chat_StartIntro")}</p>
        <ChatComposer start />
      </>
    );
  } else {
    body = (
      <>
        <ChatConversation
          entries={state.entries}
          canRate={state.archivedSession !== null}
          active={state.active}
          editing={state.editing}
        />
        <ChatComposer start={false} />
      </>
    );
  }
  return (
    <div className="chat-panel">
      <div className="chat-panel__header">
        <h2 id={titleId} className="chat-panel__title">
          {t("Chat_Title")}
        </h2>
        <button
          type="button"
          className="shell-icon-button"
          aria-pressed={state.pinned}
          aria-label={t("Chat_Pin")}
          onClick={() => chatPanel.pin(!state.pinned)}
        >
          <PinIcon />
        </button>
        <button type="button" className="shell-icon-button" aria-label={t("Chat_Close")} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {body}
    </div>
  );
}
