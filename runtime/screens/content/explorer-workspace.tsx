/**
 * The working area of an explorer: toolbar, the list (loading, empty, error with retry, not found),
 * the pager, the details panel and the dialogs. Changes need the route's permission at rw (§6); what
 * the list offers follows explorer-actions.ts, and every change reloads what it touched.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { hasRolePermission } from "../../../core/access/access-profile.ts";
import type { ClientRoute } from "../../../schemas/client-manifest.ts";
import { Pager } from "../../components/list/pager.tsx";
import { ApiError } from "../../http/api-error.ts";
import { useSession } from "../../session/session-context.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { showErrorBanner, showSuccessBanner } from "./content-feedback.ts";
import { LIST_PAGE_SIZE } from "./content-limits.ts";
import type { ObjectBody } from "./content-types.ts";
import { DetailsPanel } from "./details-panel.tsx";
import { contextActions } from "./explorer-actions.ts";
import { type AreaConfig, explorerPath, type FolderRef, objectLinks, openLink } from "./explorer-area.ts";
import type { ExplorerChange, ExplorerDialog } from "./explorer-dialog-types.ts";
import { ExplorerDialogs } from "./explorer-dialogs.tsx";
import { ExplorerList } from "./explorer-list.tsx";
import { folderMenu, type MenuContext, objectMenu } from "./explorer-menus.ts";
import { ExplorerToolbar } from "./explorer-toolbar.tsx";
import { pathTo, type TreeNode } from "./folder-tree.ts";
import {
  contentPagerTexts,
  type ListSpec,
  type ListState,
  listStateSearch,
  withSearch,
  withType,
} from "./list-state.ts";
import { EmptyState, ErrorState, LoadingState } from "./state-views.tsx";
import type { ExplorerData } from "./use-explorer-data.ts";
import "./content.css";

/** Props of an ExplorerWorkspace. */
export interface ExplorerWorkspaceProps {
  route: ClientRoute;
  config: AreaConfig;
  data: ExplorerData;
  folder: FolderRef | "pending";
  state: ListState;
  spec: ListSpec;
  /** The area's title (search placeholder). */
  title: string;
  /** Heading of the list: the current folder or the landing list. */
  heading: string;
  folderHref: (node: TreeNode) => string;
  openFolder: (node: TreeNode) => void;
  /** Shows a new list state (replace: typing a search). */
  setState: (next: ListState, replace?: boolean) => void;
  /** Subfolder rows and new folders (false where folders cannot be browsed, e.g. the plugins tabs). */
  withFolders?: boolean;
}

/** The empty-state text keys of a place. */
function emptyKeys(place: string, searching: boolean): [string, string | undefined] {
  if (searching) return ["Explorer_EmptySearchTitle", "Explorer_EmptySearchText"];
  if (place === "Deleted" || place === "DeletedFolder") return ["Explorer_EmptyDeletedTitle", undefined];
  if (place === "Favourites") return ["Explorer_EmptyFavouritesTitle", "Explorer_EmptyFavouritesText"];
  if (place === "Shared") return ["Explorer_EmptySharedTitle", "Explorer_EmptySharedText"];
  return ["Explorer_EmptyFolderTitle", undefined];
}

