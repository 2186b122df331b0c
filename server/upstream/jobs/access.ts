/**
 * Who may touch the objects jobs work on. A caller's object: it must be visible to them (404 like a
 * missing one otherwise — another tenant's or another member's private record never shows), then
 * their subscription and role must open its type (403, §4.1 steps 11–12), and changes need a
 * changeable object (403 ObjectReadOnly for one only shared with them). A background job re-checks
 * the same for the user it works for, since rights can change between the request and the run.
 */
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { assertAreaAccess, CONTENT_AREAS, type ContentArea, contentScope } from "../folders/areas.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { featureIncluded } from "../identity/features.ts";
import { OBJECT_TYPE_ACCESS, type ObjectType } from "../identity/object-types.ts";
import type { PermissionLevel } from "../identity/permission-keys.ts";
import { grants, parsePermissionString } from "../identity/permission-string.ts";
import type { LibraryObject } from "../store/types/library.ts";

/** The library area listing a type, if any. */
export function areaOfType(type: string): ContentArea | undefined {
  return (Object.keys(CONTENT_AREAS) as ContentArea[]).find((area) =>
    (CONTENT_AREAS[area] as readonly string[]).includes(type),
  );
}

/**
 * The caller's live object `recId` of one of `types` (any library type when absent): 404 unless it
 * exists, is of such a type and is visible to the caller; 403 unless the caller's rights open it
 * at `level`, and for rw unless the caller may change it.
 */
export async function callerObject(
  context: UpstreamContext,
  caller: Caller,
  recId: number,
  level: PermissionLevel,
  what: string,
  types?: readonly string[],
): Promise<LibraryObject> {
  const object = await context.store.objects.get(caller.account.recId, recId);
  const area = object ? areaOfType(object.type) : undefined;
  if (!object || !area || object.deletedAt !== null || (types && !types.includes(object.type))) {
    throw notFound(what);
  }
  const visible = await context.store.content.library.get(contentScope(caller, area), recId);
  if (!visible || visible.deletedAt !== null) throw notFound(what);
  assertAreaAccess(caller, area, level);
  if (level === "rw" && !visible.canChange) {
    throw forbidden("ObjectReadOnly", "The object is shared with you read-only.");
  }
  return visible;
}

/**
 * For a background job: the live object as `userId` sees it, if their account's subscription and
 * their role (enabled user) still open its type for reading; undefined otherwise.
 */
export async function objectForUser(
  context: UpstreamContext,
  accountId: number,
  userId: number,
  recId: number,
): Promise<LibraryObject | undefined> {
  const object = await context.store.objects.get(accountId, recId);
  const area = object ? areaOfType(object.type) : undefined;
  if (!object || !area || object.deletedAt !== null) return undefined;
  const access = OBJECT_TYPE_ACCESS[object.type as ObjectType];
  const { features } = await context.store.accounts.subscription(accountId);
  if (access.feature !== null && !featureIncluded(features, access.feature)) return undefined;
  const member = (await context.store.realtime.notificationEvents.memberRoles(accountId)).find(
    (candidate) => candidate.userId === userId,
  );
  const parsed = member ? parsePermissionString(member.permissions) : undefined;
  if (!parsed?.ok || !grants(parsed.permissions, access.permission, "r")) return undefined;
  const scope = { accountId, userId, area, types: CONTENT_AREAS[area] };
  const visible = await context.store.content.library.get(scope, recId);
  return visible && visible.deletedAt === null ? visible : undefined;
}
