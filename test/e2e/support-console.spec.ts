/**
 * The support console (/admin/supportconsole, §4.4 staff side) in Chromium against the real gateway
 * and upstream — a product of the spec's own (helpers/own-gateway.ts), since the console closes the
 * chat service for every member and takes and archives sessions:
 * - a member starts a chat; the agent's open console lists them as waiting within 2 s, takes the
 *   conversation, replies with text and an image, sees the edit the member makes in their chat panel,
 *   archives; the member's rating shows in the console without a reload;
 * - in the member's chat panel, their own messages are edited and deleted with the keyboard (staff
 *   replies offer neither), and the panel has no serious or critical axe violation, light and dark;
 * - read-only staff read the queue and a conversation, every action disabled (§6), a forged take refused;
 * - the service switch closes the chat in the member's open panel at once, and opens it again;
 * - another agent's take shows at once: the conversation moves to them and cannot be taken;
 * - two conversations as tabs: the unread count of the hidden one, and a draft kept across switches;
 * - axe finds no serious or critical violation with a conversation open, in light and dark.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { en, type Login, OWNER, prepareSignedInUser, STAFF_AUDITOR, signInAs } from "./helpers/demo-users.ts";
import { type ApiClient, apiClientAs, type OwnGateway, startOwnGateway } from "./helpers/own-gateway.ts";

const AGENT: Login = { domain: "tessera", email: "agent@tessera.example" };
/** A second member; beforeAll gives the Analyst role the chat (the seed gives it to the owner only). */
const ANALYST: Login = { domain: "northwind", email: "analyst@northwind.example" };
const OWNER_NAME = "Olivia Owner";
const ANALYST_NAME = "Andre Analyst";
const AGENT_NAME = "Sofia Support";
/** Staff with Write on every admin module: the other agent. */
const STAFF_ADMIN: Login = { domain: "tessera", email: "admin@tessera.example" };
const ADMIN_NAME = "Ada Admin";
const CONSOLE = "/admin/supportconsole";
/** What the console promises the agent: a new chat shows within two seconds, without a reload. */
const LIVE_MS = 2_000;
/** A 4 × 4 red PNG: the agent's image reply. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGO4o6YGRwzEcQDsoxKBT+rXhgAAAABJRU5ErkJggg==",
  "base64",
);

let product: OwnGateway;
let agentApi: ApiClient;

test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  test.setTimeout(60_000);
  product = await startOwnGateway();
  agentApi = await apiClientAs(product.origin, AGENT);
  const owner = await apiClientAs(product.origin, OWNER);
  try {
    const roles = (await owner.get("/api/Roles")).json as {
      RecId: number;
      Name: string;
      Permissions: string;
    }[];
    const analyst = roles.find((role) => role.Name === "Analyst");
    if (!analyst) throw new Error("no Analyst role in the seed");
    const saved = await owner.send("PUT", `/api/Roles/${analyst.RecId}`, {
      Permissions: `${analyst.Permissions};InAppChatAccess_r`,
    });
    if (saved.status !== 200)
      throw new Error(`the Analyst role: ${saved.status} ${JSON.stringify(saved.json)}`);
  } finally {
    await owner.dispose();
  }
});
// Each test leaves the service open and no session waiting or active, so the next starts clean.
test.afterEach(async () => {
  await agentApi.send("PUT", "/api/Admin/SupportChat/Status", { IsOpen: true });
  for (const status of ["Waiting", "Active"]) {
    const listed = await agentApi.get(`/api/Admin/SupportChat/Sessions?status=${status}&pageSize=200`);
    for (const session of (listed.json?.Items ?? []) as { RecId: number }[]) {
      const base = `/api/Admin/SupportChat/Sessions/${session.RecId}`;
      if (status === "Waiting") await agentApi.send("POST", `${base}/Take`, {});
      await agentApi.send("POST", `${base}/Archive`, {});
    }
  }
});
test.afterAll(async () => {
  await agentApi?.dispose();
  await product?.close();
});

/** The English text of `key` with its {{params}} filled in. */
function text(key: string, params: Record<string, string | number> = {}): string {
  return en(key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

async function openPage(browser: Browser, login: Login, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, login, product.origin);
  await prepareSignedInUser(page, product.origin);
  await page.goto(`${product.origin}${path}`);
  await expect(page.getByRole("banner")).toBeVisible({ timeout: 15_000 });
  return page;
}

/** The agent's (or auditor's) console, loaded. */
async function openConsole(browser: Browser, login: Login): Promise<Page> {
  const page = await openPage(browser, login, CONSOLE);
  await expect(page.getByRole("heading", { level: 1, name: "Support console" })).toBeVisible({
    timeout: 15_000,
  });
  return page;
}

/** The member's chat panel, opened from the top bar. */
async function openChat(page: Page): Promise<Locator> {
  await page
    .getByRole("banner")
    .getByRole("button", { name: new RegExp(`^${en("Chat_Button")}`) })
    .click();
  const panel = page.getByRole("dialog", { name: en("Chat_Title") });
  await expect(panel).toBeVisible();
  return panel;
}

/** The member types `message` and sends it; resolves once the server acknowledged it (§4.4). */
async function memberSends(panel: Locator, message: string): Promise<void> {
  const field = panel.getByRole("textbox", { name: en("Chat_MessageLabel") });
  await field.fill(message);
  const start = panel.getByRole("button", { name: en("Chat_StartButton") });
  await ((await start.count()) > 0 ? start : panel.getByRole("button", { name: en("Chat_Send") })).click();
  const log = panel.getByRole("log", { name: en("Chat_Conversation") });
  await expect(log.getByText(message)).toBeVisible();
  await expect(log.getByText(en("Chat_Sending"))).toHaveCount(0);
}

/** A chat message of `login` sent through the member API (for tests whose subject is the console). */
async function memberMessage(login: Login, message: string, page = "/dashboards"): Promise<void> {
  const member = await apiClientAs(product.origin, login);
  try {
    const sent = await member.send("POST", "/api/supportchat/message", { Page: page, Text: message });
    expect(sent.status).toBe(201);
  } finally {
    await member.dispose();
  }
}

/** The waiting (or active) session of the member named `fullName`, as the staff API lists it. */
async function sessionOf(fullName: string, status: "Waiting" | "Active" = "Waiting"): Promise<number> {
  const listed = await agentApi.get(`/api/Admin/SupportChat/Sessions?status=${status}&pageSize=200`);
  const session = ((listed.json?.Items ?? []) as { RecId: number; UserFullName: string }[]).find(
    (item) => item.UserFullName === fullName,
  );
  if (!session) throw new Error(`no ${status} session of ${fullName}`);
  return session.RecId;
}

const queue = (page: Page) => page.getByRole("region", { name: "Queue" });
/** One of the queue's three lists, named by its heading. */
const queueList = (page: Page, heading: "Waiting" | "My conversations" | "Other agents' conversations") =>
  queue(page).getByRole("list", { name: heading, exact: true });
const openButton = (scope: Page | Locator, fullName: string) =>
  scope.getByRole("button", { name: `Open conversation with ${fullName}`, exact: true });
const conversationTab = (page: Page, fullName: string) =>
  page
    .getByRole("tablist", { name: "Open conversations" })
    .getByRole("tab", { name: new RegExp(`^${fullName}`) });
const messages = (page: Page, fullName: string) =>
  page.getByRole("tabpanel").getByRole("log", { name: `Messages with ${fullName}` });
const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true });
const serviceSwitch = (page: Page) =>
  page
    .getByRole("switch", { name: "Chat open for members" })
    .or(page.getByRole("checkbox", { name: "Chat open for members" }));
