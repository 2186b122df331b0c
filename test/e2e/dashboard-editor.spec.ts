/**
 * The dashboard designer in Chromium against the real gateway and the embedded upstream with the
 * analytics demo: the owner creates a dashboard through the explorer's New dashboard flow, opens
 * the designer from the empty viewer, adds a KPI, a bar chart and a table over «Sales orders»
 * choosing their data in the picker (each previewed with its rows), moves one with the keyboard
 * (the move is announced and focus stays on it), undoes and redoes it, saves, reloads the viewer and
 * sees the three widgets drawn (canvas, value or table; no error state), its Edit leading back to
 * the designer. On a dashboard made through the API the mouse moves a widget and resizes another
 * (snapped to cells), Delete asks before removing and Undo brings the widget back, and leaving with
 * unsaved changes asks and stores nothing. A save the upstream refuses (a filter left narrowing a
 * chart moved to a source without its column) is said in words with a way to the widget, every change
 * stays, and the filter's settings then name the target at fault. Axe finds no serious or critical violation on the
 * designer nor in the widget settings dialog. Everything is located by role and accessible name.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectReady, OWNER, signInAs } from "./helpers/main-screens.ts";
import { csrfToken, E2E_ORIGIN, settleSessionDialogs } from "./helpers/session.ts";
import { text } from "./helpers/texts.ts";

/** The impacts the acceptance forbids. */
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);
/** Queries over 100,000 rows on a shared 2-core machine: generous, a hang still fails. */
const DRAWN_TIMEOUT_MS = 30_000;

/** The English text of a key with its values. */
const say = (key: string, params: Record<string, string> = {}) => text(key, "en", params);

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** What the picker's options say after their name: a source's type and size, a column's type. */
const DESCRIPTIONS = [
  ...["DataTable", "DataView", "DataFusion", "DataMerge"].map((type) => say(`ObjectType_${type}`)),
  ...["Number", "Text", "Date", "Boolean"].map((type) => say(`DashboardEditor_ColumnType_${type}`)),
].map(escapeRegExp);

/** Chooses `option` (its name, without its description) in the kit's select named `label` inside `scope`. */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  const page = scope.page();
  const search = page.getByRole("searchbox", { name: say("Select_SearchPlaceholder") });
  if (await search.isVisible().catch(() => false)) await search.fill(option);
  const name = new RegExp(`^${escapeRegExp(option)}(\\s*(${DESCRIPTIONS.join("|")})\\b.*)?$`);
  await page.getByRole("option", { name }).click();
}

/** Asserts that axe finds no serious or critical violation on the page as it is. */
async function expectNoBlockingViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""));
  expect(
    blocking.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
    `${what}: axe violations`,
  ).toEqual([]);
}

/** The settings dialog of the widget being set up. */
const settingsDialog = (page: Page) => page.getByRole("dialog", { name: /^Widget settings: / });

