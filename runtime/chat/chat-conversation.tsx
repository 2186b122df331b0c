/**
 * The conversation (§4.4): messages from the member and the staff, attachments (images by their
 * extension, §5), the system lines ('now talking to', staff busy, session ended…), and the state of
 * what this page sent (sending, not sent with a retry). Texts become https links and are sanitised
 * (§5). A log region: new lines are announced politely; the view follows the newest.
 *
 * The member's own messages of the open session can be changed while the chat is active: a text
 * edited in place (Enter saves, §5: not when blank; Escape cancels; the focus goes into the field
 * and back to its Edit button), a text or file deleted at once (the line goes, the deletion is
 * announced and the focus stays in the conversation). A changed text is marked edited.
 */
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORT_CHAT_MAX_TEXT_LENGTH } from "../../schemas/payloads/support-chat.ts";
import { apiUrl } from "../http/api-client.ts";
import { chatMessageHtml } from "./chat-html.ts";
import { canSendMessage, changeableMessages, isImageFileName, type MessageChanges } from "./chat-rules.ts";
import type { ChatEntry } from "./chat-state.ts";
import { chatPanel, deleteChatMessage, editChatMessage, retryChatMessage } from "./chat-store.ts";

type MessageEntry = Extract<ChatEntry, { kind: "message" }>;

/** §7 GET supportchat/file?id={fileId}. */
export function chatFileUrl(fileId: string): string {
  return apiUrl("app", `supportchat/file?id=${encodeURIComponent(fileId)}`);
}

function SystemLine({ children }: { children: React.ReactNode }) {
  return <li className="chat-line chat-line--system">{children}</li>;
}

function Html({ text, id }: { text: string; id?: string }) {
  return (
    <div
      id={id}
      className="chat-line__text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: links made https and sanitised by DOMPurify (§5)
      dangerouslySetInnerHTML={{ __html: chatMessageHtml(text) }}
    />
  );
}

function Attachment({ entry, id }: { entry: MessageEntry; id?: string }) {
  const { t } = useTranslation();
  const name = entry.fileName ?? "";
  if (!entry.fileId)
    return (
      <p id={id} className="chat-line__text">
        {t("Chat_Uploading", { name })}
      </p>
    );
  const url = chatFileUrl(entry.fileId);
  return isImageFileName(name) ? (
    <a id={id} className="chat-line__image" href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={name} />
    </a>
  ) : (
    <a id={id} className="chat-line__file" href={url} download={name}>
      {name}
    </a>
  );
}

function Body({ entry, id }: { entry: MessageEntry; id?: string }) {
  return entry.type === "File" ? <Attachment entry={entry} id={id} /> : <Html text={entry.text} id={id} />;
}

function EditedMark({ entry }: { entry: MessageEntry }) {
  const { t } = useTranslation();
  return entry.edited ? <span className="chat-line__edited">{t("Chat_Edited")}</span> : null;
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

/** What an own line needs to be changed: what the rules allow, whether the chat is active, the editor. */
interface ChangeProps {
  changes: MessageChanges | undefined;
  active: boolean;
  editing: boolean;
  /** Called once a deletion went through (the line is gone). */
  onDeleted: () => void;
}

function EditForm({ entry, active, onDone }: { entry: MessageEntry; active: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState(entry.text);
  const [working, setWorking] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  const save = async () => {
    if (working || !active || !canSendMessage(text)) return;
    setWorking(true);
    const saved = await editChatMessage(entry.uid, text);
    setWorking(false);
    if (saved) onDone();
  };
  const cancel = onDone;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    } else if (event.key === "Escape") {
      // The panel leaves Escape to the editor while it is open (chat-button.tsx).
      event.preventDefault();
      cancel();
    }
  };
  return (
    <form
      className="chat-line__edit"
      aria-busy={working}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={fieldId} className="visually-hidden">
        {t("Chat_EditMessage")}
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className="chat-composer__field chat-line__edit-field"
        rows={3}
        maxLength={SUPPORT_CHAT_MAX_TEXT_LENGTH}
        value={text}
        readOnly={working}
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="visually-hidden">
        {t("Chat_EditHint")}
      </span>
      <div className="chat-line__actions">
        <button
          type="submit"
          className="kit-button kit-button--primary"
          disabled={working || !active || !canSendMessage(text)}
        >
          {t("Dialog_Save")}
        </button>
        <button type="button" className="kit-button" onClick={cancel}>
          {t("Dialog_Cancel")}
        </button>
      </div>
    </form>
  );
}

