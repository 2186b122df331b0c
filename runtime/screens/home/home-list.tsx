/**
 * One panel of the home screen (recent or favourites): each object links to where it opens (its
 * viewer, its editor for users who may change it, else its explorer's details), with its type,
 * area and last change; loading (until the panel's one call answers), empty and error states.
 */
import type { MouseEvent } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { hasRolePermission } from "../../../core/access/access-profile.ts";
import { useSession } from "../../session/session-context.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { useFormatters } from "../content/content-format.ts";
import { explorerPath, objectLinks, openLink } from "../content/explorer-area.ts";
import { EmptyState, ErrorState, LoadingState } from "../content/state-views.tsx";
import type { FeedItem, HomeArea } from "./home-feed.ts";
import type { HomePanel } from "./use-home-panel.ts";
import "./home.css";

/** Props of a HomeList. */
export interface HomeListProps {
  titleKey: string;
  emptyKey: string;
  panel: HomePanel;
  areas: HomeArea[];
}

type PanelItem = FeedItem & { Area: string };

/** A titled list of objects. */
export function HomeList(props: HomeListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormatters();
  const headingId = useId();
  const { routes } = useManifest().routes;
  const profile = useSession((s) => s.profile);
  const areaOf = (area: string) => props.areas.find((entry) => entry.area === area);
  const { panel } = props;
  const hrefOf = (item: PanelItem) => {
    const canWrite = profile ? hasRolePermission(profile, item.Area, "rw") : false;
    const open = openLink(objectLinks(routes, item.Area, item.Type, item.RecId, canWrite && item.CanChange));
    const explorer = areaOf(item.Area)?.route;
    return open ?? (explorer ? explorerPath(explorer, null, `item=${item.RecId}`) : "/");
  };
  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  const areaTitle = (area: string) => {
    const key = areaOf(area)?.route.titleKey;
    return key ? t(key) : area;
  };
  return (
    <section className="home__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="home__section-title">
        {t(props.titleKey)}
      </h2>
      {panel.status === "error" ? (
        <ErrorState error={panel.error} onRetry={panel.reload} />
      ) : panel.status === "loading" && panel.items.length === 0 ? (
        <LoadingState />
      ) : panel.items.length === 0 ? (
        <EmptyState title={t(props.emptyKey)} />
      ) : (
        <ul className="home__list">
          {panel.items.map((item) => {
            const href = hrefOf(item);
            return (
              <li key={`${item.Area}:${item.RecId}`} className="home__item">
                <a className="home__link" href={href} onClick={follow(href)}>
                  {item.Name}
                </a>
                <span className="home__meta">
                  {t("Home_ItemMeta", {
                    type: t(`ObjectType_${item.Type}`),
                    area: areaTitle(item.Area),
                    modified: format.dateTime(item.ModifiedAt),
                  })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
