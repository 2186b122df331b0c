/**
 * The operator studio's workflow in Chromium against the real gateway and upstream, on a product of
 * the spec's own with four eyes on (CONFIG_FOUR_EYES=1: every publication waits for another staff
 * member's approval), so what it publishes reaches no other spec:
 * - the menus editor: an entry dragged with the mouse lands where it was dropped, in the form, in the
 *   version the gateway serves and in the navigation panel of an account's member;
 * - review: approval is requested, the author cannot answer their own request (the page offers no
 *   answer, the gateway refuses one), a second operator approves with a comment, and another change
 *   set is refused with a comment the author reads beside its state;
 * - publication: to chosen accounts first (a member of that account sees the change, a member of
 *   another does not) and then to everyone from the history (the other member sees it too); at a
 *   time, a few seconds ahead, after which the change is live;
 * - the add-link dialog: Escape closes it and gives the focus back to its opener, Cancel leaves
 *   nothing, a chosen route becomes an entry of the menu.
 */
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { en, type Login, OWNER, STAFF_AUDITOR, STARTER } from "./helpers/demo-users.ts";
import { type ApiClient, apiClientAs, type OwnGateway, startOwnGateway } from "./helpers/own-gateway.ts";
import { choose, expectSaved, OPERATOR, openPage, openTab, STUDIO, text } from "./helpers/studio.ts";

/** The second operator: the demo auditor, given Write on the Configuration module in this product. */
const REVIEWER: Login = STAFF_AUDITOR;
/** How change sets name their reviewer: the sign-in's domain and e-mail. */
const REVIEWER_NAME = `${REVIEWER.domain}/${REVIEWER.email}`;

let product: OwnGateway;
let operatorApi: ApiClient;
/** AccountRecId of Northwind (the owner's account) and of the Starter account. */
const accountIds = { northwind: 0, starter: 0 };

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  product = await startOwnGateway({ configFourEyes: true });
  operatorApi = await apiClientAs(product.origin, OPERATOR);
  const staff = (await operatorApi.get("/api/Admin/InternalUsers?search=auditor")).json.items as {
    RecId: number;
    Email: string;
  }[];
  const auditor = staff.find((row) => row.Email === REVIEWER.email);
  const granted = await operatorApi.send("PUT", `/api/Admin/InternalUsers/${auditor?.RecId}`, {
    WriteModules: ["Configuration"],
  });
  expect(granted.status, JSON.stringify(granted.json)).toBe(200);
  for (const [name, domain] of [
    ["northwind", "northwind"],
    ["starter", "northwind-starter"],
  ] as const) {
    const rows = (await operatorApi.get(`/api/Admin/Accounts?search=${domain}`)).json.items as {
      RecId: number;
      Domain: string;
    }[];
    accountIds[name] = rows.find((row) => row.Domain === domain)?.RecId ?? 0;
  }
  expect(accountIds.northwind).toBeGreaterThan(0);
  expect(accountIds.starter).toBeGreaterThan(0);
});
test.afterAll(async () => {
  await operatorApi?.dispose();
  await product?.close();
});

const open = (browser: Browser, login: Login, path: string) => openPage(browser, product.origin, login, path);

/** The draft change set the operator's edits were saved into, once the workspace says they are. */
async function draftId(studio: Page): Promise<number> {
  await expectSaved(studio);
  const sets = (await operatorApi.get("/gw/config/changesets")).json.changeSets as {
    id: number;
    status: string;
  }[];
  const draft = sets.find((set) => set.status === "draft");
  expect(draft).toBeDefined();
  return draft?.id ?? 0;
}

/** The announcement of the workspace's last action (its live region). */
const outcome = (page: Page, message: string | RegExp) =>
  page.getByRole("status").filter({ hasText: message });

/** The author asks for approval of the open change set and cannot give it themselves. */
async function requestApproval(studio: Page, id: number): Promise<void> {
  await studio.getByRole("button", { name: text("Studio_RequestApproval") }).click();
  await expect(outcome(studio, text("Studio_ReviewRequested"))).toBeVisible();
  await expect(studio.getByText(text("Studio_AwaitingReview"), { exact: true })).toBeVisible();
  // Four eyes: the author's own answer is not offered, and the gateway refuses it.
  await expect(studio.getByRole("button", { name: text("Studio_Approve"), exact: true })).toBeDisabled();
  await expect(studio.getByRole("button", { name: text("Studio_Refuse"), exact: true })).toBeDisabled();
  await expect(studio.getByText(text("Studio_OwnChangeSet"))).toBeVisible();
  const { revision } = (await operatorApi.get(`/gw/config/changesets/${id}`)).json.changeSet as {
    revision: number;
  };
  const own = await operatorApi.send("POST", `/gw/config/changesets/${id}/approve`, { revision });
  expect(own.status).toBe(403);
  expect(own.json.ErrorCode).toBe(8076);
}

