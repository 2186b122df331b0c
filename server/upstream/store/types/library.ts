/**
 * Store families of the member-side library (§3 Folder and the user-area object
 * types): folders with their five roots, objects placed in them, favourites, team shares and the
 * schedule/alert history. Same rules as ./identity.ts: async, atomic per method, and every method
 * takes the caller's account id — here inside a `ContentScope`, which also names the viewing user,
 * because Personal trees are private to their user.
 */
import type { ListQuery, Page } from "./list-page.ts";

/** Folder kinds: the five roots of §3 and ordinary folders. */
export const FOLDER_KINDS = ["Personal", "Team", "Shared", "Favourites", "Deleted", "Folder"] as const;
export type FolderKind = (typeof FOLDER_KINDS)[number];
/** The kinds of root folders. */
export type RootKind = Exclude<FolderKind, "Folder">;
/** Root kinds in display order. */
export const ROOT_KINDS: readonly RootKind[] = ["Personal", "Team", "Shared", "Favourites", "Deleted"];

/** Who looks at which area: the account, the viewing user, the area and its object types. */
export interface ContentScope {
  accountId: number;
  userId: number;
  area: string;
  types: readonly string[];
}

/** A folder (§3: recId, recParentId, name, type; children are built by the HTTP layer). */
export interface FolderRecord {
  recId: number;
  accountId: number;
  area: string;
  parentId: number | null;
  kind: FolderKind;
  /** Owner of the Personal tree (and of the per-user roots); null in the Team tree. */
  personalUserId: number | null;
  name: string;
  createdAt: number;
  modifiedAt: number;
  deletedAt: number | null;
}

/** The five roots of one user in one area. */
export type FolderRoots = Record<RootKind, FolderRecord>;

/** An object a folder change took along (for the notifications that name it). */
export interface AffectedObject {
  recId: number;
  type: string;
}

/** Folders. Visible folders: the Team tree, the viewer's Personal tree and the viewer's roots. */
export interface FolderStoreFamily {
  /** The viewer's five roots in the area, created on first use. */
  ensureRoots(scope: ContentScope, now: number): Promise<FolderRoots>;
  /** Live folders the viewer sees in the area (roots included). */
  listLive(scope: ContentScope): Promise<FolderRecord[]>;
  /** Folders deleted as a whole (the tops of deleted subtrees) the viewer sees. */
  listDeleted(scope: ContentScope): Promise<FolderRecord[]>;
  /** A visible folder, live or deleted. */
  get(scope: ContentScope, recId: number): Promise<FolderRecord | undefined>;
  /** The folders from the root down to `recId` (empty when not visible). */
  path(scope: ContentScope, recId: number): Promise<FolderRecord[]>;
  create(
    scope: ContentScope,
    input: { parentId: number; name: string },
    now: number,
  ): Promise<FolderRecord | "parentNotFound" | "nameTaken">;
  rename(
    scope: ContentScope,
    recId: number,
    name: string,
    now: number,
  ): Promise<FolderRecord | "notFound" | "root" | "nameTaken">;
  /** Moves a folder (with its subtree and objects) under another; refuses cycles. */
  move(
    scope: ContentScope,
    recId: number,
    parentId: number,
    now: number,
  ): Promise<FolderRecord | "notFound" | "parentNotFound" | "root" | "cycle" | "nameTaken">;
  /** Moves a folder with everything in it to Deleted; returns the objects deleted with it. */
  trash(scope: ContentScope, recId: number, now: number): Promise<AffectedObject[] | "notFound" | "root">;
  /** Restores a deleted folder and what was deleted with it (to its space's root if the parent is gone). */
  restore(
    scope: ContentScope,
    recId: number,
    now: number,
  ): Promise<{ folder: FolderRecord; objects: AffectedObject[] } | "notFound" | "notDeleted" | "nameTaken">;
  /** Removes a deleted folder for good, with the objects deleted with it (media files included). */
  purge(scope: ContentScope, recId: number): Promise<AffectedObject[] | "notFound" | "notDeleted">;
}

/** Sort fields of object lists. */
export const OBJECT_SORT_FIELDS = ["Name", "Type", "CreatedAt", "ModifiedAt", "Owner"] as const;

/** An object as the library shows it to one viewer. */
export interface LibraryObject {
  recId: number;
  uid: string;
  type: string;
  name: string;
  ownerUserId: number | null;
  ownerFullName: string | null;
  ownerUid: string | null;
  properties: Record<string, unknown>;
  folderId: number | null;
  personalUserId: number | null;
  createdAt: number;
  modifiedAt: number;
  deletedAt: number | null;
  isFavourite: boolean;
  /** Shared with at least one team. */
  isShared: boolean;
  /** In the Team tree or the viewer's Personal tree (not only shared with the viewer). */
  canChange: boolean;
}

