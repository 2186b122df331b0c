/**
 * The template preview's theme (§9 light and dark, and high contrast): the declarations of the theme's
 * rule in runtime/theme/tokens.css, so the preview container alone takes them.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  PREVIEW_THEMES,
  pageThemeRules,
  type ThemeRule,
  themeDeclarations,
} from "../../../../../../runtime/screens/admin/studio/editors/templates/preview-theme.ts";
import { ROOT } from "../../../../../helpers/manifest-fixtures.ts";

/** The rules of tokens.css, as a style sheet would list them. */
const css = readFileSync(join(ROOT, "runtime/theme/tokens.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
const rules: ThemeRule[] = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((match) => ({
  selectors: (match[1] ?? "").split(","),
  declarations: [...(match[2] ?? "").matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map(
    (declaration) => [declaration[1] as string, declaration[2] as string] as const,
  ),
}));

test("each theme gets its own colours and colour scheme from tokens.css", () => {
  const light = themeDeclarations(rules, "light");
  const dark = themeDeclarations(rules, "dark");
  assert.equal(dark["--color-bg"], "#11141a");
  assert.equal(dark["color-scheme"], "dark");
  assert.equal(light["--color-bg"], "#f5f6f8");
  assert.equal(light["color-scheme"], "light");
  for (const theme of PREVIEW_THEMES) {
    const tokens = themeDeclarations(rules, theme);
    for (const name of [
      "--color-fg",
      "--color-surface",
      "--color-accent",
      "--color-border",
      "--color-focus",
    ]) {
      assert.ok(tokens[name], `${theme} defines ${name}`);
    }
    // The style's radii and the scales are not the theme's: the preview keeps the page's.
    assert.equal(tokens["--radius-s"], undefined);
    assert.equal(tokens["--space-1"], undefined);
  }
  assert.notDeepEqual(light, dark);
});

test("a minified selector (no quotes) selects the same theme", () => {
  const minified: ThemeRule[] = [
    { selectors: [":root[data-theme=dark]"], declarations: [["--color-bg", " #000 "]] },
  ];
  assert.deepEqual(themeDeclarations(minified, "dark"), { "--color-bg": "#000" });
  assert.deepEqual(themeDeclarations(minified, "light"), {});
});

test("the page's sheets are read through CSSOM; an unreadable one is skipped", () => {
  const style = Object.assign(["--color-bg", "color"], {
    getPropertyValue: (name: string) => (name === "--color-bg" ? "#222" : "red"),
  });
  const sheets = [
    {
      get cssRules(): ArrayLike<unknown> {
        throw new Error("cross-origin");
      },
    },
    {
      cssRules: [
        { cssRules: [{ selectorText: ':root[data-theme="dark"]', style }] },
        {
          media: {},
          cssRules: [
            {
              selectorText: ':root[data-theme="dark"]',
              style: Object.assign(["--color-fg"], { getPropertyValue: () => "#fff" }),
            },
          ],
        },
      ],
    },
  ];
  assert.deepEqual(themeDeclarations(pageThemeRules(sheets), "dark"), { "--color-bg": "#222" });
});
