/**
 * One previewed shell (§2.5): the top menu bar with the account's brand, and below it the navigation
 * panel, the admin menu, the help and user menus and the notification list drawn open, with the
 * shell's own components and classes, in the previewed language (an i18next instance of its own over
 * the preview's texts) and theme (on the frame only), and the first screen `/` opens for them
 * (preview-first-screen.tsx: drawn with their data when previewing a user). The drawing is inert:
 * nothing in it can be focused, clicked or followed, so nothing can navigate or change data; since
 * inert content is hidden from assistive technology, an outline of the same entries follows it for
 * screen readers.
 */
import i18next, { type i18n } from "i18next";
import { type CSSProperties, type ReactNode, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import type { ClientManifest } from "../../../../../schemas/client-manifest.ts";
import { Icon } from "../../../../components/icon-picker/icon.tsx";
import {
  formatNotification,
  type NotificationTranslate,
} from "../../../../notifications/format-notification.ts";
import { NotificationItem } from "../../../../notifications/notification-item.tsx";
import { type AccountBranding, logoView, titleView } from "../../../../shell/branding.ts";
import { customMenuName } from "../../../../shell/custom-menu-names.ts";
import { type PanelSection, PanelSectionView } from "../../../../shell/navigation-panel.tsx";
import { AdminIcon, ChevronDownIcon, HelpIcon, MenuIcon, UserIcon } from "../../../../shell/shell-icons.tsx";
import { ManifestContext } from "../../../../state/manifest-context.tsx";
import { pageThemeRules, themeDeclarations } from "../editors/templates/preview-theme.ts";
import type { Language } from "../studio-model.ts";
import type { PreviewTheme } from "./preview-audience.ts";
import { type PreviewFirstScreenReader, PreviewFirstScreenView } from "./preview-first-screen.tsx";
import { type PreviewDropdown, type PreviewShellModel, previewShellModel } from "./preview-shell-model.ts";
import { sampleNotifications } from "./sample-notifications.ts";
import "../../../../shell/shell.css";
import "../../../../notifications/notifications.css";
import "./preview-as.css";

/** Props of one previewed shell. */
export interface PreviewShellProps {
  manifest: ClientManifest;
  /** The previewed configuration's texts of `language`. */
  texts: Readonly<Record<string, string>>;
  language: Language;
  theme: PreviewTheme;
  /** The account's branding as far as staff can read it (its name, white label, menu title). */
  account: AccountBranding;
  /** The name the user menu shows. */
  userName: string;
  /** When the sample notifications are dated from (ms since the epoch). */
  nowMs: number;
  /** The user whose data the first screen is drawn with; null for a role. */
  reader: PreviewFirstScreenReader | null;
  /** The failure text of a call, in the studio's language. */
  failureText: (error: unknown) => string;
}

/** An i18next of the preview alone, so the studio's own language and texts stay as they are. */
function usePreviewI18n(texts: Readonly<Record<string, string>>, language: Language): i18n {
  return useMemo(() => {
    const instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { translation: { ...texts } } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    return instance;
  }, [texts, language]);
}

/**
 * The theme's tokens as the preview container's own style (none outside a browser): read from the
 * page's stylesheets by the templates preview's preview-theme.ts, so the tokens stay defined once
 * and the rest of the studio keeps the operator's theme.
 */
function useScopedTheme(theme: PreviewTheme): CSSProperties {
  return useMemo(() => {
    if (typeof document === "undefined") return {};
    const style: Record<string, string> = {};
    for (const [name, value] of Object.entries(
      themeDeclarations(pageThemeRules(document.styleSheets), theme),
    )) {
      if (name === "color-scheme") style.colorScheme = value;
      else style[name] = value;
    }
    return style as CSSProperties;
  }, [theme]);
}

/** A previewed shell, drawn and outlined. */
export function PreviewShell(props: PreviewShellProps) {
  const { t, i18n: studioI18n } = useTranslation();
  const previewI18n = usePreviewI18n(props.texts, props.language);
  const tokens = useScopedTheme(props.theme);
  const model = useMemo(() => previewShellModel(props.manifest), [props.manifest]);
  // Captions are the studio's: they explain the drawing in the operator's language.
  const captions: Captions = {
    main: t("StudioPreview_CaptionNavigationPanel"),
    admin: t("StudioPreview_CaptionAdminMenu"),
    help: t("StudioPreview_CaptionHelpMenu"),
    user: t("StudioPreview_CaptionUserMenu"),
    notifications: t("StudioPreview_CaptionNotifications"),
    outline: t("StudioPreview_OutlineHeading"),
    upgrade: t("StudioPreview_OutlineUpgrade"),
    noMenus: t("StudioPreview_NoMenus"),
    language: studioI18n.language,
  };
  return (
    <div
      className={`studio-preview-frame studio-preview-frame--${props.theme}`}
      data-preview-theme={props.theme}
      style={tokens}
    >
      <I18nextProvider i18n={previewI18n}>
        <ManifestContext.Provider value={props.manifest}>
          <div className="studio-preview-shell" lang={props.language} inert>
            <ShellDrawing {...props} model={model} captions={captions} />
          </div>
          <div className="kit-visually-hidden" lang={props.language}>
            <ShellOutline model={model} captions={captions} userName={props.userName} />
          </div>
        </ManifestContext.Provider>
      </I18nextProvider>
      <PreviewFirstScreenView
        manifest={props.manifest}
        previewI18n={previewI18n}
        reader={props.reader}
        failureText={props.failureText}
      />
    </div>
  );
}

interface Captions {
  main: string;
  admin: string;
  help: string;
  user: string;
  notifications: string;
  outline: string;
  upgrade: string;
  noMenus: string;
  /** The studio's language, which the captions are in. */
  language: string;
}

const noop = () => {};

/** The shell as drawn: the bar, then every menu open. Inert (see the module comment). */
function ShellDrawing(props: PreviewShellProps & { model: PreviewShellModel; captions: Captions }) {
  const { t, i18n } = useTranslation();
  const { model, captions, manifest } = props;
  const { chrome } = model;
  const samples = useMemo(() => {
    const templates = manifest.notifications;
    if (!chrome.notifications || !templates) return [];
    const translate = i18n.t.bind(i18n) as unknown as NotificationTranslate;
    return sampleNotifications((key) => i18n.t(key), props.nowMs).map((record) =>
      formatNotification(record, templates, { isAdmin: false, t: translate }),
    );
  }, [chrome.notifications, manifest.notifications, i18n, props.nowMs]);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(props.language, { dateStyle: "medium", timeStyle: "short" }),
    [props.language],
  );
  if (!chrome.topMenuBar) return <p className="studio-preview-note">{captions.noMenus}</p>;
  return (
    <>
      <header className="shell-top-bar studio-preview-bar">
        <div className="shell-top-bar__start">
          {model.main ? (
            <span className="shell-icon-button studio-preview-pressed">
              <MenuIcon />
            </span>
          ) : null}
          {model.admin ? (
            <span className="shell-icon-button studio-preview-pressed">
              <AdminIcon />
            </span>
          ) : null}
          <PreviewBrand shell={manifest.shell} account={props.account} />
        </div>
        <div className="shell-top-bar__end">
          {model.help ? (
            <span className="shell-menu-button">
              <HelpIcon />
              <ChevronDownIcon />
            </span>
          ) : null}
          {chrome.notifications ? (
            <span className="shell-icon-button notif-bell">
              <Icon name="bell" className="shell-icon" />
              {samples.some((entry) => entry.isNew) ? (
                <span className="notif-badge">{samples.filter((entry) => entry.isNew).length}</span>
              ) : null}
            </span>
          ) : null}
          {model.user ? (
            <span className="shell-menu-button shell-user-menu">
              <UserIcon />
              <span className="shell-user-name">{props.userName}</span>
              <ChevronDownIcon />
            </span>
          ) : null}
        </div>
      </header>
      <div className="studio-preview-open">
        {model.main ? (
          <Drawn caption={captions.main} wide>
            <PanelColumns columns={model.main.columns} />
          </Drawn>
        ) : null}
        {model.admin ? (
          <Drawn caption={captions.admin} wide>
            <PanelColumns columns={model.admin.columns} />
          </Drawn>
        ) : null}
        {model.help ? (
          <Drawn caption={captions.help}>
            <DropdownItems menu={model.help} />
          </Drawn>
        ) : null}
        {model.user ? (
          <Drawn caption={captions.user}>
            <DropdownItems menu={model.user} />
          </Drawn>
        ) : null}
        {chrome.notifications ? (
          <Drawn caption={captions.notifications}>
            <div className="notif-panel">
              <div className="notif-panel__header">
                <span className="notif-panel__title">{t("Notifications_Title")}</span>
              </div>
              {/* biome-ignore lint/a11y/useSemanticElements: the entries are role="listitem" divs, as in the shell's virtual list */}
              <div role="list" className="studio-preview-notifications">
                {samples.map((entry, index) => (
                  <NotificationItem
                    key={entry.recId}
                    entry={entry}
                    position={index + 1}
                    total={samples.length}
                    isNew={entry.isNew}
                    formatDate={(date) => dates.format(new Date(date))}
                    onDone={noop}
                  />
                ))}
              </div>
            </div>
          </Drawn>
        ) : null}
      </div>
    </>
  );
}

