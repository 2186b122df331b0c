/**
 * The studio's words for what the gateway says as text keys (schemas/config-answers.ts TextMessage):
 * summary sentences, validation problems and warnings, in the operator's language through the UI's
 * i18next instance; a summary stored as English sentences is shown as it is.
 */
import { useTranslation } from "react-i18next";
import { formatTextMessage } from "../../../../core/texts/text-message.ts";
import type { TextMessage } from "../../../../schemas/config-answers.ts";

/** The sentence of a message (or a stored English sentence) in the UI's language. */
export function useMessageText(): (message: TextMessage | string) => string {
  const { t, i18n } = useTranslation();
  // i18next's overloaded TFunction cannot be matched by a plain signature; the call itself is i18next's.
  const translate = t as unknown as (key: string, params: object) => string;
  return (message) => formatTextMessage(message, i18n.language, (key, params) => translate(key, params));
}
