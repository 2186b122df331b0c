import { useTranslation } from "react-i18next";
import type { Loaded } from "../http/use-api.ts";

/** The loading and failure states of a dialog's data, or null once it is ready. */
export function LoadState({ state, notFoundKey }: { state: Loaded<unknown>; notFoundKey?: string }) {
  const { t } = useTranslation();
  if (state.status === "loading") {
    return (
      <p className="dialog-note" role="status">
        {t("Dialog_Loading")}
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <p className="dialog-error" role="alert">
        {t(state.notFound ? (notFoundKey ?? "Dialog_NotFound") : "Dialog_LoadError")}
      </p>
    );
  }
  return null;
}
