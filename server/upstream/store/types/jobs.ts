/** Every family of the jobs area together (`store.jobs`): the producers of the §4.3 events. */
import type { AutomationStores } from "./automation.ts";
import type { BillingJobStoreFamily } from "./billing-jobs.ts";
import type { DataTableStoreFamily } from "./data-tables.ts";
import type { ExportJobStoreFamily } from "./exports.ts";
import type { ImportJobStoreFamily } from "./imports.ts";

/** Every family of the jobs area. */
export interface JobStores extends AutomationStores {
  dataTables: DataTableStoreFamily;
  exports: ExportJobStoreFamily;
  imports: ImportJobStoreFamily;
  billing: BillingJobStoreFamily;
}
