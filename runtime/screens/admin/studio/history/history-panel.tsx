/**
 * The studio's history tab (DESIGN.md §3 "published as a new immutable version with author and diff
 * … rollback to any version"; server/gateway/config/README.md): every version newest first with its
 * author, time, comment, summary and what is served; a diff of any two; a version opened read-only
 * (viewing never restores); rollback and canary promotion behind a confirmation; what the open tabs
 * did with each version; the audit log with filters. §6: without Write, rollback and promotion are
 * disabled — everything else here only reads. Decisions are history-model.ts.
 */
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { CONFIG_KIND_NAMES } from "../../../../../schemas/config-api.ts";
import { isMultiLineText } from "../../../../../schemas/text-rules.ts";
import { TextField } from "../../../../components/fields/text-field.tsx";
import { ModalDialog } from "../../../../components/modal-dialog/modal-dialog.tsx";
import { Select } from "../../../../components/select/select.tsx";
import type { SelectOption } from "../../../../components/select/select-options.ts";
import { ApiError, errorBannerText } from "../../../../http/api-error.ts";
import { formatDateTime } from "../../cell-format.ts";
import {
  type AuditEntry,
  type ClientCounts,
  type ConfigStatus,
  configApi,
  type VersionHeader,
} from "../config-client.ts";
import { useMessageText } from "../message-text.ts";
import type { ConfigKindName } from "../studio-model.ts";
import { DiffView } from "./diff-view.tsx";
import {
  AUDIT_ACTIONS,
  type AuditFilterForm,
  type AuditLog,
  type AuditQueryResult,
  appendAuditPage,
  auditActionKey,
  auditQuery,
  auditTargetView,
  CLIENTS_REFRESH_MS,
  type Comparison,
  clientsView,
  comparisonFor,
  defaultComparison,
  EMPTY_AUDIT_FILTER,
  isComparable,
  kindText,
  type Release,
  ROLLBACK_COMMENT_MAX_LENGTH,
  type VersionBadge,
  type VersionRow,
  versionActions,
  versionRows,
} from "./history-model.ts";
import "./history.css";

/** Props of the history panel. */
export interface HistoryPanelProps {
  /** §6: without Write on the Configuration admin module, rollback and promotion are disabled. */
  readOnly: boolean;
  /** A rollback or a promotion published: what is served changed. */
  onChanged?: () => void;
}

// ——— loading ———

interface Load<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * One gateway read, run again whenever `key` changes or on `reload`; the last answer stays while
 * reloading (the clients table refreshes without blanking). Aborted when superseded or unmounted.
 */
function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(key !== null);
  const [generation, setGeneration] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger; the loader is read through a ref
  useEffect(() => {
    if (key === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    latest.current(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted || (failure instanceof ApiError && failure.aborted)) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [key, generation]);
  return { data, error, loading, reload };
}

/** The translated text of a failed call (§8: its ErrorCode text, else the generic one with the gateway's message). */
function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => {
    const text = errorBannerText(error, (key) => i18n.exists(key));
    if (!text) return t("ErrorCode_UnknownXhrFailure");
    const base = t(text.key);
    return text.fallbackMessage && text.key === "ErrorCode_UnknownXhrFailure"
      ? `${base} (${text.fallbackMessage})`
      : base;
  };
}

/** A failed load, said and retried. */
function LoadError(props: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="studio-history-error" role="alert">
      <p>{errorText(props.error)}</p>
      <button type="button" className="kit-button" onClick={props.onRetry}>
        {t("StudioHistory_Retry")}
      </button>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="studio-history-muted" role="status">
      {t("Loading")}
    </p>
  );
}

/** Dates in the UI language (like the admin lists, cell-format.ts). */
function useDateText(): (ms: number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => (ms: number) => formatDateTime(new Date(ms).toISOString(), locale), [locale]);
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A version on its own: a row header, an option ("Version 3"). */
function versionName(t: Translate, number: number): string {
  return number === 0 ? t("StudioHistory_BaseVersion") : t("StudioHistory_VersionNumber", { number });
}

