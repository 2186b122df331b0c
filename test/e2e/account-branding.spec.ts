/**
 * Account branding in Chromium against the real gateway and embedded upstream (DESIGN.md:
 * white-label accounts have their own shell's colours; the rule is core/branding/contrast.ts):
 * - as the Northwind owner, a primary colour under WCAG AA shows its measured ratio under the picker,
 *   a save is refused naming the pair and its ratio (and the upstream refuses the same pair);
 * - a valid pair saves, the owner's top bar and accent take it, and a page another member already
 *   has open shows it without a reload (§7 refresh-base-page-user);
 * - staff with Write on Accounts get the same editor on the account's detail in /admin/accounts: a
 *   pair under AA is refused with its ratio (by the page and by the upstream), a valid pair saves
 *   and a member of that account sees it in the shell without a reload;
 * - the same editor in the account's create form: a pair under AA creates nothing and names its ratio
 *   (so does the create route), a valid pair is the new account's;
 * - the product's colours are restored at the end (other specs share the server and the account);
 * - axe finds no serious or critical violation on the branding tab, in light and dark.
 */
import AxeBuilder from "@axe-core/playwright";
import { type APIResponse, expect, type Locator, type Page, test } from "@playwright/test";
import { en } from "./helpers/demo-users.ts";
import { csrfToken, E2E_ORIGIN, settleSessionDialogs, signIn } from "./helpers/session.ts";

// In order in one worker: the scans must not see the refused colour pair the first test types in.
test.describe.configure({ mode: "default" });

/** `key`'s English text with its {{params}} filled in. */
function text(key: string, params: Record<string, string> = {}): string {
  return en(key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");
}

const EDITABLE = [
  "Name",
  "MenuLogoStyle",
  "MenuDisplayTitleType",
  "MenuTitle",
  "TwoFactorAuthenticationPolicy",
  "ShowHelpLinks",
  "EmbeddingOrigins",
];

/** PUT Account/Settings as the page's user with the current settings and `patch` over them. */
async function putSettings(page: Page, patch: Record<string, unknown>) {
  const current = (await (await page.request.get("/api/Account/Settings")).json()) as Record<string, unknown>;
  return page.request.put("/api/Account/Settings", {
    headers: { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN },
    data: { ...Object.fromEntries(EDITABLE.map((key) => [key, current[key]])), ...patch },
  });
}

/** The hex field of one colour's picker (both pickers have a "Hex code" field: the group tells them apart). */
/**
 * The #8899aa primary (2.92:1 on white text) refused twice with the same measurement: on the page,
 * naming the pair and its ratio with the focus on the refusal, and by the endpoint (§8 body).
 */
async function expectLowContrastRefused(scope: Page | Locator, send: () => Promise<APIResponse>) {
  const refusal = scope.getByRole("alert").filter({ hasText: text("Branding_NotSaved") });
  await expect(refusal).toContainText(
    text("Branding_Refused_primaryText", { colour: "#8899aa", ratio: "2.92", required: "4.5" }),
  );
  await expect(refusal).toBeFocused();
  const refused = await send();
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { Message: string }).Message).toBe(
    "Primary colour #8899aa with white text: contrast 2.92:1, needs 4.5:1.",
  );
  return refusal;
}

const hexOf = (scope: Page | Locator, colour: "primary" | "accent") =>
  scope
    .getByRole("group", { name: text(`Branding_Picker_${colour}`) })
    .getByRole("textbox", { name: text("ColourPicker_Hex") });

