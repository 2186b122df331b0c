/**
 * One conversation of the console (§4.4 staff side, §5): whether it can be taken (and who holds it
 * when someone else does), its lines in a polite log — names, dates, inline images by extension and
 * other files as downloads, "edited" marks, deleted placeholders, system events as short centred
 * lines — the agent's own replies with edit and delete, failed ones with a retry, the composer while
 * the conversation is the agent's, and once archived, the member's rating. §6: without Write every
 * action is disabled; reading stays.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORT_CHAT_MAX_TEXT_LENGTH } from "../../../../schemas/payloads/support-chat.ts";
import { chatMessageHtml } from "../../../chat/chat-html.ts";
import { canSendMessage, isImageFileName } from "../../../chat/chat-rules.ts";
import { showErrorBanner } from "../../content/content-feedback.ts";
import type { ConsoleRights } from "./console-rights.ts";
import { conversationMode } from "./console-rights.ts";
import type { ConsoleMessage, Conversation, StaffSession } from "./console-state.ts";
import type { SupportConsole } from "./console-store.ts";
import {
  deliveryState,
  isOwnReply,
  lineAuthor,
  replyActions,
  staffFileUrl,
  systemLineText,
} from "./conversation-lines.ts";
import { StaffComposer } from "./staff-composer.tsx";

/** Props of ConversationView. */
export interface ConversationViewProps {
  console: SupportConsole;
  session: StaffSession | undefined;
  sessionId: number;
  conversation: Conversation | undefined;
  me: { userId: number | null; fullName: string | null };
  rights: ConsoleRights;
  /** The member's name, as the tab shows it. */
  name: string;
  /** A take of this session lost the race to another staff member. */
  lostRace: boolean;
  /** The focus goes to the composer (or the first action) once, when the conversation was opened. */
  focusRequested: boolean;
  onFocused: () => void;
  onTake: () => Promise<void>;
}

/** The conversation panel. */
export function ConversationView(props: ConversationViewProps) {
  const { t } = useTranslation();
  const { session, conversation, rights } = props;
  const mode = session ? conversationMode(session, props.me.userId) : null;
  const composer = useRef<HTMLTextAreaElement>(null);
  const firstAction = useRef<HTMLButtonElement>(null);
  const archivedNote = useRef<HTMLParagraphElement>(null);
  const [taking, setTaking] = useState(false);
  const [busy, setBusy] = useState(false);
  const previousMode = useRef(mode);

  useEffect(() => {
    if (!props.focusRequested) return;
    [composer.current, firstAction.current].find((element) => element && !element.disabled)?.focus();
    props.onFocused();
  });
  // Archiving removes the composer the focus was in: it goes to the note that replaces it.
  useEffect(() => {
    if (previousMode.current === "mine" && mode === "archived") archivedNote.current?.focus();
    previousMode.current = mode;
  }, [mode]);

  const take = async () => {
    setTaking(true);
    try {
      await props.onTake();
    } finally {
      setTaking(false);
    }
  };
  const staffBusy = async () => {
    setBusy(true);
    try {
      await props.console.busy(props.sessionId);
    } catch (error) {
      showErrorBanner(error);
    } finally {
      setBusy(false);
    }
  };
  const holder = session?.StaffFullName?.trim() || t("SupportConsole_AnotherAgent");

  return (
    <div className="support-conversation">
      <header className="support-conversation__header">
        <h2 className="support-pane__title">{props.name}</h2>
        {session?.AccountName ? <span className="admin-muted">{session.AccountName}</span> : null}
      </header>

      <div className="support-conversation__state">
        {mode === "take" || mode === "other" ? (
          <div className="support-conversation__actions">
            <button
              ref={firstAction}
              type="button"
              className="kit-button kit-button--primary"
              disabled={!rights.act || mode === "other" || taking}
              onClick={() => void take()}
            >
              {t("SupportConsole_Take")}
            </button>
            {mode === "take" && rights.act ? (
              <button type="button" className="kit-button" disabled={busy} onClick={() => void staffBusy()}>
                {t("SupportConsole_StaffBusy")}
              </button>
            ) : null}
            {mode === "other" ? (
              <p className="support-conversation__note">
                {t("SupportConsole_TalkingOther", { name: holder })}
              </p>
            ) : null}
          </div>
        ) : null}
        <p role="status" className="support-conversation__note">
          {props.lostRace ? t("SupportConsole_TakenByOther", { name: holder }) : null}
        </p>
        {mode === "archived" && session ? <ArchivedNote session={session} noteRef={archivedNote} /> : null}
      </div>

      <ConversationLog {...props} />

      {/* §6: read-only staff see the composer of every open conversation, disabled. */}
      {conversation && (mode === "mine" || (!rights.act && mode !== "archived")) ? (
        <StaffComposer
          console={props.console}
          sessionId={props.sessionId}
          memberName={props.name}
          draft={conversation.draft}
          disabled={!rights.act}
          fieldRef={composer}
        />
      ) : null}
    </div>
  );
}