/**
 * The account's logo and title as runtime/shell/brand.tsx shows them (§6, the same decisions of
 * branding.ts), without its side effects: a logo that fails to load here reports nothing.
 */
function PreviewBrand({ shell, account }: { shell: ClientManifest["shell"]; account: AccountBranding }) {
  const { t } = useTranslation();
  const logo = logoView(shell.logo, account);
  const title = titleView(shell.title, account);
  if (!logo && !title) return null;
  return (
    <span className="shell-brand">
      {logo ? (
        <img
          className={`shell-brand__logo shell-brand__logo--${logo.style}`}
          src={logo.src}
          alt={t(logo.altKey, logo.altParams)}
        />
      ) : null}
      {title ? (
        <span className="shell-brand__title">{"text" in title ? title.text : t(title.key)}</span>
      ) : null}
    </span>
  );
}

/** A menu drawn open, with the studio's caption above it. */
function Drawn({ caption, wide, children }: { caption: string; wide?: boolean; children: ReactNode }) {
  return (
    <figure className={wide ? "studio-preview-drawn studio-preview-drawn--wide" : "studio-preview-drawn"}>
      <figcaption className="studio-preview-drawn__caption">{caption}</figcaption>
      <div className="studio-preview-drawn__menu">{children}</div>
    </figure>
  );
}

