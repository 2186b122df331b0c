/** Shared fixtures of the content screen tests: the seeded Northwind dashboards tree and objects. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FolderBody, ObjectBody } from "../../../../runtime/screens/content/content-types.ts";
import type { ClientRoute } from "../../../../schemas/client-manifest.ts";
import type { PermissionsManifest } from "../../../../schemas/permissions.ts";
import type { RoutesManifest } from "../../../../schemas/routes.ts";
import { MANIFESTS_DIR } from "../../../helpers/manifest-fixtures.ts";

const at = "2026-01-01T00:00:00.000Z";

/** A folder body. */
export function folder(
  RecId: number,
  Name: string,
  Type: FolderBody["Type"],
  RecParentId: number | null,
  Children: FolderBody[] = [],
  IsDeleted = false,
): FolderBody {
  return {
    RecId,
    RecParentId,
    Name,
    Type,
    IsDeleted,
    CreatedAt: at,
    ModifiedAt: at,
    DeletedAt: IsDeleted ? at : null,
    Children,
  };
}

/** The seeded Northwind dashboards tree, sent out of order. */
export const ROOTS: FolderBody[] = [
  folder(5, "Deleted", "Deleted", null, [folder(10, "Archive 2022", "Folder", 2, [], true)]),
  folder(2, "Team", "Team", null, [
    folder(6, "Sales", "Folder", 2),
    folder(7, "Marketing", "Folder", 2, [folder(8, "Campaigns", "Folder", 7)]),
  ]),
  folder(1, "Personal", "Personal", null, [folder(9, "Drafts", "Folder", 1)]),
  folder(3, "Shared", "Shared", null),
  folder(4, "Favourites", "Favourites", null),
];

/** An object body with overrides. */
export function object(overrides: Partial<ObjectBody> = {}): ObjectBody {
  return {
    RecId: 1,
    UID: "uid-1",
    Type: "Dashboard",
    Name: "Sales overview",
    FolderRecId: 6,
    OwnerFullName: "Olivia Owner",
    OwnerUserUID: "owner-uid",
    CreatedAt: at,
    ModifiedAt: at,
    IsDeleted: false,
    DeletedAt: null,
    IsFavourite: false,
    IsShared: false,
    CanChange: true,
    ...overrides,
  };
}

/** The default routes manifest, as served to a user with every right. */
export const ROUTES = (JSON.parse(readFileSync(join(MANIFESTS_DIR, "routes.json"), "utf8")) as RoutesManifest)
  .routes as ClientRoute[];

/** The default permissions manifest. */
export const PERMISSIONS = JSON.parse(
  readFileSync(join(MANIFESTS_DIR, "permissions.json"), "utf8"),
) as PermissionsManifest;

/** The route with `id` (throws when the manifest lacks it). */
export function route(id: string): ClientRoute {
  const found = ROUTES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
}
