/**
 * The operator studio's own JavaScript (reported, not budgeted): a staff operator signed in opens
 * /admin/configuration, then each studio tab in turn; every script a step fetches that no earlier
 * step fetched is that step's cost, bytes and gzip level 9 — so the studio's chunks and the chunk of
 * each lazily loaded editor are told apart from the shell the rest of the product already loaded. On
 * the documents tab the walk also opens the raw JSON view, so CodeMirror's chunk, which only that
 * view loads, is measured as a browser fetches it.
 */
import { gzipSync } from "node:zlib";
import { type Browser, expect } from "@playwright/test";
import { en, prepareSignedInUser, signInAs } from "../../../test/e2e/helpers/demo-users.ts";
import { GZIP_LEVEL, type LoadedScript } from "./cold-load.ts";

/** A step of the walk: where it goes and the scripts it fetched first. */
export interface StudioStep {
  step: string;
  scripts: LoadedScript[];
  bytes: number;
  gzipBytes: number;
}

/** The studio's tabs in the order the walk opens them (runtime/screens/admin/studio/studio-screen.tsx). */
const STUDIO_TABS = ["changes", "menus", "templates", "texts", "documents", "preview", "history"];
const OPERATOR = { domain: "tessera", email: "admin@tessera.example" };

/** Walks the studio as the demo operator and returns what each step loaded first. */
export async function measureStudioChunks(browser: Browser, origin: string): Promise<StudioStep[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const seen = new Set<string>();
    let pending: Array<Promise<LoadedScript | null>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const url = new URL(response.url()).pathname;
      if (seen.has(url)) return;
      seen.add(url);
      pending.push(
        response.body().then(
          (body) => ({
            url,
            bytes: body.byteLength,
            gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).byteLength,
          }),
          () => null,
        ),
      );
    });
    const steps: StudioStep[] = [];
    const settle = async (step: string) => {
      await page.waitForLoadState("networkidle");
      const scripts = (await Promise.all(pending)).filter(
        (script): script is LoadedScript => script !== null,
      );
      pending = [];
      steps.push({
        step,
        scripts,
        bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
        gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      });
    };
    await signInAs(page, OPERATOR, origin);
    // The §4.2 session dialogs marked seen: the walk clicks the JSON view, which they would cover.
    await prepareSignedInUser(page, origin);
    await page.goto(`${origin}/admin/configuration`);
    await expect(page.getByRole("table")).toBeVisible({ timeout: 30_000 });
    await settle("shell + /admin/configuration");
    for (const tab of STUDIO_TABS) {
      await page.goto(`${origin}/admin/configuration/studio/${tab}`);
      await expect(page.getByRole("tabpanel")).toBeVisible({ timeout: 30_000 });
      await settle(`studio: ${tab}`);
      if (tab === "documents") {
        // The first item's raw JSON view: the editor shows once its chunk has arrived.
        await page.getByRole("tab", { name: en("StudioDocument_JsonTab"), exact: true }).click();
        await expect(page.getByRole("textbox", { name: / as JSON$/ })).toBeVisible({ timeout: 30_000 });
        await settle("studio: documents, JSON view");
      }
    }
    return steps;
  } finally {
    await context.close();
  }
}
