/**
 * Help mode in Chromium against the real gateway and embedded upstream (§1 "Help is served by a
 * separate mode of the same application", §2.1 "In help mode the only route is
 * /{routeTab?}/{routeItemCode?}; everything else goes to /"). The e2e server lists
 * `localhost:<port>` in its help hosts (scripts/e2e-server.ts), so the same server is help mode on
 * that name and the product on 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { csrfToken, E2E_ORIGIN, signIn } from "./helpers/session.ts";

const EN = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;
/** The English text of `key` with its placeholders filled. */
const text = (key: string, params: Record<string, string> = {}) =>
  (EN[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");

const DE = JSON.parse(readFileSync(new URL("../../locales/de.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;

const SHELL = JSON.parse(readFileSync(new URL("../../manifests/shell.json", import.meta.url), "utf8")) as {
  languages: { available: Array<{ code: string; nativeName: string }> };
};

/** The help host: the same server under its localhost name. */
const HELP_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 8191}`;

/** The help center's sections landmark. */
const sections = (page: Page) => page.getByRole("navigation", { name: text("HelpMode_TabsLabel") });

test("/ shows the sections without the app's top menu bar, in the light rounded theme", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // The boot's session probe answers 401 for a visitor; nothing else may fail (CSP included).
    if (message.type() === "error" && !message.text().includes("401")) errors.push(message.text());
  });
  // §2.1: the light theme even when the system prefers dark.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`${HELP_ORIGIN}/`);
  await expect(page.getByRole("heading", { level: 1, name: text("HelpMode_HomeHeading") })).toBeVisible();
  for (const tab of ["HelpMode_Tab_faq", "HelpMode_Tab_tutorials", "HelpMode_Tab_releasenotes"]) {
    await expect(sections(page).getByRole("link", { name: text(tab), exact: true })).toBeVisible();
  }
  // The unpublished article's section has nothing published: it is not offered.
  await expect(sections(page).getByRole("link", { name: text("HelpMode_Tab_articles") })).toHaveCount(0);
  // No top menu bar (shell profile help): the page has no banner landmark at all.
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.locator(".shell-top-bar")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.locator("html")).toHaveAttribute("data-theme-style", "rounded");
  expect(errors).toEqual([]);
});

test("the visitor switches the language live; it is kept after a reload", async ({ page }) => {
  await page.goto(`${HELP_ORIGIN}/`);
  const picker = page.getByLabel(text("Field_Language"));
  await expect(picker).toHaveValue("en");
  // Each language of the shell manifest is offered in its own name.
  await expect(picker.locator("option")).toHaveText(SHELL.languages.available.map((l) => l.nativeName));
  await picker.selectOption("de");
  await expect(page.getByRole("heading", { level: 1, name: DE.HelpMode_HomeHeading })).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: DE.HelpMode_TabsLabel })
      .getByRole("link", { name: DE.HelpMode_Tab_tutorials as string, exact: true }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: DE.HelpMode_HomeHeading })).toBeVisible();
  await expect(page.getByLabel(DE.Field_Language as string)).toHaveValue("de");
});

test("a section lists its articles, an article shows its title and sanitised body", async ({ page }) => {
  await page.goto(`${HELP_ORIGIN}/`);
  await sections(page)
    .getByRole("link", { name: text("HelpMode_Tab_tutorials"), exact: true })
    .click();
  await expect(page).toHaveURL(`${HELP_ORIGIN}/tutorials`);
  await expect(page.getByRole("heading", { level: 1, name: text("HelpMode_Tab_tutorials") })).toBeVisible();
  await expect(
    sections(page).getByRole("link", { name: text("HelpMode_Tab_tutorials"), exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Your first data connection" })).toBeVisible();
  await page.getByRole("link", { name: "Build your first dashboard" }).click();
  await expect(page).toHaveURL(`${HELP_ORIGIN}/tutorials/first-dashboard`);
  await expect(page.getByRole("heading", { level: 1, name: "Build your first dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Steps" })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Add a widget and pick a table." }),
  ).toBeVisible();
  const external = page.getByRole("link", { name: "the help site" });
  await expect(external).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page).toHaveTitle(/^Build your first dashboard · /);
  await page
    .getByRole("link", { name: text("HelpMode_BackToTab", { tab: text("HelpMode_Tab_tutorials") }) })
    .click();
  await expect(page).toHaveURL(`${HELP_ORIGIN}/tutorials`);
  await expect(page).not.toHaveTitle(/Build your first dashboard/);
});

test("staff HTML that would run is removed before it reaches the page", async ({ page, browser }) => {
  await signIn(page, "staffAdmin");
  const created = await page.request.post("/api/Admin/HelpCenter", {
    headers: { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN },
    data: {
      Title: "Formatting test",
      Code: "formatting-test",
      Type: "Faq",
      LanguageCode: "en",
      IsPublished: true,
      Body:
        '<p>Visible text</p><img src="/x.png" alt="x" onerror="window.helpXss = 1">' +
        '<script>window.helpXss = 2</script><a href="javascript:window.helpXss = 3">bad link</a>',
    },
  });
  expect(created.status()).toBe(201);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${HELP_ORIGIN}/faq/formatting-test`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Formatting test" })).toBeVisible();
  const body = visitor.locator(".help-article__body");
  await expect(body.getByText("Visible text")).toBeVisible();
  await expect(body.locator("script")).toHaveCount(0);
  await expect(body.locator("img")).not.toHaveAttribute("onerror", /.*/);
  await expect(body.getByText("bad link")).not.toHaveAttribute("href", /.*/);
  expect(await visitor.evaluate(() => (window as { helpXss?: number }).helpXss)).toBeUndefined();
  await visitor.context().close();
});

test("the help pages have no serious or critical axe violation and work from the keyboard", async ({
  page,
}) => {
  for (const path of ["/", "/faq", "/tutorials/first-dashboard"]) {
    await page.goto(`${HELP_ORIGIN}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(blocking.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
  // Keyboard: the sections are links in the tab order; Enter opens one.
  await page.goto(`${HELP_ORIGIN}/`);
  const faq = sections(page).getByRole("link", { name: text("HelpMode_Tab_faq"), exact: true });
  await expect(faq).toBeVisible();
  for (
    let presses = 0;
    presses < 10 && !(await faq.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(faq).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${HELP_ORIGIN}/faq`);
});

test("an unknown article shows not found with the way back to its section", async ({ page }) => {
  await page.goto(`${HELP_ORIGIN}/faq/no-such-article`);
  await expect(page.getByRole("heading", { level: 1, name: text("HelpMode_NotFoundTitle") })).toBeVisible();
  await expect(page.getByText(text("HelpMode_NotFoundText"))).toBeVisible();
  await page
    .getByRole("link", { name: text("HelpMode_BackToTab", { tab: text("HelpMode_Tab_faq") }) })
    .click();
  await expect(page).toHaveURL(`${HELP_ORIGIN}/faq`);
  await expect(page.getByRole("link", { name: "Share a dashboard with a team" })).toBeVisible();
});

for (const path of ["/dashboards", "/admin/users", "/faq/share-dashboard/extra", "/login"]) {
  test(`${path} in help mode goes to /`, async ({ page }) => {
    await page.goto(`${HELP_ORIGIN}${path}`);
    await expect(page).toHaveURL(`${HELP_ORIGIN}/`);
    await expect(page.getByRole("heading", { level: 1, name: text("HelpMode_HomeHeading") })).toBeVisible();
  });
}

test("the same /dashboards on 127.0.0.1 is the product: an anonymous visitor lands on /login", async ({
  page,
}) => {
  await page.goto("/dashboards");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/login$/);
  await expect(page.locator('meta[name="tessera-mode"]')).toHaveCount(0);
});
