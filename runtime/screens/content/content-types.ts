/**
 * The upstream's library payloads the content screens read (server/upstream/README-content.md:
 * Folders, Objects, schedule and alert history, teams). Times are ISO 8601 strings.
 */

/** The five roots every user sees per area (§3 Folder). */
export const ROOT_KINDS = ["Personal", "Team", "Shared", "Favourites", "Deleted"] as const;

/** One root kind. */
export type RootKind = (typeof ROOT_KINDS)[number];

/** A folder's `Type`: a root kind or a plain folder. */
export type FolderType = RootKind | "Folder";

/** A folder (§3 Folder: recId, recParentId, name, type, children). */
export interface FolderBody {
  RecId: number;
  RecParentId: number | null;
  Name: string;
  Type: FolderType;
  IsDeleted: boolean;
  CreatedAt: string;
  ModifiedAt: string;
  DeletedAt: string | null;
  Children?: FolderBody[];
}

/** One folder with its direct children and its path from the root down (§3). */
export interface FolderDetail extends FolderBody {
  Path: FolderBody[];
}

/** A library object as lists return it. */
export interface ObjectBody {
  RecId: number;
  UID: string;
  Type: string;
  Name: string;
  /** Null for an object only shared with the caller (its folder is someone else's). */
  FolderRecId: number | null;
  OwnerFullName: string;
  OwnerUserUID: string;
  CreatedAt: string;
  ModifiedAt: string;
  IsDeleted: boolean;
  DeletedAt: string | null;
  IsFavourite: boolean;
  IsShared: boolean;
  /** False when the object is shared with the caller read-only. */
  CanChange: boolean;
}

/** A team an object is shared with. */
export interface ObjectShare {
  TeamRecId: number;
  TeamName: string;
  SharedAt: string;
}

/** One object with its definition and shares. */
export interface ObjectDetail extends ObjectBody {
  /** The definition: free JSON. */
  Properties: Record<string, unknown>;
  /** Empty for read-only viewers. */
  SharedWith: ObjectShare[];
}

/** A page of a list (the screens contract: `{ items, total }`). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** Outcome of one schedule run or alert evaluation. */
export type HistoryStatus = "Succeeded" | "Failed" | "Triggered" | "Skipped";

/** A schedule or alert history entry; the owner fields depend on the area. */
export interface HistoryEntry {
  RecId: number;
  ScheduleRecId?: number;
  ScheduleName?: string;
  AlertRecId?: number;
  AlertName?: string;
  IsRelatedObjectDeleted: boolean;
  Status: HistoryStatus;
  StartedAt: string;
  FinishedAt: string | null;
  Message: string | null;
  TaskRecId: number | null;
}

/** A team of the account (GET Teams). */
export interface TeamBody {
  RecId: number;
  Name: string;
}
