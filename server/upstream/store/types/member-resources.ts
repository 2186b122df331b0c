/**
 * Every family of the member-side resources together (`store.content`, migration 7): the library,
 * comments, tickets, tasks, media and the account screens' resources.
 */

import type {
  ApiKeyStoreFamily,
  ManagedAccountStoreFamily,
  ProjectStoreFamily,
  UsageStoreFamily,
} from "./account-resources.ts";
import type { CommentStoreFamily } from "./comments.ts";
import type { FolderStoreFamily, HistoryStoreFamily, LibraryStoreFamily } from "./library.ts";
import type { MediaStoreFamily } from "./media.ts";
import type { TaskStoreFamily } from "./tasks.ts";
import type { TicketStoreFamily } from "./tickets.ts";

/** Every family of the member-side resources, as the store exposes them. */
export interface ContentResourceStores {
  folders: FolderStoreFamily;
  library: LibraryStoreFamily;
  history: HistoryStoreFamily;
  comments: CommentStoreFamily;
  tickets: TicketStoreFamily;
  tasks: TaskStoreFamily;
  media: MediaStoreFamily;
  apiKeys: ApiKeyStoreFamily;
  usage: UsageStoreFamily;
  managedAccounts: ManagedAccountStoreFamily;
  projects: ProjectStoreFamily;
}
