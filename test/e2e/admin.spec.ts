/**
 * The manifest-defined admin screens against the real gateway and the embedded upstream's demo seed
 * (§2.4, §6): staff with Write search, open and edit a record; read-only staff see the same screen with
 * disabled inputs and no delete; a member is sent home (§4.1 step 9); `?id=` opens a support ticket and
 * its /delete link asks before deleting (§4.3 admin ticket routing).
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { settleSessionDialogs, signIn } from "./helpers/session.ts";

const EN = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;

/** The text the page shows for `key`: i18next falls back to the key itself. */
function text(key: string, params: Record<string, string> = {}): string {
  return (EN[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");
}

async function signInStaff(page: Page, who: "staffAdmin" | "staffAuditor"): Promise<void> {
  await signIn(page, who);
  await settleSessionDialogs(page);
}

/** The demo account edited here: no other test's subject. */
const ACCOUNT = "Northwind Starter";

const detailPanel = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: text("AdminList_Search") });

test("staff with Write search the accounts, open one, edit a field and save it", async ({ page }) => {
  await signInStaff(page, "staffAdmin");
  await page.goto("/admin/accounts");
  await expect(page.getByRole("heading", { level: 1, name: text("PageTitle_AdminAccounts") })).toBeVisible();
  await expect(page.getByRole("button", { name: "Northwind Analytics", exact: true })).toBeVisible();

  await searchBox(page).fill("Starter");
  await expect(page).toHaveURL(/[?&]search=Starter/);
  await expect(page.getByRole("button", { name: "Northwind Analytics", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: ACCOUNT, exact: true }).click();

  const panel = detailPanel(page, ACCOUNT);
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/[?&]id=\d+/);
  const trialEnds = panel.getByLabel(text("Field_TrialEndsAt"));
  await expect(trialEnds).toBeEnabled();
  const original = await trialEnds.inputValue();
  const changed = original === "2027-03-31" ? "2027-04-30" : "2027-03-31";
  await trialEnds.fill(changed);
  await panel.getByRole("button", { name: text("Form_Submit"), exact: true }).click();
  await expect(page.getByText(text("AdminScreen_Saved"))).toBeVisible();

  // The URL kept the search and the record: a reload shows the saved value.
  await page.reload();
  await expect(searchBox(page)).toHaveValue("Starter");
  const reloaded = detailPanel(page, ACCOUNT).getByLabel(text("Field_TrialEndsAt"));
  await expect(reloaded).toHaveValue(changed);

  // Leave the demo data as it was.
  await reloaded.fill(original);
  await detailPanel(page, ACCOUNT)
    .getByRole("button", { name: text("Form_Submit"), exact: true })
    .click();
  await expect(page.getByText(text("AdminScreen_Saved"))).toBeVisible();
});

test("read-only staff see the accounts with disabled inputs and no delete", async ({ page }) => {
  await signInStaff(page, "staffAuditor");
  await page.goto("/admin/accounts");
  await expect(page.getByRole("heading", { level: 1, name: text("PageTitle_AdminAccounts") })).toBeVisible();
  await expect(page.getByRole("button", { name: text("Action_NewAccount") })).toHaveCount(0);

  await page
    .getByRole("button", { name: text("AdminList_RowActions", { name: "Northwind Analytics" }) })
    .click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: text("Action_Open") })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: text("Action_Delete") })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);

  await page.getByRole("button", { name: "Northwind Analytics", exact: true }).click();
  const panel = detailPanel(page, "Northwind Analytics");
  await expect(panel.getByText(text("AdminDetail_ReadOnly"))).toBeVisible();
  await expect(panel.getByRole("textbox", { name: text("Field_Name") })).toBeDisabled();
  await expect(panel.getByRole("button", { name: text("Form_Submit"), exact: true })).toBeDisabled();
  await expect(panel.getByRole("button", { name: text("Action_Delete") })).toBeDisabled();
  // §6: the header button and the secondary footer button stay usable.
  const close = panel.getByRole("button", { name: text("AdminDialog_Close") });
  await expect(close.first()).toBeEnabled();
  await expect(close.last()).toBeEnabled();
  await close.last().click();
  await expect(panel).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]id=/);
});

test("a member going to /admin/accounts lands on /", async ({ page }) => {
  await signIn(page, "owner");
  await page.goto("/admin/accounts");
  await expect(page).toHaveURL(/\/$/);
});

test("/admin/support?id=… opens the ticket with its comments; its /delete link asks first", async ({
  page,
}) => {
  await signInStaff(page, "staffAdmin");
  const answer = await page.request.get("/api/Admin/Support?search=Export%20fails");
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: Array<{ RecId: number; Name: string }> };
  const ticket = items[0];
  if (!ticket) throw new Error("the demo ticket is missing");

  await page.goto(`/admin/support?id=${ticket.RecId}`);
  const panel = detailPanel(page, ticket.Name);
  await expect(panel).toBeVisible();
  const comments = panel.getByRole("region", { name: text("Panel_Comments") });
  await expect(comments.getByText("It happens with every export larger than 50,000 rows.")).toBeVisible();
  await expect(comments.getByText(text("AdminComment_Internal"))).toBeVisible();

  await page.goto(`/admin/support/${ticket.RecId}/delete`);
  await expect(page).toHaveURL(/\/admin\/support\?.*delete=true/);
  const question = page.getByRole("alertdialog", { name: text("AdminConfirm_Title") });
  await expect(question).toBeVisible();
  await expect(question).toContainText(ticket.Name);
  const cancel = question.getByRole("button", { name: text("AdminDialog_Cancel") });
  await expect(cancel).toBeFocused();
  await cancel.click();
  await expect(question).toHaveCount(0);
  await expect(detailPanel(page, ticket.Name)).toBeVisible();
});
