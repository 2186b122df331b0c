/**
 * Dashboards with data in Chromium against the real gateway and the embedded upstream with the
 * analytics demo (server/upstream/seed/demo-analytics.ts): the owner opens each demo dashboard and
 * every widget is drawn from its rows — a canvas for each chart, a value, a table or a filter for
 * the others, no widget in an error state; a date filter narrows the widgets it targets (a KPI and a
 * chart's text summary change); the public link shows the dashboard signed out, its widgets drawn
 * through the share; the light, dark and mobile pictures go to docs/screenshots/; axe finds no
 * serious or critical violation on the dashboard in the light and the dark theme.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { en, OWNER, signInAs } from "./helpers/main-screens.ts";
import { E2E_ORIGIN, settleSessionDialogs } from "./helpers/session.ts";

/** The demo dashboards and the widgets each shows (seed/demo-analytics-dashboards.ts). */
const DASHBOARDS = ["Sales overview", "Marketing KPIs", "Support performance"] as const;
/** The public link of «Sales overview» (DEMO_SALES_OVERVIEW_SHARE_CODE, seed/demo-analytics.ts). */
const SALES_OVERVIEW_SHARE = "/v/northwind-sales-overview-demo";
/** The impacts the acceptance forbids. */
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);
const SCREENSHOTS = join(import.meta.dirname, "..", "..", "docs", "screenshots");
/** Queries over 100,000 rows on a shared 2-core machine: generous, a hang still fails. */
const DRAWN_TIMEOUT_MS = 30_000;

/** The runtime booted and the page is on display (its widgets may still be loading). */
async function expectBooted(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true", { timeout: DRAWN_TIMEOUT_MS });
  await expect(page.getByRole("main")).toBeVisible();
}

/** The record id of a dashboard the owner sees, by name. */
async function dashboardRecId(page: Page, name: string): Promise<number> {
  const response = await page.request.get(
    `/api/Content/Dashboards/Objects?search=${encodeURIComponent(name)}`,
  );
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { RecId: number; Name: string }[] };
  const found = items.find((item) => item.Name === name);
  if (!found) throw new Error(`no dashboard ${name}`);
  return found.RecId;
}

/** The widgets of the page: every region whose heading is a widget title (runtime/widgets/widget-view.tsx). */
function widgets(page: Page): Locator {
  return page.locator("section.widget");
}

/**
 * Waits until every widget of the page is drawn: nothing loading, no error, and each shows what its
 * kind draws — a chart its canvas, a KPI its value, a table or pivot its table, a filter its control.
 */
async function expectEveryWidgetDrawn(page: Page): Promise<number> {
  const all = widgets(page);
  await expect(all.first()).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  await expect(page.getByRole("main").getByText(en("Loading"), { exact: true })).toHaveCount(0, {
    timeout: DRAWN_TIMEOUT_MS,
  });
  const count = await all.count();
  expect(count).toBeGreaterThan(3);
  for (let index = 0; index < count; index += 1) {
    const widget = all.nth(index);
    const name = (await widget.getByRole("heading").first().textContent()) ?? `widget ${index}`;
    await expect(widget.getByRole("alert"), `${name} shows an error`).toHaveCount(0);
    await expect(widget.getByText(en("Widget_KindUnavailable")), `${name} is unavailable`).toHaveCount(0);
    await expect(
      widget.locator("canvas, svg, .widget-kpi__value, table, select, input, .widget-text, img").first(),
      `${name} drew nothing`,
    ).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  }
  return count;
}

/** The owner signed in with the session dialogs settled and the theme following the system (sync). */
async function signInOwner(page: Page): Promise<void> {
  await signInAs(page, OWNER, E2E_ORIGIN);
  await settleSessionDialogs(page, { theme: "sync", contrast: false });
}

/** A widget by its title. */
const widget = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

test("the owner sees every widget of each demo dashboard drawn from its data", async ({ page }) => {
  test.setTimeout(120_000);
  await signInOwner(page);
  for (const name of DASHBOARDS) {
    const recId = await dashboardRecId(page, name);
    await page.goto(`/dashboard/viewer/${recId}`);
    await expectBooted(page);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expectEveryWidgetDrawn(page);
    // Every chart is an image named by its title and described by its text summary.
    const charts = page.getByRole("img").filter({ has: page.locator("canvas") });
    for (const chart of await charts.all()) {
      await expect(chart).toHaveAccessibleName(/\S/);
      await expect(chart).toHaveAccessibleDescription(/\S/);
    }
  }
});

