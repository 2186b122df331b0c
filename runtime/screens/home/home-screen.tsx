/**
 * Home (renderer kind `home`, §2.2 /): the landing screen. It opens what the /home/{type}/… redirect
 * names (its `type`, `id` and `menu` query parameters, home-target.ts), and otherwise shows the
 * recent and favourite objects of every library area the user may open (permission held, feature
 * Included), each linking to its viewer, editor or explorer details.
 */
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { useSession } from "../../session/session-context.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { HOME_FAVOURITES_LIMIT, HOME_RECENT_LIMIT } from "../content/content-limits.ts";
import { homeAreas } from "./home-feed.ts";
import { HomeList } from "./home-list.tsx";
import { homeQuery, homeTarget } from "./home-target.ts";
import { useHomePanel } from "./use-home-panel.ts";
import "./home.css";

export default function HomeScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const manifest = useManifest();
  const profile = useSession((s) => s.profile);
  const config = useSession((s) => s.config);
  const routes = manifest.routes.routes;
  const query = homeQuery(location.search);
  const target =
    query && profile ? homeTarget(query, routes, manifest.permissions.homeRedirects, profile) : null;

  // §2.2: the /home redirect's item opens at once, replacing the landing URL.
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  const areas = useMemo(() => (profile ? homeAreas(routes, profile) : []), [routes, profile]);
  // One call per panel across the areas; each panel loads, fails and retries on its own.
  const panelAreas = target ? [] : areas;
  const recent = useHomePanel("Recent", panelAreas, HOME_RECENT_LIMIT);
  const favourites = useHomePanel("Favourites", panelAreas, HOME_FAVOURITES_LIMIT);
  const name = config?.User?.FullName;

  if (target) return null;
  return (
    <div className="home">
      <header className="home__header">
        <h1 className="home__title">{name ? t("Home_Welcome", { name }) : t("Home_Title")}</h1>
        {query ? (
          <p className="home__notice" role="status">
            {t("Home_ItemUnavailable")}
          </p>
        ) : null}
      </header>
      {areas.length === 0 ? (
        <p className="home__empty">{t("Home_NoAreas")}</p>
      ) : (
        <div className="home__columns">
          <HomeList titleKey="Home_Recent" emptyKey="Home_RecentEmpty" panel={recent} areas={areas} />
          <HomeList
            titleKey="Home_Favourites"
            emptyKey="Home_FavouritesEmpty"
            panel={favourites}
            areas={areas}
          />
        </div>
      )}
    </div>
  );
}
