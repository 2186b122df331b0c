/**
 * §4.2 network drop against the real gateway and embedded upstream: the upstream's hubs drop (the
 * e2e server's test-only hub-drop control, scripts/e2e-hub-fault.ts, closes them and refuses new hub
 * connections for a moment), the gateway tells the browser "reconnecting" then "unreachable", the
 * 'Experiencing network issues' banner (§8) shows, the gateway reconnects, the browser is told
 * "connected", the banner goes away at once, and hub events reach the page again.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { en, notifyMember, prepareSignedInUser, SPEC_MEMBER, signInAs } from "./helpers/main-screens.ts";
import { E2E_ORIGIN } from "./helpers/session.ts";

/** The e2e server's hub-drop control port (scripts/e2e-server.ts: E2E_PORT + 100 unless set). */
const CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? Number(process.env.E2E_PORT ?? 8191) + 100);
/** How long the upstream refuses hub connections: the gateway's first retry (0.5–1 s) fails, a later one succeeds. */
const HUB_DOWN_MS = 1_200;
/** §9 banner auto-hide: the banner must go because of the reconnect, well before this. */
const BANNER_AUTO_HIDE_MS = 5_000;

const shell = JSON.parse(readFileSync(new URL("../../manifests/shell.json", import.meta.url), "utf8")) as {
  externalSites: { websocketsHelpUrl: string };
};

// Each test drops the hubs of every session on the shared server: one at a time.
test.describe.configure({ mode: "serial" });

/** Signs the spec member in, opens the home page and waits until the gateway says the hub is connected. */
async function homeConnected(page: Page, statuses: { status: string }[]) {
  await signInAs(page, SPEC_MEMBER, E2E_ORIGIN);
  await prepareSignedInUser(page, E2E_ORIGIN);
  await page.goto("/");
  const bell = page
    .getByRole("banner")
    .getByRole("button", { name: new RegExp(`^${en("Notifications_Button")}`) });
  await expect(bell).toBeVisible();
  await expect.poll(() => statuses.at(-1)?.status).toBe("connected");
  return bell;
}

/** The upstream statuses the gateway sent to the page on /gw/hub, in order, with their arrival times. */
function recordHubStatuses(page: Page): { status: string; at: number }[] {
  const statuses: { status: string; at: number }[] = [];
  page.on("websocket", (socket) => {
    if (!socket.url().endsWith("/gw/hub")) return;
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string") return;
      const frame = JSON.parse(payload) as { t?: string; upstream?: string };
      if (frame.t === "status" && frame.upstream) statuses.push({ status: frame.upstream, at: Date.now() });
    });
  });
  return statuses;
}

test("the upstream hub drops: unreachable, network banner, reconnect, banner gone, events flow again", async ({
  page,
}) => {
  const statuses = recordHubStatuses(page);
  const bell = await homeConnected(page, statuses);

  const dropAt = Date.now();
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/hub-drop?downMs=${HUB_DOWN_MS}`, {
    method: "POST",
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { dropped: number }).dropped).toBeGreaterThan(0);

  const networkBanner = page.getByRole("button", { name: new RegExp(en("Banner_NetworkIssues")) });
  await expect(networkBanner).toBeVisible();
  await expect(networkBanner).toHaveAccessibleName(new RegExp(en("Banner_OpenNetworkHelp")));
  const shownAt = Date.now();
  const afterDrop = () => statuses.filter((entry) => entry.at >= dropAt).map((entry) => entry.status);
  await expect.poll(afterDrop).toContain("unreachable");
  await expect.poll(afterDrop, { timeout: 15_000 }).toContain("connected");
  const unreachableIndex = afterDrop().indexOf("unreachable");
  expect(afterDrop().lastIndexOf("connected")).toBeGreaterThan(unreachableIndex);
  // The reconnect clears the banner, not its §9 auto-hide.
  await expect(networkBanner).toBeHidden();
  expect(Date.now() - shownAt).toBeLessThan(BANNER_AUTO_HIDE_MS);

  // The hub works again: a notification the owner causes arrives live.
  const team = await notifyMember(page, E2E_ORIGIN, SPEC_MEMBER);
  await expect(bell).toHaveAccessibleName(new RegExp(`^${en("Notifications_Button")} \\(\\d+`));
  await bell.click();
  await expect(page.getByRole("dialog", { name: en("Notifications_Title") }).getByText(team)).toBeVisible();
});

test("the hub-drop control refuses a bad request", async () => {
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/hub-drop?downMs=-5`, { method: "POST" });
  expect(response.status).toBe(400);
  expect((await fetch(`http://127.0.0.1:${CONTROL_PORT}/hub-drop`)).status).toBe(405);
});

test("clicking the network-issues banner dismisses it and opens the websockets help page", async ({
  page,
}) => {
  const statuses = recordHubStatuses(page);
  await homeConnected(page, statuses);
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/hub-drop?downMs=4000`, { method: "POST" });
  expect(response.status).toBe(200);
  const networkBanner = page.getByRole("button", { name: new RegExp(en("Banner_NetworkIssues")) });
  await expect(networkBanner).toBeVisible();
  // The help site is external (and offline here): the new window's request for it is the evidence.
  const helpRequest = page
    .context()
    .waitForEvent("request", (request) => request.url() === shell.externalSites.websocketsHelpUrl);
  const popup = page.context().waitForEvent("page");
  await networkBanner.click();
  await expect(networkBanner).toBeHidden();
  expect((await helpRequest).isNavigationRequest()).toBe(true);
  await (await popup).close();
  // The hub comes back before the next test drops it again.
  await expect.poll(() => statuses.at(-1)?.status, { timeout: 15_000 }).toBe("connected");
});
