/**
 * PostgreSQL implementation of the realtime area's families (../sqlite/realtime.ts): the team
 * directory, notifications produced by events and the chat's staff side.
 */
import type { RealtimeStores } from "../types/realtime.ts";
import type { UpstreamDatabase } from "./database.ts";
import { PostgresChatStaffStore } from "./realtime-chat.ts";
import { PostgresNotificationEventStore } from "./realtime-notifications.ts";
import { PostgresTeamDirectoryStore } from "./realtime-teams.ts";

/** The realtime area's families over one database. */
export function openRealtimeStores(db: UpstreamDatabase): RealtimeStores {
  return {
    teams: new PostgresTeamDirectoryStore(db),
    notificationEvents: new PostgresNotificationEventStore(db),
    chatStaff: new PostgresChatStaffStore(db),
  };
}