/** Adds a widget of `kind` from the palette; its settings dialog opens on the Data tab or General. */
async function addWidget(page: Page, kind: string): Promise<Locator> {
  await page.getByRole("button", { name: say("DashboardEditor_AddKind", { kind }), exact: true }).click();
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Waits until the dialog's preview drew the widget from its rows. */
async function expectPreviewDrawn(dialog: Locator, drawn: string): Promise<void> {
  const preview = dialog.getByRole("region", { name: say("DashboardEditor_Preview") });
  await expect(preview.locator(drawn).first()).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  await expect(preview.getByRole("alert")).toHaveCount(0);
}

test("the owner builds a dashboard of three widgets in the designer, saves it and sees it drawn", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, OWNER, E2E_ORIGIN);
  await settleSessionDialogs(page, { theme: "sync", contrast: false });
  const name = `Designer ${Date.now().toString(36)}`;

  // The explorer's New dashboard flow creates it; the empty viewer offers the designer.
  await page.goto("/dashboards");
  await expectReady(page);
  await page
    .getByRole("button", { name: say("Explorer_NewObject", { type: say("ObjectType_Dashboard") }) })
    .click();
  const create = page.getByRole("dialog", {
    name: say("Explorer_NewObjectTitle", { type: say("ObjectType_Dashboard") }),
  });
  await create.getByRole("textbox", { name: say("Content_Name") }).fill(name);
  await create.getByRole("button", { name: say("Content_Create") }).click();
  await page.getByRole("table").getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("link", { name: say("Dashboard_OpenEditor") }).click();
  await expect(page).toHaveURL(/\/dashboard\/designer\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: say("DashboardEditor_AddWidget") })).toBeVisible();
  await expectNoBlockingViolations(page, "the empty designer");

  // A KPI: the sum of Revenue per month.
  let dialog = await addWidget(page, say("WidgetKind_kpi"));
  await expect(dialog.getByRole("tab", { name: say("DashboardEditor_TabGeneral") })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await dialog.getByRole("textbox", { name: say("DashboardEditor_FieldTitle") }).fill("Revenue per month");
  await dialog.getByRole("tab", { name: say("DashboardEditor_TabData") }).click();
  await choose(dialog, say("DashboardEditor_Source"), "Sales orders");
  const measure = dialog.getByRole("group", { name: say("DashboardEditor_MeasureN", { n: "1" }) });
  await expect(measure).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  await choose(measure, say("DashboardEditor_Function"), say("DashboardEditor_Function_sum"));
  await choose(measure, say("DashboardEditor_Column"), "Revenue");
  const grouping = dialog.getByRole("group", { name: say("DashboardEditor_DimensionN", { n: "1" }) });
  await choose(grouping, say("DashboardEditor_Column"), "OrderDate");
  await choose(grouping, say("DashboardEditor_Bucket"), say("DashboardEditor_Bucket_month"));
  await expectPreviewDrawn(dialog, ".widget-kpi__value");
  await expectNoBlockingViolations(page, "the widget settings dialog");
  await dialog.getByRole("button", { name: say("DashboardEditor_Apply") }).click();
  await expect(dialog).toHaveCount(0);

  // A bar chart: order lines by region, largest first.
  dialog = await addWidget(page, say("WidgetKind_bar"));
  await dialog
    .getByRole("textbox", { name: say("DashboardEditor_FieldTitle") })
    .fill("Order lines by region");
  await dialog.getByRole("tab", { name: say("DashboardEditor_TabData") }).click();
  await choose(dialog, say("DashboardEditor_Source"), "Sales orders");
  const barGrouping = dialog.getByRole("group", { name: say("DashboardEditor_DimensionN", { n: "1" }) });
  await expect(barGrouping).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  await choose(barGrouping, say("DashboardEditor_Column"), "Region");
  const barMeasure = dialog.getByRole("group", { name: say("DashboardEditor_MeasureN", { n: "1" }) });
  await choose(barMeasure, say("DashboardEditor_Function"), say("DashboardEditor_Function_count"));
  await expectPreviewDrawn(dialog, "canvas");
  await dialog.getByRole("button", { name: say("DashboardEditor_Apply") }).click();
  await expect(dialog).toHaveCount(0);

  // A table: plain rows of three columns, the 50 largest by revenue.
  dialog = await addWidget(page, say("WidgetKind_table"));
  await dialog.getByRole("textbox", { name: say("DashboardEditor_FieldTitle") }).fill("Largest order lines");
  await dialog.getByRole("tab", { name: say("DashboardEditor_TabData") }).click();
  await choose(dialog, say("DashboardEditor_Source"), "Sales orders");
  const columns = dialog.getByRole("combobox", { name: say("DashboardEditor_Columns"), exact: true });
  await expect(columns).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  // A multiple choice: the option is added to the first columns the picker suggested.
  await choose(dialog, say("DashboardEditor_Columns"), "Revenue");
  await page.keyboard.press("Escape");
  await expect(columns).toContainText("Revenue");
  await choose(dialog, say("DashboardEditor_SortBy"), "Revenue");
  await dialog.getByRole("checkbox", { name: say("DashboardEditor_Descending") }).check();
  await dialog.getByRole("spinbutton", { name: say("DashboardEditor_Limit") }).fill("50");
  await expectPreviewDrawn(dialog, "table");
  await dialog.getByRole("button", { name: say("DashboardEditor_Apply") }).click();
  await expect(dialog).toHaveCount(0);

  // Every widget is drawn on the grid with its real data.
  const frame = (title: string) =>
    page.getByRole("group", { name: say("DashboardEditor_WidgetFrame", { widget: title }) });
  await expect(frame("Revenue per month").locator(".widget-kpi__value")).toBeVisible({
    timeout: DRAWN_TIMEOUT_MS,
  });
  await expect(frame("Order lines by region").locator("canvas").first()).toBeVisible({
    timeout: DRAWN_TIMEOUT_MS,
  });
  await expect(frame("Largest order lines").getByRole("table")).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });

  // The keyboard moves the KPI one column right: announced, and focus stays on it.
  const kpi = frame("Revenue per month");
  await kpi.focus();
  await expect(kpi).toHaveAccessibleDescription(/^Column 1, row 1/);
  await page.keyboard.press("ArrowRight");
  const status = page.locator(".dashboard-editor__status");
  await expect(status).toHaveText(
    say("DashboardEditor_Announce_moved", { widget: "Revenue per month", column: "2", row: "1" }),
  );
  await expect(kpi).toBeFocused();
  await expect(kpi).toHaveAccessibleDescription(/^Column 2, row 1/);
  await page.keyboard.press("Control+z");
  await expect(kpi).toHaveAccessibleDescription(/^Column 1, row 1/);
  await page.keyboard.press("Control+Shift+z");
  await expect(kpi).toHaveAccessibleDescription(/^Column 2, row 1/);
  await expectNoBlockingViolations(page, "the designer with three widgets");

  // Save, then the viewer after a reload draws the three widgets.
  await page.getByRole("button", { name: say("Content_Save"), exact: true }).click();
  await expect(page.getByText(say("Editor_AllSaved"))).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  await page.getByRole("button", { name: say("DashboardEditor_Done") }).click();
  await expect(page).toHaveURL(/\/dashboard\/viewer\/\d+$/);
  await page.reload();
  await expectReady(page);
  const region = (title: string) => page.getByRole("region", { name: title, exact: true });
  await expect(region("Revenue per month").locator(".widget-kpi__value")).toBeVisible({
    timeout: DRAWN_TIMEOUT_MS,
  });
  await expect(region("Order lines by region").locator("canvas").first()).toBeVisible({
    timeout: DRAWN_TIMEOUT_MS,
  });
  await expect(region("Largest order lines").getByRole("table")).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  for (const title of ["Revenue per month", "Order lines by region", "Largest order lines"]) {
    await expect(region(title).getByRole("alert"), `${title} shows an error`).toHaveCount(0);
  }
  // The object header's Edit opens the designer again.
  const edit = page.getByRole("link", { name: say("Explorer_Edit"), exact: true });
  await expect(edit).toHaveAttribute("href", /^\/dashboard\/designer\/\d+$/);
});

