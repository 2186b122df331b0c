/**
 * Feedback of the content screens: errors as the §8 text (ErrorCode#### or the generic unknown
 * failure; aborted calls silent) in the banner or next to a field, and success banners.
 */
import i18next from "i18next";
import { errorBannerText } from "../../http/api-error.ts";
import { showBanner } from "../../state/banner-store.ts";

/** The §8 text of an error, translated; null for an aborted call. */
export function errorMessage(error: unknown): string | null {
  const text = errorBannerText(error, (key) => i18next.exists(key));
  if (!text) return null;
  const message = i18next.t(text.key);
  return text.header ? `${text.header}: ${message}` : message;
}

/** §8: shows an error in the top banner (nothing for an aborted call). */
export function showErrorBanner(error: unknown): void {
  const message = errorMessage(error);
  if (message) showBanner({ kind: "error", text: message });
}

/** Shows a success banner (§4.5) with a text key. */
export function showSuccessBanner(textKey: string, params: Record<string, string | number> = {}): void {
  showBanner({ kind: "success", textKey, params });
}
