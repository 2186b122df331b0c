/**
 * The operator studio's README pictures (scripts/screenshots.ts): the demo operator signed in, a
 * change set published (so the history has two versions to compare) and a second one open — the
 * change set workspace with its summary and diff, the notification template preview, "preview as"
 * the demo viewer with why entries are hidden, and the history's diff of the two versions.
 */
import { expect, type Page } from "@playwright/test";
import { en, type Login, prepareSignedInUser, signInAs } from "../test/e2e/helpers/demo-users.ts";
import { apiClientAs } from "../test/e2e/helpers/own-gateway.ts";

const OPERATOR: Login = { domain: "tessera", email: "admin@tessera.example" };
const STUDIO = "/admin/configuration/studio";

/** The studio's pictures, by file name (without .png). */
export const STUDIO_SCREENS = [
  "studio-workspace",
  "studio-templates",
  "studio-preview",
  "studio-history",
] as const;

/** Prepares the configuration through the API: one version published, one change set open. */
export async function prepareStudio(origin: string): Promise<void> {
  const operator = await apiClientAs(origin, OPERATOR);
  try {
    const create = async (comment: string, edits: unknown[]) => {
      const head = (await operator.get("/gw/config")).json.head as number;
      const answer = await operator.send("POST", "/gw/config/changesets", {
        comment,
        baseVersion: head,
        edits,
      });
      if (answer.status !== 201)
        throw new Error(`change set: ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer.json.changeSet.id as number;
    };
    const first = await create("Boards instead of dashboards", [
      { kind: "texts.en", merge: { Menu_Dashboards: "Boards" } },
      { kind: "texts.de", merge: { Menu_Dashboards: "Tafeln" } },
    ]);
    const published = await operator.send("POST", `/gw/config/changesets/${first}/publish`, {});
    if (published.status !== 201) throw new Error(`publish: ${published.status}`);
    await create("A friendlier downgrade reminder", [
      {
        kind: "texts.en",
        merge: {
          Notification_SubscriptionDowngradeReminder:
            "Heads-up: your plan becomes {{subscriptionType}} soon.",
        },
      },
    ]);
  } finally {
    await operator.dispose();
  }
}

const tab = (page: Page, id: string) => page.getByRole("tab", { name: en(`Studio_Tab_${id}`) });

/** Opens the studio picture `id` in `page` (a fresh context) and waits until it shows its content. */
export async function showStudio(
  page: Page,
  origin: string,
  id: (typeof STUDIO_SCREENS)[number],
): Promise<void> {
  await signInAs(page, OPERATOR, origin);
  await prepareSignedInUser(page, origin);
  await page.goto(`${origin}${STUDIO}/changes`);
  await expect(tab(page, "changes")).toHaveAttribute("aria-selected", "true", { timeout: 30_000 });
  switch (id) {
    case "studio-workspace": {
      await page
        .getByRole("button", { name: /^Open change set \d+$/ })
        .first()
        .click();
      await expect(page.getByText(en("Studio_Valid"), { exact: true })).toBeVisible({ timeout: 15_000 });
      return;
    }
    case "studio-templates": {
      await page
        .getByRole("button", { name: /^Open change set \d+$/ })
        .first()
        .click();
      await tab(page, "templates").click();
      await page
        .getByRole("button", { name: /^SubscriptionDowngradeReminder\b/ })
        .first()
        .click();
      await expect(
        page
          .getByRole("region", { name: en("StudioTemplates_Preview") })
          .getByText(/Heads-up/)
          .first(),
      ).toBeVisible();
      return;
    }
    case "studio-preview": {
      // The open change set is the draft previewed beside what is live.
      await page
        .getByRole("button", { name: /^Open change set \d+$/ })
        .first()
        .click();
      await expect(page.getByText(en("Studio_Valid"), { exact: true })).toBeVisible({ timeout: 15_000 });
      await tab(page, "preview").click();
      for (const [label, search, option] of [
        [en("StudioPreview_Account"), "Northwind", /Northwind/],
        [en("StudioPreview_User"), "viewer", /viewer@northwind\.example/],
      ] as const) {
        await page.getByRole("combobox", { name: label }).click();
        await page.keyboard.type(search);
        await page.getByRole("option", { name: option }).first().click();
      }
      await page.getByRole("button", { name: en("StudioPreview_Run"), exact: true }).click();
      await expect(page.getByRole("list", { name: en("StudioPreview_WhyHidden") })).toBeVisible({
        timeout: 15_000,
      });
      return;
    }
    case "studio-history": {
      await tab(page, "history").click();
      await expect(page.getByRole("table").first()).toBeVisible({ timeout: 15_000 });
      await page.getByRole("heading", { name: /^Compare versions$/ }).scrollIntoViewIfNeeded();
      return;
    }
  }
}
