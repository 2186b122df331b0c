/**
 * The debug panel (§2.5; debug builds only — the frame imports it behind
 * __TESSERA_DEBUG__, so production bundles do not contain it): Ctrl/Cmd+Space
 * opens it, Escape closes it. It shows the session, the resolved manifest's
 * version, the guard decision for the current URL and the log console, and
 * opens registry dialogs by path.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { RouteMatcher } from "../../core/routes/match.ts";
import { openDialogByPath } from "../dialogs/open-dialog.ts";
import { decideNavigation } from "../navigation/guard.ts";
import { sessionStore } from "../session/session-store.ts";
import { useStore } from "../state/create-store.ts";
import { useManifest } from "../state/manifest-context.tsx";
import {
  appendLog,
  isDebugShortcut,
  type LogSeverity,
  logConsoleStore,
  setMinSeverity,
  visibleLogs,
} from "./log-console.ts";
import "./debug.css";

const SEVERITIES: LogSeverity[] = [1, 2, 3];

function useCapturedErrors(): void {
  useEffect(() => {
    const onError = (event: ErrorEvent) => appendLog(3, event.message, event.filename || null);
    const onRejection = (event: PromiseRejectionEvent) => appendLog(3, String(event.reason));
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
}

function Decision({ match }: { match: RouteMatcher }) {
  const manifest = useManifest();
  const location = useLocation();
  const session = useStore(sessionStore);
  const found = match(location.pathname);
  const decision = decideNavigation({
    from: null,
    fromRoute: null,
    to: { pathname: location.pathname, search: location.search, hash: location.hash },
    match: found,
    session: { status: session.status, profile: session.profile },
    permissions: manifest.permissions,
    notFoundRedirect: manifest.routes.notFoundRedirect,
    signupAllowed: manifest.shell.signupAllowed,
    leaveConfirmed: false,
    maintenancePath: manifest.shell.maintenance.enabled ? manifest.shell.maintenance.pagePath : null,
  });
  const summary = {
    route: found?.route.id ?? null,
    params: found?.params ?? null,
    decision: decision.type,
    ...("reason" in decision ? { reason: decision.reason, to: decision.to } : {}),
    ...("mode" in decision ? { mode: decision.mode } : {}),
  };
  return <pre className="debug-panel__pre">{JSON.stringify(summary, null, 2)}</pre>;
}

export default function DebugPanel({ match }: { match: RouteMatcher }) {
  const { t } = useTranslation();
  const manifest = useManifest();
  const session = useStore(sessionStore);
  const logs = useStore(logConsoleStore);
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState("");
  const panel = useRef<HTMLElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useCapturedErrors();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isDebugShortcut(event)) {
        event.preventDefault();
        if (!open)
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen(true);
      } else if (event.key === "Escape" && open && !event.defaultPrevented) {
        event.preventDefault();
        setOpen(false);
        returnTo.current?.focus();
      }
    };
    // Capture: the panel's Escape must win over the dialog stack's while it is open.
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  if (!open) return null;
  const user = session.config?.User;
  return (
    <section ref={panel} className="debug-panel" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId}>{t("Debug_Title")}</h2>
      <h3>{t("Debug_Session")}</h3>
      <pre className="debug-panel__pre">
        {JSON.stringify(
          {
            status: session.status,
            user: user ? `${user.FullName} <${user.Email}>` : null,
            account: user ? `${user.AccountName} (${user.AccountRecId})` : null,
            impersonating: user?.Impersonating ?? false,
            isAdmin: user?.IsAdmin ?? false,
            rolePermissions: user?.RolePermissions ?? [],
            adminModules: user?.AdminPermissions.map((p) => `${p.Key}:${p.Value.Write ? "rw" : "r"}`) ?? [],
          },
          null,
          2,
        )}
      </pre>
      <h3>{t("Debug_Manifest")}</h3>
      <p>{t("Debug_ManifestVersion", { version: manifest.version, audience: manifest.audience })}</p>
      <h3>{t("Debug_RouteDecision")}</h3>
      <Decision match={match} />
      <h3>{t("Debug_OpenDialog")}</h3>
      <form
        className="debug-panel__row"
        onSubmit={(event) => {
          event.preventDefault();
          openDialogByPath(path);
        }}
      >
        <label>
          {t("Debug_DialogPath")}
          <input className="kit-input" value={path} onChange={(e) => setPath(e.target.value)} />
        </label>
        <button type="submit" className="kit-button">
          {t("Debug_Open")}
        </button>
      </form>
      <h3>{t("Debug_Log")}</h3>
      <label className="debug-panel__row">
        {t("Debug_MinSeverity")}
        <select
          value={logs.minSeverity}
          onChange={(e) => setMinSeverity(Number(e.target.value) as LogSeverity)}
        >
          {SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {t(`Severity_${s === 1 ? "Info" : s === 2 ? "Warning" : "Error"}`)}
            </option>
          ))}
        </select>
      </label>
      <ol className="debug-panel__log" aria-live="polite">
        {visibleLogs(logs.entries, logs.minSeverity).map((entry) => (
          <li key={entry.id} className={`debug-panel__entry debug-panel__entry--${entry.severity}`}>
            <time dateTime={new Date(entry.at).toISOString()}>{new Date(entry.at).toLocaleTimeString()}</time>{" "}
            {entry.message}
            {entry.details ? <span className="debug-panel__details"> {entry.details}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
