/**
 * §8 for every screen and dialog: a failed call shows its ErrorCode#### text (or the generic one) in
 * the top banner; aborted requests stay silent. Successes of a change show there too.
 */
import i18next from "i18next";
import { showBanner } from "../state/banner-store.ts";
import { errorBannerText } from "./api-error.ts";

/** Shows `error` in the banner unless it is an aborted request; returns whether it was shown. */
export function reportError(error: unknown): boolean {
  const text = errorBannerText(error, (key) => i18next.exists(key));
  if (!text) return false;
  showBanner({ kind: "error", textKey: text.key });
  return true;
}

/** Shows a success banner with a text key of this area. */
export function reportSuccess(textKey: string, params?: Record<string, string | number>): void {
  showBanner({ kind: "success", textKey, ...(params ? { params } : {}) });
}