/** The member's own text or file line, with its edit and delete buttons when the rules allow them. */
function OwnLine({ entry, changes, active, editing, onDeleted }: { entry: MessageEntry } & ChangeProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [deleting, setDeleting] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const isEditing = editing && changes?.edit === true;
  useEffect(() => {
    if (isEditing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [isEditing]);
  // An editor left open when the line goes (deleted in another tab, the panel closed) closes with it.
  const editingNow = useRef(isEditing);
  editingNow.current = isEditing;
  useEffect(
    () => () => {
      if (editingNow.current) chatPanel.closeEdit();
    },
    [],
  );
  const remove = async () => {
    setDeleting(true);
    if (await deleteChatMessage(entry.uid)) onDeleted();
    else setDeleting(false);
  };
  const done = () => {
    refocus.current = true;
    chatPanel.closeEdit();
  };
  return (
    <li className={`chat-line chat-line--mine${isEditing ? " chat-line--editing" : ""}`}>
      <span className="chat-line__author">{t("Chat_You")}</span>
      {isEditing ? (
        <EditForm entry={entry} active={active} onDone={done} />
      ) : (
        <Body entry={entry} id={bodyId} />
      )}
      <EditedMark entry={entry} />
      <SentState entry={entry} />
      {changes && !isEditing ? (
        <div className="chat-line__actions">
          {changes.edit ? (
            <button
              ref={editButton}
              type="button"
              className="chat-line__action"
              aria-describedby={bodyId}
              disabled={!active || deleting}
              onClick={() => chatPanel.openEdit(entry.uid)}
            >
              {t("Chat_EditMessage")}
            </button>
          ) : null}
          <button
            type="button"
            className="chat-line__action"
            aria-describedby={bodyId}
            disabled={!active || deleting}
            onClick={() => void remove()}
          >
            {t("Chat_DeleteMessage")}
          </button>
        </div>
      ) : null}
    </li>
  );
}

function Message({ entry, canRate, ...change }: { entry: MessageEntry; canRate: boolean } & ChangeProps) {
  const { t } = useTranslation();
  switch (entry.type) {
    case "Message":
    case "File": {
      if (!entry.isInternal) return <OwnLine entry={entry} {...change} />;
      return (
        <li className="chat-line chat-line--staff">
          <span className="chat-line__author">{entry.userName ?? t("Chat_Support")}</span>
          <Body entry={entry} />
          <EditedMark entry={entry} />
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

/** Props: the lines; `canRate` offers the rating of the archived session again; `active`: own messages may change; the line being edited. */
export interface ChatConversationProps {
  entries: readonly ChatEntry[];
  canRate: boolean;
  active: boolean;
  editing: string | null;
}

export function ChatConversation({ entries, canRate, active, editing }: ChatConversationProps) {
  const { t } = useTranslation();
  const log = useRef<HTMLDivElement>(null);
  const changes = useMemo(() => changeableMessages(entries), [entries]);
  const [deletions, setDeletions] = useState(0);
  const onDeleted = useCallback(() => {
    setDeletions((count) => count + 1);
    // The deleted line took its focused button with it: the focus stays in the conversation.
    const focused = document.activeElement;
    if (!focused || focused === document.body) log.current?.focus();
  }, []);
  const last = entries.at(-1);
  const lastKey = last ? (last.kind === "message" ? `${last.uid}:${last.acknowledged}` : last.id) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last line scrolls the newest into view
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastKey]);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; keyboard users must reach it */}
      <div ref={log} className="chat-log" role="log" aria-label={t("Chat_Conversation")} tabIndex={0}>
        <ul className="chat-log__lines">
          {entries.map((entry) =>
            entry.kind === "nowTalkingTo" ? (
              <SystemLine key={entry.id}>{t("Chat_NowTalkingTo", { name: entry.userName })}</SystemLine>
            ) : (
              <Message
                key={entry.uid}
                entry={entry}
                canRate={canRate}
                changes={changes.get(entry.uid)}
                active={active}
                editing={editing === entry.uid}
                onDeleted={onDeleted}
              />
            ),
          )}
        </ul>
      </div>
      {/* A removed line is not announced by the log: this says so (a second deletion alters the text, so it is read again). */}
      <p className="visually-hidden" role="status">
        {deletions > 0 ? `${t("Chat_MessageDeleted")}${deletions % 2 === 0 ? "\u00a0" : ""}` : ""}
      </p>
    </>
  );
}
