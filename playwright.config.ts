/**
 * Playwright end-to-end suite: Debian's Chromium (Playwright cannot download a
 * browser here) against the real gateway started by scripts/e2e-server.ts.
 */
import { defineConfig } from "@playwright/test";

/** Port of the gateway the suite starts. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8191);

export default defineConfig({
  testDir: "test/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  // A busy 2-core CI machine can take longer than the default 5 s to render a screen after load.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  // The hub-drop spec drops the upstream hubs of every session on the shared server (its banner and
  // reconnect would disturb whatever runs beside it): it runs alone, after everything else.
  // The stored-language spec saves the owner's language on the user (§4.2: every later sign-in of the
  // owner comes up in it): it runs alone too, after the app project and before the hub faults.
  projects: [
    { name: "app", testIgnore: /(disconnection|stored-language)\.spec\.ts$/ },
    { name: "stored-language", testMatch: /stored-language\.spec\.ts$/, dependencies: ["app"] },
    { name: "hub-faults", testMatch: /disconnection\.spec\.ts$/, dependencies: ["stored-language"] },
  ],
  webServer: {
    command: "node --import tsx scripts/e2e-server.ts",
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(E2E_PORT) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
