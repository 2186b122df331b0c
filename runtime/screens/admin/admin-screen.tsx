/**
 * The `adminScreen` renderer: a manifest-defined screen (manifest.screens, already filtered to the
 * screens the user may read; the route's screenId) — the list with its URL-kept state, the record in
 * the side panel, create/edit/delete and custom actions, confirmations and results. §6: the actions
 * and inputs need Write on the screen's admin module; `?id=` opens a record, `&delete=true` asks to
 * delete it (§2.4, §4.3 admin ticket routing).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, useLocation, useNavigate } from "react-router";
import { canWriteAdminModule } from "../../../core/access/access-profile.ts";
import type { ScreenDefinition } from "../../../schemas/screens.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { sessionStore } from "../../session/session-store.ts";
import { showBanner } from "../../state/banner-store.ts";
import { useStore } from "../../state/create-store.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { ActionFormPanel } from "./action-form-panel.tsx";
import { actionRequest } from "./action-request.ts";
import { type ActionView, rowActionViews } from "./action-rules.ts";
import { AdminList } from "./admin-list.tsx";
import { listRequestPath, type Row, recordName, recordPath, rowKeyOf } from "./list-request.ts";
import { type ListState, listLocation, readDeepLink, readListState, withDeepLink } from "./list-url.ts";
import { RecordPanel } from "./record-panel.tsx";
import { ConfirmDialog, TableResultDialog } from "./result-dialogs.tsx";
import { useListData, useRecordData } from "./use-admin-data.ts";
import { showError, useScreenActions } from "./use-screen-actions.ts";
import "./admin.css";

/** The screen renderer (default export: loaded lazily by the screen registry). */
export default function AdminScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const manifest = useManifest();
  const screenId = route.screen?.screenId;
  const screen = manifest.screens?.screens.find((s) => s.id === screenId);
  if (!screen) {
    return (
      <section className="admin-screen" role="alert">
        <h1>{t(route.titleKey ?? "AdminScreen_Unavailable")}</h1>
        <p>{t("AdminScreen_UnavailableText")}</p>
      </section>
    );
  }
  return <AdminScreenView key={screen.id} screen={screen} route={route} params={params} />;
}

