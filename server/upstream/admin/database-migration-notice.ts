/**
 * §4.3 DatabaseMigrationFailed for /admin/databases "Migrate": when migrating a database that holds
 * account data fails, the administrators of every account stored on it — the members whose role
 * grants AccountSettings rw — are told (stored and pushed as `notificationAdded`), since their
 * account's data did not move to the new schema. The operator's own account is not told: the staff
 * member who ran the migration gets the error at once and it is in the audit trail.
 */
import type { UpstreamContext } from "../context.ts";
import { draftsFor, notify, usersWithPermission } from "../notifications/dispatch.ts";
import type { NotificationRecord } from "../store/records-content.ts";

/** Notifies the account administrators of `accountIds` that the migration of `databaseName` failed. */
export async function notifyMigrationFailed(
  context: UpstreamContext,
  accountIds: readonly number[],
  databaseName: string,
): Promise<NotificationRecord[]> {
  const Message = `The migration of the database «${databaseName}» failed; your data was left unchanged.`;
  const drafts = [];
  for (const accountId of accountIds) {
    const admins = await usersWithPermission(context, accountId, "AccountSettings", "rw");
    drafts.push(...draftsFor(accountId, admins, "DatabaseMigrationFailed", { Message }));
  }
  return notify(context, drafts);
}
