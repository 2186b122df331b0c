/**
 * The queue (§4.4 staff side): members waiting, oldest first, with their account, the page they
 * wrote from, their first message and how long they have waited (ticking every second); then the
 * agent's own conversations and the other agents' with who holds them. Each opens as a tab.
 */
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleState, queueOf, type StaffSession, waitingSeconds } from "./console-state.ts";
import { durationAttribute, waitingClock } from "./queue-time.ts";

/** The current time, moving every `intervalMs`. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Props of QueuePanel. */
export interface QueuePanelProps {
  state: ConsoleState;
  myUserId: number | null;
  onOpen: (sessionId: number) => void;
  onRetry: () => void;
}

/** The queue region. */
export function QueuePanel({ state, myUserId, onOpen, onRetry }: QueuePanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const loading = state.queueStatus === "loading";
  return (
    <section className="support-queue" aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId} className="support-pane__title">
        {t("SupportConsole_Queue")}
      </h2>
      {state.queueStatus === "error" ? (
        <div className="support-error" role="alert">
          <p>{t("SupportConsole_QueueFailed")}</p>
          <button type="button" className="kit-button" onClick={onRetry}>
            {t("SupportConsole_Retry")}
          </button>
        </div>
      ) : loading ? (
        <p role="status">{t("Loading")}</p>
      ) : (
        <QueueLists state={state} myUserId={myUserId} onOpen={onOpen} />
      )}
    </section>
  );
}

function QueueLists({ state, myUserId, onOpen }: Omit<QueuePanelProps, "onRetry">) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const queue = useMemo(() => queueOf(state, myUserId), [state, myUserId]);
  const groups = [
    {
      id: "waiting",
      title: t("SupportConsole_Waiting"),
      empty: t("SupportConsole_NoneWaiting"),
      sessions: queue.waiting,
    },
    {
      id: "mine",
      title: t("SupportConsole_Mine"),
      empty: t("SupportConsole_NoneMine"),
      sessions: queue.mine,
    },
    {
      id: "others",
      title: t("SupportConsole_Others"),
      empty: t("SupportConsole_NoneOthers"),
      sessions: queue.others,
    },
  ] as const;
  return (
    <>
      {groups.map((group) => (
        <QueueGroup key={group.id} {...group} now={now} onOpen={onOpen} others={group.id === "others"} />
      ))}
    </>
  );
}

function QueueGroup(props: {
  title: string;
  empty: string;
  sessions: readonly StaffSession[];
  now: number;
  others: boolean;
  onOpen: (sessionId: number) => void;
}) {
  const titleId = useId();
  return (
    <div className="support-queue__group">
      <h3 className="support-queue__heading">
        <span id={titleId}>{props.title}</span>{" "}
        <span className="support-queue__count">({props.sessions.length})</span>
      </h3>
      {props.sessions.length === 0 ? (
        <p className="admin-muted">{props.empty}</p>
      ) : (
        <ul className="support-queue__list" aria-labelledby={titleId}>
          {props.sessions.map((session) => (
            <QueueItem
              key={session.RecId}
              session={session}
              now={props.now}
              others={props.others}
              onOpen={props.onOpen}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function QueueItem(props: {
  session: StaffSession;
  now: number;
  others: boolean;
  onOpen: (sessionId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { session } = props;
  const name = session.UserFullName?.trim() || t("SupportConsole_UnknownMember");
  const seconds = waitingSeconds(session, props.now);
  const started = useMemo(() => {
    const date = new Date(session.StartedAt);
    return Number.isNaN(date.getTime())
      ? session.StartedAt
      : new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" }).format(date);
  }, [session.StartedAt, i18n.language]);
  return (
    <li className="support-queue__item">
      <button
        type="button"
        className="support-queue__open"
        aria-label={t("SupportConsole_OpenConversation", { name })}
        onClick={() => props.onOpen(session.RecId)}
      >
        {name}
      </button>
      {session.AccountName ? <span className="support-queue__account">{session.AccountName}</span> : null}
      {session.Page ? <span className="support-queue__page">{session.Page}</span> : null}
      {session.FirstMessage ? <p className="support-queue__first">{session.FirstMessage}</p> : null}
      <span className="support-queue__meta">
        {session.Status === "Waiting" ? (
          <time dateTime={durationAttribute(seconds)}>
            {t("SupportConsole_WaitingFor", { time: waitingClock(seconds) })}
          </time>
        ) : (
          <time dateTime={session.StartedAt}>{t("SupportConsole_StartedAt", { time: started })}</time>
        )}
        {props.others ? (
          <span>
            {t("SupportConsole_HandledBy", {
              name: session.StaffFullName?.trim() || t("SupportConsole_AnotherAgent"),
            })}
          </span>
        ) : null}
      </span>
    </li>
  );
}
