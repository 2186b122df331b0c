/**
 * The studio's one-click switches: maintenance (now, or a window with a start and an end, with an
 * optional message per language; server/gateway/config/README.md "Maintenance") and signup (the
 * upstream's SignupAllowed, §2.1, saved like /admin/configuration saves it). Each is one click and a
 * confirmation; the call's progress shows, its outcome is announced, the state is read again.
 * §6: without Write the buttons are disabled; the state stays readable.
 */
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../../../components/fields/text-field.tsx";
import { ModalDialog } from "../../../../../components/modal-dialog/modal-dialog.tsx";
import { apiRequest } from "../../../../../http/api-client.ts";
import { ApiError, errorBannerText, UNKNOWN_FAILURE_KEY } from "../../../../../http/api-error.ts";
import { formatDateTime } from "../../../cell-format.ts";
import { configApi } from "../../config-client.ts";
import { type Language, STUDIO_LANGUAGES } from "../../studio-model.ts";
import {
  CONFIGURATION_ENDPOINT,
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  type MaintenanceAction,
  maintenanceOutcome,
  maintenanceRequest,
  SIGNUP_ALLOWED_KEY,
  signupOpen,
  signupRequest,
} from "./quick-switches-model.ts";
import "./document-editor.css";

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The text of a failed call in the UI language: its §8 code's text, else the service's message. */
function failureText(error: unknown, t: Translate, exists: (key: string) => boolean): string {
  const banner = errorBannerText(error, exists);
  if (!banner) return "";
  return banner.fallbackMessage && banner.key === UNKNOWN_FAILURE_KEY
    ? `${t(banner.key)} ${banner.fallbackMessage}`
    : t(banner.key);
}

/** A date-time in the UI language. */
function useInstantText(): (epochMs: number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => (ms: number) => formatDateTime(new Date(ms).toISOString(), locale), [locale]);
}

/** The outcome of the last action, announced: a success (status) or a failure (alert). */
type Outcome = { tone: "success" | "error"; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <p className="studio-switch__result" role="status">
        {outcome?.tone === "success" ? outcome.text : ""}
      </p>
      {outcome?.tone === "error" ? (
        <p className="studio-switch__result studio-switch__result--error" role="alert">
          {outcome.text}
        </p>
      ) : null}
    </>
  );
}

/** The maintenance switch and the signup switch. */
export default function QuickSwitches(props: { readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="studio-switches" aria-label={t("StudioSwitch_Title")}>
      <MaintenanceSwitch readOnly={props.readOnly} />
      <SignupSwitch readOnly={props.readOnly} />
    </section>
  );
}

interface MaintenanceState {
  enabled: boolean;
  scheduled: { changeSet: number; comment: string; at: number }[];
}

