/**
 * The maintenance page (§1, shell manifest `maintenance`). An operator turns maintenance on in the
 * shell manifest (manifests/shell.json `maintenance.enabled`) the gateway loads at boot; so this spec
 * starts a second gateway of its own — the real buildApp, a copy of the manifests with the flag on,
 * the suite's runtime build and a seeded embedded upstream — on a free loopback port, and checks that
 * every path, signed in or not, shows the maintenance page, while the suite's gateway (flag off) does not.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/gateway/app.ts";
import { buildUpstream } from "../../server/upstream/app.ts";
import { freePort } from "../helpers/free-port.ts";
import { en, OWNER, signInAs } from "./helpers/main-screens.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
/** The runtime build the suite's server made (scripts/e2e-server.ts). */
const E2E_DIST = join(root, ".tmp", "e2e-dist");

interface MaintenanceGateway {
  origin: string;
  close: () => Promise<void>;
}

/** A gateway whose shell manifest has maintenance on, in front of a fresh seeded upstream. */
async function startMaintenanceGateway(): Promise<MaintenanceGateway> {
  const work = await mkdtemp(join(tmpdir(), "tessera-maintenance-"));
  const manifestsDir = join(work, "manifests");
  await cp(join(root, "manifests"), manifestsDir, { recursive: true });
  const shellFile = join(manifestsDir, "shell.json");
  const shell = JSON.parse(await readFile(shellFile, "utf8")) as { maintenance: { enabled: boolean } };
  shell.maintenance.enabled = true;
  await writeFile(shellFile, JSON.stringify(shell, null, 2));

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const upstream = await buildUpstream({ dataDir: join(work, "upstream"), seed: true, publicUrl: origin });
  const upstreamUrl = (await upstream.listen({ host: "127.0.0.1", port: 0 })).replace(
    "localhost",
    "127.0.0.1",
  );
  let gateway: FastifyInstance | null = null;
  try {
    gateway = await buildApp({
      manifestsDir,
      localesDir: join(root, "locales"),
      distDir: E2E_DIST,
      upstreamUrl,
      sessionSecret: "tessera-e2e-maintenance-secret-0123456789abcdef",
      dataDir: ":memory:",
      publicOrigins: [origin],
      logger: false,
    });
    await gateway.listen({ host: "127.0.0.1", port });
  } catch (error) {
    await upstream.close();
    throw error;
  }
  const started = gateway;
  return {
    origin,
    close: async () => {
      await started.close();
      await upstream.close();
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

test("with the flag on, a visitor on any path gets the maintenance page", async ({ page }) => {
  const manifest = (await (await page.request.get(`${maintenance.origin}/gw/manifest`)).json()) as {
    shell: { maintenance: { enabled: boolean; pagePath: string } };
  };
  expect(manifest.shell.maintenance).toMatchObject({ enabled: true, pagePath: "/maintenance" });
  for (const path of ["/login", "/dashboards", "/v/some-code", "/"]) {
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
