/**
 * The explorer (renderer kind `explorer`, §2.2): one screen for every library area of the routes
 * manifest — the folder tree with the Personal, Team, Shared, Favourites and Deleted roots, the
 * folder path breadcrumb (§3), and the list of the folder chosen by `:folderRecId?` (or `?folder=`)
 * with search, sort, paging and the actions of explorer-actions.ts.
 */
import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { UnknownRenderer } from "../../renderers/unknown-renderer.tsx";
import { type AreaConfig, areaConfig, explorerPath, folderFromLocation } from "./explorer-area.ts";
import { ExplorerWorkspace } from "./explorer-workspace.tsx";
import { FolderBreadcrumb } from "./folder-breadcrumb.tsx";
import { FolderTreeView, useNodeLabel } from "./folder-tree-view.tsx";
import { ALL_ITEMS_ID, type TreeNode } from "./folder-tree.ts";
import { type ListSpec, type ListState, listStateSearch, parseListState } from "./list-state.ts";
import { ErrorState, LoadingState } from "./state-views.tsx";
import { useExplorerData } from "./use-explorer-data.ts";
import "./content.css";

/** Sort fields of the upstream's object lists. */
export const OBJECT_SORT_FIELDS = ["Name", "Type", "CreatedAt", "ModifiedAt", "Owner"] as const;

/** The list spec of an area. */
export function objectListSpec(config: AreaConfig): ListSpec {
  return { sortFields: OBJECT_SORT_FIELDS, defaultSort: "Name", types: config.objectTypes };
}

export default function ExplorerScreen({ route, params }: ScreenProps) {
  const config = useMemo(() => areaConfig(route), [route]);
  if (!config) return <UnknownRenderer kind={route.screen?.kind ?? "explorer"} />;
  return <Explorer route={route} params={params} config={config} />;
}

function Explorer({ route, params, config }: ScreenProps & { config: AreaConfig }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const labelOf = useNodeLabel();
  const spec = useMemo(() => objectListSpec(config), [config]);
  const { ref, canonical } = folderFromLocation(route, params, location.search);
  const state = parseListState(location.search, spec);
  const data = useExplorerData(config.area, ref, state);

  // §2.2 /media → /files?folder=: show the folder in the path like every other link.
  useEffect(() => {
    if (canonical) navigate(canonical, { replace: true });
  }, [canonical, navigate]);

  const folderHref = useCallback(
    (node: TreeNode) => explorerPath(route, node.id === ALL_ITEMS_ID ? null : node.id),
    [route],
  );
  const openFolder = useCallback((node: TreeNode) => navigate(folderHref(node)), [navigate, folderHref]);
  const setState = (next: ListState, replace = false) =>
    navigate(
      { pathname: location.pathname, search: listStateSearch(location.search, next, spec) },
      { replace },
    );

  const title = t(route.titleKey ?? "Explorer_Title");
  const heading = data.current ? labelOf(data.current) : t("Explorer_AllItemsOf", { title });
  const selectedId = ref.kind === "folder" ? ref.id : ref.kind === "all" ? ALL_ITEMS_ID : null;
  const tree = data.treeResource;

  return (
    <div className="content-explorer">
      <header className="content-page-header">
        <h1 className="content-page-title">{title}</h1>
        <FolderBreadcrumb path={data.path} hrefOf={folderHref} onNavigate={openFolder} />
      </header>
      <div className="content-explorer__layout">
        <nav className="content-explorer__folders" aria-label={t("Explorer_Folders")}>
          {tree.data ? (
            <FolderTreeView
              nodes={data.tree}
              label={t("Explorer_FoldersOf", { title })}
              selectedId={selectedId}
              mode="navigate"
              hrefOf={folderHref}
              onActivate={openFolder}
            />
          ) : tree.status === "error" ? (
            <ErrorState error={tree.error} onRetry={tree.reload} />
          ) : (
            <LoadingState />
          )}
        </nav>
        <ExplorerWorkspace
          route={route}
          config={config}
          data={data}
          folder={ref}
          state={state}
          spec={spec}
          title={title}
          heading={heading}
          folderHref={folderHref}
          openFolder={openFolder}
          setState={setState}
        />
      </div>
    </div>
  );
}