function ArchivedNote(props: {
  session: StaffSession;
  noteRef: React.RefObject<HTMLParagraphElement | null>;
}) {
  const { t } = useTranslation();
  const { Rating, Feedback } = props.session;
  return (
    <div className="support-conversation__archived">
      <p ref={props.noteRef} tabIndex={-1} className="support-conversation__archived-title">
        {t("SupportConsole_Archived")}
      </p>
      {typeof Rating === "number" ? (
        <p>{t("SupportConsole_Rated", { rating: Rating })}</p>
      ) : (
        <p className="admin-muted">{t("SupportConsole_NotRated")}</p>
      )}
      {Feedback?.trim() ? (
        <blockquote className="support-conversation__feedback">{Feedback}</blockquote>
      ) : null}
    </div>
  );
}

function ConversationLog(props: ConversationViewProps) {
  const { t, i18n } = useTranslation();
  const log = useRef<HTMLDivElement>(null);
  const { conversation } = props;
  const lines = conversation?.messages ?? [];
  const last = lines.at(-1);
  const lastKey = last ? `${last.uid}:${last.acknowledged}:${lines.length}` : "";
  const dates = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }),
    [i18n.language],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last line scrolls the newest into view
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastKey]);

  if (!conversation || conversation.status === "loading") {
    return (
      <p role="status" className="support-conversation__loading">
        {t("Loading")}
      </p>
    );
  }
  if (conversation.status === "error") {
    return (
      <div className="support-error" role="alert">
        <p>{t("SupportConsole_TranscriptFailed")}</p>
        <button
          type="button"
          className="kit-button"
          onClick={() => void props.console.retryTranscript(conversation.sessionId)}
        >
          {t("SupportConsole_Retry")}
        </button>
      </div>
    );
  }
  return (
    <div
      ref={log}
      className="support-log"
      role="log"
      aria-label={t("SupportConsole_Messages", { name: props.name })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; keyboard users must reach it
      tabIndex={0}
    >
      <ul className="support-log__lines">
        {lines.map((line) => (
          <Line
            key={line.uid}
            line={line}
            {...props}
            formatDate={(iso) => {
              const date = new Date(iso);
              return Number.isNaN(date.getTime()) ? iso : dates.format(date);
            }}
          />
        ))}
      </ul>
    </div>
  );
}

function Line(props: ConversationViewProps & { line: ConsoleMessage; formatDate: (iso: string) => string }) {
  const { t } = useTranslation();
  const { line, session } = props;
  const system = systemLineText(line);
  if (system) {
    return <li className="support-line support-line--system">{t(system.key, system.params)}</li>;
  }
  const own = isOwnReply(line, session, props.me);
  const author = lineAuthor(line, session) ?? t("Chat_Support");
  const side = line.isInternal ? "support-line--staff" : "support-line--member";
  return (
    <li className={`support-line ${side}`}>
      <div className="support-line__meta">
        <span className="support-line__author">{author}</span>
        {line.date ? <time dateTime={line.date}>{props.formatDate(line.date)}</time> : null}
        {line.edited && !line.deleted ? (
          <span className="support-line__mark">{t("SupportConsole_Edited")}</span>
        ) : null}
      </div>
      {line.deleted ? (
        <p className="support-line__deleted">{t("SupportConsole_Deleted")}</p>
      ) : own && line.type === "Message" ? (
        <EditableText {...props} />
      ) : (
        <LineBody line={line} sessionId={props.sessionId} />
      )}
      <Delivery line={line} console={props.console} sessionId={props.sessionId} canAct={props.rights.act} />
      {own && line.type === "File" ? <DeleteButton {...props} /> : null}
    </li>
  );
}

