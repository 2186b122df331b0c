/**
 * The notification list of the top bar (§4.3 list states) as a pure reducer: loaded from
 * `GET Notifications/`, an entry is new until the dropdown is opened, then marked read; clear-all
 * empties the list; live additions from `notificationAdded` go on top, once.
 */
import { produce } from "immer";
import type { NotificationRecord } from "../../schemas/payloads/notification-record.ts";

/** The list and the dropdown. */
export interface NotificationsState {
  status: "idle" | "loading" | "ready" | "error";
  /** Newest first. */
  records: NotificationRecord[];
  open: boolean;
  /** Entries shown as new while the dropdown is open: new when it opened, or arrived since. */
  highlighted: number[];
  /** Marked read locally, not yet sent with PUT Notifications/. */
  pendingRead: number[];
}

/** What happens to the list. */
export type NotificationsAction =
  | { type: "loadStarted" }
  | { type: "loaded"; records: readonly NotificationRecord[] }
  | { type: "loadFailed" }
  | { type: "opened" }
  | { type: "closed" }
  | { type: "added"; record: NotificationRecord }
  | { type: "readSending"; recIds: readonly number[] }
  | { type: "readFailed"; recIds: readonly number[] }
  | { type: "cleared" }
  | { type: "reset" };

/** The state of a page without a session. */
export function initialNotificationsState(): NotificationsState {
  return { status: "idle", records: [], open: false, highlighted: [], pendingRead: [] };
}

/** How many entries the bell counts (§4.3: new until the dropdown is opened). */
export function unreadCount(state: NotificationsState): number {
  let count = 0;
  for (const record of state.records) if (record.IsNew) count += 1;
  return count;
}

/** The ids to send with PUT Notifications/ now: marked read locally, not yet sent. */
export function idsToMarkRead(state: NotificationsState): number[] {
  return [...state.pendingRead];
}

/** A live `notificationAdded` argument that is a usable record (the identity and code are present). */
export function isNotificationRecord(value: unknown): value is NotificationRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(record.RecId) && typeof record.Code === "string" && typeof record.IsNew === "boolean"
  );
}

function markAllRead(draft: NotificationsState): void {
  for (const record of draft.records) {
    if (!record.IsNew) continue;
    record.IsNew = false;
    draft.pendingRead.push(record.RecId);
  }
}

/** §4.3 as data. */
export function notificationsReducer(
  state: NotificationsState,
  action: NotificationsAction,
): NotificationsState {
  return produce(state, (draft) => {
    switch (action.type) {
      case "loadStarted":
        draft.status = "loading";
        return;
      case "loaded": {
        draft.status = "ready";
        draft.records = action.records.map((record) => ({ ...record }));
        draft.pendingRead = [];
        if (draft.open) {
          draft.highlighted = draft.records.filter((record) => record.IsNew).map((record) => record.RecId);
          markAllRead(draft);
        }
        return;
      }
      case "loadFailed":
        draft.status = "error";
        return;
      case "opened":
        // The entries new at this opening stay highlighted while it lasts; the count drops at once.
        draft.open = true;
        draft.highlighted = draft.records.filter((record) => record.IsNew).map((record) => record.RecId);
        markAllRead(draft);
        return;
      case "closed":
        draft.open = false;
        draft.highlighted = [];
        return;
      case "added": {
        if (draft.records.some((record) => record.RecId === action.record.RecId)) return;
        draft.records.unshift({ ...action.record });
        if (draft.open && action.record.IsNew) {
          // Seen as it arrives: shown as new, and marked read with the others.
          draft.highlighted.push(action.record.RecId);
          markAllRead(draft);
        }
        return;
      }
      case "readSending": {
        const sending = new Set(action.recIds);
        draft.pendingRead = draft.pendingRead.filter((id) => !sending.has(id));
        return;
      }
      case "readFailed": {
        // The server still has them as new: so does the bell.
        const failed = new Set(action.recIds);
        for (const record of draft.records) if (failed.has(record.RecId)) record.IsNew = true;
        return;
      }
      case "cleared":
        draft.records = [];
        draft.highlighted = [];
        draft.pendingRead = [];
        return;
      case "reset":
        return initialNotificationsState();
    }
  });
}
