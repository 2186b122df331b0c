/**
 * The library's calls into the notification service (server/upstream/notifications, §4.3), made
 * after a change has been committed: shared / unshared, duplicated and commented objects, data
 * moved to or out of Deleted (DataShared's trashed variant) and objects purged (the deleted and
 * expired variants). §4.3 names codes only for some types (dashboards, data, data loaders,
 * binders); other types produce no notification. A failure here is logged and never undoes or
 * fails the change the caller asked for.
 */
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { OBJECT_TYPE_ACCESS } from "../identity/object-types.ts";
import { usersWithPermission } from "../notifications/dispatch.ts";
import {
  type CommentableType,
  type DuplicableType,
  dataTrashed,
  notifyObjectCommented,
  notifyObjectDuplicated,
  notifyObjectShared,
  objectDeleted,
  type ShareableType,
} from "../notifications/object-events.ts";
import type { AffectedObject, LibraryObject, ShareChange } from "../store/types/library.ts";

const DATA_TYPES = ["DataTable", "DataFusion", "DataMerge", "DataView"];
const SHAREABLE = ["Dashboard", "DataLoader", ...DATA_TYPES];
const DUPLICABLE = ["Dashboard", "Binder"];
const COMMENTABLE = ["Dashboard", ...DATA_TYPES];

async function safely(context: UpstreamContext, what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    context.log.error({ err: error }, `notification after ${what} failed`);
  }
}

function ref(object: LibraryObject) {
  const thumbnail = object.properties.Thumbnail;
  return {
    recId: object.recId,
    name: object.name,
    ownerUserId: object.ownerUserId,
    ...(typeof thumbnail === "string" && { thumbnail }),
  };
}

/** After a share or unshare that changed something: the team's members (not the actor) are told. */
export function afterShare(context: UpstreamContext, caller: Caller, change: ShareChange, shared: boolean) {
  const { object } = change;
  if (!change.changed || !SHAREABLE.includes(object.type)) return Promise.resolve();
  return safely(context, "share", async () => {
    // Only members whose role opens the object's type are told (the others could not open it).
    const permission = OBJECT_TYPE_ACCESS[object.type as ShareableType].permission;
    const allowed = new Set(await usersWithPermission(context, caller.account.recId, permission, "r"));
    await notifyObjectShared(context, {
      actor: caller.user,
      type: object.type as ShareableType,
      object: ref(object),
      recipientUserIds: change.team.memberUserIds.filter((userId) => allowed.has(userId)),
      shared,
    });
  });
}

/** After a duplicate: the original's owner (unless the actor) is told. */
export function afterDuplicate(context: UpstreamContext, caller: Caller, original: LibraryObject) {
  if (!DUPLICABLE.includes(original.type)) return Promise.resolve();
  return safely(context, "duplicate", () =>
    notifyObjectDuplicated(context, {
      actor: caller.user,
      type: original.type as DuplicableType,
      original: ref(original),
    }),
  );
}

/** After a comment: the owner and earlier commenters (not the actor) are told. */
export function afterComment(
  context: UpstreamContext,
  caller: Caller,
  object: LibraryObject,
  text: string,
  earlierCommenters: number[],
) {
  if (!COMMENTABLE.includes(object.type)) return Promise.resolve();
  return safely(context, "comment", () =>
    notifyObjectCommented(context, {
      actor: caller.user,
      type: object.type as CommentableType,
      object: ref(object),
      commentText: text,
      alsoUserIds: earlierCommenters,
    }),
  );
}

/** After objects moved to Deleted (trashed) or back (restored): data notifications follow. */
export function afterTrash(
  context: UpstreamContext,
  accountId: number,
  objects: readonly AffectedObject[],
  trashed: boolean,
) {
  const data = objects.filter((object) => DATA_TYPES.includes(object.type));
  if (data.length === 0) return Promise.resolve();
  return safely(context, trashed ? "delete" : "restore", async () => {
    for (const object of data) await dataTrashed(context, accountId, object.recId, trashed);
  });
}

/** After objects were purged: notifications pointing at them switch to their deleted variant. */
export function afterPurge(context: UpstreamContext, accountId: number, objects: readonly AffectedObject[]) {
  if (objects.length === 0) return Promise.resolve();
  return safely(context, "purge", async () => {
    for (const object of objects) await objectDeleted(context, accountId, object);
  });
}
