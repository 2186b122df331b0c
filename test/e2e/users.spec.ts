/**
 * /users and the invoices of /subscription against the real gateway and embedded upstream (demo
 * seed): the owner invites a user; the invitation mail (read from the outbox through the staff
 * e-mail API) links to /newaccountuser, where the new user chooses a password and then signs in;
 * the owner changes the user's role, disables the user (their session ends, sign-in is refused);
 * the subscription screen lists the account's invoices with a working PDF download.
 */
import { type APIRequestContext, type Browser, expect, type Page, request, test } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, E2E_ORIGIN, settleSessionDialogs, signIn } from "./helpers/session.ts";

/** An address no other run uses (parallel workers share the one seeded upstream). */
const uniqueEmail = () =>
  `e2e.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@northwind.example`;
const NEW_PASSWORD = "e2e-invited-passphrase";

/** A gateway session of its own (own cookie jar) for `email`; the login answer's status. */
async function apiSession(domain: string, email: string, password: string) {
  const context = await request.newContext({ baseURL: E2E_ORIGIN });
  await context.get("/gw/session");
  const csrf = (await context.storageState()).cookies.find((c) => c.name === "tessera_csrf")?.value ?? "";
  const login = await context.post("/gw/session/login", {
    data: { domain, email, password },
    headers: { "X-Tessera-CSRF": csrf, Origin: E2E_ORIGIN },
  });
  return { context, status: login.status() };
}

/** The invitation link of the newest invitation mail to `email`, read by staff from the outbox. */
async function invitationLink(staff: APIRequestContext, email: string): Promise<URL> {
  const reply = await staff.get(`/api/Admin/EmailOutbound?to=${encodeURIComponent(email)}`);
  expect(reply.ok()).toBe(true);
  const { items } = (await reply.json()) as { items: Array<{ Kind: string; Body: string }> };
  const mail = items.find((item) => item.Kind === "Invitation");
  const link = /https?:\/\/\S+\/newaccountuser\?\S+/.exec(mail?.Body ?? "")?.[0];
  expect(link, `invitation mail to ${email}`).toBeTruthy();
  return new URL(link as string);
}

/** Signs in through the login form in a fresh browser context. */
async function signInThroughForm(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/login?domain=northwind");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return page;
}

const userRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("invite → mail link → choose a password → sign in; change role; disable ends the session", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail();
  const name = `Nina ${email.slice(4, 12)}`;
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  await page.goto("/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(userRow(page, "Olivia Owner")).toContainText("(you)");

  await page.getByRole("button", { name: "Invite user" }).click();
  const invite = page.getByRole("dialog", { name: "Invite a user" });
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("This field is required.").first()).toBeVisible();
  await invite.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await invite.getByRole("textbox", { name: "Full name" }).fill(name);
  await invite.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Analyst" }).click();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite).toBeVisible();
  await invite.getByRole("textbox", { name: "Email" }).fill(email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByText(`An invitation was sent to ${email}.`)).toBeVisible();
  await expect(userRow(page, name)).toContainText("Invited");

  const staff = await apiSession(DEMO_USERS.staffAdmin.domain, DEMO_USERS.staffAdmin.email, DEMO_PASSWORD);
  expect(staff.status).toBe(200);
  const link = await invitationLink(staff.context, email);
  expect(link.origin).toBe(E2E_ORIGIN);

  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto(`${link.pathname}${link.search}`);
  await expect(newcomer.getByRole("heading", { level: 1, name: "Join your team" })).toBeVisible();
  await newcomer.getByRole("textbox", { name: "New password", exact: true }).fill(NEW_PASSWORD);
  await newcomer.getByRole("textbox", { name: "Confirm the new password", exact: true }).fill(NEW_PASSWORD);
  await newcomer.getByRole("button", { name: "Set my password" }).click();
  await expect(newcomer.getByText("Your password is set. You can now sign in.")).toBeVisible();

  const signedIn = await signInThroughForm(browser, email);
  await expect(signedIn).toHaveURL(/\/$/);
  await expect(signedIn.getByRole("button", { name: new RegExp(name) })).toBeVisible();

  await page.reload();
  const row = userRow(page, name);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Analyst");
  await row.getByRole("button", { name: "Change role" }).click();
  const roleDialog = page.getByRole("dialog", { name: `Change the role of ${name}` });
  await roleDialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Viewer" }).click();
  await roleDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${name} now has the role Viewer.`)).toBeVisible();
  await expect(userRow(page, name)).toContainText("Viewer");

  // Escape backs out of the confirmation and the focus returns to the row's button.
  const disable = userRow(page, name).getByRole("button", { name: "Disable" });
  await disable.click();
  const confirm = page.getByRole("dialog", { name: "Disable" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(disable).toBeFocused();
  await expect(userRow(page, name)).toContainText("Active");
  await disable.click();
  await expect(confirm).toContainText(`Disable ${name}?`);
  await confirm.getByRole("button", { name: "Disable" }).click();
  await expect(userRow(page, name)).toContainText("Disabled");
  await expect(userRow(page, name).getByRole("button", { name: "Enable" })).toBeVisible();

  // The disabled user's open session has ended, and a new sign-in is refused.
  await signedIn.goto("/dashboards");
  await expect(signedIn).toHaveURL(/\/login$/);
  expect((await apiSession("northwind", email, NEW_PASSWORD)).status).not.toBe(200);
  await staff.context.dispose();
});

test("the subscription screen lists the account's invoices, newest first, with a PDF download", async ({
  page,
}) => {
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  await page.goto("/subscription/invoices");
  const table = page.getByRole("table", { name: /Invoices of your account/ });
  await expect(table).toBeVisible();
  const rows = table.getByRole("row");
  await expect(rows.nth(1)).toContainText("INV-2024-0003");
  await expect(rows.nth(3)).toContainText("INV-2024-0001");
  const download = table.getByRole("link", { name: "Download invoice INV-2024-0003 (PDF)" });
  const href = await download.getAttribute("href");
  expect(href).toContain("invoice/INV-2024-0003");
  const pdf = await page.request.get(href as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
});