const memberDetails = (page: Page) => page.getByRole("complementary", { name: "Member details" });

/** Opens the conversation with `fullName` from the queue and waits for its transcript. */
async function openConversation(page: Page, fullName: string): Promise<Locator> {
  await openButton(queue(page), fullName).click();
  await expect(conversationTab(page, fullName)).toHaveAttribute("aria-selected", "true");
  const log = messages(page, fullName);
  await expect(log).toBeVisible();
  return log;
}

/** Attaches `name` through "Attach file": a labelled file input, or a button opening the file chooser. */
async function attach(page: Page, name: string, buffer: Buffer): Promise<void> {
  const file = { name, mimeType: "image/png", buffer };
  const input = page.locator('input[type="file"]').and(page.getByLabel("Attach file"));
  if ((await input.count()) > 0) {
    await input.setInputFiles(file);
    return;
  }
  const chooser = page.waitForEvent("filechooser");
  await button(page, "Attach file").click();
  await (await chooser).setFiles(file);
}

const memberLog = (panel: Locator) => panel.getByRole("log", { name: en("Chat_Conversation") });
/** The member's line holding `content` in their chat panel. */
const memberLine = (panel: Locator, content: string) =>
  memberLog(panel).getByRole("listitem").filter({ hasText: content });
const editField = (panel: Locator) =>
  panel.getByRole("textbox", { name: en("Chat_EditMessage"), exact: true });

