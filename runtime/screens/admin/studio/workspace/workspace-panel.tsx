/**
 * The change set workspace (server/gateway/config/README.md): open or start a change set, what it
 * touches, its validation with readable pointers that jump to the field, the plain-language summary
 * and the structural diff, the review (request, approve or refuse with a comment) and the
 * publication — now, at a time, or to chosen accounts first and then to everyone; discard.
 * §6: without Configuration Write every input and action is disabled.
 */
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ModalDialog } from "../../../../components/modal-dialog/modal-dialog.tsx";
import { StatusBadge } from "../../../work/common/list-parts.tsx";
import { type ChangeSet, type ConfigProblem, configApi } from "../config-client.ts";
import { useMessageText } from "../message-text.ts";
import { type ConfigKindName, type Documents, draftDocument, draftEdits } from "../studio-model.ts";
import { kindLabelKey, pointerTarget, readablePointer } from "./readable-pointer.ts";
import {
  editComment,
  focusProblem,
  newDraft,
  openChangeSet,
  reloadServed,
  runAction,
  saveDraft,
  setChangeSet,
  validate,
} from "./studio-store.ts";
import { useStudio } from "./use-studio.ts";
import "./workspace.css";

const DiffView = lazy(() => import("../history/diff-view.tsx").then((m) => ({ default: m.DiffView })));

/** The studio's base path (routes manifest `adminConfigurationStudio`). */
export const STUDIO_PATH = "/admin/configuration/studio";

/** Change sets still open to work on. */
const OPEN_STATUSES = new Set(["draft", "approved", "scheduled", "failed"]);