/** The reviewer opens change set `id` in their own studio and answers it with `comment`. */
async function answer(
  reviewer: Page,
  id: number,
  decision: "approve" | "refuse",
  comment: string,
): Promise<void> {
  await reviewer.goto(`${product.origin}${STUDIO}/changes`);
  await reviewer.getByRole("button", { name: text("Studio_OpenChangeSet", { id }) }).click();
  await expect(reviewer.getByText(text("Studio_AwaitingReview"), { exact: true })).toBeVisible();
  const verb = decision === "approve" ? "Studio_Approve" : "Studio_Refuse";
  await reviewer.getByRole("button", { name: text(verb), exact: true }).click();
  const dialog = reviewer.getByRole("dialog", {
    name: text(decision === "approve" ? "Studio_ApproveTitle" : "Studio_RefuseTitle", { id }),
  });
  const field = dialog.getByRole("textbox", {
    name: text(decision === "approve" ? "Studio_ApproveComment" : "Studio_RefuseComment"),
  });
  await expect(field).toBeFocused();
  await field.fill(comment);
  await dialog.getByRole("button", { name: text(verb), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    outcome(reviewer, text(decision === "approve" ? "Studio_Approved" : "Studio_Refused")),
  ).toBeVisible();
}

/** The author's studio shows the answer: who gave it, its comment, and the change set's state. */
async function expectAnswer(studio: Page, id: number, decision: "approve" | "refuse", comment: string) {
  await studio.reload();
  await openTab(studio, "changes");
  await studio.getByRole("button", { name: text("Studio_OpenChangeSet", { id }) }).click();
  const current = studio.getByRole("heading", {
    name: new RegExp(`^${text("Studio_ChangeSetName", { id, comment: "" }).trim()}\\b`),
  });
  await expect(current).toContainText(
    text(decision === "approve" ? "Studio_Status_approved" : "Studio_Status_draft"),
  );
  const by = text(decision === "approve" ? "Studio_ApprovedBy" : "Studio_RefusedBy", { name: REVIEWER_NAME });
  await expect(
    studio.getByRole("note").filter({ hasText: comment ? `${by}: ${comment}` : by }),
  ).toBeVisible();
}

/** The links of the navigation panel's section `section`, in order, as `page`'s member sees them. */
async function panelLinks(page: Page, section: string): Promise<Locator> {
  const banner = page.getByRole("banner");
  const panel = banner.getByRole("region", { name: section, exact: true });
  if (!(await panel.isVisible())) {
    await banner.getByRole("button", { name: en("Menu_Navigation") }).click();
  }
  return panel.getByRole("link");
}

/** Drags `source` with the mouse and drops it on the upper edge of `target` (HTML5 drag and drop). */
async function dragAbove(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("nothing to drag or to drop on");
  await page.mouse.move(from.x + from.width - 20, from.y + from.height / 2);
  await page.mouse.down();
  // A few steps: the editor shows its drop places once the drag has started (the next task).
  await page.mouse.move(from.x + from.width - 24, from.y + from.height / 2 - 4, { steps: 4 });
  await page.mouse.move(to.x + to.width - 20, to.y + 3, { steps: 8 });
  await page.mouse.move(to.x + to.width - 20, to.y + 2, { steps: 2 });
  await page.mouse.up();
}

test("an entry dragged with the mouse, approved by a second operator, goes to one account first and then to all", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [owner, starter] = [await open(browser, OWNER, "/"), await open(browser, STARTER, "/")];
  const names = [en("Menu_Tables"), en("Menu_Connections")];
  const data = en("MenuSection_Data");
  for (const member of [owner, starter]) {
    await expect(await panelLinks(member, data)).toContainText([names[0] as string]);
  }
  const order = async (member: Page) =>
    (await (await panelLinks(member, data)).allTextContents()).filter((name) => names.includes(name));
  expect(await order(owner)).toEqual(names);

  // Connections dragged above Tables with the mouse: the form shows the new order at once.
  const studio = await open(browser, OPERATOR, `${STUDIO}/menus`);
  const mainMenu = studio.getByRole("region", { name: text("StudioMenus_Menu_main") });
  const section = mainMenu.getByRole("list", { name: data, exact: true });
  const row = (name: string) =>
    section.getByRole("listitem").filter({ has: studio.getByRole("button", { name, exact: true }) });
  await dragAbove(studio, row(en("Menu_Connections")), row(en("Menu_Tables")));
  await expect(section.getByRole("listitem").nth(0)).toContainText(en("Menu_Connections"));
  await expect(section.getByRole("listitem").nth(1)).toContainText(en("Menu_Tables"));
  await expect(
    studio.getByRole("status").filter({
      hasText: new RegExp(`^${en("Menu_Connections")} moved to position 1 of \\d+ in ${data}\\.`),
    }),
  ).toBeAttached();
  await expect(studio.getByRole("button", { name: en("Menu_Connections"), exact: true })).toBeFocused();

  // Review: asked for, not answerable by its author, approved by the second operator with a comment.
  const id = await draftId(studio);
  await requestApproval(studio, id);
  const reviewer = await open(browser, REVIEWER, `${STUDIO}/changes`);
  await answer(reviewer, id, "approve", "Connections first reads better.");
  await expectAnswer(studio, id, "approve", "Connections first reads better.");

  // To Northwind first: its owner sees the new order, the Starter account's owner still the old one.
  await studio.getByRole("textbox", { name: text("Studio_CanaryLabel") }).fill(String(accountIds.northwind));
  await studio.getByRole("button", { name: text("Studio_PublishCanary") }).click();
  await expect(outcome(studio, /^Version \d+ published to accounts \d+ first\.$/)).toBeVisible();
  const version = (await operatorApi.get("/gw/config")).json.canary?.version as number;
  expect(version).toBeGreaterThan(0);
  const served = (await operatorApi.get(`/gw/config/versions/${version}?kind=menus`)).json.document as {
    main: { sections: { id: string; links: { id: string }[] }[] };
  };
  const servedData = served.main.sections.find((s) => s.id === "data");
  expect(servedData?.links.slice(0, 2).map((link) => link.id)).toEqual(["connections", "tables"]);
  await expect.poll(() => order(owner)).toEqual([...names].reverse());
  expect(await order(starter)).toEqual(names);
  await starter.reload();
  await expect(await panelLinks(starter, data)).toContainText([names[0] as string]);
  expect(await order(starter)).toEqual(names);

  // Then to everyone from the history: the Starter owner's open page follows.
  await openTab(studio, "history");
  await studio
    .getByRole("button", { name: text("StudioHistory_PromoteVersion", { version: `version ${version}` }) })
    .click();
  const confirm = studio.getByRole("alertdialog", {
    name: text("StudioHistory_PromoteTitle", { version: `version ${version}` }),
  });
  await confirm
    .getByRole("button", { name: text("StudioHistory_PromoteConfirm", { version: `version ${version}` }) })
    .click();
  await expect(confirm).toHaveCount(0);
  await expect.poll(() => order(starter)).toEqual([...names].reverse());
  expect((await operatorApi.get("/gw/config")).json.canary).toBeNull();
  for (const page of [owner, starter, studio, reviewer]) await page.context().close();
});

