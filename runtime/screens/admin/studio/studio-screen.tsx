/**
 * The operator studio (`configurationStudio`, /admin/configuration/studio/{studioTab?}): the screens
 * of the configuration plane (DESIGN.md §3, server/gateway/config/README.md) — the change set
 * workspace, an editor per kind, preview as a person, history and clients. Staff with Read on the
 * Configuration admin module look; Write changes (§6: without it every input and action is disabled).
 * Each tab's editor is its own lazily loaded chunk, so the studio costs the rest of the product nothing.
 */
import {
  type ComponentProps,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { canWriteAdminModule } from "../../../../core/access/access-profile.ts";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { sessionStore } from "../../../session/session-store.ts";
import { useStore } from "../../../state/create-store.ts";
import { resolveTab } from "../../account/screen-tabs.ts";
import { ScreenTabs } from "../../account/screen-tabs.tsx";
import { ScreenHeader } from "../../work/common/list-parts.tsx";
import {
  type ConfigKindName,
  type Documents,
  draftDocument,
  type KindEditorProps,
  type ManifestKindName,
  STUDIO_LANGUAGES,
  textsOf,
} from "./studio-model.ts";
import { kindLabelKey } from "./workspace/readable-pointer.ts";
import {
  ALL_TEXTS_KINDS,
  editDocument,
  editTexts,
  ensureKinds,
  loadStatus,
  saveDraft,
} from "./workspace/studio-store.ts";
import { useStudio } from "./workspace/use-studio.ts";
import { STUDIO_PATH, WorkspacePanel } from "./workspace/workspace-panel.tsx";
import "./workspace/workspace.css";

const MenusEditor = lazy(() => import("./editors/menus/menus-editor.tsx"));
const TemplatesEditor = lazy(() => import("./editors/templates/templates-editor.tsx"));
const TextsEditor = lazy(() => import("./editors/texts/texts-editor.tsx"));
const DocumentEditor = lazy(() => import("./editors/document/document-editor.tsx"));
const QuickSwitches = lazy(() => import("./editors/document/quick-switches.tsx"));
const PreviewAs = lazy(() => import("./preview/preview-as.tsx"));
const HistoryPanel = lazy(() => import("./history/history-panel.tsx"));

/** The studio's tabs, in the order shown; the URL's studioTab names one. */
export const STUDIO_TABS = [
  "changes",
  "menus",
  "templates",
  "texts",
  "documents",
  "preview",
  "history",
] as const;
type StudioTab = (typeof STUDIO_TABS)[number];

/** The kinds the documents tab edits with the generic form + JSON editor. */
export const DOCUMENT_KINDS: readonly ManifestKindName[] = [
  "routes",
  "dialogs",
  "screens",
  "shell",
  "constants",
  "permissions",
  "widgets",
];

/** The screen renderer (default export: loaded lazily by the screen registry). */
export default function ConfigurationStudioScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const profile = useStore(sessionStore, (s) => s.profile);
  const readOnly = !(profile && canWriteAdminModule(profile, "Configuration"));
  const tab = resolveTab(params.studioTab, STUDIO_TABS);

  useEffect(() => {
    void loadStatus();
  }, []);
  // Leaving the studio (or the page) saves what was typed.
  useEffect(() => {
    const flush = () => void saveDraft();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);

  const title = t(route.titleKey ?? "PageTitle_ConfigurationStudio");
  return (
    <section className="studio" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={title} />
      {readOnly ? (
        <p className="studio-readonly" role="note">
          {t("Studio_ReadOnlyNote")}
        </p>
      ) : null}
      <ScreenTabs
        label={title}
        basePath={STUDIO_PATH}
        tabs={STUDIO_TABS.map((id) => ({ id, label: t(`Studio_Tab_${id}`) }))}
        selected={tab}
      >
        <Suspense fallback={<p role="status">{t("Loading")}</p>}>
          <TabContent tab={tab} readOnly={readOnly} />
        </Suspense>
      </ScreenTabs>
    </section>
  );
}

function TabContent({ tab, readOnly }: { tab: StudioTab; readOnly: boolean }) {
  const texts = ALL_TEXTS_KINDS(STUDIO_LANGUAGES);
  const [documentKind, setDocumentKind] = useState<ManifestKindName>("routes");
  const focus = useStudio((s) => s.focus);
  // One object per jump: the texts editor focuses the cell again for every new one.
  const textFocus = useMemo(() => textsFocus(focus), [focus]);
  // A problem in a generic kind opens the documents tab on that kind.
  useEffect(() => {
    if (focus && (DOCUMENT_KINDS as readonly string[]).includes(focus.kind)) {
      setDocumentKind(focus.kind as ManifestKindName);
    }
  }, [focus]);
  switch (tab) {
    case "changes":
      return <WorkspacePanel readOnly={readOnly} />;
    case "menus":
      return (
        <EditorHost kind="menus" needs={["menus", "routes", ...texts]} readOnly={readOnly}>
          {(props, documents) => (
            <MenusEditor
              {...(props as unknown as ComponentProps<typeof MenusEditor>)}
              routes={documents.routes}
            />
          )}
        </EditorHost>
      );
    case "templates":
      return (
        <EditorHost kind="notifications" needs={["notifications", ...texts]} readOnly={readOnly}>
          {(props) => <TemplatesEditor {...(props as unknown as ComponentProps<typeof TemplatesEditor>)} />}
        </EditorHost>
      );
    case "texts":
      return (
        <EditorHost kind="texts.en" needs={texts} readOnly={readOnly}>
          {(props) => (
            <TextsEditor
              texts={props.texts}
              liveTexts={props.liveTexts}
              readOnly={readOnly}
              onTextsChange={props.onTextsChange}
              focus={textFocus}
            />
          )}
        </EditorHost>
      );
    case "documents":
      return <DocumentsTab kind={documentKind} onKind={setDocumentKind} readOnly={readOnly} />;
    case "preview":
      return <PreviewTab />;
    case "history":
      return <HistoryPanel readOnly={readOnly} onChanged={() => void loadStatus()} />;
  }
}

function textsFocus(focus: { kind: ConfigKindName; pointer: string } | null) {
  if (!focus?.kind.startsWith("texts.")) return null;
  const key = focus.pointer.split("/")[1];
  if (key === undefined) return null;
  return {
    language: focus.kind.slice("texts.".length) as (typeof STUDIO_LANGUAGES)[number],
    key: key.replaceAll("~1", "/").replaceAll("~0", "~"),
  };
}

/** The generic kinds: a kind chooser, the one-click switches and the form + JSON editor. */
function DocumentsTab(props: {
  kind: ManifestKindName;
  onKind: (kind: ManifestKindName) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="studio-documents">
      <QuickSwitches readOnly={props.readOnly} />
      <div className="studio-inline">
        <label htmlFor={id} className="studio-label">
          {t("Studio_DocumentKind")}
        </label>
        <select
          id={id}
          className="studio-input"
          value={props.kind}
          onChange={(event) => props.onKind(event.target.value as ManifestKindName)}
        >
          {DOCUMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(kindLabelKey(kind))}
            </option>
          ))}
        </select>
      </div>
      <EditorHost key={props.kind} kind={props.kind} needs={[props.kind]} readOnly={props.readOnly}>
        {(editor) => (
          <DocumentEditor {...(editor as KindEditorProps<Record<string, unknown>>)} kind={props.kind} />
        )}
      </EditorHost>
    </div>
  );
}

