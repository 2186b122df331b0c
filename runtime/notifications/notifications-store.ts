/**
 * The notification list of this page (§4.3) and the calls behind it (§7 Notifications/): loaded when
 * the session's hub client appears (and again after a dropped connection, which may have missed
 * events), live additions from `notificationAdded`, mark read on opening, clear-all. Failures show
 * the generic banner error (§8).
 */
import i18next from "i18next";
import type { NotificationRecord } from "../../schemas/payloads/notification-record.ts";
import { apiRequest } from "../http/api-client.ts";
import { errorBannerText } from "../http/api-error.ts";
import type { HubClient } from "../realtime/hub-client.ts";
import { realtimeClient } from "../session/realtime-session.ts";
import { showBanner } from "../state/banner-store.ts";
import { createStore } from "../state/create-store.ts";
import {
  idsToMarkRead,
  initialNotificationsState,
  isNotificationRecord,
  type NotificationsAction,
  notificationsReducer,
} from "./notifications-state.ts";

/** The list endpoint of §7. */
export const NOTIFICATIONS_PATH = "Notifications/";
/** The upstream accepts at most this many ids per PUT Notifications/. */
export const MARK_READ_BATCH = 1000;

/** The notification list of this page. */
export const notificationsStore = createStore(initialNotificationsState());

type Request = typeof apiRequest;
let request: Request = apiRequest;

/** Replaces the HTTP call (tests). */
export function setNotificationsRequest(next: Request): void {
  request = next;
}

function dispatch(action: NotificationsAction): void {
  const next = notificationsReducer(notificationsStore.get(), action);
  // The reducer already produced the next immutable state: it replaces the current one.
  notificationsStore.update(() => next);
}

function showError(error: unknown): void {
  const text = errorBannerText(error, (key) => i18next.exists(key));
  if (text) showBanner({ kind: "error", textKey: text.key });
}

/** Sends what is marked read locally (PUT Notifications/, in batches); a failure makes them new again. */
async function saveRead(): Promise<void> {
  const ids = idsToMarkRead(notificationsStore.get());
  if (ids.length === 0) return;
  dispatch({ type: "readSending", recIds: ids });
  for (let start = 0; start < ids.length; start += MARK_READ_BATCH) {
    const batch = ids.slice(start, start + MARK_READ_BATCH);
    try {
      await request(NOTIFICATIONS_PATH, { method: "PUT", body: { NotificationRecIds: batch } });
    } catch (error) {
      dispatch({ type: "readFailed", recIds: batch });
      showError(error);
    }
  }
}

let loadGeneration = 0;

/** Loads the list (GET Notifications/); the newest load wins. */
export async function loadNotifications(): Promise<void> {
  const generation = ++loadGeneration;
  dispatch({ type: "loadStarted" });
  try {
    const body = await request<unknown>(NOTIFICATIONS_PATH);
    if (generation !== loadGeneration) return;
    const records = Array.isArray(body) ? body.filter(isNotificationRecord) : [];
    dispatch({ type: "loaded", records });
    await saveRead();
  } catch (error) {
    if (generation !== loadGeneration) return;
    dispatch({ type: "loadFailed" });
    showError(error);
  }
}

/** §4.3: the dropdown opens; what was new is marked read. */
export function openNotifications(): Promise<void> {
  dispatch({ type: "opened" });
  return saveRead();
}

/** The dropdown closes. */
export function closeNotifications(): void {
  dispatch({ type: "closed" });
}

/** §4.3 clear-all (DELETE Notifications/). */
export async function clearNotifications(): Promise<void> {
  try {
    await request(NOTIFICATIONS_PATH, { method: "DELETE" });
    dispatch({ type: "cleared" });
  } catch (error) {
    showError(error);
  }
}

/** A live `notificationAdded` (§7): on top of the list, once; read at once when the dropdown is open. */
export function receiveNotification(value: unknown): void {
  if (!isNotificationRecord(value)) return;
  dispatch({ type: "added", record: value as NotificationRecord });
  void saveRead();
}

/** Listens on a hub client; returns the unsubscribe. */
export function attachNotifications(client: HubClient): () => void {
  let dropped = false;
  const offEvent = client.on("user", "notificationAdded", receiveNotification);
  const offStatus = client.status.subscribe((status) => {
    if (status === "reconnecting" || status === "unreachable") dropped = true;
    else if (status === "connected" && dropped) {
      dropped = false;
      void loadNotifications();
    }
  });
  return () => {
    offEvent();
    offStatus();
  };
}

let detach: (() => void) | null = null;
let started = false;

function follow(client: HubClient | null): void {
  detach?.();
  detach = null;
  loadGeneration += 1;
  dispatch({ type: "reset" });
  if (!client) return;
  detach = attachNotifications(client);
  void loadNotifications();
}

/** Starts following the session's realtime client (the bell calls it when it first mounts). */
export function startNotifications(): void {
  if (started) return;
  started = true;
  follow(realtimeClient.get());
  realtimeClient.subscribe(follow);
}
