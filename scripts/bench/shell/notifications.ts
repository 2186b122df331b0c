/**
 * The 10,000-notification measure: real notification records of the demo owner (GET
 * /api/Notifications/ through the real gateway and upstream) and the owner's client manifest,
 * repeated to the wanted count with distinct ids, rendered by the bench page
 * (notifications-page.tsx) in a fresh browser context per round.
 */
import type { Browser } from "@playwright/test";
import type { NotificationRecord } from "../../../schemas/payloads/notification-record.ts";
import { OWNER, signInAs } from "../../../test/e2e/helpers/main-screens.ts";
import type { NotificationsBenchResult } from "./notifications-page.tsx";

/** The owner's manifest and notifications, from the real gateway. */
export async function fetchNotificationInput(
  browser: Browser,
  origin: string,
): Promise<{ manifest: unknown; records: NotificationRecord[] }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAs(page, OWNER, origin);
    const manifest = await (await page.request.get(`${origin}/gw/manifest`)).json();
    const records = (await (
      await page.request.get(`${origin}/api/Notifications/`)
    ).json()) as NotificationRecord[];
    if (!Array.isArray(records) || records.length === 0) throw new Error("the owner has no notifications");
    return { manifest, records };
  } finally {
    await context.close();
  }
}

/** `count` records cycling through `seed`, each with its own RecId, newest first. */
export function repeatRecords(seed: readonly NotificationRecord[], count: number): NotificationRecord[] {
  return Array.from({ length: count }, (_, index) => {
    const record = seed[index % seed.length] as NotificationRecord;
    return { ...record, RecId: count - index };
  });
}

/** One round's two mounts of the list: the page's first, and a second one in the same page. */
export interface NotificationsRound {
  cold: NotificationsBenchResult;
  warm: NotificationsBenchResult;
}

/** One round: a fresh context opens the bench page and renders the list twice. */
export async function renderNotificationsOnce(
  browser: Browser,
  pageUrl: string,
  input: { manifest: unknown; records: NotificationRecord[] },
): Promise<NotificationsRound> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(pageUrl);
    await page.waitForFunction(() => typeof window.tesseraNotificationsBench === "function");
    const mount = async () => {
      const result = await page.evaluate((data) => window.tesseraNotificationsBench(data as never), input);
      if (result.rows === 0) throw new Error("the list rendered no row");
      if (result.total !== input.records.length) {
        throw new Error(`the list holds ${result.total} entries, not ${input.records.length}`);
      }
      return result;
    };
    const cold = await mount();
    const warm = await mount();
    return { cold, warm };
  } finally {
    await context.close();
  }
}
