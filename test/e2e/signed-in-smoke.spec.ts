import { expect, test } from "@playwright/test";
import { signIn } from "./helpers/session.ts";

test("a signed-in owner sees the top bar with the navigation panel button", async ({ page }) => {
  await signIn(page, "owner");
  await page.goto("/");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("a viewer sent to an admin page lands on /", async ({ page }) => {
  await signIn(page, "viewer");
  await page.goto("/admin/accounts");
  await expect(page).toHaveURL(/\/(dashboards)?$/);
});