/** A version inside a sentence or a button's name ("Roll back to version 3"). */
function versionInText(t: Translate, number: number): string {
  return number === 0 ? t("StudioHistory_BaseVersionInText") : t("StudioHistory_VersionInText", { number });
}

// ——— the versions ———

interface Overview {
  versions: VersionHeader[];
  status: ConfigStatus;
  releases: Release[];
}

function Badge(props: { badge: VersionBadge }) {
  const { t } = useTranslation();
  const { badge } = props;
  const text =
    badge.kind === "serving"
      ? t("StudioHistory_Badge_Serving")
      : badge.kind === "canary"
        ? t("StudioHistory_Badge_Canary", { accounts: badge.accounts.join(", ") })
        : badge.kind === "restores"
          ? t("StudioHistory_Badge_Restores", { version: versionInText(t, badge.version) })
          : badge.kind === "maintenance"
            ? t("StudioHistory_Badge_Maintenance")
            : badge.kind === "skipped"
              ? t("StudioHistory_Badge_Skipped")
              : t("StudioHistory_Badge_CanaryOnly");
  return <span className={`studio-history-badge studio-history-badge--${badge.kind}`}>{text}</span>;
}

function ReleaseLine(props: { release: Release }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const { release } = props;
  return (
    <li>
      {release.scope === "all"
        ? t("StudioHistory_ReleasedToAll", { at: dateText(release.at), actor: release.actor })
        : t("StudioHistory_ReleasedToAccounts", {
            at: dateText(release.at),
            actor: release.actor,
            accounts: (release.accounts ?? []).join(", "),
          })}
    </li>
  );
}

/** Shown sentences of a summary before the rest folds away. */
const SUMMARY_SHOWN = 3;