/**
 * Who looks across the areas they may read (the home screen's panels, §2.2 /): the account, the
 * viewer and the object types of those areas.
 */
export type FeedScope = Omit<ContentScope, "area">;

/** The cross-area lists: every live object the viewer sees, or only the viewer's favourites. */
export const FEED_KINDS = ["Recent", "Favourites"] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** What a list shows: one folder (a root lists its virtual content) or, without one, every live object. */
export interface ObjectListQuery extends ListQuery {
  folder?: FolderRecord;
  /** Narrows the scope's types. */
  types?: readonly string[];
}

/** A team an object is shared with. */
export interface ObjectShare {
  teamId: number;
  teamName: string;
  sharedAt: number;
}

/** The outcome of sharing or unsharing. */
export interface ShareChange {
  object: LibraryObject;
  changed: boolean;
  team: { recId: number; name: string; memberUserIds: number[] };
}

/** Objects of the library areas. Only changeable objects (see `canChange`) may be changed. */
export interface LibraryStoreFamily {
  list(scope: ContentScope, query: ObjectListQuery): Promise<Page<LibraryObject>>;
  /**
   * Live objects of the scope's types (across areas) the viewer sees — for "Favourites" only those
   * the viewer marked — newest change first, at most `limit`, with how many match in all.
   */
  feed(scope: FeedScope, kind: FeedKind, limit: number): Promise<Page<LibraryObject>>;
  /** A visible object of the scope's types, live or deleted. */
  get(scope: ContentScope, recId: number): Promise<LibraryObject | undefined>;
  create(
    scope: ContentScope,
    input: { type: string; name: string; folderId: number; properties: Record<string, unknown> },
    now: number,
  ): Promise<LibraryObject | "folderNotFound">;
  update(
    scope: ContentScope,
    recId: number,
    change: { name?: string; properties?: Record<string, unknown> },
    now: number,
  ): Promise<LibraryObject | "notFound" | "readOnly">;
  /** Copies a live object (a media object's file too) into a folder, owned by the viewer. */
  duplicate(
    scope: ContentScope,
    recId: number,
    input: { name: string; folderId: number },
    now: number,
  ): Promise<LibraryObject | "notFound" | "folderNotFound">;
  move(
    scope: ContentScope,
    recId: number,
    folderId: number,
    now: number,
  ): Promise<LibraryObject | "notFound" | "readOnly" | "folderNotFound">;
  setFavourite(
    scope: ContentScope,
    recId: number,
    favourite: boolean,
    now: number,
  ): Promise<LibraryObject | "notFound">;
  share(
    scope: ContentScope,
    recId: number,
    teamId: number,
    shared: boolean,
    now: number,
  ): Promise<ShareChange | "notFound" | "readOnly" | "teamNotFound">;
  shares(scope: ContentScope, recId: number): Promise<ObjectShare[]>;
  trash(scope: ContentScope, recId: number, now: number): Promise<"done" | "notFound" | "readOnly">;
  restore(
    scope: ContentScope,
    recId: number,
    now: number,
  ): Promise<LibraryObject | "notFound" | "notDeleted">;
  /** Removes a deleted object for good (a media object's file too). */
  purge(scope: ContentScope, recId: number): Promise<"done" | "notFound" | "notDeleted">;
}

/** Statuses of a schedule run or an alert check. */
export const HISTORY_STATUSES = ["Succeeded", "Failed", "Triggered", "Skipped"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

/** Sort fields of history lists. */
export const HISTORY_SORT_FIELDS = ["StartedAt", "FinishedAt", "Status", "Name"] as const;

/** One schedule run or alert evaluation (for /scheduleshistory and /alertshistory). */
export interface HistoryEntry {
  recId: number;
  objectId: number;
  objectName: string;
  objectDeleted: boolean;
  status: HistoryStatus;
  startedAt: number;
  finishedAt: number | null;
  message: string;
  taskId: number | null;
}

/** Schedule and alert history, shown for the objects the viewer sees. */
export interface HistoryStoreFamily {
  /** Entries of the scope's types (of one object when `objectId` is given), newest first by default. */
  list(scope: ContentScope, query: ListQuery & { objectId?: number }): Promise<Page<HistoryEntry>>;
  /** Records an entry (the scheduler and the seed write them). */
  record(
    accountId: number,
    objectId: number,
    entry: Omit<HistoryEntry, "recId" | "objectId" | "objectName" | "objectDeleted">,
  ): Promise<HistoryEntry | undefined>;
}
