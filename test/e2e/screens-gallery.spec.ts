/**
 * Screenshots of the main screens in the light and the dark theme, attached to the test results
 * (issue 5 acceptance). The theme is the user's saved preference "sync" following the emulated
 * system scheme (§4.2 theme sync); public routes stay light (§2.1), which is checked, not assumed.
 */
import { expect, test } from "@playwright/test";
import { MAIN_SCREENS, type Scheme, SPEC_MEMBER, STAFF_AUDITOR, showScreen } from "./helpers/main-screens.ts";
import { E2E_ORIGIN } from "./helpers/session.ts";

/** The gallery's viewport: the README screenshots use the same (scripts/screenshots.ts). */
const GALLERY_VIEWPORT = { width: 1280, height: 800 };

test.use({ viewport: GALLERY_VIEWPORT });

for (const screen of MAIN_SCREENS) {
  for (const scheme of ["light", "dark"] as const satisfies readonly Scheme[]) {
    test(`${screen.id} in ${scheme}`, async ({ page }, testInfo) => {
      await showScreen(page, screen, scheme, {
        origin: E2E_ORIGIN,
        member: SPEC_MEMBER,
        staff: STAFF_AUDITOR,
      });
      // The tokens of the applied theme are in effect (runtime/theme/tokens.css).
      const background = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--color-bg").trim(),
      );
      expect(background).toBe(scheme === "dark" && !screen.publicRoute ? "#11141a" : "#f5f6f8");
      const body = await page.screenshot({ animations: "disabled" });
      expect(body.byteLength).toBeGreaterThan(5_000);
      await testInfo.attach(`${screen.id}-${scheme}.png`, { body, contentType: "image/png" });
    });
  }
}