/**
 * The member edits one of their messages in the chat panel (its "Edit message" button, Enter saves):
 * the line shows the new text marked edited, and the focus is back on the line's Edit button.
 */
async function memberEdits(panel: Locator, original: string, edited: string): Promise<void> {
  await memberLine(panel, original)
    .getByRole("button", { name: en("Chat_EditMessage"), exact: true })
    .click();
  const field = editField(panel);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(original);
  await field.fill(edited);
  await field.press("Enter");
  await expect(field).toHaveCount(0);
  const line = memberLine(panel, edited);
  await expect(line).toContainText(en("Chat_Edited"));
  await expect(line.getByRole("button", { name: en("Chat_EditMessage"), exact: true })).toBeFocused();
}

test("a member's chat reaches the agent live; taken, answered with text and an image, edited, archived and rated", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const [agent, member] = await Promise.all([openConsole(browser, AGENT), openPage(browser, OWNER, "/")]);
  await agent.evaluate(() => Object.assign(window, { notReloaded: true }));
  await expect(serviceSwitch(agent)).toBeChecked();
  await expect(agent).toHaveTitle(/^Support console\b/);
  const panel = await openChat(member);
  const question = `My dashboard will not load (${Date.now()})`;
  await memberSends(panel, question);

  // Within two seconds of the acknowledgement: waiting, with the account, the first message and a
  // waiting time that counts; the document title carries the count.
  const waiting = queueList(agent, "Waiting");
  const item = waiting.getByRole("listitem").filter({ has: openButton(agent, OWNER_NAME) });
  await expect(item).toBeVisible({ timeout: LIVE_MS });
  await expect(agent).toHaveTitle(/^\(1\) Support console\b/, { timeout: LIVE_MS });
  await expect(item).toContainText("Northwind Analytics");
  await expect(item).toContainText(question);
  const clock = item.locator("time");
  await expect(clock).toHaveText(/waiting \d+:\d\d/);
  const before = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 3_000 }).not.toBe(before);

  // Opened and taken: the member hears who they talk to; the session moves to "My conversations".
  const log = await openConversation(agent, OWNER_NAME);
  await expect(log.getByText(question)).toBeVisible();
  await button(agent, "Take conversation").click();
  await expect(
    queueList(agent, "My conversations")
      .getByRole("listitem")
      .filter({ has: openButton(agent, OWNER_NAME) }),
  ).toBeVisible();
  await expect(waiting.getByRole("listitem").filter({ has: openButton(agent, OWNER_NAME) })).toHaveCount(0);
  await expect(agent).toHaveTitle(/^Support console\b/);
  await expect(memberLog(panel).getByText(text("Chat_NowTalkingTo", { name: AGENT_NAME }))).toBeVisible();

  // The context panel: the member's account and subscription.
  await expect(memberDetails(agent)).toContainText("Northwind Analytics");
  await expect(memberDetails(agent)).toContainText("Business");

  // A text reply (Enter sends) and an image.
  const reply = "Hi Olivia, I am looking at it now.";
  const composer = agent.getByRole("textbox", { name: "Reply", exact: true });
  await composer.fill(reply);
  await composer.press("Enter");
  await expect(log.getByText(reply)).toBeVisible();
  await expect(composer).toHaveValue("");
  await attach(agent, "diagnosis.png", PNG);
  await expect(log.getByRole("img", { name: "diagnosis.png" })).toBeVisible();

  await expect(memberLog(panel).getByText(reply)).toBeVisible();
  const image = memberLog(panel).getByRole("img", { name: "diagnosis.png" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);

  // The member corrects their question in the chat panel: the agent sees the new text, marked edited.
  const corrected = `${question} — only the sales dashboard`;
  await memberEdits(panel, question, corrected);
  await expect(log.getByText(corrected)).toBeVisible();
  await expect(log.getByRole("listitem").filter({ hasText: corrected })).toContainText("edited");

  // A ticket from the conversation.
  await button(memberDetails(agent), "Create ticket").click();
  const ticketDialog = agent.getByRole("dialog", { name: "Create ticket" });
  await ticketDialog.getByRole("textbox", { name: "Title" }).fill("Sales dashboard does not load");
  await button(ticketDialog, "Create").click();
  await expect(agent.getByRole("status").filter({ hasText: /^Ticket \d+ created\.$/ })).toBeVisible();

  // Archived: the member rates, and the console shows it without a reload.
  await button(agent, "Archive conversation").click();
  const confirm = agent.getByRole("alertdialog", { name: en("SupportConsole_ArchiveTitle") });
  await button(confirm, en("SupportConsole_ArchiveConfirm")).click();
  await expect(agent.getByRole("tabpanel").getByText("Conversation archived")).toBeVisible();
  const rating = member.getByRole("dialog", { name: en("Chat_RatingTitle") });
  await expect(rating).toBeVisible();
  await rating.getByRole("radio", { name: en("Chat_RatingValue_4") }).check();
  const feedback = "Quick and clear, thank you.";
  await rating.getByRole("textbox", { name: en("Chat_RatingFeedback") }).fill(feedback);
  await rating.getByRole("button", { name: en("Chat_RatingSubmit") }).click();
  await expect(rating).toBeHidden();
  const tabpanel = agent.getByRole("tabpanel");
  await expect(tabpanel.getByText("Rated 4 of 5")).toBeVisible({ timeout: LIVE_MS });
  await expect(tabpanel.getByText(feedback)).toBeVisible();
  expect(await agent.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await member.context().close();
  await agent.context().close();
});

