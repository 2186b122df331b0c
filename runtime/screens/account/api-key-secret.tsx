/**
 * The secret of a key just created, shown once with a copy button: the copy is confirmed in a
 * status message; the reader is told the secret cannot be shown again.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreatedApiKey } from "./api-key-model.ts";

/** The one-time secret of `created`. */
export function ApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.Secret);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <section className="api-secret" aria-labelledby={headingId}>
      <h2 id={headingId} className="work-section-title" tabIndex={-1}>
        {t("ApiKeys_SecretTitle", { name: created.Name })}
      </h2>
      <p>{t("ApiKeys_SecretOnce")}</p>
      <div className="api-secret__value">
        <code className="api-secret__code">{created.Secret}</code>
        <button type="button" className="kit-button kit-button--primary" onClick={copy}>
          {t("ApiKeys_Copy")}
        </button>
      </div>
      <p role="status" className="work-muted">
        {copied === "copied" ? t("ApiKeys_Copied") : copied === "failed" ? t("ApiKeys_CopyFailed") : ""}
      </p>
      <div className="work-actions">
        <button type="button" className="kit-button" onClick={onDone}>
          {t("ApiKeys_SecretDone")}
        </button>
      </div>
    </section>
  );
}
