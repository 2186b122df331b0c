/**
 * §8 for the work and account screens: a failed call shows its ErrorCode#### text (or the generic
 * one) in the top banner; aborted requests stay silent.
 */
import i18next from "i18next";
import { errorBannerText } from "../../../http/api-error.ts";
import { showBanner } from "../../../shell/banner-store.ts";

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