test("the mouse moves and resizes widgets snapping to cells; Delete asks, Undo brings back; leaving unsaved asks", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, OWNER, E2E_ORIGIN);
  await settleSessionDialogs(page, { theme: "sync", contrast: false });
  // Through the API: a dashboard of two text widgets side by side.
  const text = (Id: string, Title: string, X: number) => ({
    Id,
    Kind: "text",
    Title,
    Position: { X, Y: 0, W: 4, H: 2 },
    Settings: { Html: `<p>${Title}</p>` },
  });
  const created = await page.request.post("/api/Content/Dashboards/Objects", {
    data: {
      Type: "Dashboard",
      Name: `Layout ${Date.now().toString(36)}`,
      Properties: {
        Definition: { Version: 1, Widgets: [text("notes", "Notes", 0), text("links", "Links", 4)] },
      },
    },
    headers: { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { RecId } = (await created.json()) as { RecId: number };
  await page.goto(`/dashboard/designer/${RecId}`);
  await expectReady(page);
  const frame = (title: string) =>
    page.getByRole("group", { name: say("DashboardEditor_WidgetFrame", { widget: title }) });
  const notes = frame("Notes");
  const links = frame("Links");
  await expect(notes).toHaveAccessibleDescription(/^Column 1, row 1, 4 wide, 2 high/);

  // Dragged by its bar far to the right: it stops at the last columns, the other keeps its place.
  const bar = notes.getByText(/^Column 1, row 1/);
  const from = (await bar.boundingBox()) as { x: number; y: number; width: number; height: number };
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 400, from.y + from.height / 2, { steps: 8 });
  await page.mouse.move(from.x + 3000, from.y + from.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(notes).toHaveAccessibleDescription(/^Column 9, row 1, 4 wide, 2 high/);
  await expect(links).toHaveAccessibleDescription(/^Column 5, row 1/);
  await expect(page.locator(".dashboard-editor__status")).toHaveText(
    say("DashboardEditor_Announce_moved", { widget: "Notes", column: "9", row: "1" }),
  );

  // Resized from its corner by about one row down: snapped to whole rows, its width kept.
  const corner = links.getByTitle(say("DashboardEditor_ResizeHandle"));
  const grip = (await corner.boundingBox()) as { x: number; y: number; width: number; height: number };
  const rowHeight = (await links.boundingBox())?.height ?? 160;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2 + rowHeight / 2 + 8, { steps: 6 });
  await page.mouse.up();
  await expect(links).toHaveAccessibleDescription(/^Column 5, row 1, 4 wide, 3 high/);

  // Delete on the focused widget asks first; Undo brings it back where it was.
  await notes.focus();
  await page.keyboard.press("Delete");
  const ask = page.getByRole("dialog", { name: say("DashboardEditor_RemoveTitle", { widget: "Notes" }) });
  await ask.getByRole("button", { name: say("DashboardEditor_RemoveConfirm") }).click();
  await expect(notes).toHaveCount(0);
  await expect(page.locator(".dashboard-editor__status")).toHaveText(
    say("DashboardEditor_Announce_removed", { widget: "Notes" }),
  );
  await expect(links).toBeFocused();
  await page.keyboard.press("Control+z");
  await expect(notes).toHaveAccessibleDescription(/^Column 9, row 1/);

  // Unsaved changes: leaving asks; leaving anyway keeps the stored dashboard as it was.
  await page.getByRole("button", { name: say("Content_Cancel"), exact: true }).click();
  const leave = page.getByRole("dialog", { name: say("Editor_LeaveTitle") });
  await leave.getByRole("button", { name: say("Editor_Leave") }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/viewer/${RecId}$`));
  const stored = await page.request.get(`/api/Content/Dashboards/Objects/${RecId}`);
  const properties = (
    (await stored.json()) as { Properties: { Definition: { Widgets: { Position: { X: number } }[] } } }
  ).Properties;
  expect(properties.Definition.Widgets.map((widget) => widget.Position.X)).toEqual([0, 4]);
});

test("a save the upstream refuses says why in words, leads to the widget and keeps every change", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, OWNER, E2E_ORIGIN);
  await settleSessionDialogs(page, { theme: "sync", contrast: false });
  const sources = await page.request.get("/api/Data/Sources");
  const { items } = (await sources.json()) as { items: { RecId: number; Name: string }[] };
  const orders = items.find((item) => item.Name === "Sales orders")?.RecId;
  expect(orders).toBeDefined();
  // Through the API: a chart over «Sales orders» and a Region filter that narrows it.
  const created = await page.request.post("/api/Content/Dashboards/Objects", {
    data: {
      Type: "Dashboard",
      Name: `Refused ${Date.now().toString(36)}`,
      Properties: {
        Definition: {
          Version: 1,
          Widgets: [
            {
              Id: "region",
              Kind: "select",
              Title: "Region",
              Position: { X: 0, Y: 0, W: 3, H: 2 },
              Query: {
                Source: { RecId: orders },
                GroupBy: [{ Column: "Region" }],
                Aggregates: [{ Function: "count", As: "Rows" }],
                Sort: [{ By: "Region" }],
              },
              Settings: { Column: "Region", Targets: ["orders"] },
            },
            {
              Id: "orders",
              Kind: "bar",
              Title: "Order lines by channel",
              Position: { X: 3, Y: 0, W: 6, H: 4 },
              Query: {
                Source: { RecId: orders },
                GroupBy: [{ Column: "Channel" }],
                Aggregates: [{ Function: "count", As: "Order lines" }],
              },
            },
          ],
        },
      },
    },
    headers: { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { RecId } = (await created.json()) as { RecId: number };
  await page.goto(`/dashboard/designer/${RecId}`);
  await expectReady(page);

  // The chart now reads «Marketing daily», which has no Region: the filter can no longer narrow it.
  const chart = page.getByRole("group", {
    name: say("DashboardEditor_WidgetFrame", { widget: "Order lines by channel" }),
  });
  await chart
    .getByRole("button", { name: say("DashboardEditor_OpenSettings", { widget: "Order lines by channel" }) })
    .click();
  const dialog = settingsDialog(page);
  await dialog.getByRole("tab", { name: say("DashboardEditor_TabData") }).click();
  await choose(dialog, say("DashboardEditor_Source"), "Marketing daily");
  await expectPreviewDrawn(dialog, "canvas");
  await dialog.getByRole("button", { name: say("DashboardEditor_Apply") }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole("button", { name: say("Content_Save"), exact: true }).click();
  const refusal = page.getByRole("alert").filter({ hasText: say("DashboardEditor_SaveFailed") });
  await expect(refusal).toBeVisible({ timeout: DRAWN_TIMEOUT_MS });
  await expect(refusal).toContainText(say("ErrorCode6020"));
  await expect(refusal).toContainText("Region");
  await refusal
    .getByRole("button", { name: say("DashboardEditor_ShowWidget", { widget: "Region" }) })
    .click();
  const filter = page.getByRole("group", { name: say("DashboardEditor_WidgetFrame", { widget: "Region" }) });
  await expect(filter).toBeFocused();
  // Nothing was lost: the change is still there to fix, and still unsaved.
  await expect(page.getByText(say("Editor_Unsaved"))).toBeVisible();
  await expect(page.getByRole("button", { name: say("Content_Save"), exact: true })).toBeEnabled();

  // The filter's settings now say which target lacks its column.
  await filter
    .getByRole("button", { name: say("DashboardEditor_OpenSettings", { widget: "Region" }) })
    .click();
  await settingsDialog(page)
    .getByRole("button", { name: say("DashboardEditor_Apply") })
    .click();
  await expect(settingsDialog(page)).toContainText(
    say("DashboardEditor_TargetWithoutColumn", { widget: "Order lines by channel", column: "Region" }),
    { timeout: DRAWN_TIMEOUT_MS },
  );
});
