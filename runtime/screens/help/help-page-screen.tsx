/**
 * Help mode's one screen (renderer kind `helpPage`, §1 help mode, §2.1 /{routeTab?}/{routeItemCode?}):
 * the help center's sections as a navigation landmark, the chosen section's articles, and one
 * article at /{routeTab}/{routeItemCode}. The content is the published help-center articles
 * (help-paths.ts). A section that does not exist goes to / (§2.1 "everything else goes to /"); an
 * article that does not exist says so. The shell profile `help` gives it no top menu bar and the
 * light, rounded theme (§2.1 public routes).
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { HelpIndex } from "../../../schemas/payloads/help-content.ts";
import { apiRequest } from "../../http/api-client.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { EmptyState, ErrorState, LoadingState } from "../content/state-views.tsx";
import { useResource } from "../content/use-resource.ts";
import { HelpArticleView } from "./help-article-view.tsx";
import { HelpLanguagePicker } from "./help-language-picker.tsx";
import {
  type HelpLocation,
  helpIndexPath,
  helpLanguage,
  helpLocation,
  helpPagePath,
  helpTabTitleKey,
  isHelpIndex,
} from "./help-paths.ts";
import "./help.css";

type HelpTabEntry = HelpIndex["Tabs"][number];

/** The articles of one section, as links. */
function ArticleList({ entry, headingLevel }: { entry: HelpTabEntry; headingLevel: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const headingId = `help-tab-${entry.Tab}`;
  return (
    <section className="help-section" aria-labelledby={headingId}>
      <Heading id={headingId} className={headingLevel === 1 ? "help-title" : "help-section__title"}>
        {t(helpTabTitleKey(entry.Tab))}
      </Heading>
      <ul className="help-list">
        {entry.Articles.map((article) => (
          <li key={article.Code} className="help-list__item">
            <Link to={helpPagePath(entry.Tab, article.Code)} className="help-list__link">
              {article.Title}
            </Link>
            {article.Summary ? <p className="help-muted">{article.Summary}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The sections of the help center: one link each, the current one marked. */
function HelpTabs({ index, current }: { index: HelpIndex; current: string | null }) {
  const { t } = useTranslation();
  return (
    <nav className="help-tabs" aria-label={t("HelpMode_TabsLabel")}>
      <ul className="help-tabs__list">
        {index.Tabs.map((entry) => (
          <li key={entry.Tab}>
            <Link
              to={helpPagePath(entry.Tab)}
              className="help-tabs__link"
              aria-current={entry.Tab === current ? "page" : undefined}
            >
              {t(helpTabTitleKey(entry.Tab))}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What the content area shows for a location, once the index is known. */
function HelpContent({ index, location }: { index: HelpIndex; location: HelpLocation }) {
  const { t } = useTranslation();
  if (location.kind === "home" || location.kind === "elsewhere") {
    return (
      <>
        <h1 className="help-title">{t("HelpMode_HomeHeading")}</h1>
        <p className="help-muted">{t("HelpMode_Intro")}</p>
        {index.Tabs.length === 0 ? <EmptyState title={t("HelpMode_Empty")} /> : null}
        {index.Tabs.map((entry) => (
          <ArticleList key={entry.Tab} entry={entry} headingLevel={2} />
        ))}
      </>
    );
  }
  const entry = index.Tabs.find((candidate) => candidate.Tab === location.tab);
  if (!entry) return null; // the screen sends it to /
  if (location.kind === "tab") return <ArticleList entry={entry} headingLevel={1} />;
  return <HelpArticleView tab={entry.Tab} code={location.kind === "article" ? location.code : null} />;
}

/** The help mode screen. */
export default function HelpPageScreen({ params }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = helpLanguage(i18n.language);
  const location = helpLocation(params);
  const index = useResource<HelpIndex>(`help:${language}`, async (signal) => {
    const body = await apiRequest<unknown>(helpIndexPath(language), { base: "webservices", signal });
    if (!isHelpIndex(body)) throw new Error("unexpected help index");
    return body;
  });
  const currentTab = location.kind === "home" || location.kind === "elsewhere" ? null : location.tab;
  const unknownTab =
    location.kind === "elsewhere" ||
    (index.data !== null && currentTab !== null && !index.data.Tabs.some((e) => e.Tab === currentTab));
  useEffect(() => {
    // §2.1: in help mode anything but a section or an article of one goes to /.
    if (unknownTab) navigate("/", { replace: true });
  }, [unknownTab, navigate]);

  return (
    <div className="help-page">
      <header className="help-header">
        <Link to="/" className="help-header__home">
          {t("HelpMode_Title")}
        </Link>
        <HelpLanguagePicker />
      </header>
      {index.data ? <HelpTabs index={index.data} current={currentTab} /> : null}
      <div className="help-content">
        {index.status === "error" && !index.data ? (
          <ErrorState error={index.error} onRetry={index.reload} title={t("HelpMode_LoadFailed")} />
        ) : index.data ? (
          unknownTab ? null : (
            <HelpContent index={index.data} location={location} />
          )
        ) : (
          <LoadingState />
        )}
      </div>
    </div>
  );
}