test("the member edits and deletes their own messages in the chat panel; staff replies offer neither; no serious axe violation, light and dark", async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const kept = `Is the export limited to 10,000 rows? (${Date.now()})`;
  const dropped = "Sorry, wrong window";
  await memberMessage(OWNER, kept);
  await memberMessage(OWNER, dropped);
  const session = await sessionOf(OWNER_NAME);
  const base = `/api/Admin/SupportChat/Sessions/${session}`;
  expect((await agentApi.send("POST", `${base}/Take`, {})).status).toBe(200);
  const reply = "No, exports have no row limit.";
  expect((await agentApi.send("POST", `${base}/Messages`, { Text: reply })).status).toBe(201);

  const member = await openPage(browser, OWNER, "/");
  const panel = await openChat(member);
  const log = memberLog(panel);
  await expect(log.getByText(reply)).toBeVisible();
  const editButton = (content: string) =>
    memberLine(panel, content).getByRole("button", { name: en("Chat_EditMessage"), exact: true });
  const deleteButton = (content: string) =>
    memberLine(panel, content).getByRole("button", { name: en("Chat_DeleteMessage"), exact: true });
  await expect(editButton(kept)).toBeEnabled();
  await expect(deleteButton(kept)).toBeEnabled();
  await expect(memberLine(panel, reply).getByRole("button")).toHaveCount(0);

  // Deleted at once, with the keyboard: the line goes, the deletion is announced, the focus stays in
  // the conversation; the server has it deleted.
  await deleteButton(dropped).focus();
  await member.keyboard.press("Enter");
  await expect(log.getByText(dropped)).toHaveCount(0);
  await expect(panel.getByRole("status").filter({ hasText: en("Chat_MessageDeleted") })).toBeAttached();
  await expect(log).toBeFocused();
  const transcript = (await agentApi.get(base)).json as { Messages: { Text: string | null }[] };
  expect(transcript.Messages.map((message) => message.Text)).not.toContain(dropped);

  // Escape leaves the editor, not the panel; the focus is back on Edit and the text unchanged.
  await editButton(kept).focus();
  await member.keyboard.press("Enter");
  await expect(editField(panel)).toBeFocused();
  await editField(panel).fill("something else");
  await member.keyboard.press("Escape");
  await expect(editField(panel)).toHaveCount(0);
  await expect(panel).toBeVisible();
  await expect(editButton(kept)).toBeFocused();
  await expect(memberLine(panel, kept)).not.toContainText(en("Chat_Edited"));

  // §5: a blank text is not saved.
  await editButton(kept).click();
  await editField(panel).fill("   ");
  await expect(panel.getByRole("button", { name: en("Dialog_Save"), exact: true })).toBeDisabled();
  await editField(panel).press("Enter");
  await expect(editField(panel)).toBeFocused();

  // The panel with own lines, their buttons and an editor open: light and dark.
  for (const scheme of ["light", "dark"] as const) {
    await member.emulateMedia({ colorScheme: scheme });
    await expect(member.locator("html")).toHaveAttribute("data-theme", scheme);
    const shot = testInfo.outputPath(`member-chat-edit-${scheme}.png`);
    await panel.screenshot({ path: shot });
    await testInfo.attach(`member-chat-edit-${scheme}.png`, { path: shot, contentType: "image/png" });
    const scan = await new AxeBuilder({ page: member }).include(".chat-popover").analyze();
    expect(scan.passes.length).toBeGreaterThan(5);
    const findings = scan.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
    expect(
      findings.filter((f) => f.impact === "serious" || f.impact === "critical"),
      scheme,
    ).toEqual([]);
  }
  await member.keyboard.press("Escape");
  await expect(editField(panel)).toHaveCount(0);
  for (const scheme of ["light", "dark"] as const) {
    await member.emulateMedia({ colorScheme: scheme });
    await expect(member.locator("html")).toHaveAttribute("data-theme", scheme);
    const shot = testInfo.outputPath(`member-chat-lines-${scheme}.png`);
    await panel.screenshot({ path: shot });
    await testInfo.attach(`member-chat-lines-${scheme}.png`, { path: shot, contentType: "image/png" });
  }
  await member.context().close();
});

