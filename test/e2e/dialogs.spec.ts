/**
 * The dialog stack in Chromium against the real gateway and upstream (§2.5,
 * §4.5, §5, §6): My Settings set-up of a second factor, Escape returning focus
 * to the menu button, a registry dialog opened by its legacy path, and an
 * admin dialog opened read-only by a staff auditor. Saving the language and
 * theme in My Settings is in stored-language.spec.ts (it changes the owner's
 * stored language, so it runs apart from this file).
 */
import { expect, type Page, test } from "@playwright/test";
import { settleSessionDialogs, signIn } from "./helpers/session.ts";
import { text, userMenuButton } from "./helpers/texts.ts";

async function openDialogByPath(page: Page, path: string, params: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ([p, q]) =>
      window.postMessage({ type: "tessera.openDialog", path: p, params: q }, window.location.origin),
    [path, params] as const,
  );
}

test("a user who must set up two-factor authentication gets My Settings with the set-up after login", async ({
  page,
}) => {
  await signIn(page, "contoso");
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: text("DialogTitle_MySettings") });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog (its first control).
  await expect(dialog.getByRole("combobox", { name: text("MySettings_Language") })).toBeFocused();
  await expect(page.getByRole("heading", { name: text("TwoFactor_Title") })).toBeVisible();
  await dialog.getByRole("button", { name: text("TwoFactor_Start") }).click();
  await expect(dialog.getByRole("textbox", { name: text("TwoFactor_Code") })).toBeVisible();
  await expect(dialog.getByText(/^[A-Z2-7]{16,}$/)).toBeVisible();
});

test("Escape closes My Settings and focus returns to the user menu button", async ({ page }) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  await page.goto("/");
  const button = userMenuButton(page);
  await button.click();
  await page.getByRole("menuitem", { name: text("UserMenu_MySettings") }).click();
  const dialog = page.getByRole("dialog", { name: text("DialogTitle_MySettings") });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  // Focus is inside the dialog and stays there on Tab.
  await expect(dialog.locator(":focus")).toHaveCount(1);
  for (let i = 0; i < 12; i += 1) await page.keyboard.press("Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("a registry dialog opens by its legacy path with its parameters", async ({ page }) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  const tasks = (await (await page.request.get("/api/Tasks?page=1&pageSize=10")).json()) as {
    items: { RecId: number; Name: string }[];
  };
  const task = tasks.items[0];
  expect(task).toBeDefined();
  await page.goto("/");
  await expect(userMenuButton(page)).toBeVisible();
  await openDialogByPath(page, "dialogs/task/log-viewer", { recId: String(task?.RecId) });
  const dialog = page.getByRole("dialog", { name: task?.Name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("columnheader", { name: text("Field_Severity") })).toBeVisible();
  await dialog
    .getByRole("button", { name: text("Dialog_Close"), exact: true })
    .first()
    .click();
  await expect(dialog).toBeHidden();
});

test("a staff auditor (Read only) sees an admin dialog with disabled inputs but usable header and secondary buttons", async ({
  page,
}) => {
  await signIn(page, "staffAuditor");
  await settleSessionDialogs(page);
  await page.goto("/admin/connectors");
  // The user's own manifest (with its dialog registry) is in place once the user menu shows.
  await expect(
    page.getByRole("button", {
      name: text("Shell_UserMenuButton", "en", { name: "Otto Auditor", menu: text("UserMenu_Title") }),
    }),
  ).toBeVisible();
  await openDialogByPath(page, "dialogs/connector/syntax-validation", { connectorCode: "SampleRetail" });
  const dialog = page.getByRole("dialog", { name: text("DialogTitle_ConnectorSyntaxValidation") });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("SampleRetail", { exact: true })).toBeVisible();
  const inputs = dialog.getByRole("textbox");
  await expect(inputs).toHaveCount(3);
  for (const input of await inputs.all()) await expect(input).toBeDisabled();
  await expect(dialog.getByRole("button", { name: text("Dialog_Save"), exact: true })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: text("Dialog_Close"), exact: true })).toBeEnabled();
  const cancel = dialog.getByRole("button", { name: text("Dialog_Cancel"), exact: true });
  await expect(cancel).toBeEnabled();
  await cancel.click();
  await expect(dialog).toBeHidden();
});
