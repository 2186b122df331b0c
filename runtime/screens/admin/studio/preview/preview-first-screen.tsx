/**
 * The first screen of a preview column (§2.2 home, DESIGN.md §3 "previewed as a given role/account"):
 * what `/` opens for the person under the previewed configuration, drawn by the runtime's own screen
 * component (renderers/screen-registry.ts, loaded as its own chunk when a preview needs it) with the
 * data that person would see. As a user, the screen's reads go through a client of its own
 * (preview-client.ts): GET only, as that user, through the gateway's read-only preview path; the
 * session it reads is theirs (Common/LoggedInConfig read the same way), and its router is a memory
 * router in a React root of its own, so nothing it does reaches the studio's address bar or session.
 * A role composed here belongs to no one, so there is nobody to read as: the screen is named with a
 * "choose a user" state instead of being drawn with someone's data.
 *
 * The drawing is inert — not focusable, not clickable, hidden from assistive technology — and its
 * figure keeps the caption as its accessible name.
 */
import type { i18n } from "i18next";
import {
  Component,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider, useTranslation } from "react-i18next";
import { MemoryRouter } from "react-router";
import type { RouteMatch } from "../../../../../core/routes/match.ts";
import type { ClientManifest } from "../../../../../schemas/client-manifest.ts";
import type { LoggedInConfig } from "../../../../../schemas/payloads/user-session.ts";
import { type ApiCall, ApiClientContext } from "../../../../http/api-client-context.ts";
import { screenRegistry } from "../../../../renderers/screen-registry.ts";
import { SessionStoreContext } from "../../../../session/session-context.ts";
import { accessProfileFrom } from "../../../../session/session-profile.ts";
import type { SessionState } from "../../../../session/session-store.ts";
import { createStore, type Store } from "../../../../state/create-store.ts";
import { ManifestContext } from "../../../../state/manifest-context.tsx";
import { type PreviewReader, previewApiClient } from "./preview-client.ts";
import { type PreviewFirstRoute, type PreviewFirstScreen, previewFirstRoute } from "./preview-shell-model.ts";

/** The user a preview column reads as, with the name the loading state shows. */
export interface PreviewFirstScreenReader extends PreviewReader {
  name: string;
}

/** Props of a column's first screen. */
export interface PreviewFirstScreenProps {
  manifest: ClientManifest;
  /** The preview's own i18next over the previewed texts (preview-shell.tsx). */
  previewI18n: i18n;
  /** The user to read as; null for a role. */
  reader: PreviewFirstScreenReader | null;
  /** The failure text of a call, in the studio's language (preview-as.tsx). */
  failureText: (error: unknown) => string;
}

/** The previewed user's session as their own session store would hold it. */
type ReaderSession =
  | { status: "loading" }
  | { status: "ready"; config: LoggedInConfig }
  | { status: "failed"; error: unknown };

/** The first screen, drawn or described. */
export function PreviewFirstScreenView(props: PreviewFirstScreenProps) {
  const { t } = useTranslation();
  const { manifest, previewI18n, reader } = props;
  const accountRecId = reader?.accountRecId ?? null;
  const userRecId = reader?.userRecId ?? null;
  const client = useMemo(
    () =>
      accountRecId !== null && userRecId !== null ? previewApiClient({ accountRecId, userRecId }) : null,
    [accountRecId, userRecId],
  );
  const session = useReaderSession(client);
  const profile = useMemo(
    () =>
      session.status === "ready"
        ? accessProfileFrom(session.config, {
            rolePermissions: manifest.permissions.rolePermissions,
            features: manifest.permissions.features,
          })
        : null,
    [session, manifest.permissions],
  );
  if (reader && session.status === "loading") {
    return (
      <p className="studio-preview-first" role="status">
        {t("StudioPreview_FirstScreenLoading", { name: reader.name })}
      </p>
    );
  }
  if (reader && session.status === "failed") {
    return (
      <p className="studio-preview-first studio-preview-error" role="alert">
        {t("StudioPreview_FirstScreenFailed", { reason: props.failureText(session.error) })}
      </p>
    );
  }
  const first = previewFirstRoute(manifest, profile);
  if (first.kind === "described")
    return <p className="studio-preview-first">{describedLine(first.screen, t, previewI18n)}</p>;
  const titleKey = first.kind === "draw" ? (first.match.route.titleKey ?? null) : first.titleKey;
  const title = titleKey ? previewI18n.t(titleKey) : "";
  const caption = t(first.homeMenu ? "StudioPreview_FirstScreenHomeMenu" : "StudioPreview_FirstScreen", {
    title,
  });
  let body: ReactNode;
  if (first.kind === "notDrawn") {
    body = (
      <p className="studio-hint">{t("StudioPreview_FirstScreenNotDrawn", { kind: first.screenKind })}</p>
    );
  } else if (!client || session.status !== "ready") {
    body = <p className="studio-hint">{t("StudioPreview_FirstScreenChooseUser")}</p>;
  } else {
    body = (
      <DrawnScreen
        manifest={manifest}
        previewI18n={previewI18n}
        client={client}
        config={session.config}
        profile={profile}
        first={first}
        texts={{ loading: t("Loading"), failed: t("StudioPreview_FirstScreenFailed", { reason: "" }) }}
      />
    );
  }
  return (
    <figure className="studio-preview-screen">
      <figcaption className="studio-preview-drawn__caption">{caption}</figcaption>
      {body}
    </figure>
  );
}

