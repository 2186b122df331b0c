/**
 * The admin area's families on PostgreSQL (../sqlite/admin.ts): the generic records behind most §2.4
 * screens and the specialised families whose changes span several tables.
 */
import type { AdminStores } from "../types/admin.ts";
import { PostgresAdminIdentityStore } from "./admin-identity.ts";
import { PostgresAdminJobStore } from "./admin-jobs.ts";
import { PostgresAdminNetworkStore } from "./admin-network.ts";
import { PostgresAdminRecordStore } from "./admin-records.ts";
import { PostgresAdminSupportStore } from "./admin-support.ts";
import { PostgresAdminSystemStore } from "./admin-system.ts";
import type { UpstreamDatabase } from "./database.ts";

/** The admin area's families over one database. */
export function openAdminStores(db: UpstreamDatabase): AdminStores {
  return {
    records: new PostgresAdminRecordStore(db),
    identity: new PostgresAdminIdentityStore(db),
    network: new PostgresAdminNetworkStore(db),
    support: new PostgresAdminSupportStore(db),
    jobs: new PostgresAdminJobStore(db),
    system: new PostgresAdminSystemStore(db),
  };
}