/** Toolbar, list, pager, details and dialogs of an explorer. */
export function ExplorerWorkspace(props: ExplorerWorkspaceProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  const { routes } = useManifest().routes;
  const profile = useSession((s) => s.profile);
  const { config, data, state, spec } = props;
  const canWrite = profile ? hasRolePermission(profile, config.area, "rw") : false;
  const [dialog, setDialog] = useState<ExplorerDialog | null>(null);
  const [version, setVersion] = useState(0);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useCallback(() => listHeading.current, []);

  // Opening a folder from the list removes the focused link: focus goes to the new list's heading.
  const folderKey = props.folder === "pending" ? "pending" : JSON.stringify(props.folder);
  useEffect(() => {
    void folderKey;
    if (document.activeElement === document.body) listHeading.current?.focus();
  }, [folderKey]);

  const linksOf = useCallback(
    (item: Pick<ObjectBody, "Type" | "RecId">) =>
      objectLinks(routes, config.area, item.Type, item.RecId, canWrite),
    [routes, config.area, canWrite],
  );
  const detailsHref = (recId: number | null) =>
    `${location.pathname}${listStateSearch(location.search, { ...state, item: recId }, spec)}`;
  const showDetails = (recId: number | null) => props.setState({ ...state, item: recId });

  const changed = (change: ExplorerChange, closedItem?: number) => {
    setDialog(null);
    showSuccessBanner(change.messageKey, change.values);
    data.list.reload();
    if (change.tree) data.treeResource.reload();
    setVersion((v) => v + 1);
    if (closedItem !== undefined && closedItem === state.item) showDetails(null);
  };
  const menuContext: MenuContext = {
    t,
    api: data.api,
    canWrite,
    linksOf,
    navigate: (to) => navigate(to),
    openFolder: props.openFolder,
    showDetails,
    openDialog: setDialog,
    run: (call, change) => {
      call().then(
        () => changed(change),
        (error: unknown) => showErrorBanner(error),
      );
    },
  };

  const withFolders = props.withFolders !== false;
  const allowed = contextActions({
    canWrite,
    place: data.place,
    creatable: config.creatableTypes.length > 0,
    uploads: config.uploads,
  });
  if (!withFolders) allowed.createFolder = false;
  const subfolders = withFolders ? data.subfolders : [];
  // The landing list creates in the Personal root (upstream default): no folder is sent.
  const targetFolder = data.current && data.place !== "All" ? data.current.id : null;
  const parentForFolders = data.current?.id ?? null;

  const page = data.list.data;
  const notFound =
    props.folder !== "pending" &&
    (props.folder.kind === "invalid" ||
      (data.list.error instanceof ApiError && data.list.error.status === 404));
  const [emptyTitle, emptyText] = emptyKeys(data.place, state.search !== "");

  return (
    <div className="content-workspace">
      <section className="content-listing" aria-labelledby={headingId}>
        <h2 id={headingId} ref={listHeading} tabIndex={-1} className="content-listing__title">
          {props.heading}
        </h2>
        <ExplorerToolbar
          title={props.title}
          search={state.search}
          onSearch={(search) => props.setState(withSearch(state, search), true)}
          objectTypes={config.objectTypes}
          type={state.type}
          onType={(type) => props.setState(withType(state, type))}
          allowed={allowed}
          creatableTypes={config.creatableTypes}
          onCreateFolder={() =>
            parentForFolders !== null && setDialog({ kind: "createFolder", parentId: parentForFolders })
          }
          onCreateObject={(type) => setDialog({ kind: "createObject", type, folderId: targetFolder })}
          onUpload={() => setDialog({ kind: "upload", folderId: targetFolder })}
        />
        {notFound ? (
          <EmptyState title={t("Explorer_FolderNotFoundTitle")} text={t("Explorer_FolderNotFoundText")}>
            <a
              className="kit-button"
              href={explorerPath(props.route, null)}
              onClick={(event) => {
                event.preventDefault();
                navigate(explorerPath(props.route, null));
              }}
            >
              {t("Explorer_BackToAll")}
            </a>
          </EmptyState>
        ) : props.folder === "pending" && data.treeResource.status === "error" ? (
          <ErrorState error={data.treeResource.error} onRetry={data.treeResource.reload} />
        ) : data.list.status === "error" ? (
          <ErrorState error={data.list.error} onRetry={data.list.reload} />
        ) : !page ? (
          <LoadingState />
        ) : page.items.length === 0 && subfolders.length === 0 ? (
          <EmptyState
            title={t(emptyTitle, { search: state.search })}
            text={emptyText ? t(emptyText) : undefined}
          />
        ) : (
          <>
            <ExplorerList
              caption={props.heading}
              folders={subfolders}
              items={page.items}
              sort={state.sort}
              onSort={(sort) => props.setState({ ...state, sort, page: 1 })}
              folderHref={props.folderHref}
              onOpenFolder={props.openFolder}
              objectHref={(item) => openLink(linksOf(item)) ?? detailsHref(item.RecId)}
              onOpenObject={(item) => {
                const open = item.IsDeleted ? null : openLink(linksOf(item));
                if (open) navigate(open);
                else showDetails(item.RecId);
              }}
              folderMenu={(node) => folderMenu(menuContext, node)}
              objectMenu={(item) => objectMenu(menuContext, item)}
              selectedId={state.item}
              busy={data.list.status === "loading"}
            />
            <Pager
              {...contentPagerTexts(t, state.page, page.total, LIST_PAGE_SIZE, subfolders.length)}
              onPage={(next) => props.setState({ ...state, page: next })}
            />
          </>
        )}
      </section>
      {state.item !== null ? (
        <DetailsPanel
          api={data.api}
          area={config.area}
          recId={state.item}
          version={version}
          linksOf={linksOf}
          pathOf={(object) => (object.FolderRecId === null ? null : pathTo(data.tree, object.FolderRecId))}
          folderHref={props.folderHref}
          onFolder={props.openFolder}
          onNavigate={(to) => navigate(to)}
          onClose={() => {
            showDetails(null);
            listHeading.current?.focus();
          }}
        />
      ) : null}
      <ExplorerDialogs
        dialog={dialog}
        api={data.api}
        tree={data.tree}
        onClose={() => setDialog(null)}
        onDone={(change) =>
          changed(
            change,
            dialog && (dialog.kind === "purge" || dialog.kind === "delete") && dialog.target.kind === "object"
              ? dialog.target.item.RecId
              : undefined,
          )
        }
        returnFocus={returnFocus}
      />
    </div>
  );
}
