/**
 * The dialog stack of the main frame (§2.5): every open dialog in stack order
 * (legacy ones in the legacy dialog container, hidden when none is open), the
 * background with a loader and the loading indicator while a lazy dialog loads
 * (§9), Escape closing the top dialog, dialogs closing on a path change unless
 * flagged (§4.1), and the dialogs a session start opens (§4.2).
 */
import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { setNotificationDialogOpener } from "../notifications/notification-link.ts";
import { useStore } from "../state/create-store.ts";
import { DialogContext } from "./dialog-context.ts";
import { DialogFrame } from "./dialog-frame.tsx";
import { dialogRegistry } from "./dialog-registry.ts";
import { type DialogEntry, hasOpenLegacyDialog, topDialog } from "./dialog-stack.ts";
import { LEGACY_DIALOG_COMPONENT } from "./legacy-dialog-kind.ts";
import { dialogController, openDialog } from "./open-dialog.ts";
import { DialogLoadFailed } from "./unknown-dialog.tsx";
import { useSessionDialogs } from "./use-session-dialogs.ts";
import "../components/kit.css";
import "./dialogs.css";

function LegacyDialogBody({ entry }: { entry: DialogEntry }) {
  const { t } = useTranslation();
  return (
    <DialogFrame size="l">
      <iframe className="dialog__legacy-frame" src={entry.legacyUrl ?? undefined} title={t(entry.titleKey)} />
    </DialogFrame>
  );
}

function DialogContent({ entry }: { entry: DialogEntry }) {
  if (entry.phase === "failed") return <DialogLoadFailed />;
  if (entry.kind === "legacy" || entry.component === LEGACY_DIALOG_COMPONENT) {
    return <LegacyDialogBody entry={entry} />;
  }
  const Component = dialogRegistry.resolve(entry.component);
  const close = (result?: unknown) => dialogController.close(entry.key, result);
  const props = dialogController.extrasOf(entry.key).props ?? {};
  if (!Component) {
    const Fallback = dialogRegistry.fallback;
    return <Fallback entry={entry} props={props} close={close} kind={entry.component} />;
  }
  return (
    <Suspense fallback={null}>
      <Component entry={entry} props={props} close={close} />
    </Suspense>
  );
}

function Positioned({ entry, index, isTop }: { entry: DialogEntry; index: number; isTop: boolean }) {
  const close = (result?: unknown) => dialogController.close(entry.key, result);
  return (
    <div
      className={`dialog-positioner${isTop ? " dialog-positioner--top" : ""}`}
      // Stack order across both containers (a computed position on the z axis).
      style={{ zIndex: index + 1 }}
      inert={!isTop}
    >
      <DialogContext.Provider value={{ entry, close, isTop }}>
        <DialogContent entry={entry} />
      </DialogContext.Provider>
    </div>
  );
}

/** Closes the stack's dialogs when the path changes (§4.1: unless flagged to stay open). */
function useCloseOnPathChange(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    dialogController.pathChanged();
  }, [pathname]);
}

/** Escape closes the top dialog unless something inside handled it first (a popover, a select). */
function useEscapeCloses(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (dialogController.closeTop()) event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

/** §4.3: notification links open registry dialogs while the stack is mounted. */
function useNotificationDialogs(): void {
  useEffect(() => {
    setNotificationDialogOpener((id, params) => void openDialog(id, params));
    return () => setNotificationDialogOpener(null);
  }, []);
}

/** The dialog layer of the frame. */
export function DialogHost() {
  const { t } = useTranslation();
  const state = useStore(dialogController.store);
  useCloseOnPathChange();
  useEscapeCloses();
  useSessionDialogs();
  useNotificationDialogs();
  const top = topDialog(state);
  const shown = state.entries.filter((e) => e.phase !== "loading");
  const rendered = (legacy: boolean) =>
    shown.map((entry) =>
      (entry.kind === "legacy") === legacy ? (
        <Positioned
          key={entry.key}
          entry={entry}
          index={state.entries.indexOf(entry)}
          isTop={entry.key === top?.key}
        />
      ) : null,
    );
  const active = state.entries.length > 0;
  return (
    <div className={`dialog-layer${active ? " dialog-layer--active" : ""}`}>
      {state.loadingBackground ? (
        <div className="dialog-loading" aria-busy="true">
          {state.loadingIndicator ? (
            <div className="dialog-loading__indicator" role="status">
              <span className="shell-spinner" aria-hidden="true" />
              <span className="visually-hidden">{t("Dialog_Loading")}</span>
            </div>
          ) : null}
        </div>
      ) : null}
      {rendered(false)}
      <div className="dialog-legacy-container" hidden={!hasOpenLegacyDialog(state)}>
        {rendered(true)}
      </div>
    </div>
  );
}
