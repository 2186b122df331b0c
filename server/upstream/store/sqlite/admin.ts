/**
 * SQLite implementation of the admin area's families (store/types/admin*.ts): the generic records
 * behind most §2.4 screens and the specialised families (identity, network, support, jobs, system)
 * whose changes span several tables or need more than SQL.
 */
import type { SqliteDatabase } from "../database.ts";
import type { AdminStores } from "../types/admin.ts";
import { SqliteAdminIdentityStore } from "./admin-identity.ts";
import { SqliteAdminJobStore } from "./admin-jobs.ts";
import { SqliteAdminNetworkStore } from "./admin-network.ts";
import { SqliteAdminRecordStore } from "./admin-records.ts";
import { SqliteAdminSupportStore } from "./admin-support.ts";
import { SqliteAdminSystemStore } from "./admin-system.ts";

/** The admin area's families over one database. */
export function openAdminStores(db: SqliteDatabase): AdminStores {
  return {
    records: new SqliteAdminRecordStore(db),
    identity: new SqliteAdminIdentityStore(db),
    network: new SqliteAdminNetworkStore(db),
    support: new SqliteAdminSupportStore(db),
    jobs: new SqliteAdminJobStore(db),
    system: new SqliteAdminSystemStore(db),
  };
}
