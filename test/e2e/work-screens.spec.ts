/**
 * The work and account screens against the real gateway and embedded upstream (demo seed): the
 * owner creates a support ticket and comments on it with an attachment, reads a task and its log,
 * edits a role's permissions (the permission string round-trips through the upstream), chooses a
 * team and sees its members, creates an API key (secret shown once) and revokes it, and
 * /support/{recId} lands on the ticket.
 */
import { expect, type Page, test } from "@playwright/test";
import { settleSessionDialogs, signIn } from "./helpers/session.ts";

/** A name no other test uses, so parallel runs against the one seeded upstream never collide. */
const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
});

test("the owner creates a support ticket and adds a comment with an attachment", async ({ page }) => {
  const title = unique("Export stalls");
  await page.goto("/supporttickets");
  await expect(page.getByRole("heading", { level: 1, name: "Support tickets" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export fails & times out" })).toBeVisible();

  await page.getByRole("button", { name: "New ticket" }).click();
  const dialog = page.getByRole("dialog", { name: "New support ticket" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Create ticket" }).click();
  await expect(dialog.getByText("This field is required").first()).toBeVisible();
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog.getByRole("textbox", { name: "Description" }).fill("The nightly export stops at 80 %.");
  await dialog.getByRole("button", { name: "Create ticket" }).click();

  await expect(page).toHaveURL(/\/supporttickets\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(page.getByText("No comments yet.")).toBeVisible();

  await page
    .getByRole("textbox", { name: "Your comment" })
    .fill("It happens <b>every</b> night, see https://example.com/log");
  await page.locator(`#ticket-${await ticketId(page)}-attachments-input`).setInputFiles({
    name: "export.log",
    mimeType: "text/plain",
    buffer: Buffer.from("80% done\nstalled\n"),
  });
  await expect(page.getByRole("list", { name: "Selected files" })).toContainText("export.log");
  await page.getByRole("button", { name: "Add comment" }).click();

  const thread = page.getByRole("heading", { level: 3, name: "Comments (1)" });
  await expect(thread).toBeVisible();
  const comment = page.getByRole("article", { name: "Olivia Owner" }).filter({ hasText: "It happens" });
  await expect(comment).toContainText("It happens every night");
  // The server's HTML is sanitised and rendered: the bold stays markup, not text.
  await expect(comment.locator("b")).toHaveText("every");
  await expect(comment.getByRole("link", { name: "export.log" })).toHaveAttribute(
    "href",
    /^\/api\/SupportTickets\/\d+\/Attachments\//,
  );
  await expect(page.getByRole("textbox", { name: "Your comment" })).toHaveValue("");
});

test("/support/{recId} lands on the ticket", async ({ page }) => {
  const list = await page.request.get("/api/SupportTickets?page=1&pageSize=50&search=Export%20fails");
  expect(list.ok()).toBe(true);
  const ticket = ((await list.json()) as { items: Array<{ RecId: number; Title: string }> }).items[0];
  expect(ticket).toBeDefined();
  await page.goto(`/support/${ticket?.RecId}`);
  await expect(page).toHaveURL(new RegExp(`/supporttickets\\?id=${ticket?.RecId}$`));
  await expect(page.getByRole("heading", { level: 2, name: ticket?.Title })).toBeVisible();
  // The staff reply is shown; the internal staff note never is (§3).
  await expect(page.getByRole("heading", { level: 3, name: /^Comments \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the support tickets" })).toBeVisible();
});

test("the owner opens /tasks and a task's log", async ({ page }) => {
  await page.goto("/tasks");
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  const table = page.getByRole("table", { name: "Tasks" });
  await expect(table.getByRole("row")).not.toHaveCount(1);
  await expect(table.getByText("Failed", { exact: true }).first()).toBeVisible();

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Failed" }).click();
  await expect(table.getByRole("cell", { name: "Succeeded", exact: true })).toHaveCount(0);

  const link = table.getByRole("rowheader").getByRole("link").first();
  const name = (await link.textContent()) ?? "";
  await link.click();
  await expect(page).toHaveURL(/\/tasks\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const log = page.getByRole("log", { name: "Task log" });
  await expect(log.getByRole("listitem").first()).toBeVisible();
  await expect(log).toContainText("Error");
  await expect(page.getByText("The task has finished; this is its whole log.")).toBeVisible();
});

test("a role's permission edited in /roles round-trips as its permission string", async ({ page }) => {
  const name = unique("Auditors");
  await page.goto("/roles");
  await expect(page.getByRole("heading", { level: 1, name: "Roles" })).toBeVisible();
  await page.getByRole("button", { name: "New role" }).click();
  const dialog = page.getByRole("dialog", { name: "New role" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("button", { name: "Save" }).click();

  const editor = page.getByRole("region", { name: `Permissions of ${name}` });
  await expect(editor).toBeVisible();
  await expect(editor.getByRole("radio", { name: "Dashboards None" })).toBeChecked();
  await editor.getByRole("radio", { name: "Dashboards Read and write" }).check();
  await editor.getByRole("radio", { name: "Reports Read", exact: true }).check();
  await editor.getByRole("radio", { name: "Exports Read", exact: true }).check();
  await expect(editor.getByRole("status")).toHaveText("Dashboards_rw;Reports_r;Exports_r");
  await editor.getByRole("button", { name: "Save permissions" }).click();
  await expect(page.getByText(`The permissions of “${name}” were saved.`)).toBeVisible();

  const roles = (await (await page.request.get("/api/Roles")).json()) as Array<{
    Name: string;
    Permissions: string;
  }>;
  expect(roles.find((role) => role.Name === name)?.Permissions).toBe("Dashboards_rw;Reports_r;Exports_r");

  await page.reload();
  await page.getByRole("button", { name }).click();
  const reloaded = page.getByRole("region", { name: `Permissions of ${name}` });
  await expect(reloaded.getByRole("radio", { name: "Dashboards Read and write" })).toBeChecked();
  await expect(reloaded.getByRole("radio", { name: "Reports Read", exact: true })).toBeChecked();
  await expect(reloaded.getByRole("status")).toHaveText("Dashboards_rw;Reports_r;Exports_r");
  await expect(reloaded.getByRole("button", { name: "Save permissions" })).toBeDisabled();
});

test("choosing a team in /teams presses its row and shows its members", async ({ page }) => {
  await page.goto("/teams");
  const teams = page.getByRole("table", { name: "Teams" });
  const analytics = teams.getByRole("button", { name: "Analytics", exact: true });
  const leadership = teams.getByRole("button", { name: "Leadership", exact: true });
  await analytics.click();
  await expect(analytics).toHaveAttribute("aria-pressed", "true");
  await expect(leadership).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("region", { name: "Members of Analytics" })).toBeVisible();

  await leadership.click();
  await expect(leadership).toHaveAttribute("aria-pressed", "true");
  await expect(analytics).toHaveAttribute("aria-pressed", "false");
  const members = page.getByRole("region", { name: "Members of Leadership" });
  await expect(members).toContainText("Vera Viewer");
  await expect(teams.getByRole("row", { name: /^Leadership/ }).getByRole("cell")).toHaveText("2");
});

test("the owner creates an API key, sees its secret once, and revokes it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const name = unique("Warehouse sync");
  // In-app navigation: a full load of /api is taken by the gateway's /api/ relay prefix (reported).
  await page.goto("/");
  await page.getByRole("button", { name: "Navigation" }).click();
  await page.getByRole("link", { name: "API", exact: true }).click();
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "API" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "BI sync" })).toBeVisible();

  await page.getByRole("button", { name: "New API key" }).click();
  const dialog = page.getByRole("dialog", { name: "New API key" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("textbox", { name: "Valid for (days)" }).fill("0");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("Enter a whole number of days from 1 to 3650.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Valid for (days)" }).fill("30");
  await dialog.getByRole("button", { name: "Create key" }).click();

  const secretPanel = page.getByRole("region", { name: `Secret of “${name}”` });
  await expect(secretPanel).toBeVisible();
  const secret = (await secretPanel.locator("code").textContent()) ?? "";
  expect(secret).toMatch(/^tsk_/);
  await secretPanel.getByRole("button", { name: "Copy" }).click();
  await expect(secretPanel.getByRole("status")).toHaveText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretPanel.getByRole("button", { name: "I have stored the secret" }).click();
  await expect(secretPanel).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: `Revoke the key ${name}` }).click();
  await page.getByRole("dialog", { name: "Revoke" }).getByRole("button", { name: "Revoke" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: `Revoke the key ${name}` })).toHaveCount(0);
});

/** The record id of the ticket on display (from ?id=). */
async function ticketId(page: Page): Promise<string> {
  return new URL(page.url()).searchParams.get("id") ?? "";
}
