import { expect, test } from "@playwright/test";

/** §4.1 steps 1 and 7 as seen in the URL bar: an anonymous visitor to a signed-in route lands on /login. */
for (const path of ["/dashboards", "/dashboards/42", "/automation", "/admin/accounts"]) {
  test(`an anonymous visitor to ${path} lands on /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("main")).toBeVisible();
  });
}

test("a public route stays where it is", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveURL(/\/login$/);
});

test("/support/{recId} redirects with its query mapping before the login gate", async ({ page }) => {
  await page.goto("/support/77");
  await expect(page).toHaveURL(/\/login$/);
});

test("the page loads with no console error and no CSP violation", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
  // The session probe answers 401 for a visitor: that network error is expected, nothing else.
  expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
});