test("a date filter narrows the widgets it targets; Clear all filters brings them back", async ({ page }) => {
  test.setTimeout(90_000);
  await signInOwner(page);
  await page.goto(`/dashboard/viewer/${await dashboardRecId(page, "Sales overview")}`);
  await expectBooted(page);
  await expectEveryWidgetDrawn(page);
  const revenue = widget(page, "Revenue").locator(".widget-kpi__value");
  const trend = widget(page, "Revenue and margin by month").getByRole("img");
  // The chart's text summary: its accessible description (the chart is drawn again on new rows).
  const trendSummary = () =>
    trend.evaluate(
      (chart) => document.getElementById(chart.getAttribute("aria-describedby") ?? "")?.textContent ?? "",
      undefined,
      { timeout: DRAWN_TIMEOUT_MS },
    );
  const before = { revenue: await revenue.textContent(), trend: await trendSummary() };
  expect(before.trend).toMatch(/\d/);

  // The data ends at the seed's clock: a range ending half a year earlier has other last months.
  const dates = widget(page, "Order date");
  const to = dates.getByLabel(en("Widget_DateTo"));
  const max = await to.getAttribute("max");
  expect(max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const end = new Date(`${max}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() - 6);
  await to.fill(end.toISOString().slice(0, 10));

  await expect(revenue).not.toHaveText(before.revenue ?? "", { timeout: DRAWN_TIMEOUT_MS });
  await expect.poll(trendSummary, { timeout: DRAWN_TIMEOUT_MS }).not.toBe(before.trend);
  await expectEveryWidgetDrawn(page);

  await page.getByRole("button", { name: en("Dashboard_ClearFilters") }).click();
  await expect(revenue).toHaveText(before.revenue ?? "", { timeout: DRAWN_TIMEOUT_MS });
  await expect.poll(trendSummary, { timeout: DRAWN_TIMEOUT_MS }).toBe(before.trend);
});

test("the public link shows the dashboard signed out, its widgets drawn through the share", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(SALES_OVERVIEW_SHARE);
    await expect(page.locator("html")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Sales overview" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expectEveryWidgetDrawn(page);
    await expect(widget(page, "Revenue").locator(".widget-kpi__value")).toHaveText(/\d/);
  } finally {
    await context.close();
  }
});

for (const scheme of ["light", "dark"] as const) {
  test(`the dashboard in the ${scheme} theme: no serious or critical axe violation, its picture`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInOwner(page);
    await page.goto(`/dashboard/viewer/${await dashboardRecId(page, "Sales overview")}`);
    await expectBooted(page);
    await expect(page.locator("html")).toHaveAttribute("data-theme", scheme);
    await expectEveryWidgetDrawn(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    const findings = results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
    await testInfo.attach(`axe-dashboard-${scheme}.json`, {
      body: JSON.stringify(findings, null, 2),
      contentType: "application/json",
    });
    expect(findings.filter((finding) => BLOCKING_IMPACTS.has(finding.impact ?? ""))).toEqual([]);
    await writeFile(
      join(SCREENSHOTS, `dashboard-${scheme}.png`),
      await page.screenshot({ animations: "disabled", caret: "hide" }),
    );
  });
}

test("on a phone the widgets stack in reading order; the picture", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOwner(page);
  await page.goto(`/dashboard/viewer/${await dashboardRecId(page, "Sales overview")}`);
  await expectBooted(page);
  await expectEveryWidgetDrawn(page);
  // One column: each widget starts below the one before it, in the document's order.
  const boxes = await widgets(page).evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { top: box.top, left: box.left, width: box.width };
    }),
  );
  for (let index = 1; index < boxes.length; index += 1) {
    expect(boxes[index]?.top).toBeGreaterThan(boxes[index - 1]?.top ?? 0);
  }
  expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(1);
  await writeFile(
    join(SCREENSHOTS, "dashboard-mobile.png"),
    await page.screenshot({ animations: "disabled", caret: "hide" }),
  );
});

test("a widget's menu is reached by keyboard: a table exports CSV, a chart PNG too", async ({ page }) => {
  test.setTimeout(90_000);
  await signInOwner(page);
  await page.goto(`/dashboard/viewer/${await dashboardRecId(page, "Sales overview")}`);
  await expectBooted(page);
  await expectEveryWidgetDrawn(page);
  const menuOf = (title: string) =>
    page.getByRole("button", { name: en("Widget_Menu").replace("{{title}}", title) });
  /** Opens a widget's menu with the keyboard, chooses `item` with Enter and returns the download. */
  const exportWith = async (title: string, item: string) => {
    await menuOf(title).focus();
    await page.keyboard.press("Enter");
    const entry = page.getByRole("menuitem", { name: item });
    await expect(page.getByRole("menuitem").first()).toBeFocused();
    while (!(await entry.evaluate((node) => node === document.activeElement)))
      await page.keyboard.press("ArrowDown");
    const download = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const file = await download;
    const chunks = await (await file.createReadStream()).toArray();
    return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
  };

  // A table offers its rows only.
  await menuOf("Top customers").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem")).toHaveText([en("Widget_ExportCsv")]);
  await page.keyboard.press("Escape");
  await expect(menuOf("Top customers")).toBeFocused();
  const csv = await exportWith("Top customers", en("Widget_ExportCsv"));
  expect(csv.name).toBe("Top customers.csv");
  expect(csv.bytes.toString("utf8")).toMatch(/^CustomerId,CustomerName,Orders,Revenue,Margin\r\n/);

  const png = await exportWith("Revenue and margin by month", en("Widget_ExportPng"));
  expect(png.name).toBe("Revenue and margin by month.png");
  expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
});