function Html({ text }: { text: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: links made https and sanitised by DOMPurify (§5)
  return <div className="support-line__text" dangerouslySetInnerHTML={{ __html: chatMessageHtml(text) }} />;
}

function LineBody({ line, sessionId }: { line: ConsoleMessage; sessionId: number }) {
  const { t } = useTranslation();
  if (line.type !== "File") return <Html text={line.text} />;
  const name = line.fileName ?? "";
  if (!line.fileId) return <p className="support-line__text">{t("Chat_Uploading", { name })}</p>;
  const url = staffFileUrl(sessionId, line.fileId);
  return isImageFileName(name) ? (
    <a className="support-line__image" href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={name} />
    </a>
  ) : (
    <a className="support-line__file" href={url} download={name}>
      {name}
    </a>
  );
}

function Delivery(props: {
  line: ConsoleMessage;
  console: SupportConsole;
  sessionId: number;
  canAct: boolean;
}) {
  const { t } = useTranslation();
  const state = deliveryState(props.line);
  if (state === null) return null;
  if (state === "sending") return <span className="support-line__state">{t("Chat_Sending")}</span>;
  return (
    <span className="support-line__state support-line__state--failed">
      {t("Chat_NotSent")}{" "}
      {props.line.type === "Message" ? (
        <button
          type="button"
          className="kit-button"
          disabled={!props.canAct}
          onClick={() => props.console.retry(props.sessionId, props.line.uid)}
        >
          {t("SupportConsole_Retry")}
        </button>
      ) : null}
    </span>
  );
}

function DeleteButton(props: ConversationViewProps & { line: ConsoleMessage }) {
  const { t } = useTranslation();
  const [working, setWorking] = useState(false);
  const remove = async () => {
    setWorking(true);
    try {
      await props.console.remove(props.sessionId, props.line.uid);
    } catch (error) {
      showErrorBanner(error);
      setWorking(false);
    }
  };
  return (
    <button
      type="button"
      className="kit-button support-line__action"
      disabled={!props.rights.act || working || !replyActions(props.line).remove}
      onClick={() => void remove()}
    >
      {t("SupportConsole_DeleteMessage")}
    </button>
  );
}

/** An own text reply: shown, or edited in place (Save / Cancel), or deleted. */
function EditableText(props: ConversationViewProps & { line: ConsoleMessage }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const { line } = props;
  const isEditing = editing !== null;

  useEffect(() => {
    if (isEditing) field.current?.focus();
  }, [isEditing]);

  const save = async () => {
    if (editing === null || !canSendMessage(editing)) return;
    if (editing === line.text) {
      setEditing(null);
      return;
    }
    setWorking(true);
    try {
      await props.console.edit(props.sessionId, line.uid, editing);
      setEditing(null);
      requestAnimationFrame(() => editButton.current?.focus());
    } catch (error) {
      showErrorBanner(error);
    } finally {
      setWorking(false);
    }
  };
  const cancel = () => {
    setEditing(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (editing !== null) {
    return (
      <form
        className="support-line__edit"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label htmlFor={fieldId} className="visually-hidden">
          {t("SupportConsole_EditMessage")}
        </label>
        <textarea
          id={fieldId}
          ref={field}
          className="support-field"
          rows={3}
          maxLength={SUPPORT_CHAT_MAX_TEXT_LENGTH}
          value={editing}
          onChange={(event) => setEditing(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              cancel();
            }
          }}
        />
        <div className="support-line__actions">
          <button
            type="submit"
            className="kit-button kit-button--primary"
            disabled={working || !canSendMessage(editing)}
          >
            {t("Dialog_Save")}
          </button>
          <button type="button" className="kit-button" onClick={cancel} disabled={working}>
            {t("Dialog_Cancel")}
          </button>
        </div>
      </form>
    );
  }
  return (
    <>
      <LineBody line={line} sessionId={props.sessionId} />
      <div className="support-line__actions">
        {replyActions(line).edit ? (
          <button
            ref={editButton}
            type="button"
            className="kit-button support-line__action"
            disabled={!props.rights.act}
            onClick={() => setEditing(line.text)}
          >
            {t("SupportConsole_EditMessage")}
          </button>
        ) : null}
        <DeleteButton {...props} />
      </div>
    </>
  );
}
