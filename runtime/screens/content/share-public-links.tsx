/**
 * The "Public link" section of the share dialog (§2.1 public routes; §1 "Public shared links exist
 * for dashboards, binders and live documents"): the object's live links with copy and revoke,
 * a button creating a new one and, for dashboards, a chart snapshot with a title. Shown to members
 * with rw on the object's area (the upstream enforces the same).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import { errorMessage } from "./content-feedback.ts";
import { type PublicLink, type PublicLinkObjectType, publicLinkApi } from "./share-link-api.ts";
import { ShareLinkRow } from "./share-link-row.tsx";
import { ErrorState, LoadingState } from "./state-views.tsx";
import { useResource } from "./use-resource.ts";
import "./share-links.css";

/** Longest snapshot title (the upstream's limit). */
export const SNAPSHOT_TITLE_MAX_CHARS = 200;

/** Props of SharePublicLinks. */
export interface SharePublicLinksProps {
  type: PublicLinkObjectType;
  recId: number;
  name: string;
}

/** Lists, creates and revokes the public links of one object. */
export function SharePublicLinks({ type, recId, name }: SharePublicLinksProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const api = publicLinkApi(type, recId);
  const links = useResource<PublicLink[]>(`public-links:${type}:${recId}`, (signal) => api.list(signal));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [title, setTitle] = useState("");

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    setStatus("");
    try {
      await action();
      setStatus(done);
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      return false;
    } finally {
      setBusy(false);
      links.reload();
    }
  };
  const revoke = (link: PublicLink) => void run(() => api.revoke(link.RecId), t("PublicLink_Revoked"));
  const snapshot = async () => {
    if (title.trim() === "") return setError(t("ValidationErrorMessage_Required"));
    if (await run(() => api.snapshot(title.trim()), t("PublicLink_SnapshotCreated"))) setTitle("");
  };

  return (
    <section className="share-links" aria-labelledby={headingId}>
      <h3 id={headingId} className="share-links__title">
        {t("PublicLink_Title")}
      </h3>
      <p className="content-muted">{t("PublicLink_Text", { name })}</p>
      {links.status === "loading" && !links.data ? <LoadingState /> : null}
      {links.status === "error" ? <ErrorState error={links.error} onRetry={links.reload} /> : null}
      {links.data && links.data.length === 0 ? <p>{t("PublicLink_None")}</p> : null}
      {links.data && links.data.length > 0 ? (
        <ul className="share-links__list">
          {links.data.map((link) => (
            <ShareLinkRow key={link.RecId} link={link} busy={busy} onRevoke={revoke} />
          ))}
        </ul>
      ) : null}
      <div className="share-links__actions">
        <button
          type="button"
          className="kit-button"
          disabled={busy || links.status === "error"}
          aria-busy={busy || undefined}
          onClick={() => void run(() => api.create(), t("PublicLink_Created"))}
        >
          {t("PublicLink_Create")}
        </button>
      </div>
      {type === "Dashboard" ? (
        <fieldset
          className="content-fieldset share-links__snapshot"
          onKeyDown={(event) => {
            // Enter takes the snapshot instead of submitting the dialog's team shares.
            if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
              event.preventDefault();
              void snapshot();
            }
          }}
        >
          <legend>{t("PublicLink_SnapshotLegend")}</legend>
          <TextField
            uid={`share-snapshot-title-${recId}`}
            label={t("PublicLink_SnapshotTitle")}
            value={title}
            onChange={setTitle}
            maxLength={SNAPSHOT_TITLE_MAX_CHARS}
            disabled={busy}
          />
          <button type="button" className="kit-button" disabled={busy} onClick={() => void snapshot()}>
            {t("PublicLink_SnapshotCreate")}
          </button>
        </fieldset>
      ) : null}
      <p className="content-dialog__error" role="alert">
        {error}
      </p>
      <p role="status" className="content-muted">
        {status}
      </p>
    </section>
  );
}
