/**
 * The member details beside the shown conversation (§4.4 staff side): the member's account and
 * subscription, role and language, the page they wrote from — a link only when it opens for the
 * agent in this product — their account's recent tickets, and a ticket created from the
 * conversation. §6: creating one needs Write on Support as well as on SupportSessions.
 */
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createRouteMatcher } from "../../../../core/routes/match.ts";
import { ModalDialog } from "../../../components/modal-dialog/modal-dialog.tsx";
import type { apiRequest } from "../../../http/api-client.ts";
import { sessionStore } from "../../../session/session-store.ts";
import { useStore } from "../../../state/create-store.ts";
import { manifestStore } from "../../../state/manifest-store.ts";
import { errorMessage } from "../../content/content-feedback.ts";
import { CONSOLE_PATHS } from "./console-store.ts";
import {
  type MemberContext as Context,
  type ContextTicket,
  createdTicketOf,
  memberContextOf,
  pageLinkTarget,
} from "./member-context-data.ts";

/** Longest ticket title the upstream stores. */
const TICKET_TITLE_MAX_LENGTH = 200;

/** Props of MemberContext. */
export interface MemberContextProps {
  sessionId: number | null;
  request: typeof apiRequest;
  canCreateTicket: boolean;
}

type Load = { status: "loading" } | { status: "error" } | { status: "ready"; context: Context };

/** The complementary region of the console. */
export function MemberContext(props: MemberContextProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <aside className="support-context" aria-labelledby={headingId}>
      <h2 id={headingId} className="support-pane__title">
        {t("SupportConsole_MemberDetails")}
      </h2>
      {props.sessionId === null ? (
        <p className="admin-muted">{t("SupportConsole_NoMember")}</p>
      ) : (
        <SessionContext key={props.sessionId} {...props} sessionId={props.sessionId} />
      )}
    </aside>
  );
}