/** Preview as: the draft is saved first, so the gateway previews what the change set holds. */
function PreviewTab() {
  const { changeSetId, serving, dirty } = useStudio((s) => ({
    changeSetId: s.changeSet?.id ?? null,
    serving: s.status?.serving ?? 0,
    dirty: s.dirty,
  }));
  useEffect(() => {
    if (dirty) void saveDraft();
  }, [dirty]);
  return <PreviewAs changeSetId={changeSetId} servingVersion={serving} />;
}

/**
 * Loads the served documents an editor needs, then renders it with the draft: its document, the
 * texts of every language, and the store's edit functions.
 */
function EditorHost(props: {
  kind: ConfigKindName;
  needs: readonly ConfigKindName[];
  readOnly: boolean;
  children: (editor: KindEditorProps, documents: Record<string, unknown>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { live, draft, loading, loadError, focus } = useStudio((s) => ({
    live: s.live,
    draft: s.draft,
    loading: s.loading,
    loadError: s.loadError,
    focus: s.focus,
  }));
  const needs = props.needs.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `needs` is the kinds' identity
  useEffect(() => {
    void ensureKinds(props.needs);
  }, [needs]);
  const missing = props.needs.filter((kind) => !Object.hasOwn(live, kind));
  if (missing.length > 0) {
    if (loadError && loading.length === 0) {
      return (
        <div role="alert" className="studio-card">
          <p>{t("Studio_LoadFailed", { reason: loadError })}</p>
          <button type="button" className="kit-button" onClick={() => void ensureKinds(props.needs)}>
            {t("Work_Retry")}
          </button>
        </div>
      );
    }
    return <p role="status">{t("Loading")}</p>;
  }
  const documents = live as Documents;
  const of = (kind: ConfigKindName) => draftDocument(documents, draft, kind);
  const editor: KindEditorProps = {
    document: of(props.kind),
    live: documents[props.kind],
    texts: textsOf(of),
    liveTexts: textsOf((kind) => documents[kind]),
    readOnly: props.readOnly,
    onChange: (document) => editDocument(props.kind, document),
    onTextsChange: editTexts,
    focusPointer: focus && focus.kind === props.kind ? focus.pointer : null,
  };
  const draftDocuments = Object.fromEntries(props.needs.map((kind) => [kind, of(kind)]));
  return <>{props.children(editor, draftDocuments)}</>;
}
