/**
 * The support console's README pictures: a fresh e2e server of its own (scripts/e2e-server-process.ts),
 * the demo owner and a second member with the chat (the Analyst role given InAppChatAccess on this
 * run's own data), the demo agent's console with one member waiting and the owner's conversation open —
 * taken, answered with a text and an image (a picture of the owner's home page), its member details
 * beside it — in light and dark, into docs/screenshots/support-console(-dark).png.
 *
 * `node --import tsx scripts/screenshots-console.ts [--port <n>] [--out <dir>]`; prepareConsole and
 * showConsole are exported for scripts/screenshots.ts.
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type Browser, chromium, expect, type Page } from "@playwright/test";
import { type Login, OWNER, prepareSignedInUser, signInAs } from "../test/e2e/helpers/demo-users.ts";
import { apiClientAs } from "../test/e2e/helpers/own-gateway.ts";
import { startE2eServer } from "./e2e-server-process.ts";

const AGENT: Login = { domain: "tessera", email: "agent@tessera.example" };
const ANALYST: Login = { domain: "northwind", email: "analyst@northwind.example" };
const CONSOLE = "/admin/supportconsole";
const OWNER_NAME = "Olivia Owner";
/** Wider than the other pictures: the console shows queue, conversation and member details side by side from 84rem. */
const VIEWPORT = { width: 1440, height: 900 };
/** A screenshot larger than this is a sign of something wrong (an animation, a huge page). */
const MAX_SCREENSHOT_BYTES = 400_000;

/** The console's pictures, by file name (without .png), and the colour scheme of each. */
export const CONSOLE_SCREENS = [
  { id: "support-console", scheme: "light" },
  { id: "support-console-dark", scheme: "dark" },
] as const;

/** A member's chat message through the member API. */
async function say(origin: string, login: Login, page: string, text: string): Promise<void> {
  const member = await apiClientAs(origin, login);
  try {
    const sent = await member.send("POST", "/api/supportchat/message", { Page: page, Text: text });
    if (sent.status !== 201) throw new Error(`chat message of ${login.email}: ${sent.status}`);
  } finally {
    await member.dispose();
  }
}

/** A picture of the owner's home page: the image the agent sends back. */
async function homePicture(browser: Browser, origin: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 960, height: 600 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await signInAs(page, OWNER, origin);
    await prepareSignedInUser(page, origin);
    await page.goto(`${origin}/`);
    await expect(page.getByRole("banner")).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(500);
    return await page.screenshot({ animations: "disabled", caret: "hide" });
  } finally {
    await context.close();
  }
}

/**
 * Prepares the chats through the API: the owner's question, the Analyst role given the chat and the
 * analyst's question after it (so the analyst waits); returns the agent's image reply.
 */
export async function prepareConsole(browser: Browser, origin: string): Promise<Buffer> {
  const owner = await apiClientAs(origin, OWNER);
  try {
    const roles = (await owner.get("/api/Roles")).json as {
      RecId: number;
      Name: string;
      Permissions: string;
    }[];
    const analyst = roles.find((role) => role.Name === "Analyst");
    if (!analyst) throw new Error("no Analyst role in the seed");
    const saved = await owner.send("PUT", `/api/Roles/${analyst.RecId}`, {
      Permissions: `${analyst.Permissions};InAppChatAccess_r`,
    });
    if (saved.status !== 200) throw new Error(`the Analyst role: ${saved.status}`);
  } finally {
    await owner.dispose();
  }
  await say(origin, OWNER, "/dashboards", "Hello, the sales dashboard shows no data since this morning.");
  await say(origin, ANALYST, "/tablesandviews", "Can I schedule a data loader to run every hour?");
  return homePicture(browser, origin);
}

/**
 * Opens the console in `page` (a fresh context): the owner's conversation opened and, on the first
 * call, taken and answered with `picture`; later calls find it answered already.
 */
export async function showConsole(page: Page, origin: string, picture: Buffer): Promise<void> {
  await signInAs(page, AGENT, origin);
  await prepareSignedInUser(page, origin);
  await page.goto(`${origin}${CONSOLE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Support console" })).toBeVisible({
    timeout: 30_000,
  });
  await page
    .getByRole("region", { name: "Queue" })
    .getByRole("button", { name: `Open conversation with ${OWNER_NAME}`, exact: true })
    .click();
  const log = page.getByRole("tabpanel").getByRole("log", { name: `Messages with ${OWNER_NAME}` });
  await expect(log.getByText(/sales dashboard shows no data/)).toBeVisible({ timeout: 15_000 });
  const take = page.getByRole("button", { name: "Take conversation", exact: true });
  if (await take.isVisible()) {
    await take.click();
    const reply = page.getByRole("textbox", { name: "Reply", exact: true });
    await reply.fill(
      "Hi Olivia, the nightly load failed; I restarted it. This is what your home page shows now:",
    );
    await reply.press("Enter");
    const input = page.locator('input[type="file"]').and(page.getByLabel("Attach file"));
    const file = { name: "home-page.png", mimeType: "image/png", buffer: picture };
    if ((await input.count()) > 0) await input.setInputFiles(file);
    else {
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Attach file", exact: true }).click();
      await (await chooser).setFiles(file);
    }
  }
  await expect(log.getByRole("img", { name: "home-page.png" })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() =>
      log.getByRole("img", { name: "home-page.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(page.getByRole("complementary", { name: "Member details" })).toContainText(
    "Northwind Analytics",
    {
      timeout: 15_000,
    },
  );
}

async function main(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8406" },
      out: { type: "string", default: "docs/screenshots" },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1024 || port > 65_535) throw new Error(`bad --port ${values.port}`);
  const outDir = join(root, values.out ?? "docs/screenshots");
  const server = await startE2eServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars"],
  });
  try {
    await mkdir(outDir, { recursive: true });
    const picture = await prepareConsole(browser, server.origin);
    for (const { id, scheme } of CONSOLE_SCREENS) {
      const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await showConsole(page, server.origin, picture);
      // The waiting times tick each second: the picture is taken once the page settled.
      await page.waitForTimeout(300);
      const file = join(outDir, `${id}.png`);
      await writeFile(file, await page.screenshot({ animations: "disabled", caret: "hide" }));
      const { size } = await stat(file);
      if (size > MAX_SCREENSHOT_BYTES)
        throw new Error(`${file} is ${size} bytes (> ${MAX_SCREENSHOT_BYTES})`);
      console.log(`${id.padEnd(22)} ${(size / 1024).toFixed(0).padStart(4)} KB  ${file}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