function AdminScreenView({ screen, route, params }: ScreenProps & { screen: ScreenDefinition }) {
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const profile = useStore(sessionStore, (s) => s.profile);
  const write = profile ? canWriteAdminModule(profile, screen.adminModule) : false;
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const state = useMemo(() => readListState(screen.list, query, params), [screen, query, params]);
  const deepLink = readDeepLink(query);
  const requestPath = listRequestPath(screen.list, state);
  const list = useListData(requestPath, screen.list.autoRefreshSeconds);
  const [creating, setCreating] = useState(false);
  const recordId = screen.detail && !creating ? deepLink.id : null;
  const record = useRecordData(recordId === null ? null : recordPath(screen.list, recordId));
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const returnFocus = useRef<HTMLElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page, sort or filter drops the selection
  useEffect(() => setSelected(new Set()), [requestPath]);

  const goTo = useCallback(
    (next: ListState, replace = false) => {
      // A change typed just before leaving the screen (e.g. to impersonate) must not bring it back.
      if (!matchPath({ path: route.path }, window.location.pathname)) return;
      const target = listLocation(screen.list, route.path, params, next, query);
      navigate(`${target.pathname}${target.search}`, { replace });
    },
    [screen, route.path, params, query, navigate],
  );
  const setDeepLink = (id: string | null) => {
    const qs = withDeepLink(query, id).toString();
    navigate(`${location.pathname}${qs ? `?${qs}` : ""}`);
  };
  const closePanel = () => {
    actions.setForm(null);
    setCreating(false);
    if (deepLink.id !== null) setDeepLink(null);
    const target = returnFocus.current;
    returnFocus.current = null;
    queueMicrotask(() => (target?.isConnected ? target : title.current)?.focus());
  };

  const actions = useScreenActions({
    screen,
    state,
    navigate: (to) => navigate(to),
    reloadList: list.reload,
    refreshRecord: () => {
      record.reload();
      setVersion((v) => v + 1);
    },
    showRecord: (key, saved) => {
      setCreating(false);
      if (key === null) return closePanel();
      if (key === recordId && saved) record.replace(saved);
      else if (key === recordId) record.reload();
      else setDeepLink(key);
      setVersion((v) => v + 1);
    },
    clearSelection: () => setSelected(new Set()),
  });

  // §2.4: `delete=true` with an id asks to delete that record once it is loaded.
  const askedDelete = useRef<string | null>(null);
  useEffect(() => {
    if (!deepLink.askDelete || !record.record || askedDelete.current === deepLink.id) return;
    if (rowKeyOf(screen.list, record.record) !== deepLink.id) return;
    askedDelete.current = deepLink.id;
    const view = rowActionViews(screen.actions, record.record, { write, place: "dialog" }).find(
      (v) => v.kind === "delete" && v.state === "enabled",
    );
    if (view) actions.run(view, { row: record.record });
    else showBanner({ kind: "warning", textKey: "AdminScreen_DeleteNotAllowed" });
  }, [deepLink.askDelete, deepLink.id, record.record, screen, write, actions]);

  const openRecord = (key: string, trigger: HTMLElement | null) => {
    returnFocus.current = trigger;
    actions.setForm(null);
    setCreating(false);
    setDeepLink(key);
  };
  const runAction = (view: ActionView, row: Row | null, ids: Array<string | number> = []) => {
    if (view.kind === "create") {
      actions.setForm(null);
      setCreating(true);
      return;
    }
    actions.run(view, { row, ids });
  };

  const form = actions.form;
  const formRequest = form ? actionRequest(form.action, { row: form.row, ids: form.ids, state }) : null;
  const panel = form ? (
    <ActionFormPanel
      screenId={screen.id}
      action={form.action}
      recordName={form.row ? recordName(screen.list, form.row) : null}
      uploadPath={form.action.upload ? (formRequest?.path ?? null) : null}
      busy={actions.busy}
      onSubmit={(values) => void actions.submitForm(values)}
      onUploaded={() => {
        actions.setForm(null);
        actions.afterUpload(form.action);
      }}
      onUploadFailed={showError}
      onClose={() => actions.setForm(null)}
    />
  ) : screen.detail && (creating || recordId !== null) ? (
    <RecordPanel
      screen={screen}
      detail={screen.detail}
      mode={creating ? { kind: "create" } : { kind: "record", id: recordId ?? "" }}
      data={record}
      write={write}
      busy={actions.busy}
      version={version}
      onClose={closePanel}
      onSave={(body) => void actions.save(body, creating ? null : recordId)}
      onPanelSaved={(saved) => {
        // The form, the list and the panels (the editor starts from the saved colours) follow the save.
        record.replace(saved);
        setVersion((v) => v + 1);
        list.reload();
      }}
      onAction={(view, row) => runAction(view, row)}
    />
  ) : null;

  return (
    <div className={panel ? "admin-screen admin-screen--with-panel" : "admin-screen"}>
      <AdminList
        screen={screen}
        state={state}
        data={list}
        write={write}
        titleId={titleId}
        titleRef={title}
        selected={selected}
        busy={actions.busy}
        onSelectionChange={setSelected}
        onState={goTo}
        onOpen={openRecord}
        onAction={runAction}
      />
      {panel}
      {actions.confirm ? (
        <ConfirmDialog pending={actions.confirm} onClose={() => actions.setConfirm(null)} />
      ) : null}
      {actions.table ? (
        <TableResultDialog
          title={actions.table.title}
          table={actions.table.table}
          onClose={() => actions.setTable(null)}
        />
      ) : null}
    </div>
  );
}
