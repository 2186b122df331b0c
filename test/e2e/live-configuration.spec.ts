/**
 * Operators change the product while it runs (DESIGN.md §3; server/gateway/config/README.md): a change
 * set published through the configuration API reaches a member's open browser over the hub relay
 * without a reload — a renamed navigation panel entry and a changed notification template — and the
 * maintenance switch moves that browser to the maintenance page and back. The product is a gateway of
 * the spec's own (helpers/own-gateway.ts): publishing would change what every other spec sees.
 */
import { expect, type Page, test } from "@playwright/test";
import { en, OWNER, prepareSignedInUser, signInAs } from "./helpers/demo-users.ts";
import { type ApiClient, apiClientAs, type OwnGateway, startOwnGateway } from "./helpers/own-gateway.ts";

const STAFF_ADMIN = { domain: "tessera", email: "admin@tessera.example" };
/** What the operators expect: a publication shows in open browsers within two seconds. */
const LIVE_MS = 2_000;
const LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

let product: OwnGateway;
let operator: ApiClient;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  product = await startOwnGateway();
  operator = await apiClientAs(product.origin, STAFF_ADMIN);
});
test.afterAll(async () => {
  await operator?.dispose();
  await product?.close();
});

const banner = (page: Page) => page.getByRole("banner");

/** Opens the app as the owner, the navigation panel showing, and marks the page to tell a reload. */
async function openAsOwner(page: Page, path: string): Promise<void> {
  await signInAs(page, OWNER, product.origin);
  await prepareSignedInUser(page, product.origin);
  await page.goto(`${product.origin}${path}`);
  await expect(banner(page)).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

async function publish(comment: string, edits: unknown[]): Promise<number> {
  const head = (await operator.get("/gw/config")).json.head as number;
  const draft = await operator.send("POST", "/gw/config/changesets", { comment, baseVersion: head, edits });
  expect(draft.status, JSON.stringify(draft.json)).toBe(201);
  expect(draft.json.validation.valid, JSON.stringify(draft.json.validation.problems)).toBe(true);
  const published = await operator.send(
    "POST",
    `/gw/config/changesets/${draft.json.changeSet.id}/publish`,
    {},
  );
  expect(published.status, JSON.stringify(published.json)).toBe(201);
  return published.json.version as number;
}

test("a published rename and template change show in the member's open browser without a reload", async ({
  page,
}) => {
  await openAsOwner(page, "/");
  const menu = banner(page).getByRole("button", { name: en("Menu_Navigation") });
  await menu.click();
  await expect(banner(page).getByRole("link", { name: en("Menu_Dashboards"), exact: true })).toBeVisible();

  const notifications = (await operator.get("/gw/config/versions/0?kind=notifications")).json.document;
  const boards = {
    en: "Boards",
    de: "Tafeln",
    es: "Tableros",
    fr: "Tableaux",
    nl: "Borden",
    pt: "Quadros",
    it: "Bacheche",
  };
  const reminder = {
    en: "Heads-up: your plan becomes {{subscriptionType}} soon.",
    de: "Hinweis: Ihr Tarif wird bald zu {{subscriptionType}}.",
    es: "Aviso: su plan pasará pronto a {{subscriptionType}}.",
    fr: "À noter : votre offre deviendra bientôt {{subscriptionType}}.",
    nl: "Let op: uw abonnement wordt binnenkort {{subscriptionType}}.",
    pt: "Atenção: seu plano passará em breve a {{subscriptionType}}.",
    it: "Attenzione: il tuo piano diventerà presto {{subscriptionType}}.",
  };
  await publish("Boards, and a friendlier downgrade reminder", [
    ...LANGUAGES.map((language) => ({
      kind: `texts.${language}`,
      merge: {
        Menu_Dashboards: boards[language],
        Notification_SubscriptionDowngradeReminder_Live: reminder[language],
      },
    })),
    {
      kind: "notifications",
      document: {
        ...notifications,
        templates: notifications.templates.map(
          (t: { code: string; variants: { descriptionKey: string }[] }) =>
            t.code === "SubscriptionDowngradeReminder"
              ? {
                  ...t,
                  variants: t.variants.map((v) => ({
                    ...v,
                    descriptionKey: "Notification_SubscriptionDowngradeReminder_Live",
                  })),
                }
              : t,
        ),
      },
    },
  ]);
  // Both changes are held to two seconds from the publication, the template's too: opening the
  // notifications panel is part of that time, not before it.
  const deadline = Date.now() + LIVE_MS;
  // What is left of it; never 0 (Playwright's "no timeout").
  const untilDeadline = () => Math.max(1, deadline - Date.now());

  await expect(banner(page).getByRole("link", { name: "Boards", exact: true })).toBeVisible({
    timeout: untilDeadline(),
  });
  await expect(banner(page).getByRole("link", { name: en("Menu_Dashboards"), exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await banner(page)
    .getByRole("button", { name: new RegExp(`^${en("Notifications_Button")}`) })
    .click();
  const list = page
    .getByRole("dialog", { name: en("Notifications_Title") })
    .getByRole("list", { name: en("Notifications_Title") });
  await expect(list.getByText(/^Heads-up: your plan becomes /)).toBeVisible({ timeout: untilDeadline() });
  expect(await notReloaded(page)).toBe(true);
  const clients = (await operator.get("/gw/config/clients")).json;
  expect(clients.versions[0].applied).toBeGreaterThan(0);
});

test("maintenance moves the member's open browser to the maintenance page and back when it ends", async ({
  page,
}) => {
  await openAsOwner(page, "/dashboards");
  await expect(page).toHaveURL(`${product.origin}/dashboards`);
  const on = await operator.send("PUT", "/gw/config/maintenance", {
    enabled: true,
    messages: { en: "Back at noon." },
  });
  expect(on.status, JSON.stringify(on.json)).toBe(200);
  await expect(page).toHaveURL(`${product.origin}/maintenance`, { timeout: LIVE_MS });
  await expect(page.getByRole("heading", { level: 1, name: en("Shell_MaintenanceTitle") })).toBeVisible();
  await expect(page.getByText("Back at noon.")).toBeVisible();
  const off = await operator.send("PUT", "/gw/config/maintenance", { enabled: false });
  expect(off.status, JSON.stringify(off.json)).toBe(200);
  await expect(page).toHaveURL(`${product.origin}/dashboards`, { timeout: LIVE_MS });
  expect(await notReloaded(page)).toBe(true);
});