test("a change set refused with a comment goes back to its author as a draft, the comment beside it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const studio = await open(browser, OPERATOR, `${STUDIO}/menus`);
  const mainMenu = studio.getByRole("region", { name: text("StudioMenus_Menu_main") });
  await mainMenu.getByRole("button", { name: en("Menu_Dashboards"), exact: true }).click();
  const inspector = studio.getByRole("complementary", { name: text("StudioMenus_InspectorLabel") });
  await inspector.getByRole("textbox", { name: "English", exact: true }).fill("Boards");
  const id = await draftId(studio);
  await requestApproval(studio, id);
  const reviewer = await open(browser, REVIEWER, `${STUDIO}/changes`);
  const why = "Boards is the name of another product; keep Dashboards.";
  await answer(reviewer, id, "refuse", why);
  await expectAnswer(studio, id, "refuse", why);
  // Refused, it is a draft that needs approval again before it can be published.
  await expect(studio.getByRole("button", { name: text("Studio_PublishNow") })).toBeDisabled();
  await expect(studio.getByText(text("Studio_ApprovalFirst"))).toBeVisible();
  await expect(studio.getByRole("button", { name: text("Studio_RequestApproval") })).toBeEnabled();
  await operatorApi.send("POST", `/gw/config/changesets/${id}/cancel`, {});
  await studio.context().close();
  await reviewer.context().close();
});

