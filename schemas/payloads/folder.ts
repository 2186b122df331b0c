import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { nullableRecId, recId } from "./fields.ts";

/** The trees a folder can belong to (§3): the Personal and Team roots, plus shared, favourites and deleted. */
export const folderTypes = ["Personal", "Team", "Shared", "Favourites", "Deleted"] as const;

/** The fields of a folder other than its children (§3 Folder). */
const folderFields = {
  recId: {
    ...recId,
    description: "Record id of the folder; used in routes such as /dashboards/:folderRecId?.",
  },
  recParentId: { ...nullableRecId, description: "Record id of the parent folder; null for a root folder." },
  name: { type: "string", minLength: 1, description: "Name of the folder as shown." },
  type: {
    type: "string",
    enum: folderTypes,
    description: "Tree the folder belongs to; a root and all its descendants share it (§3).",
  },
} as const;

/**
 * A folder and, recursively, its sub-folders (§3 Folder). The recursion is a `$ref` to the folder
 * definition of the same schema. `children` absent means the sub-folders were not loaded; an empty
 * list means there are none.
 */
export const folderSchema = {
  $id: "folder",
  description: "A folder with its sub-folders (§3).",
  allOf: [{ $ref: "#/definitions/folder" }],
  definitions: {
    folder: {
      type: "object",
      description: "A folder of a Personal, Team, shared, favourites or deleted tree (§3).",
      properties: {
        ...folderFields,
        children: {
          type: "array",
          items: { $ref: "#/definitions/folder" },
          description: "Sub-folders, in display order; absent when not loaded.",
        },
      },
      required: ["recId", "recParentId", "name", "type"],
      additionalProperties: false,
    },
  },
} as const satisfies JSONSchema;

/** The non-recursive part of a folder, with its type derived from the schema. */
const folderWithoutChildrenSchema = {
  type: "object",
  properties: folderFields,
  required: ["recId", "recParentId", "name", "type"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/**
 * A folder with its sub-folders. Written by hand because json-schema-to-ts cannot derive a type from a
 * recursive `$ref` (TS2615, circular mapped type); the fields come from the schema, only `children` is
 * added here, so the two cannot drift apart.
 */
export interface Folder extends FromSchema<typeof folderWithoutChildrenSchema> {
  /** Sub-folders, in display order; absent when not loaded. */
  children?: Folder[];
}

export type FolderType = (typeof folderTypes)[number];
