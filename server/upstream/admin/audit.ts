/** The audit trail: security-relevant actions, written to the application log (category "Audit"). */
import type { UpstreamContext } from "../context.ts";
import type { UserRecord } from "../store/records.ts";

/** An audited action. */
export interface AuditEvent {
  action: string;
  message: string;
  actor: Pick<UserRecord, "accountId" | "recId"> | null;
  target?: Pick<UserRecord, "accountId" | "recId"> | null;
  details?: Record<string, unknown>;
}

/** Records an audit entry. */
export async function audit(context: UpstreamContext, event: AuditEvent): Promise<void> {
  await context.store.logs.write({
    at: context.now(),
    level: "Info",
    category: "Audit",
    action: event.action,
    message: event.message,
    actorAccountId: event.actor?.accountId ?? null,
    actorUserId: event.actor?.recId ?? null,
    targetAccountId: event.target?.accountId ?? null,
    targetUserId: event.target?.recId ?? null,
    details: event.details ?? null,
  });
}

/** Who really acts: the staff member when impersonating, else the user (audit entries name them). */
export function actingUser(caller: {
  user: UserRecord;
  impersonator: { user: UserRecord } | null;
}): UserRecord {
  return caller.impersonator?.user ?? caller.user;
}