test("a colour pair under WCAG AA is refused with its ratio; a valid one shows in every member's shell", async ({
  page,
  browser,
}) => {
  // Two signed-in pages, a refusal and a save with its push: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, "owner");
  await settleSessionDialogs(page);
  // Another member's page, open before the change.
  const other = await browser.newContext();
  const member = await other.newPage();
  try {
    await signIn(member, "viewer");
    await settleSessionDialogs(member);
    await member.goto("/");
    await expect(member.getByRole("banner")).toBeVisible();
    const productBar = await member
      .getByRole("banner")
      .evaluate((bar) => getComputedStyle(bar).backgroundColor);

    await page.goto("/accountsettings/branding");
    await expect(
      page.getByRole("tab", { name: text("AccountSettings_Tab_branding"), selected: true }),
    ).toBeVisible();
    await expect(page.getByRole("figure", { name: text("Branding_Preview_light") })).toBeVisible();
    await expect(page.getByRole("figure", { name: text("Branding_Preview_dark") })).toBeVisible();

    // Under AA: the ratio shows live under the picker, in words, and in the preview's bar.
    await hexOf(page, "primary").fill("#8899aa");
    const checks = page.getByRole("list", { name: text("Branding_ChecksOf_primary") });
    await expect(checks).toContainText(text("Branding_TooLow"));
    await expect(checks).toContainText(
      text("Branding_Check_primaryText", { colour: "#8899aa", ratio: "2.92", required: "4.5" }),
    );
    await expect
      .poll(() =>
        page
          .getByRole("figure", { name: text("Branding_Preview_light") })
          .evaluate((figure) => getComputedStyle(figure).getPropertyValue("--preview-bar-bg")),
      )
      .toBe("#8899aa");

    // The save is refused on the page, naming the pair and its ratio; the focus goes to the refusal.
    await page.getByRole("button", { name: text("AccountSettings_Save") }).click();
    // The upstream refuses the same pair with the same measurement.
    const refusal = await expectLowContrastRefused(page, () =>
      putSettings(page, { BrandPrimaryColor: "#8899aa" }),
    );
    await expect(page.getByRole("banner")).toHaveCSS("background-color", productBar);

    // A valid pair: the refusal goes, the save lands, the owner's shell takes both colours.
    await hexOf(page, "primary").fill("#6a1b9a");
    await hexOf(page, "accent").fill("#b0006e");
    await expect(refusal).toHaveCount(0);
    await expect(page.getByRole("list", { name: text("Branding_ChecksOf_accent") })).not.toContainText(
      text("Branding_TooLow"),
    );
    await page.getByRole("button", { name: text("AccountSettings_Save") }).click();
    await expect(page.getByText(text("AccountSettings_Saved"))).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCSS("background-color", "rgb(106, 27, 154)");
    await expect(page.getByRole("banner")).toHaveCSS("color", "rgb(255, 255, 255)");
    // The accent: the selected tab's underline.
    await expect(page.getByRole("tab", { name: text("AccountSettings_Tab_branding") })).toHaveCSS(
      "border-bottom-color",
      "rgb(176, 0, 110)",
    );

    // The other member's open page follows without a reload, within the 2 s the push allows.
    await expect(member.getByRole("banner")).toHaveCSS("background-color", "rgb(106, 27, 154)", {
      timeout: 2_000,
    });

    // Restored to the product's colours: the other member's page follows again.
    expect((await putSettings(page, { BrandPrimaryColor: null, BrandAccentColor: null })).ok()).toBe(true);
    await expect(member.getByRole("banner")).toHaveCSS("background-color", productBar);
  } finally {
    // Whatever failed above, the shared account gets the product's colours back.
    await putSettings(page, { BrandPrimaryColor: null, BrandAccentColor: null });
    await other.close();
  }
});

/** The demo account staff brand here, and whose member watches the shell. */
const ACCOUNT = "Northwind Analytics";

