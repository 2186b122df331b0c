/** The loading, error and empty states every content list and page shows (never a blank area). */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "./content-feedback.ts";
import "./content.css";

/** A polite loading indicator. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="content-state" role="status">
      <span className="content-spinner" aria-hidden="true" />
      <span>{label ?? t("Loading")}</span>
    </div>
  );
}

/** An error (§8 text) with a retry button. */
export function ErrorState({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="content-state content-state--error" role="alert">
      <p className="content-state__title">{title ?? t("Content_LoadFailed")}</p>
      <p className="content-state__text">{errorMessage(error) ?? t("ErrorCode_UnknownXhrFailure")}</p>
      {onRetry ? (
        <button type="button" className="kit-button" onClick={onRetry}>
          {t("Content_Retry")}
        </button>
      ) : null}
    </div>
  );
}

/** Nothing to show, with an optional next step. */
export function EmptyState({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="content-state content-state--empty">
      <p className="content-state__title">{title}</p>
      {text ? <p className="content-state__text">{text}</p> : null}
      {children}
    </div>
  );
}
