/**
 * The design tokens (runtime/theme/tokens.css): every token of the list the
 * components rely on is defined for each theme × style, square has no radii, and
 * text colours meet WCAG contrast — AA in light and dark, AAA in contrast.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT } from "../../helpers/manifest-fixtures.ts";

const css = readFileSync(join(ROOT, "runtime/theme/tokens.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

/** Selector → declared custom properties, in source order. */
const blocks = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((m) => ({
  selectors: (m[1] ?? "").split(",").map((s) => s.trim()),
  tokens: Object.fromEntries(
    [...(m[2] ?? "").matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((d) => [d[1], (d[2] ?? "").trim()]),
  ),
}));

/** The tokens in effect on <html data-theme=theme data-theme-style=style>, by the cascade. */
function tokensFor(theme: string, style: string): Record<string, string> {
  // :root weighs one pseudo-class; an attribute selector on it adds one more.
  const specificity = (selector: string) =>
    selector === ":root"
      ? 1
      : selector === `:root[data-theme="${theme}"]` || selector === `:root[data-theme-style="${style}"]`
        ? 2
        : 0;
  const applied = blocks
    .map((block, order) => ({ ...block, order, weight: Math.max(...block.selectors.map(specificity)) }))
    .filter((block) => block.weight > 0)
    .sort((a, b) => a.weight - b.weight || a.order - b.order);
  return Object.assign({}, ...applied.map((block) => block.tokens));
}

const TOKENS = [
  "--color-bg",
  "--color-surface",
  "--color-surface-raised",
  "--color-fg",
  "--color-fg-muted",
  "--color-border",
  "--color-accent",
  "--color-accent-fg",
  "--color-focus",
  "--color-danger",
  "--color-warning",
  "--color-success",
  "--color-info",
  "--radius-s",
  "--radius-m",
  "--radius-l",
  "--space-1",
  "--space-2",
  "--space-3",
  "--space-4",
  "--space-5",
  "--space-6",
  "--font-size-s",
  "--font-size-m",
  "--font-size-l",
  "--shadow-popover",
  "--z-dropdown",
  "--z-dialog",
  "--z-banner",
  "--z-overlay",
  "--z-tooltip",
];
const THEMES = ["light", "dark", "contrast"] as const;
const STYLES = ["rounded", "square"] as const;

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("every token is defined for every theme × style", () => {
  for (const theme of THEMES) {
    for (const style of STYLES) {
      test(`${theme} × ${style}`, () => {
        const tokens = tokensFor(theme, style);
        assert.deepEqual(
          TOKENS.filter((t) => !tokens[t]),
          [],
        );
      });
    }
  }
});

test("square has no radii; rounded has some", () => {
  for (const theme of THEMES) {
    const square = tokensFor(theme, "square");
    const rounded = tokensFor(theme, "rounded");
    for (const radius of ["--radius-s", "--radius-m", "--radius-l"]) {
      assert.equal(square[radius], "0");
      assert.notEqual(rounded[radius], "0");
    }
  }
});

test("the themes differ in colour", () => {
  const bg = THEMES.map((theme) => tokensFor(theme, "rounded")["--color-bg"]);
  assert.equal(new Set(bg).size, THEMES.length);
});

describe("text contrast: AA (4.5:1) in light and dark, AAA (7:1) in contrast; borders and focus 3:1", () => {
  const text = [
    "--color-fg",
    "--color-fg-muted",
    "--color-accent",
    "--color-danger",
    "--color-warning",
    "--color-success",
    "--color-info",
  ];
  const backgrounds = ["--color-bg", "--color-surface", "--color-surface-raised"];
  for (const theme of THEMES) {
    const tokens = tokensFor(theme, "rounded");
    const minimum = theme === "contrast" ? 7 : 4.5;
    for (const fg of text) {
      for (const bg of backgrounds) {
        test(`${theme}: ${fg} on ${bg} ≥ ${minimum}`, () => {
          const ratio = contrast(tokens[fg] as string, tokens[bg] as string);
          assert.ok(ratio >= minimum, `${ratio.toFixed(2)} < ${minimum}`);
        });
      }
    }
    test(`${theme}: --color-accent-fg on --color-accent ≥ ${minimum}`, () => {
      assert.ok(
        contrast(tokens["--color-accent-fg"] as string, tokens["--color-accent"] as string) >= minimum,
      );
    });
    for (const ui of ["--color-border", "--color-focus"]) {
      test(`${theme}: ${ui} ≥ 3 against every background`, () => {
        for (const bg of backgrounds) assert.ok(contrast(tokens[ui] as string, tokens[bg] as string) >= 3);
      });
    }
  }
});