test("staff brand an account with the same editor: under AA refused with its ratio, a valid pair in its member's shell", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "staffAdmin");
  await settleSessionDialogs(page);
  const other = await browser.newContext();
  const member = await other.newPage();
  /** PUT the account's colours through the staff endpoint, as the page's staff user. */
  const putColours = async (id: string, colours: Record<string, string | null>) =>
    page.request.put(`/api/Admin/Accounts/${id}`, {
      headers: { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN },
      data: colours,
    });
  let id = "";
  try {
    await signIn(member, "viewer");
    await settleSessionDialogs(member);
    await member.goto("/");
    await expect(member.getByRole("banner")).toBeVisible();
    const productBar = await member
      .getByRole("banner")
      .evaluate((bar) => getComputedStyle(bar).backgroundColor);

    await page.goto(`/admin/accounts?search=${encodeURIComponent(ACCOUNT)}`);
    await page.getByRole("button", { name: ACCOUNT, exact: true }).click();
    const record = page.getByRole("region", { name: ACCOUNT, exact: true });
    await expect(record).toBeVisible();
    id = new URL(page.url()).searchParams.get("id") ?? "";
    expect(id).toMatch(/^\d+$/);
    // One place edits the colours: the generic form has no hex fields for them any more.
    await expect(record.getByRole("textbox", { name: "Primary colour", exact: true })).toHaveCount(0);
    const brand = record.getByRole("region", { name: text("Panel_BrandColours"), exact: true });
    await expect(brand.getByRole("figure", { name: text("Branding_Preview_light") })).toBeVisible();
    await expect(brand.getByRole("figure", { name: text("Branding_Preview_dark") })).toBeVisible();

    // Under AA: the live ratio under the picker, then the refused save naming the pair and its ratio.
    await hexOf(brand, "primary").fill("#8899aa");
    await expect(brand.getByRole("list", { name: text("Branding_ChecksOf_primary") })).toContainText(
      text("Branding_Check_primaryText", { colour: "#8899aa", ratio: "2.92", required: "4.5" }),
    );
    await brand.getByRole("button", { name: text("Branding_SaveColours") }).click();
    // The staff endpoint refuses the same pair with the same measurement.
    const refusal = await expectLowContrastRefused(brand, () =>
      putColours(id, { BrandPrimaryColor: "#8899aa" }),
    );
    await expect(member.getByRole("banner")).toHaveCSS("background-color", productBar);

    // A valid pair saves; the member's open shell takes it without a reload.
    await hexOf(brand, "primary").fill("#1e6b34");
    await hexOf(brand, "accent").fill("#005f73");
    await expect(refusal).toHaveCount(0);
    await brand.getByRole("button", { name: text("Branding_SaveColours") }).click();
    await expect(page.getByText(text("Branding_Saved"))).toBeVisible();
    await expect(member.getByRole("banner")).toHaveCSS("background-color", "rgb(30, 107, 52)");
    // After a reload the staff editor starts from the saved pair.
    await page.reload();
    await expect(
      hexOf(page.getByRole("region", { name: text("Panel_BrandColours") }), "primary"),
    ).toHaveValue("#1e6b34");
  } finally {
    // The shared account gets the product's colours back.
    if (id) await putColours(id, { BrandPrimaryColor: null, BrandAccentColor: null });
    await other.close();
  }
});

