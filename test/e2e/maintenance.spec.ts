/**
 * The maintenance page (§1, shell manifest `maintenance`). An operator turns maintenance on in the
 * shell manifest (manifests/shell.json `maintenance.enabled`) the gateway loads at boot; so this spec
 * starts a second gateway of its own — the real buildApp, a copy of the manifests with the flag on,
 * the suite's runtime build and a seeded embedded upstream — on a free loopback port, and checks that
 * every path but sign-in, signed in or not, shows the maintenance page, while the suite's gateway (flag
 * off) does not. Switching it live through the configuration API: live-configuration.spec.ts.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { en, OWNER, signInAs } from "./helpers/main-screens.ts";
import { type OwnGateway, startOwnGateway } from "./helpers/own-gateway.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

type MaintenanceGateway = OwnGateway;

/** A gateway whose shell manifest has maintenance on, in front of a fresh seeded upstream. */
async function startMaintenanceGateway(): Promise<MaintenanceGateway> {
  const work = await mkdtemp(join(tmpdir(), "tessera-maintenance-"));
  const manifestsDir = join(work, "manifests");
  await cp(join(root, "manifests"), manifestsDir, { recursive: true });
  const shellFile = join(manifestsDir, "shell.json");
  const shell = JSON.parse(await readFile(shellFile, "utf8")) as { maintenance: { enabled: boolean } };
  shell.maintenance.enabled = true;
  await writeFile(shellFile, JSON.stringify(shell, null, 2));
  const gateway = await startOwnGateway({ manifestsDir });
  return {
    origin: gateway.origin,
    close: async () => {
      await gateway.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

let maintenance: MaintenanceGateway;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  maintenance = await startMaintenanceGateway();
});
test.afterAll(async () => {
  await maintenance?.close();
});

test("with the flag on, a visitor on any path but sign-in gets the maintenance page", async ({ page }) => {
  const manifest = (await (await page.request.get(`${maintenance.origin}/gw/manifest`)).json()) as {
    shell: { maintenance: { enabled: boolean; pagePath: string } };
  };
  expect(manifest.shell.maintenance).toMatchObject({ enabled: true, pagePath: "/maintenance" });
  // Sign-in stays open so that staff, who keep full access, can sign in.
  await page.goto(`${maintenance.origin}/login`);
  await expect(page.getByRole("button", { name: en("Login_Submit"), exact: true })).toBeVisible();
  for (const path of ["/dashboards", "/v/some-code", "/"]) {
    await page.goto(`${maintenance.origin}${path}`);
    await expect(page).toHaveURL(`${maintenance.origin}/maintenance`);
    await expect(page.getByRole("heading", { level: 1, name: en("Shell_MaintenanceTitle") })).toBeVisible();
    await expect(page.getByText(en("Shell_MaintenanceMessage"))).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
  }
  await expect(page).toHaveTitle(new RegExp(en("PageTitle_Maintenance")));
});

test("with the flag on, a signed-in user gets the maintenance page too; 'Try again' reloads it", async ({
  page,
}) => {
  await signInAs(page, OWNER, maintenance.origin);
  await page.goto(`${maintenance.origin}/dashboards`);
  // The first signed-in page of a fresh gateway resolves the user's manifest: allow it the time.
  await expect(page).toHaveURL(`${maintenance.origin}/maintenance`, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: en("Shell_MaintenanceTitle") })).toBeVisible();
  await page.getByRole("link", { name: en("Maintenance_TryAgain") }).click();
  await expect(page).toHaveURL(`${maintenance.origin}/maintenance`);
  await expect(page.getByRole("heading", { level: 1, name: en("Shell_MaintenanceTitle") })).toBeVisible();
});

test("with the flag off (the suite's gateway), /login stays the login page", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: en("Login_Submit"), exact: true })).toBeVisible();
});
