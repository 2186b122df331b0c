/**
 * Writing to support (§4.4, §5): the message field (Enter sends, Shift+Enter is a new line; blank
 * messages are not sent), an attachment (≤ CHAT_ATTACHMENT_MAX_BYTES, the two §5 error texts),
 * pasting a file uploads the first one, and a screenshot where the browser can capture the screen
 * (a refused permission is silent). `start` is the start-session form: the first message opens it.
 */
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORT_CHAT_MAX_TEXT_LENGTH } from "../../schemas/payloads/support-chat.ts";
import { type ChatErrorText, canSendMessage, firstPastedFile, screenshotErrorText } from "./chat-rules.ts";
import { canCaptureScreen, captureScreenshot } from "./chat-screenshot.ts";
import { sendChatMessage, uploadChatFile } from "./chat-store.ts";

/** The composer; `start` labels it as the start-session form. */
export function ChatComposer({ start }: { start: boolean }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const errorId = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<ChatErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = () => {
    setError(null);
    if (!canSendMessage(text)) return;
    if (sendChatMessage(text)) setText("");
    field.current?.focus();
  };
  const upload = async (file: Blob, name: string) => {
    setError(null);
    setBusy(true);
    try {
      setError(await uploadChatFile(file, name));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = firstPastedFile(event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    void upload(file, file.name || "pasted-image.png");
  };
  const onScreenshot = async () => {
    setError(null);
    try {
      const shot = await captureScreenshot();
      await upload(shot.blob, shot.name);
    } catch (failure) {
      setError(screenshotErrorText(failure));
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={onSubmit}
      aria-label={start ? t("Chat_StartButton") : undefined}
    >
      <label htmlFor={fieldId} className="visually-hidden">
        {t("Chat_MessageLabel")}
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className="chat-composer__field"
        rows={start ? 4 : 2}
        maxLength={SUPPORT_CHAT_MAX_TEXT_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="chat-composer__error" role="alert">
          {t(error.key, error.params)}
        </p>
      ) : null}
      <div className="chat-composer__actions">
        <input
          ref={fileInput}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file, file.name);
          }}
        />
        <button
          type="button"
          className="kit-button"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          {t("Chat_Attach")}
        </button>
        {canCaptureScreen() ? (
          <button type="button" className="kit-button" disabled={busy} onClick={() => void onScreenshot()}>
            {t("Chat_Screenshot")}
          </button>
        ) : null}
        <button type="submit" className="kit-button kit-button--primary chat-composer__send">
          {start ? t("Chat_StartButton") : t("Chat_Send")}
        </button>
      </div>
    </form>
  );
}
