/**
 * The rating dialog after staff archived the session (§4.4): a score from 1 to 5 (required) and
 * optional feedback, sent with SupportSessions/SaveRating (§7); submitting clears the conversation and
 * the unread flag. A modal <dialog>: focus moves in and stays there, Escape or 'Not now' closes it,
 * and focus returns where it was.
 */
import i18next from "i18next";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorBannerText } from "../http/api-error.ts";
import { showBanner } from "../state/banner-store.ts";
import { chatPanel, submitChatRating } from "./chat-store.ts";

/** The scores of the Rating field (§3 Rating: 1 worst … 5 best). */
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
/** The longest feedback the upstream stores. */
export const RATING_FEEDBACK_MAX_LENGTH = 2000;

/** The dialog; rendered while the chat state asks for a rating. */
export default function ChatRatingDialog() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [feedback, setFeedback] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setError(t("ValidationErrorMessage_Required"));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await submitChatRating(rating, feedback.trim());
      showBanner({ kind: "success", textKey: "Chat_RatingThanks" });
    } catch (failure) {
      const text = errorBannerText(failure, (key) => i18next.exists(key));
      if (text) setError(t(text.key));
      setSending(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="chat-rating"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the dialog goes when the chat state says so, never behind React's back.
        event.preventDefault();
        chatPanel.dismissRating();
      }}
    >
      <form className="chat-rating__form" onSubmit={(event) => void onSubmit(event)}>
        <h2 id={titleId} className="chat-rating__title">
          {t("Chat_RatingTitle")}
        </h2>
        <fieldset className="chat-rating__scores" aria-describedby={error ? errorId : undefined}>
          <legend>{t("Chat_RatingLegend")}</legend>
          {RATING_VALUES.map((value) => (
            <label key={value} className="chat-rating__score">
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setError(null);
                }}
              />
              {t(`Chat_RatingValue_${value}`)}
            </label>
          ))}
        </fieldset>
        <label className="chat-rating__feedback">
          {t("Chat_RatingFeedback")}
          <textarea
            rows={3}
            maxLength={RATING_FEEDBACK_MAX_LENGTH}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
          />
        </label>
        {error ? (
          <p id={errorId} className="chat-rating__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="chat-rating__actions">
          <button type="button" className="kit-button" onClick={chatPanel.dismissRating}>
            {t("Chat_RatingLater")}
          </button>
          <button
            type="submit"
            className="kit-button kit-button--primary"
            disabled={sending}
            aria-busy={sending}
          >
            {t("Chat_RatingSubmit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