/** The workspace tab. */
export function WorkspacePanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const state = useStudio((s) => s);
  const [openSets, setOpenSets] = useState<ChangeSet[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const commentId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation and the open change set reload the list
  useEffect(() => {
    const controller = new AbortController();
    configApi
      .changeSets(controller.signal)
      .then((answer) => setOpenSets(answer.changeSets.filter((c) => OPEN_STATUSES.has(c.status))))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setListError(String((error as Error).message ?? error));
      });
    return () => controller.abort();
  }, [generation, state.changeSet?.id, state.changeSet?.status]);

  const edits = draftEdits(state.live, state.draft);
  const changeSet = state.changeSet;
  const report = state.report;
  const settled = !state.dirty && !state.saving;
  const canPublish =
    !readOnly && changeSet !== null && settled && report?.valid === true && state.busy === null;
  const fourEyes = state.status?.fourEyes === true;
  const approvedOk = !fourEyes || changeSet?.status === "approved";

  return (
    <div className="studio-workspace">
      <StatusLine />
      <section className="studio-card" aria-labelledby={`${commentId}-sets`}>
        <h2 id={`${commentId}-sets`}>{t("Studio_ChangeSets")}</h2>
        {listError ? (
          <p role="alert">{t("Studio_ListFailed")}</p>
        ) : openSets === null ? (
          <p role="status">{t("Loading")}</p>
        ) : openSets.length === 0 ? (
          <p>{t("Studio_NoOpenChangeSets")}</p>
        ) : (
          <ul className="studio-sets">
            {openSets.map((set) => (
              <li key={set.id} aria-current={set.id === changeSet?.id ? "true" : undefined}>
                <span className="studio-sets__name">
                  {t("Studio_ChangeSetName", { id: set.id, comment: set.comment || t("Studio_NoComment") })}
                </span>
                <StatusBadge label={t(`Studio_Status_${set.status}`)} tone={toneOf(set.status)} />
                <span className="studio-sets__meta">
                  {t("Studio_ChangeSetMeta", { author: set.author, count: set.edits.length })}
                </span>
                <button
                  type="button"
                  className="kit-button"
                  disabled={set.id === changeSet?.id || state.busy !== null}
                  onClick={() => void openChangeSet(set.id)}
                  aria-label={t("Studio_OpenChangeSet", { id: set.id })}
                >
                  {t("Studio_Open")}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="studio-actions">
          <button
            type="button"
            className="kit-button"
            disabled={readOnly || state.busy !== null}
            onClick={() => void newDraft().then(() => setGeneration((n) => n + 1))}
          >
            {t("Studio_NewChangeSet")}
          </button>
        </div>
      </section>

      <section className="studio-card" aria-labelledby={`${commentId}-current`}>
        <h2 id={`${commentId}-current`}>
          {changeSet
            ? t("Studio_ChangeSetName", { id: changeSet.id, comment: "" }).trim()
            : t("Studio_NewDraft")}
          {changeSet ? (
            <>
              {" "}
              <StatusBadge label={t(`Studio_Status_${changeSet.status}`)} tone={toneOf(changeSet.status)} />
            </>
          ) : null}
        </h2>
        <SaveState />
        <label htmlFor={commentId} className="studio-label">
          {t("Studio_Comment")}
        </label>
        <textarea
          id={commentId}
          className="studio-textarea"
          value={state.comment}
          maxLength={2000}
          rows={2}
          disabled={readOnly}
          onChange={(event) => editComment(event.target.value)}
        />
        <h3>{t("Studio_Touches")}</h3>
        {edits.length === 0 ? (
          <p>{t("Studio_NothingChanged")}</p>
        ) : (
          <ul className="studio-touches">
            {edits.map((edit) => (
              <li key={`${edit.account ?? "operator"}/${edit.kind}`}>
                {t(kindLabelKey(edit.kind))}
                {edit.account !== undefined ? ` — ${t("Studio_AccountLayer", { id: edit.account })}` : ""}
              </li>
            ))}
          </ul>
        )}
        {changeSet?.review ? (
          <p className="studio-review" role="note">
            {t(changeSet.review.decision === "refused" ? "Studio_RefusedBy" : "Studio_ApprovedBy", {
              name: changeSet.review.by,
            })}
            {changeSet.review.comment ? `: ${changeSet.review.comment}` : ""}
          </p>
        ) : null}
        {changeSet?.failure ? (
          <p className="studio-review" role="alert">
            {t("Studio_ScheduleFailed", { reason: changeSet.failure })}
          </p>
        ) : null}
      </section>

      <ValidationSection readOnly={readOnly} />

      {changeSet && OPEN_STATUSES.has(changeSet.status) ? (
        <section className="studio-card" aria-labelledby={`${commentId}-review`}>
          <h2 id={`${commentId}-review`}>{t("Studio_ReviewAndPublish")}</h2>
          <ReviewActions
            changeSet={changeSet}
            readOnly={readOnly}
            settled={settled}
            own={state.status?.you === changeSet.author}
          />
          <PublishActions
            changeSet={changeSet}
            canPublish={canPublish && approvedOk}
            readOnly={readOnly}
            blockedReason={
              readOnly
                ? null
                : !settled
                  ? t("Studio_SaveFirst")
                  : report?.valid !== true
                    ? t("Studio_ValidFirst")
                    : !approvedOk
                      ? t("Studio_ApprovalFirst")
                      : null
            }
          />
        </section>
      ) : null}
      <Announcer />
    </div>
  );
}

const toneOf = (status: string) =>
  status === "approved" || status === "published"
    ? "success"
    : status === "failed" || status === "cancelled"
      ? "danger"
      : status === "scheduled"
        ? "info"
        : "neutral";

/** What is served: the version, a canary, the last known good, the four-eyes rule. */
function StatusLine() {
  const { t } = useTranslation();
  const status = useStudio((s) => s.status);
  const error = useStudio((s) => s.statusError);
  if (error) return <p role="alert">{t("Studio_StatusFailed", { reason: error })}</p>;
  if (!status) return <p role="status">{t("Loading")}</p>;
  return (
    <div className="studio-status">
      <p>
        {t("Studio_Serving", { version: status.serving })}
        {status.canary
          ? ` · ${t("Studio_Canary", { version: status.canary.version, accounts: status.canary.accounts.join(", ") })}`
          : ""}
        {` · ${t(status.fourEyes ? "Studio_FourEyesOn" : "Studio_FourEyesOff")}`}
      </p>
      {status.degraded ? (
        <p role="alert" className="studio-degraded">
          {t("Studio_Degraded", { version: status.degraded.version, serving: status.degraded.serving })}
        </p>
      ) : null}
    </div>
  );
}

/** Saved, saving, unsaved or a failed save with a retry: said in words (live region). */
function SaveState() {
  const { t } = useTranslation();
  const { saving, dirty, saveError, changeSet } = useStudio((s) => ({
    saving: s.saving,
    dirty: s.dirty,
    saveError: s.saveError,
    changeSet: s.changeSet,
  }));
  return (
    <p className="studio-save" aria-live="polite">
      {saveError ? (
        <>
          <span role="alert">{t("Studio_SaveFailed", { reason: saveError })}</span>{" "}
          <button type="button" className="kit-button" onClick={() => void saveDraft()}>
            {t("Work_Retry")}
          </button>
        </>
      ) : saving ? (
        t("Studio_Saving")
      ) : dirty ? (
        t("Studio_Unsaved")
      ) : changeSet ? (
        t("Studio_Saved")
      ) : (
        t("Studio_NotSavedYet")
      )}
    </p>
  );
}

/** The validation report: problems (with a jump to the field), warnings, summary and diff. */
function ValidationSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const id = useId();
  const { report, validating, changeSet, conflict, live, draft } = useStudio((s) => ({
    report: s.report,
    validating: s.validating,
    changeSet: s.changeSet,
    conflict: s.conflict,
    live: s.live,
    draft: s.draft,
  }));
  if (!changeSet) return null;
  const documents: Documents = live;
  const uiTexts = (draftDocument(documents, draft, "texts.en") ?? {}) as Record<string, string>;
  const textOf = (key: string) => (t(key) !== key ? t(key) : (uiTexts[key] ?? key));
  // "content": a stored version whose content no longer reads (last known good) — no field to show.
  const readable = ({ kind, pointer }: Pick<ConfigProblem, "kind" | "pointer">) =>
    kind === "content"
      ? [t("Studio_Kind_content"), pointer].filter(Boolean).join(" › ")
      : [
          t(kindLabelKey(kind)),
          ...readablePointer(kind, pointer, draftDocument(documents, draft, kind), textOf, t),
        ].join(" › ");
  const show = ({ kind, pointer }: ConfigProblem) => {
    if (kind === "content") return;
    const target = pointerTarget(kind, pointer);
    focusProblem(kind, pointer);
    navigate(`${STUDIO_PATH}/${target.tab}`);
  };
  return (
    <section className="studio-card" aria-labelledby={id} aria-busy={validating}>
      <h2 id={id}>{t("Studio_Validation")}</h2>
      <div className="studio-actions">
        <button
          type="button"
          className="kit-button"
          disabled={readOnly || validating}
          onClick={() => void saveDraft().then(() => validate())}
        >
          {validating ? t("Studio_Validating") : t("Studio_Validate")}
        </button>
        {report ? (
          <StatusBadge
            label={report.valid ? t("Studio_Valid") : t("Studio_Invalid", { count: report.problems.length })}
            tone={report.valid ? "success" : "danger"}
          />
        ) : null}
      </div>
      {conflict ? (
        <div role="alert" className="studio-conflict">
          <p>{t("Studio_Conflict", { documents: conflict.conflicts.join(", ") })}</p>
          <ul>
            {conflict.since.map((version) => (
              <li key={version.number}>
                {t("Studio_ConflictVersion", { version: version.number, author: version.author })}
                {version.summary.length > 0 ? `: ${version.summary.map(messageText).join("; ")}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report && report.problems.length > 0 ? (
        <>
          <h3 id={`${id}-problems`}>{t("Studio_Problems")}</h3>
          <ul className="studio-problems" aria-labelledby={`${id}-problems`}>
            {report.problems.map((problem) => {
              const where = readable(problem);
              return (
                <li key={`${problem.account ?? ""}${problem.kind}${problem.pointer}${problem.reason}`}>
                  <span className="studio-problems__where">
                    {problem.account !== undefined
                      ? `${t("Studio_AccountLayer", { id: problem.account })} › `
                      : ""}
                    {where}
                  </span>
                  <span className="studio-problems__reason">{messageText(problem.message)}</span>
                  {problem.kind === "content" ? null : (
                    <button
                      type="button"
                      className="kit-button"
                      onClick={() => show(problem)}
                      aria-label={t("Studio_ShowField", { where })}
                    >
                      {t("Studio_Show")}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {report && report.warnings.length > 0 ? (
        <>
          <h3 id={`${id}-warnings`}>{t("Studio_Warnings")}</h3>
          <ul className="studio-problems" aria-labelledby={`${id}-warnings`}>
            {report.warnings.map((warning) => (
              <li key={`${warning.kind}${warning.pointer}${warning.reason}`}>
                <span className="studio-problems__where">{readable(warning)}</span>
                {/* The message counts the tabs it would affect. */}
                <span className="studio-problems__reason">{messageText(warning.message)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report ? (
        <>
          <h3>{t("Studio_SummaryAndDiff")}</h3>
          <Suspense fallback={<p role="status">{t("Loading")}</p>}>
            <DiffView
              headingLevel={4}
              summary={report.summary}
              diff={report.diff}
              labelPointer={(kind, pointer) => readable({ kind: kind as ConfigKindName, pointer })}
            />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}

/**
 * Request approval; approve or refuse with a comment. Another staff member answers: the gateway
 * refuses an author's answer to their own change set, so the author is not offered one.
 */
function ReviewActions(props: { changeSet: ChangeSet; readOnly: boolean; settled: boolean; own: boolean }) {
  const { t } = useTranslation();
  const { changeSet } = props;
  const busy = useStudio((s) => s.busy);
  const [answer, setAnswer] = useState<"approve" | "refuse" | null>(null);
  const [comment, setComment] = useState("");
  const commentId = useId();
  const disabled = props.readOnly || !props.settled || busy !== null;
  const ownId = useId();
  const answerDisabled = disabled || props.own;
  const done = (next: { changeSet: ChangeSet } | null) => {
    if (next) setChangeSet(next.changeSet);
  };
  return (
    <div className="studio-actions">
      {changeSet.status === "draft" && !changeSet.reviewRequestedAt ? (
        <button
          type="button"
          className="kit-button"
          disabled={disabled}
          onClick={() =>
            void runAction(
              "requestReview",
              () => configApi.requestReview(changeSet.id, changeSet.revision),
              () => t("Studio_ReviewRequested"),
            ).then(done)
          }
        >
          {t("Studio_RequestApproval")}
        </button>
      ) : null}
      {changeSet.reviewRequestedAt ? <StatusBadge label={t("Studio_AwaitingReview")} tone="info" /> : null}
      {changeSet.status === "draft" || changeSet.status === "approved" ? (
        <>
          <button
            type="button"
            className="kit-button"
            disabled={answerDisabled || changeSet.status === "approved"}
            aria-describedby={props.own ? ownId : undefined}
            onClick={() => setAnswer("approve")}
          >
            {t("Studio_Approve")}
          </button>
          <button
            type="button"
            className="kit-button"
            disabled={answerDisabled}
            aria-describedby={props.own ? ownId : undefined}
            onClick={() => setAnswer("refuse")}
          >
            {t("Studio_Refuse")}
          </button>
          {props.own && !props.readOnly ? (
            <span id={ownId} className="studio-hint">
              {t("Studio_OwnChangeSet")}
            </span>
          ) : null}
        </>
      ) : null}
      {answer ? (
        <ModalDialog
          title={t(answer === "approve" ? "Studio_ApproveTitle" : "Studio_RefuseTitle", { id: changeSet.id })}
          onClose={() => setAnswer(null)}
          busy={busy !== null}
          onSubmit={() => {
            if (answer === "refuse" && comment.trim() === "") return;
            void runAction(
              answer,
              () =>
                answer === "approve"
                  ? configApi.approve(changeSet.id, changeSet.revision, comment.trim() || undefined)
                  : configApi.refuse(changeSet.id, changeSet.revision, comment.trim()),
              () => t(answer === "approve" ? "Studio_Approved" : "Studio_Refused"),
            ).then((next) => {
              done(next);
              if (next) {
                setAnswer(null);
                setComment("");
              }
            });
          }}
          footer={
            <>
              <button type="button" className="kit-button" onClick={() => setAnswer(null)}>
                {t("Work_Cancel")}
              </button>
              <button
                type="submit"
                className="kit-button kit-button--primary"
                disabled={answer === "refuse" && comment.trim() === ""}
              >
                {t(answer === "approve" ? "Studio_Approve" : "Studio_Refuse")}
              </button>
            </>
          }
        >
          <label htmlFor={commentId} className="studio-label">
            {t(answer === "refuse" ? "Studio_RefuseComment" : "Studio_ApproveComment")}
          </label>
          <textarea
            id={commentId}
            data-autofocus
            className="studio-textarea"
            value={comment}
            maxLength={2000}
            rows={3}
            required={answer === "refuse"}
            onChange={(event) => setComment(event.target.value)}
          />
        </ModalDialog>
      ) : null}
    </div>
  );
}

/** Publish now, at a time, or to chosen accounts first; discard. */
function PublishActions(props: {
  changeSet: ChangeSet;
  canPublish: boolean;
  readOnly: boolean;
  blockedReason: string | null;
}) {
  const { t } = useTranslation();
  const { changeSet } = props;
  const busy = useStudio((s) => s.busy);
  const id = useId();
  const [at, setAt] = useState("");
  const [accounts, setAccounts] = useState("");
  const [discarding, setDiscarding] = useState(false);
  const accountIds = accounts
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  const accountsValid = accountIds.length > 0 && accountIds.every((n) => Number.isSafeInteger(n) && n > 0);
  const atDate = at ? new Date(at) : null;
  const atValid = atDate !== null && !Number.isNaN(atDate.getTime()) && atDate.getTime() > Date.now();
  const published = async (result: { version?: number; scheduledAt?: number } | null) => {
    if (!result) return;
    await reloadServed();
    const next = await configApi.changeSet(changeSet.id).catch(() => null);
    if (next && next.changeSet.status !== "published") setChangeSet(next.changeSet);
  };
  return (
    <div className="studio-publish">
      {props.blockedReason ? <p className="studio-hint">{props.blockedReason}</p> : null}
      <div className="studio-actions">
        <button
          type="button"
          className="kit-button kit-button--primary"
          disabled={!props.canPublish}
          onClick={() =>
            void runAction(
              "publish",
              () => configApi.publish(changeSet.id),
              (result) => t("Studio_Published", { version: result.version }),
            ).then(published)
          }
        >
          {busy === "publish" ? t("Studio_Publishing") : t("Studio_PublishNow")}
        </button>
      </div>
      <div className="studio-inline">
        <label htmlFor={`${id}-at`} className="studio-label">
          {t("Studio_PublishAtLabel")}
        </label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          className="studio-input"
          value={at}
          disabled={props.readOnly}
          aria-invalid={at !== "" && !atValid}
          aria-describedby={at !== "" && !atValid ? `${id}-at-error` : undefined}
          onChange={(event) => setAt(event.target.value)}
        />
        <button
          type="button"
          className="kit-button"
          disabled={!props.canPublish || !atValid}
          onClick={() =>
            void runAction(
              "schedule",
              () => configApi.publish(changeSet.id, { at: (atDate as Date).toISOString() }),
              () => t("Studio_Scheduled", { at: (atDate as Date).toLocaleString() }),
            ).then(published)
          }
        >
          {t("Studio_Schedule")}
        </button>
        {at !== "" && !atValid ? (
          <span id={`${id}-at-error`} className="studio-error">
            {t("Studio_AtInFuture")}
          </span>
        ) : null}
      </div>
      <div className="studio-inline">
        <label htmlFor={`${id}-accounts`} className="studio-label">
          {t("Studio_CanaryLabel")}
        </label>
        <input
          id={`${id}-accounts`}
          className="studio-input"
          inputMode="numeric"
          value={accounts}
          disabled={props.readOnly}
          aria-invalid={accounts !== "" && !accountsValid}
          aria-describedby={`${id}-accounts-help`}
          onChange={(event) => setAccounts(event.target.value)}
        />
        <button
          type="button"
          className="kit-button"
          disabled={!props.canPublish || !accountsValid}
          onClick={() =>
            void runAction(
              "canary",
              () => configApi.publish(changeSet.id, { accounts: accountIds }),
              (result) =>
                t("Studio_CanaryPublished", { version: result.version, accounts: accountIds.join(", ") }),
            ).then(published)
          }
        >
          {t("Studio_PublishCanary")}
        </button>
        <span id={`${id}-accounts-help`} className="studio-hint">
          {t("Studio_CanaryHelp")}
        </span>
      </div>
      <div className="studio-actions">
        <button
          type="button"
          className="kit-button"
          disabled={props.readOnly || busy !== null}
          onClick={() => setDiscarding(true)}
        >
          {t("Studio_Discard")}
        </button>
      </div>
      {discarding ? (
        <ModalDialog
          role="alertdialog"
          title={t("Studio_DiscardTitle", { id: changeSet.id })}
          description={<p>{t("Studio_DiscardText")}</p>}
          onClose={() => setDiscarding(false)}
          busy={busy !== null}
          footer={
            <>
              <button
                type="button"
                className="kit-button"
                data-autofocus
                onClick={() => setDiscarding(false)}
              >
                {t("Work_Cancel")}
              </button>
              <button
                type="button"
                className="kit-button kit-button--primary"
                onClick={() =>
                  void runAction(
                    "discard",
                    () => configApi.cancel(changeSet.id),
                    () => t("Studio_Discarded", { id: changeSet.id }),
                  ).then(async (result) => {
                    setDiscarding(false);
                    if (result) await newDraft({ keepMessage: true });
                  })
                }
              >
                {t("Studio_Discard")}
              </button>
            </>
          }
        />
      ) : null}
    </div>
  );
}

/** The last action's outcome, announced politely (errors assertively). */
function Announcer() {
  const message = useStudio((s) => s.message);
  return (
    <p
      className={`studio-message${message?.tone === "error" ? " studio-message--error" : ""}`}
      role={message?.tone === "error" ? "alert" : "status"}
    >
      {message?.text ?? ""}
    </p>
  );
}
