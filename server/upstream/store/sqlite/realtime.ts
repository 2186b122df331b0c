/**
 * SQLite implementation of the realtime area's families (store/types/realtime.ts): the team
 * directory, notifications produced by events and the chat's staff side.
 */
import type { SqliteDatabase } from "../database.ts";
import type { RealtimeStores } from "../types/realtime.ts";
import { SqliteChatStaffStore } from "./realtime-chat.ts";
import { SqliteNotificationEventStore } from "./realtime-notifications.ts";
import { SqliteTeamDirectoryStore } from "./realtime-teams.ts";

/** The realtime area's families over one database. */
export function openRealtimeStores(db: SqliteDatabase): RealtimeStores {
  return {
    teams: new SqliteTeamDirectoryStore(db),
    notificationEvents: new SqliteNotificationEventStore(db),
    chatStaff: new SqliteChatStaffStore(db),
  };
}
