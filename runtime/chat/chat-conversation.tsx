/**
 * The conversation (§4.4): messages from the member and the staff, attachments (images by their
 * extension, §5), the system lines ('now talking to', staff busy, session ended…), and the state of
 * what this page sent (sending, not sent with a retry). Texts become https links and are sanitised
 * (§5). A log region: new lines are announced politely; the view follows the newest.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { apiUrl } from "../http/api-client.ts";
import { chatMessageHtml } from "./chat-html.ts";
import { isImageFileName } from "./chat-rules.ts";
import type { ChatEntry } from "./chat-state.ts";
import { chatPanel, retryChatMessage } from "./chat-store.ts";

type MessageEntry = Extract<ChatEntry, { kind: "message" }>;

/** §7 GET supportchat/file?id={fileId}. */
export function chatFileUrl(fileId: string): string {
  return apiUrl("app", `supportchat/file?id=${encodeURIComponent(fileId)}`);
}

function SystemLine({ children }: { children: React.ReactNode }) {
  return <li className="chat-line chat-line--system">{children}</li>;
}

function Html({ text }: { text: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: links made https and sanitised by DOMPurify (§5)
  return <div className="chat-line__text" dangerouslySetInnerHTML={{ __html: chatMessageHtml(text) }} />;
}

function Attachment({ entry }: { entry: MessageEntry }) {
  const { t } = useTranslation();
  const name = entry.fileName ?? "";
  if (!entry.fileId) return <p className="chat-line__text">{t("Chat_Uploading", { name })}</p>;
  const url = chatFileUrl(entry.fileId);
  return isImageFileName(name) ? (
    <a className="chat-line__image" href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={name} />
    </a>
  ) : (
    <a className="chat-line__file" href={url} download={name}>
      {name}
    </a>
  );
}

function SentState({ entry }: { entry: MessageEntry }) {
  const { t } = useTranslation();
  if (entry.acknowledged) return null;
  if (!entry.failed) return <span className="chat-line__state">{t("Chat_Sending")}</span>;
  return (
    <span className="chat-line__state chat-line__state--failed">
      {t("Chat_NotSent")}{" "}
      <button type="button" className="chat-line__retry" onClick={() => retryChatMessage(entry.uid)}>
        {t("Chat_Retry")}
      </button>
    </span>
  );
}

function Message({ entry, canRate }: { entry: MessageEntry; canRate: boolean }) {
  const { t } = useTranslation();
  switch (entry.type) {
    case "Message":
    case "File": {
      const mine = !entry.isInternal;
      const author = mine ? t("Chat_You") : (entry.userName ?? t("Chat_Support"));
      return (
        <li className={`chat-line ${mine ? "chat-line--mine" : "chat-line--staff"}`}>
          <span className="chat-line__author">{author}</span>
          {entry.type === "File" ? <Attachment entry={entry} /> : <Html text={entry.text} />}
          <SentState entry={entry} />
        </li>
      );
    }
    case "InternalUserStartTalking":
      return <SystemLine>{t("Chat_NowTalkingTo", { name: entry.userName ?? t("Chat_Support") })}</SystemLine>;
    case "StaffBusy":
      return <SystemLine>{t("Chat_StaffBusy")}</SystemLine>;
    case "PleaseWait":
    case "PrivacyDisclaimer":
      return (
        <SystemLine>{entry.text.trim() ? <Html text={entry.text} /> : t(`Chat_${entry.type}`)}</SystemLine>
      );
    case "SessionArchived":
      return (
        <SystemLine>
          {t("Chat_SessionEnded")}{" "}
          {canRate ? (
            <button type="button" className="chat-line__retry" onClick={chatPanel.showRating}>
              {t("Chat_RateButton")}
            </button>
          ) : null}
        </SystemLine>
      );
    case "Open":
      return <SystemLine>{t("Chat_ServiceOpened")}</SystemLine>;
    case "Close":
      return <SystemLine>{t("Chat_ServiceClosed")}</SystemLine>;
    default:
      return null;
  }
}

/** The conversation's lines; `canRate` offers the rating of the archived session again. */
export function ChatConversation({ entries, canRate }: { entries: readonly ChatEntry[]; canRate: boolean }) {
  const { t } = useTranslation();
  const log = useRef<HTMLDivElement>(null);
  const last = entries.at(-1);
  const lastKey = last ? (last.kind === "message" ? `${last.uid}:${last.acknowledged}` : last.id) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last line scrolls the newest into view
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastKey]);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; keyboard users must reach it
    <div ref={log} className="chat-log" role="log" aria-label={t("Chat_Conversation")} tabIndex={0}>
      <ul className="chat-log__lines">
        {entries.map((entry) =>
          entry.kind === "nowTalkingTo" ? (
            <SystemLine key={entry.id}>{t("Chat_NowTalkingTo", { name: entry.userName })}</SystemLine>
          ) : (
            <Message key={entry.uid} entry={entry} canRate={canRate} />
          ),
        )}
      </ul>
    </div>
  );
}
