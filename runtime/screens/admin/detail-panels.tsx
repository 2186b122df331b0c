/**
 * A panel under a detail form (schemas/screens.ts `panels`): its title, its content loaded from its
 * endpoint with the record's `{Field}` values (again after a change), loading and error states, and
 * the view of its kind — a read-only view (panel-views.tsx) or an editor with its own save, loaded
 * lazily since only some screens have one (brandColours: brand-colours-panel.tsx); an unknown kind
 * renders a visible fallback. An editor kind may also take part in creating a record: in the create
 * form it shows empty, and what it holds goes with the new record's body once it passes its own
 * check (the account's colours are chosen as the account is created, under the same AA rule).
 */
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { ScreenDetail } from "../../../schemas/screens.ts";
import { apiRequest } from "../../http/api-client.ts";
import { errorBannerText } from "../../http/api-error.ts";
import { fillTemplate, type Row } from "./list-request.ts";
import { PANEL_VIEWS } from "./panel-views.tsx";

/** One panel of the manifest. */
export type DetailPanelDefinition = NonNullable<ScreenDetail["panels"]>[number];

/** What an editor panel gets: the endpoint's answer, the endpoint it saves to, §6 Write, the save. */
export interface EditorPanelProps {
  data: unknown;
  path: string;
  write: boolean;
  /** After a save, with the upstream's copy of the record. */
  onSaved: (record: Row) => void;
}

/** What a panel adds to the body of a record being created, and whether its own check passes. */
export interface PanelContribution {
  body: Row;
  valid: boolean;
}

/** What an editor panel gets in the create form. */
export interface CreatePanelProps {
  /** The create form's values as typed so far (e.g. the name a preview shows). */
  values: Row;
  write: boolean;
  /** Counts the creations refused for this panel's values: each new one shows the refusal. */
  refusedSaves: number;
  onChange: (contribution: PanelContribution) => void;
}

/** The editor panels that take part in creating a record, by kind. */
const CREATE_PANELS: Readonly<Record<string, LazyExoticComponent<ComponentType<CreatePanelProps>>>> = {
  brandColours: lazy(() =>
    import("./brand-colours-panel.tsx").then((m) => ({ default: m.BrandColoursCreatePanel })),
  ),
};

/** Whether the create form shows the panel: its kind has an editor for a new record. */
export function createsWith(panel: DetailPanelDefinition): boolean {
  return CREATE_PANELS[panel.kind] !== undefined;
}

/** A panel in the create form: its title and its editor over the new record's values. */
export function CreatePanelSection({ panel, ...props }: CreatePanelProps & { panel: DetailPanelDefinition }) {
  const { t } = useTranslation();
  const headingId = useId();
  const Editor = CREATE_PANELS[panel.kind];
  if (!Editor) return null;
  return (
    <section className="admin-detail-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-detail-section__title">
        {t(panel.titleKey)}
      </h3>
      <Suspense
        fallback={
          <p role="status" className="admin-muted">
            {t("Loading")}
          </p>
        }
      >
        <Editor {...props} />
      </Suspense>
    </section>
  );
}

/** The editor panels by kind, loaded when a detail shows one. */
const EDITOR_PANELS: Readonly<Record<string, LazyExoticComponent<ComponentType<EditorPanelProps>>>> = {
  brandColours: lazy(() => import("./brand-colours-panel.tsx")),
};

/** One panel: its title, its content loaded from its endpoint, loading and error states. */
export function DetailPanelSection({
  panel,
  record,
  version,
  write = false,
  onSaved,
}: {
  panel: DetailPanelDefinition;
  record: Row;
  version: number;
  /** Write on the screen's module (§6): editor panels are disabled without it. */
  write?: boolean;
  /** After an editor panel saved the record. */
  onSaved?: (record: Row) => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const path = fillTemplate(panel.endpoint, record);
  const [state, setState] = useState<{
    status: "loading" | "ready" | "error";
    data: unknown;
    error: unknown;
    /** Counts the answers: an editor starts again from each one. */
    loads: number;
  }>({
    status: "loading",
    data: null,
    error: null,
    loads: 0,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads the panel after a change
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    apiRequest(path, { signal: controller.signal }).then(
      (data) => setState((s) => ({ status: "ready", data, error: null, loads: s.loads + 1 })),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, status: "error", data: null, error }));
      },
    );
    return () => controller.abort();
  }, [path, version]);
  const View = PANEL_VIEWS[panel.kind];
  const Editor = EDITOR_PANELS[panel.kind];
  const loading = (
    <p role="status" className="admin-muted">
      {t("Loading")}
    </p>
  );
  const errorText = state.status === "error" ? errorBannerText(state.error, (key) => i18n.exists(key)) : null;
  return (
    <section
      className="admin-detail-section"
      aria-labelledby={headingId}
      aria-busy={state.status === "loading"}
    >
      <h3 id={headingId} className="admin-detail-section__title">
        {t(panel.titleKey)}
      </h3>
      {!View && !Editor ? (
        <p role="alert">{t("Renderer_Unknown_Text", { kind: panel.kind })}</p>
      ) : state.status === "loading" ? (
        loading
      ) : state.status === "error" ? (
        <p role="alert">{t(errorText?.key ?? "ErrorCode_UnknownXhrFailure")}</p>
      ) : Editor && path !== null ? (
        <Suspense fallback={loading}>
          <Editor
            key={state.loads}
            data={state.data}
            path={path}
            write={write}
            onSaved={(saved) => onSaved?.(saved)}
          />
        </Suspense>
      ) : View ? (
        <View data={state.data} />
      ) : null}
    </section>
  );
}