/** The panel's columns as runtime/shell/navigation-panel.tsx lays them out. */
function PanelColumns({ columns }: { columns: readonly (readonly PanelSection[])[] }) {
  return (
    <div className={`shell-panel__columns shell-panel__columns--${columns.length}`}>
      {columns.map((column) => (
        <div className="shell-panel__column" key={column.map((s) => s.id).join(" ")}>
          {column.map((section) => (
            <PanelSectionView key={section.id} section={section} onNavigate={noop} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A dropdown's entries as runtime/shell/dropdown-menu.tsx lists them. */
function DropdownItems({ menu }: { menu: PreviewDropdown }) {
  const { t } = useTranslation();
  return (
    <div className="shell-menu studio-preview-menu">
      {menu.items.map((item) => (
        <span key={item.id} className="studio-preview-menu__entry">
          {item.separatorBefore ? <hr className="shell-menu__separator" /> : null}
          <span className="shell-menu__item">{t(item.textKey)}</span>
        </span>
      ))}
    </div>
  );
}

/** The entries of the drawing as headings and lists, for screen readers. */
function ShellOutline({
  model,
  captions,
  userName,
}: {
  model: PreviewShellModel;
  captions: Captions;
  userName: string;
}) {
  const { t, i18n } = useTranslation();
  const sections = (columns: readonly (readonly PanelSection[])[]) => (
    <ul>
      {columns.flat().map((section) => (
        <li key={section.id}>
          {customMenuName(section.title, section.titleByLanguage, i18n.language) ?? t(section.titleKey)}
          <ul>
            {section.links.map((link) => (
              <li key={link.id}>
                {customMenuName(link.text, link.textByLanguage, i18n.language) ?? t(link.textKey)}
                {link.upgrade ? ` (${captions.upgrade})` : ""}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
  const dropdown = (menu: PreviewDropdown) => (
    <ul>
      {menu.items.map((item) => (
        <li key={item.id}>{t(item.textKey)}</li>
      ))}
    </ul>
  );
  return (
    <>
      <h4 lang={captions.language}>{captions.outline}</h4>
      {model.main ? (
        <>
          <h5 lang={captions.language}>{captions.main}</h5>
          {sections(model.main.columns)}
        </>
      ) : null}
      {model.admin ? (
        <>
          <h5 lang={captions.language}>{captions.admin}</h5>
          {sections(model.admin.columns)}
        </>
      ) : null}
      {model.help ? (
        <>
          <h5 lang={captions.language}>{captions.help}</h5>
          {dropdown(model.help)}
        </>
      ) : null}
      {model.user ? (
        <>
          <h5>
            <span lang={captions.language}>{captions.user}</span>: {userName}
          </h5>
          {dropdown(model.user)}
        </>
      ) : null}
      {!model.main && !model.admin && !model.help && !model.user ? (
        <p lang={captions.language}>{captions.noMenus}</p>
      ) : null}
    </>
  );
}
