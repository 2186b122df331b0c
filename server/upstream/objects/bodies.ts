/**
 * Request schema fragments and response shapes of library objects (PascalCase, times as ISO 8601).
 * Request objects are closed and every field is described. An object only shared with the viewer
 * carries no folder: the folder belongs to someone else's Personal tree.
 */
import { singleLineText } from "../../../schemas/text-rules.ts";
import { areaSchema } from "../folders/areas.ts";

import { isoTime } from "../folders/list-query.ts";
import { recIdSchema } from "../http/schemas.ts";
import type { ObjectRecord } from "../store/records-content.ts";
import type { FolderRoots, LibraryObject, ObjectShare } from "../store/types/library.ts";

/** The object as the plain type list (`GET Objects?type=`) returns it. */
export function objectBody(
  object: Pick<ObjectRecord, "recId" | "uid" | "type" | "name" | "createdAt" | "modifiedAt">,
) {
  return {
    RecId: object.recId,
    UID: object.uid,
    Type: object.type,
    Name: object.name,
    CreatedAt: new Date(object.createdAt).toISOString(),
    ModifiedAt: new Date(object.modifiedAt).toISOString(),
  };
}

/** The folder an object shows in: its own, or the root of its space when it has none. */
export function folderOf(object: LibraryObject, roots: FolderRoots): number | null {
  if (!object.canChange) return null;
  if (object.folderId !== null) return object.folderId;
  return object.personalUserId === null ? roots.Team.recId : roots.Personal.recId;
}

/** A library object in lists. */
export function libraryObjectBody(object: LibraryObject, roots: FolderRoots) {
  return {
    RecId: object.recId,
    UID: object.uid,
    Type: object.type,
    Name: object.name,
    FolderRecId: folderOf(object, roots),
    OwnerFullName: object.ownerFullName,
    OwnerUserUID: object.ownerUid,
    CreatedAt: isoTime(object.createdAt),
    ModifiedAt: isoTime(object.modifiedAt),
    IsDeleted: object.deletedAt !== null,
    DeletedAt: isoTime(object.deletedAt),
    IsFavourite: object.isFavourite,
    IsShared: object.isShared,
    CanChange: object.canChange,
  };
}

/** A library object with its properties and the teams it is shared with. */
export function libraryObjectDetail(object: LibraryObject, roots: FolderRoots, shares: ObjectShare[]) {
  return {
    ...libraryObjectBody(object, roots),
    Properties: object.properties,
    // Only those who may change the object see whom it is shared with.
    SharedWith: object.canChange
      ? shares.map((share) => ({
          TeamRecId: share.teamId,
          TeamName: share.teamName,
          SharedAt: isoTime(share.sharedAt),
        }))
      : [],
  };
}

/** Longest object name. */
export const MAX_OBJECT_NAME_LENGTH = 200;

/** An object name (the single-line text rule, schemas/text-rules.ts). */
export const objectName = {
  ...singleLineText,
  minLength: 1,
  maxLength: MAX_OBJECT_NAME_LENGTH,
  description: "Object name.",
} as const;

/** `{ area }` path parameters. */
export const areaParams = {
  type: "object",
  properties: { area: areaSchema },
  required: ["area"],
  additionalProperties: false,
} as const;

/** `{ area, recId }` path parameters. */
export const objectParams = {
  type: "object",
  properties: { area: areaSchema, recId: recIdSchema },
  required: ["area", "recId"],
  additionalProperties: false,
} as const;
