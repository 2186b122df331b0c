/**
 * One public link in the share dialog: what it opens, its address (read-only, selectable), who made
 * it and when; Copy puts the address on the clipboard and confirms with a success tooltip (§2.5,
 * §9 1.2 s) and a status message; Revoke asks for confirmation in place (focus moves to the
 * question, and back to Revoke when the member keeps the link).
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { showSuccessTooltip } from "../../components/tooltip/success-tooltip.tsx";
import { useFormatters } from "./content-format.ts";
import { type PublicLink, publicLinkUrl } from "./share-link-api.ts";

/** Props of a ShareLinkRow. */
export interface ShareLinkRowProps {
  link: PublicLink;
  busy: boolean;
  onRevoke: (link: PublicLink) => void;
}

/** A public link with its copy and revoke actions. */
export function ShareLinkRow({ link, busy, onRevoke }: ShareLinkRowProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const urlId = useId();
  const url = publicLinkUrl(link, window.location.origin);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (wasConfirming.current) revokeButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const copy = async (button: HTMLElement) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
      showSuccessTooltip(button, t("PublicLink_Copied"));
    } catch {
      setCopied("failed");
    }
  };
  const label =
    link.Type === "ChartSnapshot"
      ? t("PublicLink_SnapshotItem", { title: link.Title ?? "" })
      : t("PublicLink_ObjectItem");

  return (
    <li className="share-link">
      <label className="share-link__label" htmlFor={urlId}>
        {label}
      </label>
      <div className="kit-input-box">
        <input
          id={urlId}
          className="kit-input share-link__url"
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <p className="content-muted">
        {t("PublicLink_CreatedBy", {
          date: format.dateTime(link.CreatedAt),
          name: link.CreatedByFullName ?? "",
        })}
      </p>
      {confirming ? (
        <div className="share-link__confirm">
          <p ref={question} tabIndex={-1}>
            {t("PublicLink_RevokeQuestion")}
          </p>
          <button
            type="button"
            className="kit-button content-button--danger"
            disabled={busy}
            onClick={() => onRevoke(link)}
          >
            {t("PublicLink_RevokeYes")}
          </button>
          <button type="button" className="kit-button" disabled={busy} onClick={() => setConfirming(false)}>
            {t("PublicLink_RevokeNo")}
          </button>
        </div>
      ) : (
        <div className="share-link__actions">
          <button
            type="button"
            className="kit-button"
            aria-describedby={urlId}
            onClick={(event) => void copy(event.currentTarget)}
          >
            {t("PublicLink_Copy")}
          </button>
          <button
            ref={revokeButton}
            type="button"
            className="kit-button"
            aria-describedby={urlId}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t("PublicLink_Revoke")}
          </button>
        </div>
      )}
      <p role="status" className="content-muted">
        {copied === "copied" ? t("PublicLink_Copied") : copied === "failed" ? t("PublicLink_CopyFailed") : ""}
      </p>
    </li>
  );
}
