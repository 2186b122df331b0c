/**
 * The calls behind the notification list (§7 Notifications/) with a fake HTTP layer and a fake
 * hub client: load, mark read on opening (batched), clear-all, live additions, reload after a drop.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { ApiError, UNKNOWN_FAILURE_KEY } from "../../../runtime/http/api-error.ts";
import { unreadCount } from "../../../runtime/notifications/notifications-state.ts";
import {
  attachNotifications,
  clearNotifications,
  closeNotifications,
  loadNotifications,
  MARK_READ_BATCH,
  NOTIFICATIONS_PATH,
  notificationsStore,
  openNotifications,
  receiveNotification,
  setNotificationsRequest,
} from "../../../runtime/notifications/notifications-store.ts";
import type { HubClient, HubClientStatus } from "../../../runtime/realtime/hub-client.ts";
import { ObservableValue } from "../../../runtime/realtime/observable-value.ts";
import { bannerStore, dismissBanner } from "../../../runtime/state/banner-store.ts";

interface Call {
  path: string;
  method: string;
  body?: unknown;
}

let calls: Call[] = [];
let list: unknown[] = [];
let failPut = false;

const record = (RecId: number, IsNew = true) => ({
  RecId,
  IsNew,
  Code: "AddedToTeam",
  Date: "2030-01-01T00:00:00Z",
});

function fakeRequest() {
  setNotificationsRequest((async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? "GET";
    calls.push({ path, method, ...(options.body === undefined ? {} : { body: options.body }) });
    if (method === "GET") return list;
    if (method === "PUT" && failPut) throw new ApiError(500, null, "boom");
    return null;
  }) as never);
}

describe("notifications store (§4.3, §7)", () => {
  beforeEach(async () => {
    calls = [];
    list = [];
    failPut = false;
    fakeRequest();
    closeNotifications();
    await loadNotifications();
    calls = [];
  });
  afterEach(() => dismissBanner());

  test("loads GET Notifications/ and keeps only usable records", async () => {
    list = [record(2), record(1, false), { RecId: "x" }];
    await loadNotifications();
    assert.deepEqual(calls, [{ path: NOTIFICATIONS_PATH, method: "GET" }]);
    assert.equal(notificationsStore.get().records.length, 2);
    assert.equal(unreadCount(notificationsStore.get()), 1);
  });

  test("opening sends the new ids with PUT and the count drops", async () => {
    list = [record(3), record(2), record(1, false)];
    await loadNotifications();
    calls = [];
    await openNotifications();
    assert.deepEqual(calls, [
      { path: NOTIFICATIONS_PATH, method: "PUT", body: { NotificationRecIds: [3, 2] } },
    ]);
    assert.equal(unreadCount(notificationsStore.get()), 0);
    closeNotifications();
    await openNotifications();
    assert.equal(calls.length, 1, "nothing new: no second PUT");
  });

  test(`more than ${MARK_READ_BATCH} new entries are marked read in batches`, async () => {
    list = Array.from({ length: MARK_READ_BATCH + 5 }, (_, index) => record(index + 1));
    await loadNotifications();
    calls = [];
    await openNotifications();
    assert.deepEqual(
      calls.map((call) => (call.body as { NotificationRecIds: number[] }).NotificationRecIds.length),
      [MARK_READ_BATCH, 5],
    );
  });

  test("a failed PUT shows the generic error and the entries count as new again", async () => {
    list = [record(1)];
    await loadNotifications();
    failPut = true;
    await openNotifications();
    assert.equal(unreadCount(notificationsStore.get()), 1);
    assert.equal(bannerStore.get().banner?.kind, "error");
    assert.equal((bannerStore.get().banner as { textKey: string }).textKey, UNKNOWN_FAILURE_KEY);
  });

  test("clear-all sends DELETE and empties the list", async () => {
    list = [record(1)];
    await loadNotifications();
    calls = [];
    await clearNotifications();
    assert.deepEqual(calls, [{ path: NOTIFICATIONS_PATH, method: "DELETE" }]);
    assert.deepEqual(notificationsStore.get().records, []);
  });

  test("a live addition while open is marked read at once", async () => {
    await openNotifications();
    calls = [];
    receiveNotification(record(7));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, [{ path: NOTIFICATIONS_PATH, method: "PUT", body: { NotificationRecIds: [7] } }]);
    assert.deepEqual(notificationsStore.get().highlighted, [7]);
  });

  test("the hub's notificationAdded reaches the list; a reconnect after a drop reloads it", async () => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const status = new ObservableValue<HubClientStatus>("connecting");
    const client = {
      status,
      on: (hub: string, target: string, handler: (...args: unknown[]) => void) => {
        handlers.set(`${hub}:${target}`, handler);
        return () => handlers.delete(`${hub}:${target}`);
      },
    } as unknown as HubClient;
    const off = attachNotifications(client);
    handlers.get("user:notificationAdded")?.(record(11));
    assert.equal(notificationsStore.get().records[0]?.RecId, 11);
    status.set("connected");
    assert.equal(calls.length, 0, "the first connect does not reload");
    status.set("reconnecting");
    status.set("connected");
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, [{ path: NOTIFICATIONS_PATH, method: "GET" }]);
    off();
    assert.equal(handlers.size, 0);
  });
});
