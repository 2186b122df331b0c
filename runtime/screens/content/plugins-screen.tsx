/**
 * Plugins (renderer kind `plugins`, §2.2 /plugins/{screenTab?}): the external add-ons (AddOn objects
 * of the ExternalAddOns area) with the `screenTab` parameter as tabs — all add-ons, then the Personal,
 * Team, Shared, Favourites and Deleted roots — and the explorer's list, details and actions.
 */
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { fillPathTemplate } from "../../navigation/redirect-target.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { UnknownRenderer } from "../../renderers/unknown-renderer.tsx";
import { Tabs } from "./content-tabs.tsx";
import {
  type AreaConfig,
  areaConfig,
  type FolderRef,
  PLUGIN_TABS,
  pluginTab,
  rootOfTab,
} from "./explorer-area.ts";
import { objectListSpec } from "./explorer-screen.tsx";
import { ExplorerWorkspace } from "./explorer-workspace.tsx";
import { type ListState, listStateSearch, parseListState } from "./list-state.ts";
import { useExplorerData } from "./use-explorer-data.ts";
import "./content.css";

export default function PluginsScreen({ route, params }: ScreenProps) {
  const config = useMemo(() => areaConfig(route), [route]);
  if (!config) return <UnknownRenderer kind={route.screen?.kind ?? "plugins"} />;
  return <Plugins route={route} params={params} config={config} />;
}

function Plugins({ route, params, config }: ScreenProps & { config: AreaConfig }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const spec = useMemo(() => objectListSpec(config), [config]);
  const tab = pluginTab(params.screenTab);
  const tabPath = (id: string) => fillPathTemplate(route.path, id === "all" ? {} : { screenTab: id });

  // An unknown tab shows the first one, with a URL that says so.
  useEffect(() => {
    if (tab === null) navigate(tabPath("all"), { replace: true });
  });

  const state = parseListState(location.search, spec);
  const root = rootOfTab(tab ?? "all");
  const tabData = useExplorerData(
    config.area,
    (tree): FolderRef | "pending" => {
      if (root === null) return { kind: "all" };
      const id = tree.find((node) => node.kind === root)?.id;
      return id === undefined ? "pending" : { kind: "folder", id };
    },
    state,
  );
  const setState = (next: ListState, replace = false) =>
    navigate(
      { pathname: location.pathname, search: listStateSearch(location.search, next, spec) },
      { replace },
    );
  const labelOf = (id: string) => (id === "all" ? t("Plugins_AllTab") : t(`Explorer_Root_${rootOfTab(id)}`));
  const title = t(route.titleKey ?? "Plugins_Title");

  return (
    <div className="content-explorer">
      <header className="content-page-header">
        <h1 className="content-page-title">{title}</h1>
        <p className="content-muted">{t("Plugins_Intro")}</p>
      </header>
      <Tabs
        label={t("Plugins_Tabs")}
        selected={tab ?? "all"}
        onSelect={(id) => navigate(tabPath(id))}
        tabs={PLUGIN_TABS.map((id) => ({ id, label: labelOf(id) }))}
      >
        <ExplorerWorkspace
          route={route}
          config={config}
          data={tabData}
          folder={tabData.folder}
          state={state}
          spec={spec}
          title={title}
          heading={labelOf(tab ?? "all")}
          folderHref={() => tabPath(tab ?? "all")}
          openFolder={() => undefined}
          setState={setState}
          withFolders={false}
        />
      </Tabs>
    </div>
  );
}