function Summary(props: { summary: VersionRow["summary"] }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  if (props.summary.length === 0)
    return <span className="studio-history-muted">{t("StudioHistory_NoSummary")}</span>;
  const shown = props.summary.slice(0, SUMMARY_SHOWN);
  const rest = props.summary.slice(SUMMARY_SHOWN);
  return (
    <>
      <ul className="studio-history-summary">
        {shown.map((sentence, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a version's summary never changes
          <li key={index}>{messageText(sentence)}</li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="studio-history-fold">
          <summary className="studio-history-fold__summary">
            {t("StudioHistory_SummaryMore", { count: rest.length })}
          </summary>
          <ul className="studio-history-summary">
            {rest.map((sentence, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a version's summary never changes
              <li key={index}>{messageText(sentence)}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

interface RowCallbacks {
  onOpen: (number: number) => void;
  onCompare: (number: number) => void;
  onRollback: (number: number) => void;
  onPromote: (number: number) => void;
}

/** The versions, one row each with its actions named after the version ("Roll back to Version 3"). */
export function VersionsTable(
  props: {
    rows: readonly VersionRow[];
    status: ConfigStatus;
    readOnly: boolean;
    captionId: string;
  } & RowCallbacks,
) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const reasonId = useId();
  return (
    <div className="studio-history-scroll">
      <table className="studio-history-table studio-history-versions" aria-labelledby={props.captionId}>
        <thead>
          <tr>
            <th scope="col">{t("StudioHistory_Column_Version")}</th>
            <th scope="col">{t("StudioHistory_Column_Published")}</th>
            <th scope="col">{t("StudioHistory_Column_Author")}</th>
            <th scope="col">{t("StudioHistory_Column_Comment")}</th>
            <th scope="col">{t("StudioHistory_Column_Summary")}</th>
            <th scope="col">{t("StudioHistory_Column_Status")}</th>
            <th scope="col">{t("StudioHistory_Column_Actions")}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => {
            const name = versionInText(t, row.number);
            const actions = versionActions(row, props.rows, props.status, props.readOnly);
            const compare = comparisonFor(row.number);
            return (
              <tr key={row.number}>
                <th scope="row">{versionName(t, row.number)}</th>
                <td>{row.createdAt === null ? "—" : dateText(row.createdAt)}</td>
                <td>{row.author || "—"}</td>
                <td className="studio-history-versions__comment">
                  {row.origin === "base" ? t("StudioHistory_BaseComment") : row.comment || "—"}
                </td>
                <td className="studio-history-versions__summary">
                  {row.origin === "base" ? "—" : <Summary summary={row.summary} />}
                </td>
                <td>
                  <div className="studio-history-badges">
                    {row.badges.map((badge) => (
                      <Badge key={badge.kind} badge={badge} />
                    ))}
                  </div>
                  {row.releases.length > 0 ? (
                    <ul className="studio-history-releases">
                      {row.releases.map((release) => (
                        <ReleaseLine key={release.id} release={release} />
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td>
                  <div className="studio-history-actions">
                    <button
                      type="button"
                      className="kit-button"
                      aria-label={t("StudioHistory_OpenVersion", { version: name })}
                      onClick={() => props.onOpen(row.number)}
                    >
                      {t("StudioHistory_Open")}
                    </button>
                    {compare ? (
                      <button
                        type="button"
                        className="kit-button"
                        aria-label={t("StudioHistory_CompareVersion", {
                          version: name,
                          previous: versionInText(t, compare.from),
                        })}
                        onClick={() => props.onCompare(row.number)}
                      >
                        {t("StudioHistory_Compare")}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="kit-button studio-history-button--danger"
                      aria-label={t("StudioHistory_RollbackTo", { version: name })}
                      aria-describedby={
                        actions.rollback.enabled ? undefined : `${reasonId}-${actions.rollback.reason}`
                      }
                      disabled={!actions.rollback.enabled}
                      onClick={() => props.onRollback(row.number)}
                    >
                      {t("StudioHistory_Rollback")}
                    </button>
                    {actions.promote.shown ? (
                      <button
                        type="button"
                        className="kit-button kit-button--primary"
                        aria-label={t("StudioHistory_PromoteVersion", { version: name })}
                        disabled={!actions.promote.enabled}
                        onClick={() => props.onPromote(row.number)}
                      >
                        {t("StudioHistory_Promote")}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* The reasons a rollback is disabled, referenced by the buttons' descriptions. */}
      <p id={`${reasonId}-readOnly`} hidden>
        {t("StudioHistory_RollbackNeedsWrite")}
      </p>
      <p id={`${reasonId}-sameAsHead`} hidden>
        {t("StudioHistory_RollbackSameAsHead")}
      </p>
    </div>
  );
}

function StatusLine(props: { status: ConfigStatus }) {
  const { t } = useTranslation();
  const { status } = props;
  return (
    <div className="studio-history-status">
      <p>{t("StudioHistory_ServingToAll", { version: versionInText(t, status.serving) })}</p>
      {status.canary ? (
        <p>
          {t("StudioHistory_ServingCanary", {
            version: versionInText(t, status.canary.version),
            accounts: status.canary.accounts.join(", "),
          })}
        </p>
      ) : null}
      {status.degraded ? (
        <p className="studio-history-note studio-history-note--warning">
          {t("StudioHistory_Degraded", {
            version: versionInText(t, status.degraded.version),
            serving: versionInText(t, status.degraded.serving),
          })}
        </p>
      ) : null}
    </div>
  );
}

// ——— one version, read-only ———

function kindOptions(t: (key: string, params?: Record<string, unknown>) => string): SelectOption[] {
  return CONFIG_KIND_NAMES.map((kind) => {
    const key = kindText(kind);
    return { value: kind, label: key ? t(key) : kind };
  });
}

function OpenVersionDialog(props: { number: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ConfigKindName>("menus");
  const loaded = useLoad(`${props.number}:${kind}`, (signal) =>
    configApi.document(props.number, kind, signal),
  );
  const name = versionInText(t, props.number);
  const title = t("StudioHistory_OpenTitle", { version: versionName(t, props.number) });
  const documentLabel = t("StudioHistory_DocumentLabel", {
    kind: kindOptions(t).find((option) => option.value === kind)?.label ?? kind,
    version: name,
  });
  const text = loaded.data ? (JSON.stringify(loaded.data.document, null, 2) ?? "") : "";
  return (
    <ModalDialog
      title={title}
      size="full"
      description={t("StudioHistory_OpenDescription", { version: name })}
      onClose={props.onClose}
      closeButton={false}
      footer={
        <button type="button" className="kit-button" onClick={props.onClose}>
          {t("StudioHistory_Close")}
        </button>
      }
    >
      <Select
        uid="studio-history-open-kind"
        label={t("StudioHistory_Kind")}
        options={kindOptions(t)}
        value={kind}
        onChange={(value) => {
          if (typeof value === "string" && (CONFIG_KIND_NAMES as readonly string[]).includes(value))
            setKind(value as ConfigKindName);
        }}
      />
      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : loaded.loading ? (
        <Loading />
      ) : (
        <section
          className="studio-history-document"
          aria-label={documentLabel}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the document scrolls; keyboard users need to reach it (WCAG 2.1.1)
          tabIndex={0}
          aria-busy={loaded.loading}
        >
          <pre className="studio-history-json">{text}</pre>
        </section>
      )}
    </ModalDialog>
  );
}

// ——— rollback and promotion ———

type Pending = { action: "rollback" | "promote"; number: number };

function ConfirmChange(props: {
  pending: Pending;
  onClose: () => void;
  onDone: (pending: Pending, published: number) => void;
  returnFocus: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { pending } = props;
  const name = versionInText(t, pending.number);
  const commentError = isMultiLineText(comment) ? null : "StudioHistory_CommentInvalid";
  const run = async () => {
    if (commentError) return;
    setBusy(true);
    setError(null);
    try {
      const answer =
        pending.action === "rollback"
          ? await configApi.rollback(pending.number, comment.trim())
          : await configApi.promote(pending.number);
      props.onDone(pending, answer.version);
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };
  const rollback = pending.action === "rollback";
  return (
    <ModalDialog
      role="alertdialog"
      title={t(rollback ? "StudioHistory_RollbackTitle" : "StudioHistory_PromoteTitle", { version: name })}
      description={t(rollback ? "StudioHistory_RollbackDescription" : "StudioHistory_PromoteDescription", {
        version: name,
      })}
      onClose={props.onClose}
      onSubmit={() => void run()}
      busy={busy}
      error={error}
      closeButton={false}
      returnFocus={props.returnFocus}
      footer={
        <>
          <button
            type="button"
            className="kit-button"
            data-autofocus={rollback ? undefined : true}
            onClick={() => !busy && props.onClose()}
          >
            {t("StudioHistory_Cancel")}
          </button>
          <button
            type="submit"
            className={
              rollback ? "kit-button studio-history-button--danger" : "kit-button kit-button--primary"
            }
            // Not disabled while the call runs (ModalDialog ignores a submit then): focus stays on it.
            disabled={commentError !== null}
          >
            {busy
              ? t("StudioHistory_Working")
              : t(rollback ? "StudioHistory_RollbackConfirm" : "StudioHistory_PromoteConfirm", {
                  version: name,
                })}
          </button>
        </>
      }
    >
      {/* The comment is the dialog's first control: the browser focuses it (a promotion focuses Cancel). */}
      {rollback ? (
        <TextField
          uid="studio-history-rollback-comment"
          label={t("StudioHistory_RollbackComment")}
          help={t("StudioHistory_RollbackCommentHelp", { version: name })}
          value={comment}
          onChange={setComment}
          multiline
          rows={3}
          maxLength={ROLLBACK_COMMENT_MAX_LENGTH}
          error={commentError}
          disabled={busy}
        />
      ) : null}
    </ModalDialog>
  );
}

// ——— the open tabs ———

function ClientsSection(props: { serving: number; headingId: string }) {
  const { t } = useTranslation();
  const clients = useLoad<ClientCounts>("clients", (signal) => configApi.clients(signal));
  const { reload } = clients;
  // Refreshed while the page is visible; a hidden page asks nothing and catches up when shown again.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") reload();
    }, CLIENTS_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") reload();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [reload]);
  const view = clients.data ? clientsView(clients.data, props.serving) : null;
  return (
    <section className="studio-history-section" aria-labelledby={props.headingId}>
      <div className="studio-history-section__header">
        <h3 id={props.headingId} className="studio-history-section__title">
          {t("StudioHistory_ClientsTitle")}
        </h3>
        {/* Never disabled while loading: a focused button that turns disabled drops the keyboard focus. */}
        <button type="button" className="kit-button" onClick={() => !clients.loading && reload()}>
          {t("StudioHistory_Refresh")}
        </button>
      </div>
      {clients.error ? <LoadError error={clients.error} onRetry={reload} /> : null}
      {view === null ? (
        clients.error ? null : (
          <Loading />
        )
      ) : (
        <>
          <p className="studio-history-muted">
            {t("StudioHistory_ClientsSummary", { count: view.tabs })}{" "}
            {t("StudioHistory_ClientsBehind", { count: view.behind })}
          </p>
          {view.rows.length === 0 ? (
            <p className="studio-history-muted">{t("StudioHistory_ClientsNone")}</p>
          ) : (
            <div className="studio-history-scroll">
              <table className="studio-history-table" aria-busy={clients.loading}>
                <caption className="studio-history-caption">{t("StudioHistory_ClientsCaption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("StudioHistory_Column_Version")}</th>
                    <th scope="col">{t("StudioHistory_Column_Showing")}</th>
                    <th scope="col">{t("StudioHistory_Column_Applied")}</th>
                    <th scope="col">{t("StudioHistory_Column_Rejected")}</th>
                    <th scope="col">{t("StudioHistory_Column_Reasons")}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.rows.map((row) => (
                    <tr key={row.version}>
                      <th scope="row">
                        {versionName(t, row.version)}
                        {row.older ? (
                          <span className="studio-history-badge studio-history-badge--older">
                            {t("StudioHistory_Badge_Older")}
                          </span>
                        ) : null}
                      </th>
                      <td>{row.showing}</td>
                      <td>{row.applied}</td>
                      <td>{row.rejected}</td>
                      <td>
                        {row.reasons.length === 0 ? (
                          "—"
                        ) : (
                          <ul className="studio-history-reasons">
                            {row.reasons.map((reason) => (
                              <li key={reason.reason}>
                                {t("StudioHistory_Reason", { reason: reason.reason, count: reason.count })}
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {view.builds.length > 0 ? (
            <p className="studio-history-muted">
              {t("StudioHistory_Builds", {
                builds: view.builds
                  .map((b) => t("StudioHistory_Build", { build: b.build, count: b.count }))
                  .join(", "),
              })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

// ——— the audit log ———

const AUDIT_ERROR_KEYS: Record<Exclude<AuditQueryResult, { ok: true }>["reason"], string> = {
  invalidDate: "StudioHistory_AuditInvalidDate",
  toBeforeFrom: "StudioHistory_AuditToBeforeFrom",
  unknownAction: "StudioHistory_AuditUnknownAction",
};

function AuditTarget(props: { target: string }) {
  const { t } = useTranslation();
  const view = auditTargetView(props.target);
  if (view.kind === "version") return <>{versionName(t, view.number)}</>;
  if (view.kind === "changeSet") return <>{t("StudioHistory_ChangeSetNumber", { id: view.id })}</>;
  if (view.kind === "maintenance") return <>{t("StudioHistory_Maintenance")}</>;
  return <>{view.text}</>;
}

function AuditDetails(props: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (Object.keys(props.details).length === 0) return <>—</>;
  const text = JSON.stringify(props.details, null, 2);
  return (
    <details className="studio-history-fold">
      <summary className="studio-history-fold__summary">{t("StudioHistory_AuditShowDetails")}</summary>
      <pre className="studio-history-json">{text}</pre>
    </details>
  );
}

function AuditSection(props: { headingId: string; changes: number }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const errorText = useErrorText();
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTER);
  const [applied, setApplied] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTER);
  const [formError, setFormError] = useState<Exclude<AuditQueryResult, { ok: true }> | null>(null);
  const [log, setLog] = useState<AuditLog | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pending = useRef<AbortController | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // What the last request asked for, so that a retry asks the same again.
  const last = useRef<{ filter: AuditFilterForm; older: AuditLog | null }>({
    filter: EMPTY_AUDIT_FILTER,
    older: null,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const olderFocused = useRef(false);

  const load = useCallback(
    (filter: AuditFilterForm, older: AuditLog | null) => {
      const query = auditQuery(filter, older?.before != null ? { before: older.before } : {});
      if (!query.ok) {
        setFormError(query);
        return;
      }
      setFormError(null);
      last.current = { filter, older };
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setLoading(true);
      setError(null);
      configApi.audit(query.query, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          const next = appendAuditPage(older, answer.entries);
          setLog(next);
          setLoading(false);
          setAnnouncement(t("StudioHistory_AuditCount", { count: next.entries.length }));
        },
        (failure: unknown) => {
          if (controller.signal.aborted || (failure instanceof ApiError && failure.aborted)) return;
          setError(failure);
          setLoading(false);
        },
      );
    },
    [t],
  );
  // The first page, and again after each rollback or promotion here so its entry shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads with the filters applied, on a change only
  useEffect(() => {
    load(applied, null);
    return () => pending.current?.abort();
  }, [props.changes]);

  // The last page loaded: "Load older" is gone, so its focus goes to the log's title.
  useEffect(() => {
    if (!olderFocused.current || loading) return;
    olderFocused.current = false;
    if (log?.before == null) heading.current?.focus();
  }, [log, loading]);

  const set = (field: keyof AuditFilterForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const fieldError = (field: string) =>
    formError && formError.field === field ? AUDIT_ERROR_KEYS[formError.reason] : null;
  const actionOptions: SelectOption[] = [
    { value: "", label: t("StudioHistory_AuditAnyAction") },
    ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(auditActionKey(action) ?? action) })),
  ];
  const entries: readonly AuditEntry[] = log?.entries ?? [];
  return (
    <section className="studio-history-section" aria-labelledby={props.headingId}>
      <h3 id={props.headingId} ref={heading} tabIndex={-1} className="studio-history-section__title">
        {t("StudioHistory_AuditTitle")}
      </h3>
      <form
        className="studio-history-filters"
        aria-label={t("StudioHistory_AuditFilters")}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(form);
          load(form, null);
        }}
      >
        <TextField
          uid="studio-history-audit-actor"
          label={t("StudioHistory_AuditActor")}
          value={form.actor}
          onChange={set("actor")}
          maxLength={200}
        />
        <Select
          uid="studio-history-audit-action"
          label={t("StudioHistory_AuditAction")}
          options={actionOptions}
          value={form.action}
          onChange={(value) => set("action")(typeof value === "string" ? value : "")}
          error={fieldError("action")}
        />
        <TextField
          uid="studio-history-audit-target"
          label={t("StudioHistory_AuditTarget")}
          help={t("StudioHistory_AuditTargetHelp")}
          value={form.target}
          onChange={set("target")}
          maxLength={200}
        />
        <TextField
          uid="studio-history-audit-from"
          label={t("StudioHistory_AuditFrom")}
          type="date"
          value={form.from}
          onChange={set("from")}
          error={fieldError("from")}
        />
        <TextField
          uid="studio-history-audit-to"
          label={t("StudioHistory_AuditTo")}
          type="date"
          value={form.to}
          onChange={set("to")}
          error={fieldError("to")}
        />
        <div className="studio-history-filters__buttons">
          <button type="submit" className="kit-button kit-button--primary">
            {t("StudioHistory_AuditApply")}
          </button>
          <button
            type="button"
            className="kit-button"
            onClick={() => {
              setForm(EMPTY_AUDIT_FILTER);
              setApplied(EMPTY_AUDIT_FILTER);
              load(EMPTY_AUDIT_FILTER, null);
            }}
          >
            {t("StudioHistory_AuditClear")}
          </button>
        </div>
      </form>
      <p className="kit-visually-hidden" role="status">
        {announcement}
      </p>
      {error ? (
        <div className="studio-history-error" role="alert">
          <p>{errorText(error)}</p>
          <button
            type="button"
            className="kit-button"
            onClick={() => load(last.current.filter, last.current.older)}
          >
            {t("StudioHistory_Retry")}
          </button>
        </div>
      ) : null}
      {log === null ? (
        error ? null : (
          <Loading />
        )
      ) : entries.length === 0 ? (
        <p className="studio-history-muted">{t("StudioHistory_AuditEmpty")}</p>
      ) : (
        <div className="studio-history-scroll">
          <table className="studio-history-table" aria-busy={loading}>
            <caption className="studio-history-caption">{t("StudioHistory_AuditCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("StudioHistory_Column_Time")}</th>
                <th scope="col">{t("StudioHistory_Column_Actor")}</th>
                <th scope="col">{t("StudioHistory_Column_Action")}</th>
                <th scope="col">{t("StudioHistory_Column_Target")}</th>
                <th scope="col">{t("StudioHistory_Column_Address")}</th>
                <th scope="col">{t("StudioHistory_Column_Details")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const key = auditActionKey(entry.action);
                return (
                  <tr key={entry.id}>
                    <td>{dateText(entry.at)}</td>
                    <td>{entry.actor}</td>
                    <td>{key ? t(key) : entry.action}</td>
                    <td>
                      <AuditTarget target={entry.target} />
                    </td>
                    <td>{entry.address}</td>
                    <td>
                      <AuditDetails details={entry.details} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {log?.before != null ? (
        <button
          type="button"
          className="kit-button"
          onClick={() => {
            if (loading) return;
            olderFocused.current = true;
            load(applied, log);
          }}
        >
          {loading ? t("Loading") : t("StudioHistory_AuditLoadOlder")}
        </button>
      ) : null}
    </section>
  );
}

// ——— the panel ———

function CompareSection(props: {
  rows: readonly VersionRow[];
  comparison: Comparison | null;
  onComparison: (comparison: Comparison) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  headingId: string;
  /** The versions are being read again (a version just published may not be listed yet). */
  reloading: boolean;
}) {
  const { t } = useTranslation();
  const { comparison } = props;
  const valid = comparison !== null && isComparable(comparison, props.rows);
  const diff = useLoad(valid ? `${comparison.from}-${comparison.to}` : null, (signal) =>
    configApi.diff(comparison?.to ?? 0, comparison?.from ?? 0, signal),
  );
  const options: SelectOption[] = props.rows.map((row) => ({
    value: row.number,
    label: versionName(t, row.number),
  }));
  const choose = (side: "from" | "to") => (value: unknown) => {
    if (typeof value !== "number" || comparison === null) return;
    props.onComparison({ ...comparison, [side]: value });
  };
  let body: ReactNode;
  if (comparison === null)
    body = <p className="studio-history-muted">{t("StudioHistory_NothingToCompare")}</p>;
  else if (!valid && props.reloading) body = <Loading />;
  else if (!valid)
    body = (
      <p className="studio-history-muted">
        {t(comparison.from === comparison.to ? "StudioHistory_CompareSame" : "StudioHistory_CompareUnknown")}
      </p>
    );
  else if (diff.error) body = <LoadError error={diff.error} onRetry={diff.reload} />;
  else if (diff.loading || !diff.data) body = <Loading />;
  else
    body = (
      <>
        <p className="studio-history-muted">
          {t("StudioHistory_CompareShowing", {
            from: versionInText(t, diff.data.from),
            to: versionInText(t, diff.data.to),
          })}
        </p>
        <DiffView summary={diff.data.summary} diff={diff.data.diff} headingLevel={4} />
      </>
    );
  return (
    <section className="studio-history-section" aria-labelledby={props.headingId}>
      <h3 id={props.headingId} ref={props.headingRef} tabIndex={-1} className="studio-history-section__title">
        {t("StudioHistory_CompareTitle")}
      </h3>
      {comparison !== null ? (
        <div className="studio-history-compare">
          <Select
            uid="studio-history-compare-from"
            label={t("StudioHistory_CompareFrom")}
            options={options}
            value={comparison.from}
            onChange={choose("from")}
          />
          <Select
            uid="studio-history-compare-to"
            label={t("StudioHistory_CompareTo")}
            options={options}
            value={comparison.to}
            onChange={choose("to")}
          />
          <button
            type="button"
            className="kit-button"
            onClick={() => props.onComparison({ from: comparison.to, to: comparison.from })}
          >
            {t("StudioHistory_CompareSwap")}
          </button>
        </div>
      ) : null}
      {body}
    </section>
  );
}

/** The history tab: versions, a diff of any two, a version read-only, rollback, promotion, open tabs, audit. */
export default function HistoryPanel(props: HistoryPanelProps) {
  const { t } = useTranslation();
  const ids = useId();
  const overview = useLoad<Overview>("overview", async (signal) => {
    const [versions, status, releases] = await Promise.all([
      configApi.versions(signal),
      configApi.status(signal),
      configApi.releases(signal),
    ]);
    return { versions: versions.versions, status, releases: releases.releases };
  });
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // Rollbacks and promotions made here; after one, focus goes to the list's title.
  const [changes, setChanges] = useState(0);
  const compareHeading = useRef<HTMLHeadingElement>(null);
  const versionsHeading = useRef<HTMLHeadingElement>(null);

  const data = overview.data;
  const rows = useMemo(() => (data ? versionRows(data.versions, data.status, data.releases) : []), [data]);
  // The newest version against the one before it, once the list is known; a choice made stays.
  useEffect(() => {
    if (data && comparison === null) setComparison(defaultComparison(rows));
  }, [data, rows, comparison]);

  const done = (change: Pending, published: number) => {
    setPending(null);
    const name = versionInText(t, change.number);
    setAnnouncement(
      change.action === "rollback"
        ? t("StudioHistory_RolledBack", { version: versionInText(t, published), restored: name })
        : t("StudioHistory_Promoted", { version: name }),
    );
    // The new version is the newest: show what it changed.
    if (change.action === "rollback") setComparison(comparisonFor(published));
    setChanges((n) => n + 1);
    overview.reload();
    props.onChanged?.();
  };
  // After the dialog returned focus to its opener: that row's button may now be disabled (its content
  // is the newest's), so focus goes to the list's title, where the announcement is heard.
  useEffect(() => {
    if (changes > 0) versionsHeading.current?.focus();
  }, [changes]);

  return (
    <div className="studio-history">
      <h2 className="kit-visually-hidden">{t("StudioHistory_Title")}</h2>
      <p className="studio-history-announce" role="status">
        {announcement}
      </p>
      <section className="studio-history-section" aria-labelledby={`${ids}-versions`}>
        <div className="studio-history-section__header">
          <h3
            id={`${ids}-versions`}
            ref={versionsHeading}
            tabIndex={-1}
            className="studio-history-section__title"
          >
            {t("StudioHistory_VersionsTitle")}
          </h3>
          <button type="button" className="kit-button" onClick={() => !overview.loading && overview.reload()}>
            {t("StudioHistory_Refresh")}
          </button>
        </div>
        {overview.error ? <LoadError error={overview.error} onRetry={overview.reload} /> : null}
        {data === null ? (
          overview.error ? null : (
            <Loading />
          )
        ) : (
          <>
            <StatusLine status={data.status} />
            <VersionsTable
              rows={rows}
              status={data.status}
              readOnly={props.readOnly}
              captionId={`${ids}-versions`}
              onOpen={setOpened}
              onCompare={(number) => {
                setComparison(comparisonFor(number));
                compareHeading.current?.focus();
              }}
              onRollback={(number) => setPending({ action: "rollback", number })}
              onPromote={(number) => setPending({ action: "promote", number })}
            />
          </>
        )}
      </section>
      {data ? (
        <CompareSection
          rows={rows}
          comparison={comparison}
          onComparison={setComparison}
          headingRef={compareHeading}
          headingId={`${ids}-compare`}
          reloading={overview.loading}
        />
      ) : null}
      <ClientsSection serving={data?.status.serving ?? 0} headingId={`${ids}-clients`} />
      <AuditSection headingId={`${ids}-audit`} changes={changes} />
      {opened !== null ? <OpenVersionDialog number={opened} onClose={() => setOpened(null)} /> : null}
      {pending !== null ? (
        <ConfirmChange
          pending={pending}
          onClose={() => setPending(null)}
          onDone={done}
          returnFocus={() => versionsHeading.current}
        />
      ) : null}
    </div>
  );
}
