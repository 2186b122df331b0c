/**
 * Notifications (§4.3) against the real gateway and the embedded upstream's demo seed: the owner's
 * seeded codes through the manifest templates, the unread count dropping once the dropdown opened
 * (and staying down), a route link, a live addition caused by another user, and clear-all.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { apiSession, closeSessionDialogs, signIn } from "./helpers/session.ts";

const readJson = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
/** English texts (locales/en.json). */
const text = readJson("locales/en.json");
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The bell's name: "Notifications", or with its unread count. */
const unreadName = new RegExp(
  `^${escapeRegExp(text.Notifications_ButtonUnread ?? "").replace("\\{\\{count\\}\\}", "(\\d+)")}$`,
);
const bell = (page: Page) =>
  page
    .getByRole("banner")
    .getByRole("button", { name: new RegExp(`^${escapeRegExp(text.Notifications_Button ?? "")}`) });
const panel = (page: Page) => page.getByRole("dialog", { name: text.Notifications_Title });

test.describe.configure({ mode: "serial" });

test("the owner sees the seeded codes; opening the dropdown marks them read", async ({ page }) => {
  await signIn(page, "owner");
  await page.goto("/");
  await closeSessionDialogs(page);
  await expect(bell(page)).toHaveAccessibleName(unreadName);
  const unread = Number(unreadName.exec((await bell(page).getAttribute("aria-label")) ?? "")?.[1]);
  expect(unread).toBeGreaterThan(0);

  await bell(page).click();
  const list = panel(page).getByRole("list", { name: text.Notifications_Title });
  await expect(list).toBeVisible();
  // The newest entries: Custom (title and body as sent), the ticket with its name escaped, the downgrade reminder.
  await expect(list.getByText("Welcome to Tessera")).toBeVisible();
  await expect(
    list.getByText("Your demo account is ready. Explore the dashboards to get started."),
  ).toBeVisible();
  await expect(list.getByText(/<b>urgent<\/b>/)).toBeVisible();
  await expect(list.getByText(/will be downgraded to/)).toBeVisible();
  await expect(list.getByText(text.Notifications_New ?? "New", { exact: true }).first()).toBeVisible();

  // §4.3: the count drops as soon as the dropdown opened, and the server keeps it read.
  await expect(bell(page)).toHaveAccessibleName(text.Notifications_Button ?? "");
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
  await page.reload();
  await closeSessionDialogs(page);
  await expect(bell(page)).toHaveAccessibleName(text.Notifications_Button ?? "");
});

test("a route link of an entry navigates in the app", async ({ page }) => {
  await signIn(page, "owner");
  await page.goto("/");
  await closeSessionDialogs(page);
  await bell(page).click();
  const list = panel(page).getByRole("list", { name: text.Notifications_Title });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  // DeprecatedConnector is among the oldest entries: the virtual list renders it once scrolled there.
  await list.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  const link = list.getByRole("link", { name: text.NotificationLink_ViewConnections });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/connection$/);
  await expect(panel(page)).toBeHidden();
});

test("a notification caused by another user appears live; clear-all empties the list", async ({ page }) => {
  await signIn(page, "viewer");
  await page.goto("/");
  await closeSessionDialogs(page);
  await expect(bell(page)).toBeVisible();
  const session = (await (await page.request.get("/gw/session")).json()) as {
    user: { User: { RecId: number } };
  };
  const viewerRecId = session.user.User.RecId;

  // The owner adds the viewer (an English-speaking user) to a new team through the API, from a session of their own.
  const owner = await apiSession("owner");
  const team = `E2E live ${Date.now()}`;
  const created = await owner.api.post("/api/Teams", {
    data: { Name: team, MemberRecIds: [viewerRecId] },
    headers: owner.headers,
  });
  expect(created.status()).toBe(201);
  await owner.api.dispose();

  await expect(bell(page)).toHaveAccessibleName(unreadName);
  await bell(page).click();
  const entry = panel(page).getByRole("listitem").filter({ hasText: team });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("Olivia Owner");

  await panel(page).getByRole("button", { name: text.Notifications_ClearAll }).click();
  await expect(panel(page).getByText(text.Notifications_Empty ?? "")).toBeVisible();
  await expect(panel(page).getByRole("listitem")).toHaveCount(0);
  await page.reload();
  await closeSessionDialogs(page);
  await bell(page).click();
  await expect(panel(page).getByText(text.Notifications_Empty ?? "")).toBeVisible();
});
