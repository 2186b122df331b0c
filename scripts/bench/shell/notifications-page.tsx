/**
 * The notifications bench page: the runtime's real notification dropdown content
 * (runtime/notifications/notifications-panel.tsx — manifest templates, the kit's virtual list) in the
 * dropdown's §9 width, fed a list handed over by the benchmark (real records from the upstream,
 * repeated to the wanted count). `window.tesseraNotificationsBench(input)` mounts it (replacing an
 * earlier mount) and returns the time to a committed, laid-out list, and the time to the next frame.
 * The first mount in a page also pays the page's one-time costs (JIT, Intl date formats, DOMPurify
 * set-up); the benchmark reports it apart from a second mount.
 */
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { initI18n } from "../../../runtime/i18n/i18n.ts";
import NotificationsPanel from "../../../runtime/notifications/notifications-panel.tsx";
import { notificationsStore } from "../../../runtime/notifications/notifications-store.ts";
import { NOTIFICATION_DROPDOWN_WIDTH_PX } from "../../../runtime/state/constants.ts";
import { ManifestContext } from "../../../runtime/state/manifest-context.tsx";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import type { NotificationRecord } from "../../../schemas/payloads/notification-record.ts";
import "../../../runtime/theme/base.css";
import "../../../runtime/notifications/notifications.css";

/** What the benchmark passes in. */
export interface NotificationsBenchInput {
  manifest: ClientManifest;
  records: NotificationRecord[];
}

/** What one mount measured. */
export interface NotificationsBenchResult {
  /** From render start to the list committed and laid out, in milliseconds. */
  renderMs: number;
  /** From render start to the next animation frame (painted), in milliseconds. */
  frameMs: number;
  /** Rows in the DOM (virtualised: a screenful plus the buffer). */
  rows: number;
  /** Entries the list holds (its aria-setsize / total). */
  total: number;
}

let mounted: Root | null = null;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

declare global {
  interface Window {
    tesseraNotificationsBench: (input: NotificationsBenchInput) => Promise<NotificationsBenchResult>;
  }
}

window.tesseraNotificationsBench = async ({ manifest, records }) => {
  await initI18n("en");
  const container = document.getElementById("root");
  if (!container) throw new Error("missing #root");
  // The list as the store holds it once GET Notifications/ answered and the dropdown opened.
  notificationsStore.update((state) => {
    state.status = "ready";
    state.records = records;
    state.open = true;
    state.highlighted = [];
    state.pendingRead = [];
  });
  if (mounted) flushSync(() => mounted?.unmount());
  await nextFrame();
  const root = createRoot(container);
  mounted = root;
  // The runtime's router kind (runtime/boot/app-root.tsx), in memory.
  const page = (
    <MemoryRouter>
      <ManifestContext.Provider value={manifest}>
        <div className="notif-popover__content" style={{ width: NOTIFICATION_DROPDOWN_WIDTH_PX }}>
          <NotificationsPanel close={() => undefined} />
        </div>
      </ManifestContext.Provider>
    </MemoryRouter>
  );
  const start = performance.now();
  flushSync(() => root.render(page));
  // Reading a layout property forces style and layout of what was committed.
  container.getBoundingClientRect();
  const renderMs = performance.now() - start;
  await nextFrame();
  const frameMs = performance.now() - start;
  const rows = container.querySelectorAll('[role="listitem"]').length;
  const last = container.querySelector('[role="listitem"][aria-setsize]');
  const total = Number(last?.getAttribute("aria-setsize") ?? records.length);
  return { renderMs, frameMs, rows, total };
};
