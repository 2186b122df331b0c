/**
 * Every family of the admin area together (`store.admin`, §2.4). The rules they share are in
 * ./admin-records.ts.
 */

import type { AdminIdentityStoreFamily } from "./admin-identity.ts";
import type { AdminJobStoreFamily } from "./admin-jobs.ts";
import type { AdminNetworkStoreFamily } from "./admin-network.ts";
import type { AdminRecordStoreFamily } from "./admin-records.ts";
import type { AdminSupportStoreFamily } from "./admin-support.ts";
import type { AdminSystemStoreFamily } from "./admin-system.ts";

/** Every family of the admin area (store/index.ts exposes them as `store.admin`). */
export interface AdminStores {
  records: AdminRecordStoreFamily;
  identity: AdminIdentityStoreFamily;
  network: AdminNetworkStoreFamily;
  support: AdminSupportStoreFamily;
  jobs: AdminJobStoreFamily;
  system: AdminSystemStoreFamily;
}
