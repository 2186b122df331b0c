/**
 * The agent's reply field (§4.4 staff side, §5 mirrored for staff): Enter sends, Shift+Enter is a
 * new line, blank replies are not sent, at most SUPPORT_CHAT_MAX_TEXT_LENGTH characters with a
 * counter near the limit; an attachment (≤ CHAT_ATTACHMENT_MAX_BYTES) from the file button or the
 * first file pasted into the field, with the member chat's two error texts; "all staff busy"; and
 * archiving, confirmed in a small dialog since it ends the member's conversation. The draft lives
 * in the console's store, so it survives switching tabs.
 */
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { SUPPORT_CHAT_MAX_TEXT_LENGTH } from "../../../../schemas/payloads/support-chat.ts";
import { type ChatErrorText, firstPastedFile } from "../../../chat/chat-rules.ts";
import { ModalDialog } from "../../../components/modal-dialog/modal-dialog.tsx";
import { showErrorBanner } from "../../content/content-feedback.ts";
import type { SupportConsole } from "./console-store.ts";
import { charactersLeft } from "./reply-rules.ts";

/** Props of StaffComposer. */
export interface StaffComposerProps {
  console: SupportConsole;
  sessionId: number;
  memberName: string;
  draft: string;
  /** §6: without Write the field and every button are disabled. */
  disabled: boolean;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}

/** The composer of a conversation the agent holds. */
export function StaffComposer(props: StaffComposerProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const errorId = useId();
  const counterId = useId();
  const [error, setError] = useState<ChatErrorText | null>(null);
  const [uploading, setUploading] = useState(false);
  const [working, setWorking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { console: agent, sessionId } = props;
  const left = charactersLeft(props.draft.length);

  const send = () => {
    setError(null);
    agent.reply(sessionId, props.draft);
    props.fieldRef.current?.focus();
  };
  const upload = async (file: Blob, name: string) => {
    setError(null);
    setUploading(true);
    try {
      setError(await agent.upload(sessionId, file, name));
    } finally {
      setUploading(false);
    }
  };
  const run = async (action: () => Promise<void>) => {
    setWorking(true);
    try {
      await action();
    } catch (failure) {
      showErrorBanner(failure);
    } finally {
      setWorking(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.disabled) send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!props.disabled) send();
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    // §5: a pasted file is uploaded, the first one only; pasted text stays text.
    const file = firstPastedFile(event.clipboardData.files);
    if (!file || props.disabled) return;
    event.preventDefault();
    void upload(file, file.name || "pasted-image.png");
  };
  const describedBy = [left === null ? null : counterId, error ? errorId : null].filter(Boolean).join(" ");

  return (
    <form className="support-composer" onSubmit={onSubmit}>
      <label htmlFor={fieldId} className="support-composer__label">
        {t("SupportConsole_Reply")}
      </label>
      <textarea
        id={fieldId}
        ref={props.fieldRef}
        className="support-field"
        rows={3}
        maxLength={SUPPORT_CHAT_MAX_TEXT_LENGTH}
        value={props.draft}
        disabled={props.disabled}
        onChange={(event) => agent.setDraft(sessionId, event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        aria-describedby={describedBy || undefined}
      />
      {left === null ? null : (
        <p id={counterId} className="support-composer__counter" aria-live="polite">
          {t("SupportConsole_CharactersLeft", { n: left })}
        </p>
      )}
      {error ? (
        <p id={errorId} className="support-composer__error" role="alert">
          {t(error.key, error.params)}
        </p>
      ) : null}
      <div className="support-composer__actions">
        <input
          ref={fileInput}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          disabled={props.disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file, file.name);
          }}
        />
        <button
          type="button"
          className="kit-button"
          disabled={props.disabled || uploading}
          onClick={() => fileInput.current?.click()}
        >
          {t("SupportConsole_AttachFile")}
        </button>
        <button
          type="button"
          className="kit-button"
          disabled={props.disabled || working}
          onClick={() => void run(() => agent.busy(sessionId))}
        >
          {t("SupportConsole_StaffBusy")}
        </button>
        <button
          type="button"
          className="kit-button admin-button--danger"
          disabled={props.disabled || working}
          onClick={() => setConfirming(true)}
        >
          {t("SupportConsole_Archive")}
        </button>
        <button
          type="submit"
          className="kit-button kit-button--primary support-composer__send"
          disabled={props.disabled}
        >
          {t("Chat_Send")}
        </button>
      </div>
      {confirming ? (
        <ModalDialog
          role="alertdialog"
          title={t("SupportConsole_ArchiveTitle")}
          description={t("SupportConsole_ArchiveText", { name: props.memberName })}
          closeButton={false}
          busy={working}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button
                type="button"
                className="kit-button"
                data-autofocus
                disabled={working}
                onClick={() => setConfirming(false)}
              >
                {t("Dialog_Cancel")}
              </button>
              <button
                type="button"
                className="kit-button admin-button--danger"
                disabled={working}
                onClick={() =>
                  void run(async () => {
                    await agent.archive(sessionId);
                    setConfirming(false);
                  })
                }
              >
                {t("SupportConsole_ArchiveConfirm")}
              </button>
            </>
          }
        />
      ) : null}
    </form>
  );
}