/** The line of a first screen that is no screen (the studio's texts, the previewed title). */
function describedLine(
  screen: PreviewFirstScreen,
  t: (key: string, values?: Record<string, unknown>) => string,
  previewI18n: i18n,
) {
  const title = (key: string | null) => (key ? previewI18n.t(key) : "");
  switch (screen.kind) {
    case "screen":
      return t("StudioPreview_FirstScreen", { title: title(screen.titleKey) });
    case "upgrade":
      return t("StudioPreview_FirstScreenUpgrade", { feature: screen.feature });
    case "elsewhere":
      return t("StudioPreview_FirstScreenElsewhere", { title: title(screen.titleKey), to: screen.to });
    case "none":
      return t("StudioPreview_FirstScreenNone");
  }
}

/** The previewed user's LoggedInConfig, read through the preview's client (null: a role, nothing to read). */
function useReaderSession(client: ApiCall | null): ReaderSession {
  const [session, setSession] = useState<ReaderSession>({ status: "loading" });
  useEffect(() => {
    if (!client) return;
    const controller = new AbortController();
    setSession({ status: "loading" });
    client<LoggedInConfig>("Common/LoggedInConfig", { signal: controller.signal }).then(
      (config) => {
        if (!controller.signal.aborted) setSession({ status: "ready", config });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSession({ status: "failed", error });
      },
    );
    return () => controller.abort();
  }, [client]);
  return session;
}

interface DrawnScreenProps {
  manifest: ClientManifest;
  previewI18n: i18n;
  client: ApiCall;
  config: LoggedInConfig;
  profile: SessionState["profile"];
  first: Extract<PreviewFirstRoute, { kind: "draw" }>;
  /** The drawing's own states, in the studio's language. */
  texts: { loading: string; failed: string };
}

/**
 * The screen in a React root of its own inside an inert host: its router is a memory router (a
 * second router in the studio's tree is refused by react-router, and none may move the address
 * bar), its session and API client are the previewed user's.
 */
function DrawnScreen(props: DrawnScreenProps) {
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  const store = useMemo<Store<SessionState>>(
    () =>
      createStore<SessionState>({
        status: "authenticated",
        profile: props.profile as never,
        config: props.config as never,
        redirectAfterLogin: null,
      }),
    [props.profile, props.config],
  );
  useLayoutEffect(() => {
    if (!host.current) return;
    const created = createRoot(host.current);
    root.current = created;
    return () => {
      root.current = null;
      // Not while the studio's root is committing: React refuses to unmount a root synchronously then.
      setTimeout(() => created.unmount(), 0);
    };
  }, []);
  useLayoutEffect(() => {
    root.current?.render(
      <I18nextProvider i18n={props.previewI18n}>
        <ManifestContext.Provider value={props.manifest}>
          <SessionStoreContext.Provider value={store}>
            <ApiClientContext.Provider value={props.client}>
              <MemoryRouter initialEntries={[props.first.path]}>
                <ScreenBoundary failed={props.texts.failed}>
                  <Suspense fallback={<p role="status">{props.texts.loading}</p>}>
                    <PreviewedScreen match={props.first.match} />
                  </Suspense>
                </ScreenBoundary>
              </MemoryRouter>
            </ApiClientContext.Provider>
          </SessionStoreContext.Provider>
        </ManifestContext.Provider>
      </I18nextProvider>,
    );
  });
  return (
    <div
      ref={host}
      className="studio-preview-screen__drawing"
      lang={props.previewI18n.language}
      inert
      // Inert already ignores clicks; a click that gets through anyway follows nothing.
      onClickCapture={(event) => event.preventDefault()}
    />
  );
}

function PreviewedScreen({ match }: { match: RouteMatch }) {
  const Screen = screenRegistry.resolve(match.route.screen?.kind ?? "");
  return Screen ? <Screen route={match.route} params={match.params} /> : null;
}

/** A screen that throws while drawing shows this instead of taking the studio down. */
class ScreenBoundary extends Component<{ failed: string; children: ReactNode }, { error: boolean }> {
  override state = { error: false };
  static getDerivedStateFromError(): { error: boolean } {
    return { error: true };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.props.failed}</p> : this.props.children;
  }
}