test("the add-link dialog: Escape and Cancel add nothing, a chosen route becomes an entry, published at a time", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await open(browser, OWNER, "/");
  const studio = await open(browser, OPERATOR, `${STUDIO}/menus`);
  const mainMenu = studio.getByRole("region", { name: text("StudioMenus_Menu_main") });
  const opener = mainMenu.getByRole("button", {
    name: text("StudioMenus_AddLinkTo", { menu: text("StudioMenus_Menu_main") }),
  });
  const dialog = studio.getByRole("dialog", {
    name: text("StudioMenus_AddLinkTitle", { menu: text("StudioMenus_Menu_main") }),
  });
  const analytics = mainMenu.getByRole("list", { name: en("MenuSection_Analytics"), exact: true });
  await expect(analytics.getByRole("button", { name: en("Menu_Dashboards"), exact: true })).toBeVisible();
  const before = await analytics.getByRole("listitem").count();

  // The keyboard: Enter opens it, Escape closes it, the focus is back on the opener.
  await opener.focus();
  await studio.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: text("StudioMenus_Route") })).toBeVisible();
  await studio.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Cancel after choosing a route: nothing added, nothing to save.
  await opener.click();
  await choose(studio, text("StudioMenus_Route"), /^Dashboards \(\/dashboards\)/, "/dashboards");
  await dialog.getByRole("button", { name: text("StudioMenus_Cancel") }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(analytics.getByRole("listitem")).toHaveCount(before);
  await openTab(studio, "changes");
  await expect(studio.getByText(text("Studio_NothingChanged"))).toBeVisible();

  // A route, a section and an English text: the entry appears where it was added, marked as new.
  await openTab(studio, "menus");
  await opener.click();
  await choose(studio, text("StudioMenus_Route"), /^Dashboards \(\/dashboards\)/, "/dashboards");
  await choose(studio, text("StudioMenus_Section"), en("MenuSection_Analytics"));
  await dialog.getByRole("textbox", { name: "English", exact: true }).fill("Quarter boards");
  await dialog.getByRole("button", { name: text("StudioMenus_AddLinkSubmit") }).click();
  await expect(dialog).toHaveCount(0);
  await expect(analytics.getByRole("listitem")).toHaveCount(before + 1);
  const added = analytics.getByRole("listitem").filter({ hasText: "Quarter boards" });
  await expect(added).toContainText(text("StudioMenus_AddedBadge"));
  await expect(studio.getByRole("button", { name: "Quarter boards", exact: true })).toBeFocused();

  // Approved, then scheduled a few seconds ahead: the member's open panel shows it once it is due.
  const id = await draftId(studio);
  await requestApproval(studio, id);
  const reviewer = await open(browser, REVIEWER, `${STUDIO}/changes`);
  // The comment of an approval is optional.
  await answer(reviewer, id, "approve", "");
  await expectAnswer(studio, id, "approve", "");
  // The time as the datetime-local field takes it, in the browser's own time zone, with seconds.
  const at = await studio.evaluate(() => {
    const due = new Date(Date.now() + 15_000);
    const two = (n: number) => String(n).padStart(2, "0");
    return `${due.getFullYear()}-${two(due.getMonth() + 1)}-${two(due.getDate())}T${two(due.getHours())}:${two(due.getMinutes())}:${two(due.getSeconds())}`;
  });
  await studio.getByLabel(text("Studio_PublishAtLabel")).fill(at);
  await studio.getByRole("button", { name: text("Studio_Schedule") }).click();
  await expect(outcome(studio, /^Scheduled for /)).toBeVisible();
  const scheduled = (await operatorApi.get(`/gw/config/changesets/${id}`)).json.changeSet;
  expect(scheduled.status).toBe("scheduled");
  const links = await panelLinks(owner, en("MenuSection_Analytics"));
  await expect(links.filter({ hasText: "Quarter boards" })).toHaveCount(0);
  // Due 15 s after it was set; the publication reaches the open page well within a minute.
  await expect(links.filter({ hasText: "Quarter boards" })).toHaveCount(1, { timeout: 60_000 });
  expect((await operatorApi.get(`/gw/config/changesets/${id}`)).json.changeSet.status).toBe("published");
  for (const page of [owner, studio, reviewer]) await page.context().close();
});