test("staff choose a new account's colours in its create form: under AA nothing is created, a valid pair is stored", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "staffAdmin");
  await settleSessionDialogs(page);
  const domain = `branded-${Date.now().toString(36)}`;
  const accountsOf = async () =>
    (
      (await (await page.request.get(`/api/Admin/Accounts?search=${domain}`)).json()) as {
        items: {
          RecId: number;
          Domain: string;
          BrandPrimaryColor: string | null;
          BrandAccentColor: string | null;
        }[];
      }
    ).items.filter((row) => row.Domain === domain);
  /** POST a new account as the page's staff user (the create route the form calls). */
  const postAccount = async (colours: Record<string, string | null>) =>
    page.request.post("/api/Admin/Accounts", {
      headers: { "X-Tessera-CSRF": await csrfToken(page), Origin: E2E_ORIGIN },
      data: {
        Name: "Branded Bakery",
        Domain: domain,
        Status: "Trial",
        SubscriptionTemplateRecId: templateId,
        LanguageCode: "en",
        TwoFactorAuthenticationPolicy: "Optional",
        ...colours,
      },
    });
  const templates = (await (
    await page.request.get("/api/Admin/SubscriptionTemplates?search=Starter")
  ).json()) as {
    items: { RecId: number; Name: string }[];
  };
  const templateId = templates.items.find((row) => row.Name === "Starter")?.RecId;

  await page.goto("/admin/accounts");
  await page.getByRole("button", { name: text("Action_NewAccount") }).click();
  const form = page.getByRole("region", { name: text("Action_NewAccount"), exact: true });
  await form.getByRole("textbox", { name: text("Field_Name"), exact: true }).fill("Branded Bakery");
  await form.getByRole("textbox", { name: text("Field_Domain"), exact: true }).fill(domain);
  await form.getByRole("combobox", { name: text("Field_SubscriptionTemplate") }).click();
  await page.getByRole("option", { name: "Starter", exact: true }).click();
  const brand = form.getByRole("region", { name: text("Panel_BrandColours"), exact: true });
  await expect(brand.getByRole("figure", { name: text("Branding_Preview_light") })).toBeVisible();

  // Under AA: the live ratio under the picker; the creation is refused with it, and by the route too.
  await hexOf(brand, "primary").fill("#8899aa");
  await expect(brand.getByRole("list", { name: text("Branding_ChecksOf_primary") })).toContainText(
    text("Branding_Check_primaryText", { colour: "#8899aa", ratio: "2.92", required: "4.5" }),
  );
  await form.getByRole("button", { name: text("Form_Submit"), exact: true }).click();
  const refusal = await expectLowContrastRefused(brand, () => postAccount({ BrandPrimaryColor: "#8899aa" }));
  expect(await accountsOf()).toEqual([]);

  // A valid pair: created with it, and the new account's own detail starts from it.
  await hexOf(brand, "primary").fill("#6a1b9a");
  await hexOf(brand, "accent").fill("#b0006e");
  await expect(refusal).toHaveCount(0);
  await form.getByRole("button", { name: text("Form_Submit"), exact: true }).click();
  await expect(page.getByText(text("AdminScreen_Created"))).toBeVisible();
  await expect
    .poll(async () => (await accountsOf()).map((row) => [row.BrandPrimaryColor, row.BrandAccentColor]))
    .toEqual([["#6a1b9a", "#b0006e"]]);
  const detail = page.getByRole("region", { name: "Branded Bakery", exact: true });
  await expect(
    hexOf(detail.getByRole("region", { name: text("Panel_BrandColours"), exact: true }), "accent"),
  ).toHaveValue("#b0006e");
});

for (const scheme of ["light", "dark"] as const) {
  test(`the branding tab has no serious or critical axe violation (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, "owner");
    // The theme follows the system scheme (as the other specs set it), so the emulated one applies.
    await settleSessionDialogs(page, { theme: "sync", contrast: false });
    await page.goto("/accountsettings/branding");
    // The page really is in `scheme` when scanned.
    await expect(page.locator("html")).toHaveAttribute("data-theme", scheme);
    await expect(
      page.getByRole("tab", { name: text("AccountSettings_Tab_branding"), selected: true }),
    ).toBeVisible();
    // The whole tab is there: both pickers and both previews.
    await expect(hexOf(page, "primary")).toBeVisible();
    await expect(hexOf(page, "accent")).toBeVisible();
    await expect(page.getByRole("figure", { name: text("Branding_Preview_light") })).toBeVisible();
    await expect(page.getByRole("figure", { name: text("Branding_Preview_dark") })).toBeVisible();
    const scan = await new AxeBuilder({ page }).analyze();
    // The scan really ran over the tab's controls.
    expect(scan.passes.length).toBeGreaterThan(10);
    const serious = scan.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious, JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]))).toEqual([]);
  });
}
