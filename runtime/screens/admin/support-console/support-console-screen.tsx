/**
 * The support agent's console (`supportConsole`, /admin/supportconsole; §4.4 staff side): the queue,
 * the conversations open as tabs and the member details of the shown one, over one console per
 * screen (console-store.ts) on the page's hub client — it opens no socket of its own, and a new
 * client (after a sign-in) makes a new console. Staff with Read on SupportSessions read everything;
 * §6: without Write every action shows disabled. The tab title counts the waiting members, and
 * with desktop notifications on, a member who starts waiting is announced while the agent is not
 * looking at the console (its tab hidden, or another window focused).
 */
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../../http/api-client.ts";
import type { HubClient } from "../../../realtime/hub-client.ts";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { realtimeClient } from "../../../session/realtime-session.ts";
import { sessionStore } from "../../../session/session-store.ts";
import { createStore, useStore } from "../../../state/create-store.ts";
import { showErrorBanner } from "../../content/content-feedback.ts";
import { ScreenHeader } from "../../work/common/list-parts.tsx";
import { consoleRights } from "./console-rights.ts";
import { type ConsoleState, initialConsoleState, waitingCount } from "./console-state.ts";
import { createSupportConsole, type SupportConsole, type TakeOutcome } from "./console-store.ts";
import { titleWithWaiting } from "./console-title.ts";
import { ConsoleToolbar } from "./console-toolbar.tsx";
import { ConversationTabs, memberName } from "./conversation-tabs.tsx";
import { ConversationView } from "./conversation-view.tsx";
import { sessionsToAnnounce } from "./desktop-notice.ts";
import { MemberContext } from "./member-context.tsx";
import { QueuePanel } from "./queue-panel.tsx";
import "./support-console.css";

/** What shows before the page's hub client exists: a console still loading. */
const idleStore = createStore<ConsoleState>(initialConsoleState());

const subscribeClient = (listener: () => void) => realtimeClient.subscribe(listener);
const currentClient = () => realtimeClient.get();

/** One console per hub client and signed-in staff member, started while mounted. */
function useSupportConsole(
  hub: HubClient | null,
  userId: number | null,
  fullName: string | null,
): SupportConsole | null {
  const [agent, setAgent] = useState<SupportConsole | null>(null);
  useEffect(() => {
    if (!hub) {
      setAgent(null);
      return;
    }
    const created = createSupportConsole({ request: apiRequest, hub, me: { userId, fullName } });
    const stop = created.start();
    setAgent(created);
    return stop;
  }, [hub, userId, fullName]);
  return agent;
}

/** Keeps "(n) " in front of the tab title while n members wait; the shell may set the title meanwhile. */
function useWaitingTitle(waiting: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithWaiting(document.title, waiting);
      if (next !== document.title) document.title = next;
    };
    apply();
    const element = document.querySelector("title");
    const observer = element ? new MutationObserver(apply) : null;
    if (element) observer?.observe(element, { childList: true, characterData: true, subtree: true });
    return () => {
      observer?.disconnect();
      document.title = titleWithWaiting(document.title, 0);
    };
  }, [waiting]);
}

/** Announces newly waiting members with desktop notifications while `enabled`. */
function useDesktopNotices(agent: SupportConsole | null, enabled: boolean): void {
  const { t } = useTranslation();
  const latest = useRef({ enabled, t });
  latest.current = { enabled, t };
  useEffect(() => {
    if (!agent || typeof Notification === "undefined") return;
    let previous = agent.store.get();
    return agent.store.subscribe(() => {
      const next = agent.store.get();
      const page = { hidden: document.hidden, focused: document.hasFocus() };
      const sessions = sessionsToAnnounce(previous, next, page, latest.current.enabled);
      previous = next;
      for (const session of sessions) {
        const name = session.UserFullName?.trim() || latest.current.t("SupportConsole_UnknownMember");
        const notice = new Notification(latest.current.t("SupportConsole_NotifyTitle", { name }), {
          body: session.FirstMessage ?? "",
          tag: `support-session-${session.RecId}`,
        });
        notice.onclick = () => {
          window.focus();
          agent.open(session.RecId);
          notice.close();
        };
      }
    });
  }, [agent]);
}

/** The screen renderer (default export: loaded lazily by the screen registry). */
export default function SupportConsoleScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const hub = useSyncExternalStore(subscribeClient, currentClient);
  const profile = useStore(sessionStore, (s) => s.profile);
  const userId = useStore(sessionStore, (s) => s.config?.User.RecId ?? null);
  const fullName = useStore(sessionStore, (s) => s.config?.User.FullName ?? null);
  const agent = useSupportConsole(hub, userId, fullName);
  const state = useStore(agent?.store ?? idleStore);
  const rights = consoleRights(profile);
  const [notices, setNotices] = useState(false);
  const [lost, setLost] = useState<ReadonlySet<number>>(new Set());
  const [focusTarget, setFocusTarget] = useState<number | null>(null);

  useWaitingTitle(waitingCount(state));
  useDesktopNotices(agent, notices && rights.act);

  const open = useCallback(
    (sessionId: number) => {
      agent?.open(sessionId);
      setFocusTarget(sessionId);
    },
    [agent],
  );
  const take = async (sessionId: number) => {
    if (!agent) return;
    let outcome: TakeOutcome;
    try {
      outcome = await agent.take(sessionId);
    } catch (error) {
      showErrorBanner(error);
      return;
    }
    if (outcome === "taken") {
      setFocusTarget(sessionId);
      setLost((set) => new Set([...set].filter((id) => id !== sessionId)));
    } else {
      setLost((set) => new Set(set).add(sessionId));
    }
  };
  const me = { userId, fullName };
  const unknown = t("SupportConsole_UnknownMember");
  const title = t(route.titleKey ?? "PageTitle_SupportConsole");

  return (
    <section className="support-console" aria-labelledby={headingId}>
      <ScreenHeader
        id={headingId}
        title={title}
        actions={
          <ConsoleToolbar
            serviceOpen={state.serviceOpen}
            canAct={rights.act && agent !== null}
            onServiceOpen={(value) => agent?.setServiceOpen(value) ?? Promise.resolve()}
            notices={notices}
            onNotices={setNotices}
          />
        }
      />
      {rights.act ? null : (
        <p className="admin-note" role="note">
          {t("SupportConsole_ReadOnly")}
        </p>
      )}
      <p role="status" className={state.stale ? "support-console__stale" : "visually-hidden"}>
        {state.stale ? t("SupportConsole_Stale") : null}
      </p>
      <div className="support-console__grid">
        <QueuePanel state={state} myUserId={userId} onOpen={open} onRetry={() => void agent?.reload()} />
        {agent ? (
          <ConversationTabs
            state={state}
            onShow={(sessionId) => agent.show(sessionId)}
            onClose={(sessionId) => agent.close(sessionId)}
          >
            {(shown) => (
              <ConversationView
                key={shown}
                console={agent}
                sessionId={shown}
                session={state.known[shown]}
                conversation={state.conversations[shown]}
                me={me}
                rights={rights}
                name={memberName(state, shown, unknown)}
                lostRace={lost.has(shown)}
                focusRequested={focusTarget === shown}
                onFocused={() => setFocusTarget(null)}
                onTake={() => take(shown)}
              />
            )}
          </ConversationTabs>
        ) : (
          <section className="support-conversations support-conversations--empty" />
        )}
        <MemberContext sessionId={state.shown} request={apiRequest} canCreateTicket={rights.createTicket} />
      </div>
    </section>
  );
}
