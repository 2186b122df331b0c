/**
 * The object a viewer or editor shows (its route's `:recId` in the route's area): the object with its
 * definition and shares, its folder path from the root (§3), where it opens, and where "exit" goes.
 */
import { useMemo } from "react";
import { hasRolePermission } from "../../../core/access/access-profile.ts";
import type { RouteParams } from "../../../core/routes/match.ts";
import type { ClientRoute } from "../../../schemas/client-manifest.ts";
import { legacyPagesAvailable } from "../../navigation/legacy-pages.ts";
import { sessionStore } from "../../session/session-store.ts";
import { useStore } from "../../state/create-store.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { contentApi } from "./content-api.ts";
import type { FolderDetail, ObjectDetail } from "./content-types.ts";
import {
  type AreaConfig,
  areaConfig,
  explorerPath,
  explorerRouteOf,
  legacyFrameUrl,
  type ObjectLinks,
  objectLinks,
  recIdParam,
} from "./explorer-area.ts";
import type { TreeNode } from "./folder-tree.ts";
import { type Resource, useResource } from "./use-resource.ts";

/** What a viewer or editor knows. */
export interface ObjectPage {
  config: AreaConfig | null;
  recId: number | null;
  object: Resource<ObjectDetail>;
  path: TreeNode[] | null;
  links: ObjectLinks | null;
  legacyUrl: string | null;
  canWrite: boolean;
  /** The explorer route of the area (exit, folder links). */
  explorer: ClientRoute | null;
  /** Where exit goes: the object's folder in its explorer, else home. */
  exitHref: string;
  /** The explorer link of a folder of the path (null without an explorer route). */
  folderHref: ((node: TreeNode) => string) | null;
}

/** Loads the object of a viewer or editor route. */
export function useObjectPage(route: ClientRoute, params: RouteParams): ObjectPage {
  const manifest = useManifest();
  const { routes } = manifest.routes;
  const profile = useStore(sessionStore, (s) => s.profile);
  const config = useMemo(() => areaConfig(route), [route]);
  const recId = recIdParam(params.recId);
  const area = config?.area ?? "";
  const object = useResource<ObjectDetail>(
    config && recId !== null ? `object:${area}:${recId}` : null,
    (signal) => contentApi(area, signal).object(recId as number),
  );
  const folderId = object.data?.FolderRecId ?? null;
  const folder = useResource<FolderDetail>(
    folderId !== null ? `folder:${area}:${folderId}` : null,
    (signal) => contentApi(area, signal).folder(folderId as number),
  );
  const canWrite = profile && config ? hasRolePermission(profile, config.area, "rw") : false;
  const data = object.data;
  const explorer = config ? explorerRouteOf(routes, config.area) : null;
  const path = folder.data
    ? folder.data.Path.map((step) => ({
        id: step.RecId,
        name: step.Name,
        kind: step.Type,
        parentId: step.RecParentId,
        deleted: step.IsDeleted,
        children: [],
      }))
    : null;
  return {
    config,
    recId,
    object,
    path,
    links: data && config ? objectLinks(routes, config.area, data.Type, data.RecId, canWrite) : null,
    // §2.3: the legacy tab only where a legacy application answers its frame.
    legacyUrl:
      data && legacyPagesAvailable(manifest.shell)
        ? legacyFrameUrl(routes, route, data.Type, data.RecId)
        : null,
    canWrite,
    explorer,
    exitHref: explorer ? explorerPath(explorer, folderId) : "/",
    folderHref: explorer ? (node) => explorerPath(explorer, node.id) : null,
  };
}
