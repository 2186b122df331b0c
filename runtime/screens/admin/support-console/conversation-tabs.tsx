/**
 * The conversations open at once (§4.4 staff side) as WAI-ARIA APG tabs with automatic activation:
 * arrow keys, Home and End move between them and show each; a tab carries the member's name and its
 * unread count as a visible badge that also describes it. Each tab has its close button beside it —
 * outside the tab list, which holds tabs only, and laid over the same grid columns so each sits next
 * to its tab. Only the shown conversation is rendered; the others keep their lines and drafts in the
 * console's store.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { tabAfterKey } from "../../account/screen-tabs.ts";
import type { ConsoleState } from "./console-state.ts";

/** Props of ConversationTabs. */
export interface ConversationTabsProps {
  state: ConsoleState;
  onShow: (sessionId: number) => void;
  onClose: (sessionId: number) => void;
  /** The shown conversation's panel. */
  children: (shown: number) => ReactNode;
}

/** The member's name a tab shows. */
export function memberName(state: ConsoleState, sessionId: number, unknown: string): string {
  return state.known[sessionId]?.UserFullName?.trim() || unknown;
}

/** The tab list, the close buttons and the shown conversation. */
export function ConversationTabs({ state, onShow, onClose, children }: ConversationTabsProps) {
  const { t } = useTranslation();
  const id = useId();
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const empty = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);
  const ids = state.tabs.map(String);

  // After a keyboard move or a close the focus goes to the tab shown now (APG tabs), or to the note
  // that replaces the last tab closed (closing a tab that did not show leaves `shown` as it was).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the tabs is a close to follow
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (state.shown === null) empty.current?.focus();
    else buttons.current.get(state.shown)?.focus();
  }, [state.shown, state.tabs]);

  if (state.tabs.length === 0 || state.shown === null) {
    return (
      <section className="support-conversations support-conversations--empty">
        <p ref={empty} tabIndex={-1} className="admin-muted">
          {t("SupportConsole_NoTabs")}
        </p>
      </section>
    );
  }
  const shown = state.shown;
  const tabId = (sessionId: number) => `${id}-tab-${sessionId}`;
  const unknown = t("SupportConsole_UnknownMember");
  return (
    <section className="support-conversations">
      <div
        className="support-tabbar"
        style={{ gridTemplateColumns: `repeat(${state.tabs.length}, max-content max-content) 1fr` }}
      >
        <div role="tablist" aria-label={t("SupportConsole_Tabs")} className="support-tabs">
          {state.tabs.map((sessionId, index) => {
            const unread = state.conversations[sessionId]?.unread ?? 0;
            const selected = sessionId === shown;
            return (
              <button
                key={sessionId}
                ref={(element) => {
                  if (element) buttons.current.set(sessionId, element);
                  else buttons.current.delete(sessionId);
                }}
                type="button"
                role="tab"
                id={tabId(sessionId)}
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                aria-labelledby={`${tabId(sessionId)}-name`}
                aria-describedby={unread > 0 ? `${tabId(sessionId)}-unread` : undefined}
                tabIndex={selected ? 0 : -1}
                className="support-tabs__tab"
                style={{ gridColumn: 2 * index + 1 }}
                onClick={() => !selected && onShow(sessionId)}
                onKeyDown={(event) => {
                  const next = tabAfterKey(ids, String(sessionId), event.key);
                  if (next === null) return;
                  event.preventDefault();
                  const nextId = Number(next);
                  if (nextId === shown) buttons.current.get(nextId)?.focus();
                  else {
                    moved.current = true;
                    onShow(nextId);
                  }
                }}
              >
                <span id={`${tabId(sessionId)}-name`}>{memberName(state, sessionId, unknown)}</span>
                {unread > 0 ? (
                  <span id={`${tabId(sessionId)}-unread`} className="support-tabs__unread">
                    {t("SupportConsole_Unread", { n: unread })}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        <div className="support-tabs__closes">
          {state.tabs.map((sessionId, index) => (
            <button
              key={sessionId}
              type="button"
              className={`support-tabs__close${sessionId === shown ? " support-tabs__close--selected" : ""}`}
              style={{ gridColumn: 2 * index + 2 }}
              aria-label={t("SupportConsole_CloseConversation", {
                name: memberName(state, sessionId, unknown),
              })}
              onClick={() => {
                moved.current = true;
                onClose(sessionId);
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(shown)} className="support-tabs__panel">
        {children(shown)}
      </div>
    </section>
  );
}
