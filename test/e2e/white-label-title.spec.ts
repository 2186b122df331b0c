/**
 * §6 white-label title: a white-label account's title (company name, custom title or none) stands
 * where the product name would — the browser tab of every screen, the sign-in page once the domain
 * is known (`/login?domain=`, as the mail links write it) — and the account logo is the tab's icon.
 * Contoso (README demo table) is white-label with the custom title "Contoso Insights" and a logo;
 * Northwind is not white-label and keeps the product name.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers/session.ts";

const EN = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;
const text = (key: string): string => {
  const value = EN[key];
  if (value === undefined) throw new Error(`no English text for ${key}`);
  return value;
};

/** Contoso's custom title (server/upstream/seed/demo.ts). */
const CONTOSO_TITLE = "Contoso Insights";
const PRODUCT = text("Shell_ProductName");

test("the tab of a white-label account names the account, not the product, on every screen", async ({
  page,
}) => {
  // The Contoso admin must set up a second factor: My Settings opens over the page (§4.2), which
  // changes nothing about the tab.
  await signIn(page, "contoso");
  await page.goto("/");
  await expect(page).toHaveTitle(`${text("PageTitle_Home")} · ${CONTOSO_TITLE}`);
  // The account's logo is the tab's icon (served by §7 {webservices}/account/logo/{logoUid}).
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
    "href",
    /\/webservices\/account\/logo\/[^/]+$/,
  );
  await page.goto("/dashboards");
  await expect(page).toHaveTitle(`${text("PageTitle_Dashboards")} · ${CONTOSO_TITLE}`);
  expect(await page.title()).not.toContain(PRODUCT);
});

test("the sign-in page of a white-label domain names the account once the domain is known", async ({
  page,
}) => {
  await page.goto("/login?domain=contoso");
  await expect(page).toHaveTitle(`${text("PageTitle_Login")} · ${CONTOSO_TITLE}`);
  await expect(page.getByText(CONTOSO_TITLE, { exact: true })).toBeVisible();
  await expect(page.getByText(PRODUCT, { exact: true })).toHaveCount(0);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
    "href",
    "/webservices/account/branding/contoso/logo",
  );
  await expect(page.getByRole("button", { name: text("Login_Submit"), exact: true })).toBeVisible();
});

test("without a white-label domain the sign-in page names the product", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle(`${text("PageTitle_Login")} · ${PRODUCT}`);
  // A domain that is not white-label, and one that does not exist, look exactly the same.
  for (const domain of ["northwind", "no-such-domain"]) {
    await page.goto(`/login?domain=${domain}`);
    await expect(page.getByRole("button", { name: text("Login_Submit"), exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${text("PageTitle_Login")} · ${PRODUCT}`);
    await expect(page.getByText(PRODUCT, { exact: true })).toBeVisible();
  }
});