test("read-only staff read the queue and a conversation with every action disabled; a forged take is refused", async ({
  browser,
}) => {
  const question = `Where is my invoice? (${Date.now()})`;
  await memberMessage(OWNER, question);
  const id = await sessionOf(OWNER_NAME);

  const auditor = await openConsole(browser, STAFF_AUDITOR);
  await expect(queueList(auditor, "Waiting").getByText(question)).toBeVisible();
  await expect(serviceSwitch(auditor)).toBeVisible();
  await expect(serviceSwitch(auditor)).toBeDisabled();
  const log = await openConversation(auditor, OWNER_NAME);
  await expect(log.getByText(question)).toBeVisible();
  for (const name of ["Take conversation", "Send", "Attach file", "All staff busy", "Archive conversation"]) {
    await expect(button(auditor, name), name).toBeVisible();
    await expect(button(auditor, name), name).toBeDisabled();
  }
  await expect(button(memberDetails(auditor), "Create ticket")).toBeDisabled();

  // The same take with the auditor's own session and CSRF token: refused on the server.
  const csrf = (await auditor.context().cookies()).find((c) => c.name === "tessera_csrf")?.value ?? "";
  const forged = await auditor.request.post(`${product.origin}/api/Admin/SupportChat/Sessions/${id}/Take`, {
    headers: { "X-Tessera-CSRF": csrf, Origin: product.origin },
    data: {},
  });
  expect(forged.status()).toBe(403);
  expect(await sessionOf(OWNER_NAME)).toBe(id);
  await auditor.context().close();
});

test("the service switch closes the chat in the member's open panel at once, and opens it again", async ({
  browser,
}) => {
  const [member, agent] = await Promise.all([openPage(browser, OWNER, "/"), openConsole(browser, AGENT)]);
  await member.evaluate(() => Object.assign(window, { notReloaded: true }));
  const panel = await openChat(member);
  await expect(panel.getByText(en("Chat_StartIntro"))).toBeVisible();

  // Desktop notices: asked for on the click only; granted, the button says so and is pressed.
  await agent.context().grantPermissions(["notifications"], { origin: product.origin });
  await button(agent, "Notify me of new chats").click();
  await expect(button(agent, "Desktop notifications on")).toHaveAttribute("aria-pressed", "true");

  const open = serviceSwitch(agent);
  // The switch as a pointer meets it: its label (the drawn track lies over the input).
  const toggle = agent.locator("label", { has: open });
  await expect(open).toBeChecked();
  await toggle.click();
  await expect(open).not.toBeChecked();
  await expect(panel.getByText(en("Chat_Unavailable"))).toBeVisible({ timeout: LIVE_MS });
  expect((await agentApi.get("/api/Admin/SupportChat/Status")).json.IsOpen).toBe(false);

  await toggle.click();
  await expect(open).toBeChecked();
  await expect(panel.getByText(en("Chat_Unavailable"))).toHaveCount(0, { timeout: LIVE_MS });
  await expect(panel.getByRole("textbox", { name: en("Chat_MessageLabel") })).toBeVisible();
  expect((await agentApi.get("/api/Admin/SupportChat/Status")).json.IsOpen).toBe(true);
  expect(await member.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );
  await member.context().close();
  await agent.context().close();
});

