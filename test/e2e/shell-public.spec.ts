import { expect, test } from "@playwright/test";

/** What a visitor sees of the shell (§2.1, §2.5): the public profile, its forced theme, the skip link. */

test("/login forces the light, rounded theme even when the system prefers dark (§2.1)", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/login");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-ready", "true");
  await expect(html).toHaveAttribute("data-theme", "light");
  await expect(html).toHaveAttribute("data-theme-style", "rounded");
  // The tokens of the light theme are in effect.
  const background = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--color-bg").trim(),
  );
  expect(background).toBe("#f5f6f8");
});

test("the public shell has no top menu bar but keeps the main landmark", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
});

test("the skip link is the first stop and moves focus to main", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
  await expect(page.getByRole("main")).toBeAttached();
  // The screen moves focus to its heading once rendered; start from the top of the document.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // Focusing main does not turn into a navigation.
  await expect(page).toHaveURL(/\/login$/);
});

test("the public shell loads without a console error", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.getByRole("main")).toBeVisible();
  // The session probe answers 401 for a visitor: that network error is expected, nothing else.
  expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
});
