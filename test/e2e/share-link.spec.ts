/**
 * Public share links in Chromium against the real gateway and embedded upstream (§2.1 /v/{code} and
 * /report/chart/snapshot, §1 public shared links): the owner creates a public link in the explorer's
 * share dialog and copies it; an anonymous browser opens it and sees the dashboard in the public
 * shell (light theme, no menus); once revoked (after confirming) the same address says "not found
 * or no longer shared". A chart snapshot shared from the same dialog shows its image to visitors.
 */
import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_SALES_OVERVIEW_SHARE_CODE } from "../../server/upstream/seed/demo-analytics.ts";
import { E2E_ORIGIN, settleSessionDialogs, signIn } from "./helpers/session.ts";

const EN = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;
/** The English text of `key` with its placeholders filled. */
const text = (key: string, params: Record<string, string> = {}) =>
  (EN[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");

/** Opens the share dialog of a dashboard listed on /dashboards. */
async function openShareDialog(page: Page, name: string) {
  await page.goto("/dashboards");
  const row = page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
  await row.getByRole("button").click();
  await page.getByRole("menuitem", { name: text("Explorer_Share") }).click();
  const dialog = page.getByRole("dialog", { name: text("Explorer_ShareTitle", { name }) });
  await expect(dialog.getByRole("heading", { name: text("PublicLink_Title") })).toBeVisible();
  return dialog;
}

/** A page of a fresh browser context: no cookies, no session. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("a public link: created and copied in the share dialog, opened anonymously, revoked", async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_ORIGIN });
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  const dialog = await openShareDialog(page, "Sales overview");

  await dialog.getByRole("button", { name: text("PublicLink_Create") }).click();
  await expect(dialog.getByRole("status").filter({ hasText: text("PublicLink_Created") })).toBeVisible();
  const address = dialog.getByRole("textbox", { name: text("PublicLink_ObjectItem") }).first();
  // The list is read again after the creation: until then its first link is the demo's own.
  await expect(address).toHaveValue(new RegExp(`^${E2E_ORIGIN}/v/[A-Za-z0-9_-]{43}$`));
  const url = await address.inputValue();

  await dialog
    .getByRole("button", { name: text("PublicLink_Copy") })
    .first()
    .click();
  await expect(dialog.getByText(text("PublicLink_Copied"), { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const anonymous = await visitor(browser);
  await anonymous.goto(url);
  await expect(anonymous.getByRole("heading", { level: 1, name: "Sales overview" })).toBeVisible();
  await expect(anonymous.getByRole("navigation")).toHaveCount(0);
  await expect(anonymous.getByRole("banner")).toHaveCount(0);
  await expect(anonymous.locator("html")).toHaveAttribute("data-theme", "light");

  // Revoking asks first; keeping the link changes nothing.
  await dialog
    .getByRole("button", { name: text("PublicLink_Revoke") })
    .first()
    .click();
  await expect(dialog.getByText(text("PublicLink_RevokeQuestion"))).toBeFocused();
  await dialog.getByRole("button", { name: text("PublicLink_RevokeNo") }).click();
  await expect(dialog.getByRole("button", { name: text("PublicLink_Revoke") }).first()).toBeFocused();
  await dialog
    .getByRole("button", { name: text("PublicLink_Revoke") })
    .first()
    .click();
  await dialog.getByRole("button", { name: text("PublicLink_RevokeYes") }).click();
  await expect(dialog.getByRole("status").filter({ hasText: text("PublicLink_Revoked") })).toBeVisible();
  // What stays is the demo's own link of «Sales overview» (server/upstream/seed/README.md).
  const remaining = dialog.getByRole("textbox", { name: text("PublicLink_ObjectItem") });
  await expect(remaining).toHaveCount(1);
  await expect(remaining).toHaveValue(`${E2E_ORIGIN}/v/${DEMO_SALES_OVERVIEW_SHARE_CODE}`);

  await anonymous.reload();
  await expect(
    anonymous.getByRole("heading", { level: 1, name: text("Shared_NotFoundTitle") }),
  ).toBeVisible();
  await expect(anonymous.getByText("Sales overview")).toHaveCount(0);
  await anonymous.context().close();
});

test("a chart snapshot shared from the dialog shows its image to visitors", async ({ page, browser }) => {
  const title = `Revenue ${Date.now().toString(36)}`;
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  const dialog = await openShareDialog(page, "Marketing KPIs");

  await dialog.getByRole("button", { name: text("PublicLink_SnapshotCreate") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(text("ValidationErrorMessage_Required"));
  await dialog.getByRole("textbox", { name: text("PublicLink_SnapshotTitle") }).fill(title);
  await dialog.getByRole("textbox", { name: text("PublicLink_SnapshotTitle") }).press("Enter");
  const address = dialog.getByRole("textbox", { name: text("PublicLink_SnapshotItem", { title }) });
  await expect(address).toBeVisible();
  await expect(dialog).toBeVisible(); // Enter took the snapshot; it did not submit the team shares
  const url = await address.inputValue();
  expect(url).toMatch(/\/report\/chart\/snapshot\?code=[A-Za-z0-9_-]{43}$/);

  const anonymous = await visitor(browser);
  await anonymous.goto(url);
  await expect(anonymous.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const image = anonymous.getByRole("img", { name: text("Snapshot_ImageOf", { title }) });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await anonymous.context().close();
});