test("another agent's take shows live: the conversation moves to the other agents and cannot be taken", async ({
  browser,
}) => {
  await memberMessage(OWNER, "Can I get a copy of last month's invoice?");
  const agent = await openConsole(browser, AGENT);
  await openConversation(agent, OWNER_NAME);
  await expect(button(agent, "Take conversation")).toBeEnabled();
  const admin = await apiClientAs(product.origin, STAFF_ADMIN);
  try {
    expect(
      (await admin.send("POST", `/api/Admin/SupportChat/Sessions/${await sessionOf(OWNER_NAME)}/Take`, {}))
        .status,
    ).toBe(200);
  } finally {
    await admin.dispose();
  }
  await expect(agent.getByRole("tabpanel").getByText(`${ADMIN_NAME} is talking to this member.`)).toBeVisible(
    {
      timeout: LIVE_MS,
    },
  );
  await expect(button(agent, "Take conversation")).toBeDisabled();
  const others = queueList(agent, "Other agents' conversations");
  await expect(others.getByRole("listitem").filter({ has: openButton(agent, OWNER_NAME) })).toBeVisible();
  await expect(agent.getByRole("textbox", { name: "Reply", exact: true })).toHaveCount(0);
  await agent.context().close();
});

test("two conversations as tabs: the hidden one counts its unread messages, and a draft survives a switch", async ({
  browser,
}) => {
  await memberMessage(OWNER, "Hello from Olivia");
  await memberMessage(ANALYST, "Hello from Andre");
  const agent = await openConsole(browser, AGENT);
  await expect(agent).toHaveTitle(/^\(2\) Support console\b/);

  await openConversation(agent, OWNER_NAME);
  await button(agent, "Take conversation").click();
  await expect(agent.getByRole("textbox", { name: "Reply", exact: true })).toBeVisible();
  await openConversation(agent, ANALYST_NAME);
  await button(agent, "Take conversation").click();
  const reply = agent.getByRole("textbox", { name: "Reply", exact: true });
  const draft = "Andre, could you send me a screenshot of";
  await reply.fill(draft);

  // Olivia's tab shows; Andre writes again: his tab counts it.
  await conversationTab(agent, OWNER_NAME).click();
  await expect(conversationTab(agent, OWNER_NAME)).toHaveAttribute("aria-selected", "true");
  await expect(reply).toHaveValue("");
  await memberMessage(ANALYST, "It happens on every dashboard");
  const andre = conversationTab(agent, ANALYST_NAME);
  const unreadOf = async (tab: Locator) =>
    `${(await tab.getAttribute("aria-description")) ?? ""} ${await tab.innerText()}`;
  await expect.poll(() => unreadOf(andre), { timeout: LIVE_MS }).toContain("1 unread");

  // Back to Andre: the count clears, the draft is where it was.
  await andre.click();
  await expect(andre).toHaveAttribute("aria-selected", "true");
  await expect(messages(agent, ANALYST_NAME).getByText("It happens on every dashboard")).toBeVisible();
  await expect.poll(() => unreadOf(andre)).not.toContain("unread");
  await expect(reply).toHaveValue(draft);

  // Closing a tab leaves the other.
  await button(agent, `Close conversation with ${OWNER_NAME}`).click();
  await expect(conversationTab(agent, OWNER_NAME)).toHaveCount(0);
  await expect(andre).toBeVisible();
  await agent.context().close();
});

test("the console with a conversation open has no serious or critical axe violation, in light and dark", async ({
  browser,
}, testInfo) => {
  await memberMessage(OWNER, "Is the export limited to 10,000 rows?");
  const agent = await openConsole(browser, AGENT);
  const log = await openConversation(agent, OWNER_NAME);
  await button(agent, "Take conversation").click();
  // An own reply too, with its edit and delete buttons.
  const reply = agent.getByRole("textbox", { name: "Reply", exact: true });
  await reply.fill("No, exports have no row limit.");
  await button(agent, "Send").click();
  await expect(log.getByRole("button", { name: "Edit message" })).toBeVisible();
  await expect(memberDetails(agent)).toContainText("Northwind Analytics");
  for (const scheme of ["light", "dark"] as const) {
    await agent.emulateMedia({ colorScheme: scheme });
    await expect(agent.locator("html")).toHaveAttribute("data-theme", scheme);
    const scan = await new AxeBuilder({ page: agent }).analyze();
    expect(scan.passes.length).toBeGreaterThan(10);
    const findings = scan.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
    await testInfo.attach(`axe-support-console-${scheme}.json`, {
      body: JSON.stringify(findings, null, 2),
      contentType: "application/json",
    });
    expect(
      findings.filter((f) => f.impact === "serious" || f.impact === "critical"),
      scheme,
    ).toEqual([]);
  }
  await agent.context().close();
});