function SessionContext(props: MemberContextProps & { sessionId: number }) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [created, setCreated] = useState<ContextTicket[]>([]);
  const [ticketStatus, setTicketStatus] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const { request, sessionId } = props;

  const fetchContext = useCallback(
    async (signal?: AbortSignal) => {
      setLoad({ status: "loading" });
      try {
        const body = await request(CONSOLE_PATHS.context(sessionId), { signal });
        setLoad({ status: "ready", context: memberContextOf(body) });
      } catch {
        if (!signal?.aborted) setLoad({ status: "error" });
      }
    },
    [request, sessionId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void fetchContext(controller.signal);
    return () => controller.abort();
  }, [fetchContext]);

  return (
    <div className="support-context__body" aria-busy={load.status === "loading"}>
      {load.status === "loading" ? <p role="status">{t("Loading")}</p> : null}
      {load.status === "error" ? (
        <div className="support-error" role="alert">
          <p>{t("SupportConsole_ContextFailed")}</p>
          <button type="button" className="kit-button" onClick={() => void fetchContext()}>
            {t("SupportConsole_Retry")}
          </button>
        </div>
      ) : null}
      {load.status === "ready" ? <ContextFacts context={load.context} created={created} /> : null}
      <div className="support-context__actions">
        <button
          type="button"
          className="kit-button"
          disabled={!props.canCreateTicket}
          onClick={() => {
            setTicketStatus(null);
            setDialog(true);
          }}
        >
          {t("SupportConsole_CreateTicket")}
        </button>
        <p role="status" className="support-context__status">
          {ticketStatus}
        </p>
      </div>
      {dialog ? (
        <CreateTicketDialog
          sessionId={sessionId}
          request={request}
          onClose={() => setDialog(false)}
          onCreated={(ticket) => {
            setDialog(false);
            setCreated((list) => [ticket, ...list]);
            setTicketStatus(t("SupportConsole_TicketCreated", { id: ticket.recId }));
          }}
        />
      ) : null}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function ContextFacts({ context, created }: { context: Context; created: readonly ContextTicket[] }) {
  const { t, i18n } = useTranslation();
  const manifest = useStore(manifestStore, (s) => s.manifest);
  const profile = useStore(sessionStore, (s) => s.profile);
  const match = useMemo(() => (manifest ? createRouteMatcher(manifest.routes, "app") : null), [manifest]);
  const page = pageLinkTarget(context.page, {
    match,
    subject: profile,
    features: manifest?.permissions.features ?? [],
  });
  const language = useMemo(() => {
    const code = context.user?.language;
    if (!code) return null;
    try {
      return new Intl.DisplayNames([i18n.language], { type: "language" }).of(code) ?? code;
    } catch {
      return code;
    }
  }, [context.user?.language, i18n.language]);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }),
    [i18n.language],
  );
  const seen = new Set(created.map((ticket) => ticket.recId));
  const tickets = [...created, ...context.tickets.filter((ticket) => !seen.has(ticket.recId))];
  const { account, user } = context;

  return (
    <>
      <dl className="support-context__facts">
        {account?.name ? <Fact label={t("SupportConsole_Account")}>{account.name}</Fact> : null}
        {account?.domain ? <Fact label={t("SupportConsole_Domain")}>{account.domain}</Fact> : null}
        {account?.subscription ? (
          <Fact label={t("SupportConsole_Subscription")}>{account.subscription}</Fact>
        ) : null}
        {user?.fullName ? <Fact label={t("SupportConsole_Member")}>{user.fullName}</Fact> : null}
        {user?.email ? <Fact label={t("SupportConsole_Email")}>{user.email}</Fact> : null}
        {user?.role ? <Fact label={t("SupportConsole_Role")}>{user.role}</Fact> : null}
        {language ? <Fact label={t("SupportConsole_Language")}>{language}</Fact> : null}
        {context.page ? (
          <Fact label={t("SupportConsole_Page")}>
            {page ? (
              <Link to={page}>{context.page}</Link>
            ) : (
              <span className="support-context__page">{context.page}</span>
            )}
          </Fact>
        ) : null}
      </dl>
      <h3 className="support-queue__heading">{t("SupportConsole_RecentTickets")}</h3>
      {tickets.length === 0 ? (
        <p className="admin-muted">{t("SupportConsole_NoTickets")}</p>
      ) : (
        <ul className="support-context__tickets">
          {tickets.map((ticket) => {
            const date = ticket.createdAt ? new Date(ticket.createdAt) : null;
            return (
              <li key={ticket.recId}>
                <span className="support-context__ticket-id">#{ticket.recId}</span> {ticket.title}
                <span className="admin-muted">
                  {[ticket.status, date && !Number.isNaN(date.getTime()) ? dates.format(date) : null]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

function CreateTicketDialog(props: {
  sessionId: number;
  request: typeof apiRequest;
  onClose: () => void;
  onCreated: (ticket: ContextTicket) => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (title.trim() === "") {
      setError(t("SupportConsole_TicketTitleRequired"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await props.request(CONSOLE_PATHS.ticket(props.sessionId), {
        method: "POST",
        body: { Title: title.trim() },
      });
      const ticket = createdTicketOf(answer);
      if (!ticket) throw new Error("no ticket");
      props.onCreated({ ...ticket, title: ticket.title || title.trim(), status: null, createdAt: null });
    } catch (failure) {
      setError(errorMessage(failure) ?? t("ErrorCode_UnknownXhrFailure"));
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      title={t("SupportConsole_CreateTicket")}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      footer={
        <>
          <button type="button" className="kit-button" onClick={props.onClose} disabled={busy}>
            {t("Dialog_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
            {t("Dialog_Create")}
          </button>
        </>
      }
    >
      <label htmlFor={fieldId} className="support-composer__label">
        {t("SupportConsole_TicketTitle")}
      </label>
      <input
        id={fieldId}
        className="support-field"
        data-autofocus
        maxLength={TICKET_TITLE_MAX_LENGTH}
        value={title}
        aria-invalid={error !== null && title.trim() === "" ? true : undefined}
        onChange={(event) => setTitle(event.target.value)}
      />
    </ModalDialog>
  );
}
