/**
 * Signing in and out against the real gateway and the embedded upstream's demo seed (README, demo
 * password `tessera-demo`): the remembered target (§4.1 step 1), a wrong password, the second factor
 * (RFC 6238 code computed here), the domain asked for an e-mail of several accounts, and sign-out
 * (§4.2) after which the signed-in pages are closed again.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_TOTP_SECRET, TOTP_PERIOD_MS, totpAtStep } from "./helpers/one-time-code.ts";

const DEMO_PASSWORD = "tessera-demo";
/** A little over the dialog close animation (DIALOG_CLOSE_ANIMATION_MS, §9). */
const DIALOG_CLOSE_SETTLE_MS = 250;
/** RFC 6238 TOTP (HMAC-SHA-1, 30 s steps, 6 digits) at `now`. */
function totp(secret: string, now = Date.now()): string {
  return totpAtStep(secret, Math.floor(now / TOTP_PERIOD_MS));
}

test("the TOTP helper matches RFC 6238's SHA-1 test vector", () => {
  // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits) → 287082.
  const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  expect(totp(rfcSecret, 59_000)).toBe("287082");
});

const signInButton = (page: Page) => page.getByRole("button", { name: "Sign in", exact: true });

async function fillCredentials(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
}

test("owner@northwind.example (domain northwind) signs in and lands on /", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await fillCredentials(page, "owner@northwind.example");
  const anotherAccount = page.getByRole("button", { name: "Sign in to another account" });
  await expect(anotherAccount).toHaveAttribute("aria-expanded", "false");
  await anotherAccount.click();
  await expect(anotherAccount).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("textbox", { name: "Domain" }).fill("northwind");
  await signInButton(page).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an anonymous visit to /dashboards, then sign-in, lands on /dashboards", async ({ page }) => {
  await page.goto("/dashboards");
  await expect(page).toHaveURL(/\/login$/);
  await fillCredentials(page, "owner@northwind.example");
  await signInButton(page).click();
  await expect(page).toHaveURL(/\/dashboards$/);
});

test("a wrong password shows the error and keeps the e-mail", async ({ page }) => {
  await page.goto("/login");
  await fillCredentials(page, "owner@northwind.example", "not-the-password");
  await signInButton(page).click();
  await expect(page.getByRole("alert")).toContainText("The e-mail, domain or password is wrong.");
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("owner@northwind.example");
  const password = page.getByRole("textbox", { name: "Password", exact: true });
  await expect(password).toHaveValue("");
  await expect(password).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
});

test("secure@northwind.example signs in with a one-time code", async ({ page }) => {
  await page.goto("/login");
  await fillCredentials(page, "secure@northwind.example");
  await signInButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your verification code" })).toBeVisible();
  const code = page.getByRole("textbox", { name: "Verification code" });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await code.fill(totp(DEMO_TOTP_SECRET));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("consultant@example.com is asked for the domain", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("textbox", { name: "Domain" })).toHaveCount(0);
  await fillCredentials(page, "consultant@example.com");
  await signInButton(page).click();
  const domain = page.getByRole("textbox", { name: "Domain" });
  await expect(domain).toBeFocused();
  await expect(domain).toHaveAccessibleDescription(/please enter the domain too/);
  await domain.fill("northwind");
  await signInButton(page).click();
  await expect(page).toHaveURL(/\/$/);
});

test("sign-out lands on /loggedout and going back to /dashboards goes to /login", async ({ page }) => {
  await page.goto("/dashboards");
  await expect(page).toHaveURL(/\/login$/);
  await fillCredentials(page, "owner@northwind.example");
  await signInButton(page).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  // §4.2: the login announcement and the welcome tutorial may open after sign-in; Escape closes each.
  for (let open = 0; open < 3 && (await page.getByRole("dialog").count()) > 0; open += 1) {
    await page.keyboard.press("Escape");
    await page.waitForTimeout(DIALOG_CLOSE_SETTLE_MS);
  }
  await page.getByRole("button", { name: /Olivia Owner/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/loggedout$/);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
});
