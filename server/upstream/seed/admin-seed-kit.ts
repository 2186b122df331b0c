/**
 * What every part of the admin seed (demo-admin*.ts) works with: the record family, the clock, the
 * statement context of the acting admin and the demo accounts and staff they refer to.
 */
import type { UpstreamContext } from "../context.ts";
import type { AccountRecord, UserRecord } from "../store/records.ts";
import type { AdminRecordStoreFamily, AdminStatementContext } from "../store/types/admin-records.ts";

/** What every part of the admin seed works with. */
export interface AdminSeedKit {
  context: UpstreamContext;
  records: AdminRecordStoreFamily;
  now: number;
  /** The statement context `ago` ms before now, acting as the admin. */
  at(ago?: number): AdminStatementContext;
  admin: UserRecord;
  agent: UserRecord;
  clerk: UserRecord;
  northwind: AccountRecord;
  starter: AccountRecord;
  contoso: AccountRecord;
}