function MaintenanceSwitch({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const instantText = useInstantText();
  const [state, setState] = useState<MaintenanceState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [asking, setAsking] = useState<MaintenanceAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      configApi.maintenance(signal).then(
        (answer) => {
          setState({ enabled: answer.enabled, scheduled: answer.scheduled });
          setLoadError(null);
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.aborted) return;
          setLoadError(failureText(error, t, (key) => i18n.exists(key)));
        },
      ),
    [t, i18n],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const titleId = `${id}-title`;
  return (
    <section className="studio-switch" aria-labelledby={titleId}>
      <h3 id={titleId} className="studio-switch__title">
        {t("StudioSwitch_Maintenance")}
      </h3>
      {state === null ? (
        loadError ? (
          <div role="alert">
            <p className="studio-switch__note">{t("StudioSwitch_LoadFailed", { reason: loadError })}</p>
            <button type="button" className="kit-button" onClick={() => void load()}>
              {t("Work_Retry")}
            </button>
          </div>
        ) : (
          <p role="status">{t("Loading")}</p>
        )
      ) : (
        <>
          <p
            className={
              state.enabled ? "studio-switch__state studio-switch__state--on" : "studio-switch__state"
            }
          >
            {t(state.enabled ? "StudioSwitch_MaintenanceOn" : "StudioSwitch_MaintenanceOff")}
          </p>
          {state.scheduled.length > 0 ? (
            <ul className="studio-switch__note">
              {state.scheduled.map((entry) => (
                <li key={entry.changeSet}>
                  {t("StudioSwitch_ScheduledEntry", {
                    what: scheduledWhat(entry.comment, t),
                    at: instantText(entry.at),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="studio-switch__note">{t("StudioSwitch_MaintenanceNote")}</p>
          <div className="studio-switch__actions">
            {(state.enabled
              ? ([
                  ["off", "StudioSwitch_OffNow"],
                  ["end", "StudioSwitch_EndAt"],
                ] as const)
              : ([
                  ["on", "StudioSwitch_OnNow"],
                  ["window", "StudioSwitch_Window"],
                ] as const)
            ).map(([action, label], index) => (
              <button
                key={action}
                type="button"
                className={index === 0 ? "kit-button kit-button--primary" : "kit-button"}
                disabled={readOnly}
                onClick={() => setAsking(action)}
              >
                {t(label)}
              </button>
            ))}
          </div>
        </>
      )}
      <OutcomeLine outcome={outcome} />
      {asking ? (
        <MaintenanceDialog
          action={asking}
          onClose={() => setAsking(null)}
          onDone={(text) => {
            setAsking(null);
            setOutcome({ tone: "success", text });
            void load();
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * What a scheduled maintenance change set does, in the UI language: the gateway names its own
 * change sets "Maintenance on" and "Maintenance off" (config-plane.ts setMaintenance).
 */
function scheduledWhat(comment: string, t: Translate): string {
  if (comment === "Maintenance on") return t("StudioSwitch_WhatOn");
  if (comment === "Maintenance off") return t("StudioSwitch_WhatOff");
  return comment;
}

/** The confirmation of a maintenance action, with the window's times and the messages it takes. */
function MaintenanceDialog(props: {
  action: MaintenanceAction;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const instantText = useInstantText();
  const { action } = props;
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [messages, setMessages] = useState<Partial<Record<Language, string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const takesMessages = action === "on" || action === "window";

  const submit = async () => {
    const decision = maintenanceRequest({ action, startsAt, endsAt, messages, now: Date.now() });
    if ("error" in decision) {
      setError(t(decision.error, { max: MAINTENANCE_MESSAGE_MAX_LENGTH }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await configApi.setMaintenance(decision.body);
      const result = maintenanceOutcome(decision.body, answer, instantText);
      props.onDone(t(result.key, result.params));
    } catch (failure) {
      setError(failureText(failure, t, (key) => i18n.exists(key)) || null);
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      role="alertdialog"
      size={takesMessages ? "wide" : "normal"}
      title={t(`StudioSwitch_Confirm_${action}`)}
      description={t(`StudioSwitch_ConfirmText_${action}`)}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      closeButton={false}
      footer={
        <>
          <button type="button" className="kit-button" onClick={props.onClose} disabled={busy}>
            {t("StudioDocument_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary" disabled={busy} data-autofocus>
            {busy ? t("StudioSwitch_Working") : t(`StudioSwitch_Do_${action}`)}
          </button>
        </>
      }
    >
      <div className="studio-switch__fields">
        {action === "window" ? (
          <TextField
            uid={`${id}-starts`}
            type="datetime-local"
            label={t("StudioSwitch_StartsAt")}
            required
            value={startsAt}
            onChange={setStartsAt}
          />
        ) : null}
        {action === "window" || action === "end" ? (
          <TextField
            uid={`${id}-ends`}
            type="datetime-local"
            label={t("StudioSwitch_EndsAt")}
            required
            value={endsAt}
            onChange={setEndsAt}
          />
        ) : null}
      </div>
      {takesMessages ? (
        <fieldset className="studio-doc-form__group">
          <legend className="studio-doc-form__legend">{t("StudioSwitch_Messages")}</legend>
          <p className="kit-form__description">{t("StudioSwitch_MessagesHelp")}</p>
          <div className="studio-switch__fields">
            {STUDIO_LANGUAGES.map((language) => (
              <TextField
                key={language}
                uid={`${id}-message-${language}`}
                multiline
                rows={2}
                maxLength={MAINTENANCE_MESSAGE_MAX_LENGTH}
                label={t(`StudioSwitch_Language_${language}`)}
                value={messages[language] ?? ""}
                onChange={(text) => setMessages((previous) => ({ ...previous, [language]: text }))}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </ModalDialog>
  );
}

function SignupSwitch({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [state, setState] = useState<{ open: boolean; exists: boolean } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      apiRequest<{ Value?: unknown }>(`${CONFIGURATION_ENDPOINT}/${encodeURIComponent(SIGNUP_ALLOWED_KEY)}`, {
        signal,
      }).then(
        (row) => {
          setState({ open: signupOpen(row), exists: true });
          setLoadError(null);
        },
        (failure: unknown) => {
          if (failure instanceof ApiError && failure.aborted) return;
          // No entry yet: signup is closed until one says exactly true (§2.1).
          if (failure instanceof ApiError && failure.status === 404) {
            setState({ open: false, exists: false });
            setLoadError(null);
            return;
          }
          setLoadError(failureText(failure, t, (key) => i18n.exists(key)));
        },
      ),
    [t, i18n],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const toggle = async () => {
    if (!state) return;
    const request = signupRequest(!state.open, state.exists);
    setBusy(true);
    setError(null);
    try {
      await apiRequest(request.path, { method: request.method, body: request.body });
      setAsking(false);
      setOutcome({
        tone: "success",
        text: t(state.open ? "StudioSwitch_SignupClosed" : "StudioSwitch_SignupOpened"),
      });
      void load();
    } catch (failure) {
      setError(failureText(failure, t, (key) => i18n.exists(key)) || null);
    } finally {
      setBusy(false);
    }
  };

  const titleId = `${id}-title`;
  return (
    <section className="studio-switch" aria-labelledby={titleId}>
      <h3 id={titleId} className="studio-switch__title">
        {t("StudioSwitch_Signup")}
      </h3>
      {state === null ? (
        loadError ? (
          <div role="alert">
            <p className="studio-switch__note">{t("StudioSwitch_LoadFailed", { reason: loadError })}</p>
            <button type="button" className="kit-button" onClick={() => void load()}>
              {t("Work_Retry")}
            </button>
          </div>
        ) : (
          <p role="status">{t("Loading")}</p>
        )
      ) : (
        <>
          <p className="studio-switch__state">
            {t(state.open ? "StudioSwitch_SignupIsOpen" : "StudioSwitch_SignupIsClosed")}
          </p>
          <p className="studio-switch__note">{t("StudioSwitch_SignupNote")}</p>
          <div className="studio-switch__actions">
            <button
              type="button"
              className="kit-button kit-button--primary"
              disabled={readOnly}
              onClick={() => {
                setError(null);
                setAsking(true);
              }}
            >
              {t(state.open ? "StudioSwitch_CloseSignup" : "StudioSwitch_OpenSignup")}
            </button>
          </div>
        </>
      )}
      <OutcomeLine outcome={outcome} />
      {asking && state ? (
        <ModalDialog
          role="alertdialog"
          title={t(state.open ? "StudioSwitch_CloseSignupTitle" : "StudioSwitch_OpenSignupTitle")}
          description={t(state.open ? "StudioSwitch_CloseSignupText" : "StudioSwitch_OpenSignupText")}
          onClose={() => setAsking(false)}
          onSubmit={() => void toggle()}
          busy={busy}
          error={error}
          closeButton={false}
          footer={
            <>
              <button type="button" className="kit-button" onClick={() => setAsking(false)} disabled={busy}>
                {t("StudioDocument_Cancel")}
              </button>
              <button type="submit" className="kit-button kit-button--primary" disabled={busy} data-autofocus>
                {busy
                  ? t("StudioSwitch_Working")
                  : t(state.open ? "StudioSwitch_CloseSignup" : "StudioSwitch_OpenSignup")}
              </button>
            </>
          }
        />
      ) : null}
    </section>
  );
}
