/**
 * WCAG 2.2 contrast (core/branding/contrast.ts) against published examples — the W3C ACT rule
 * "Text has minimum contrast" (afw4f7), Understanding SC 1.4.3's thresholds and the well-known
 * greys at the 4.5:1 limit — and the branding rule as data: which pairs are measured, against which
 * theme colours (the same as runtime/theme/tokens.css), and the refusal message. Properties with
 * fast-check: the ratio is symmetric and within 1–21, a shown ratio never crosses its threshold,
 * and the dark-theme accent tone always passes and is the accent itself when that passes.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  AA_TEXT_RATIO,
  BRAND_REFERENCE_COLOURS,
  brandCheckMessage,
  brandVerdict,
  canonicalHexColour,
  contrastRatio,
  darkThemeAccent,
  formatRatio,
  hexOf,
  parseHexColour,
  type Rgb,
  relativeLuminance,
  shownRatio,
} from "../../../core/branding/contrast.ts";
import { ROOT } from "../../helpers/manifest-fixtures.ts";

const rgb = (hex: string): Rgb => {
  const colour = parseHexColour(hex);
  assert.ok(colour, hex);
  return colour;
};
const ratio = (a: string, b: string) => contrastRatio(rgb(a), rgb(b));

describe("parsing", () => {
  const cases: Array<[string, string | null]> = [
    ["#ffffff", "#ffffff"],
    ["#FFFFFF", "#ffffff"],
    ["#fff", "#ffffff"],
    ["#1F5fA8", "#1f5fa8"],
    ["#abc", "#aabbcc"],
    ["ffffff", null],
    ["#ffff", null],
    ["#fffffff", null],
    ["#gggggg", null],
    [" #ffffff", null],
    ["#ffffff ", null],
    ["", null],
    ["rgb(0,0,0)", null],
  ];
  for (const [text, expected] of cases) {
    test(`${JSON.stringify(text)} → ${expected}`, () => assert.equal(canonicalHexColour(text), expected));
  }
});

describe("relative luminance (WCAG 2.2 definition)", () => {
  test("black 0, white 1, the primaries their coefficients", () => {
    assert.equal(relativeLuminance(rgb("#000000")), 0);
    assert.equal(relativeLuminance(rgb("#ffffff")), 1);
    assert.ok(Math.abs(relativeLuminance(rgb("#ff0000")) - 0.2126) < 1e-12);
    assert.ok(Math.abs(relativeLuminance(rgb("#00ff00")) - 0.7152) < 1e-12);
    assert.ok(Math.abs(relativeLuminance(rgb("#0000ff")) - 0.0722) < 1e-12);
  });

  test("a channel at or under the 0.04045 threshold is linear (10/255 = 0.0392)", () => {
    assert.ok(Math.abs(relativeLuminance(rgb("#0a0a0a")) - 10 / 255 / 12.92) < 1e-12);
    // 11/255 = 0.0431 is over it: the power curve applies.
    assert.ok(Math.abs(relativeLuminance(rgb("#0b0b0b")) - ((11 / 255 + 0.055) / 1.055) ** 2.4) < 1e-12);
  });
});

describe("contrast ratio: published examples", () => {
  // [foreground, background, ratio as published, decimals published, passes 4.5:1]
  const cases: Array<[string, string, string, number, boolean, string]> = [
    ["#000000", "#ffffff", "21", 0, true, "black on white, the maximum (ACT afw4f7 passed example 8)"],
    ["#333333", "#ffffff", "12.6", 1, true, "ACT afw4f7 passed example 1"],
    ["#0000ee", "#ffffff", "9.39", 2, true, "the default link colour, ACT afw4f7 passed example 10"],
    ["#595959", "#ffffff", "7.00", 2, true, "the AAA limit grey (SC 1.4.6 7:1)"],
    ["#767676", "#ffffff", "4.54", 2, true, "the lightest grey that passes AA on white"],
    ["#777777", "#ffffff", "4.47", 2, false, "one step lighter fails: 4.478:1 (published rounded as 4.48:1)"],
    ["#777777", "#eeeeee", "3.85", 2, false, "ACT afw4f7 failed example 9"],
    ["#000000", "#666666", "3.6", 1, false, "ACT afw4f7 passed example 5: enough only for large text"],
    ["#aaaaaa", "#ffffff", "2.3", 1, false, "ACT afw4f7 failed example 1"],
    ["#ffffff", "#ffffff", "1", 0, false, "the same colour, the minimum"],
  ];
  for (const [fg, bg, published, decimals, passes, name] of cases) {
    test(`${fg} on ${bg}: ${published}:1 — ${name}`, () => {
      const exact = ratio(fg, bg);
      const shown = shownRatio(exact, AA_TEXT_RATIO);
      assert.equal((Math.floor(shown * 10 ** decimals) / 10 ** decimals).toFixed(decimals), published);
      assert.equal(exact >= AA_TEXT_RATIO, passes);
    });
  }
});

describe("shown ratios are rounded down, never across the threshold", () => {
  const cases: Array<[number, number, number]> = [
    [4.478089, 4.5, 4.47],
    [4.5, 4.5, 4.5],
    [4.5000001, 4.5, 4.5],
    [4.4999999, 4.5, 4.49],
    [4.499, 4.5, 4.49],
    [2.999999999, 3, 2.99],
    [21, 4.5, 21],
    [1, 4.5, 1],
  ];
  for (const [exact, required, shown] of cases) {
    test(`${exact} (needs ${required}) → ${shown}`, () => assert.equal(shownRatio(exact, required), shown));
  }
  test("formatting", () => {
    assert.equal(formatRatio(4.5), "4.5:1");
    assert.equal(formatRatio(21), "21:1");
    assert.equal(formatRatio(2.91), "2.91:1");
  });
});

describe("properties", () => {
  const colour = fc.record({
    r: fc.integer({ min: 0, max: 255 }),
    g: fc.integer({ min: 0, max: 255 }),
    b: fc.integer({ min: 0, max: 255 }),
  });

  test("the ratio is symmetric and between 1 and 21", () => {
    fc.assert(
      fc.property(colour, colour, (a, b) => {
        const forward = contrastRatio(a, b);
        assert.equal(forward, contrastRatio(b, a));
        assert.ok(forward >= 1 && forward <= 21, String(forward));
      }),
    );
  });

  test("a colour against itself is 1:1; parsing its hex gives it back", () => {
    fc.assert(
      fc.property(colour, (a) => {
        assert.equal(contrastRatio(a, a), 1);
        assert.deepEqual(parseHexColour(hexOf(a)), { ...a });
      }),
    );
  });

  test("a shown ratio passes its threshold exactly when the exact ratio does, and is never higher", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 21, noNaN: true }),
        fc.constantFrom(3, 4.5, 7),
        (exact, required) => {
          const shown = shownRatio(exact, required);
          assert.equal(shown >= required, exact >= required);
          assert.ok(shown <= exact && exact - shown < 0.02, `${exact} → ${shown}`);
        },
      ),
    );
  });

  test("the dark-theme accent tone reaches 4.5:1 on the raised dark surface; a passing accent stays", () => {
    const surface = rgb(BRAND_REFERENCE_COLOURS.darkRaisedSurface);
    fc.assert(
      fc.property(colour, (a) => {
        const tone = rgb(darkThemeAccent(hexOf(a)));
        assert.ok(contrastRatio(tone, surface) >= AA_TEXT_RATIO);
        if (contrastRatio(a, surface) >= AA_TEXT_RATIO) assert.deepEqual(tone, { ...a });
        // Mixed towards white: no channel gets darker.
        assert.ok(tone.r >= a.r && tone.g >= a.g && tone.b >= a.b);
      }),
    );
  });
});

describe("the branding rule", () => {
  test("no colours: nothing to check", () => {
    assert.deepEqual(brandVerdict({ primary: null, accent: null }), {
      ok: true,
      checks: [],
      darkAccent: null,
    });
  });

  test("a primary under AA with white text is refused with its measured ratio", () => {
    const verdict = brandVerdict({ primary: "#8899AA", accent: null });
    assert.equal(verdict.ok, false);
    assert.deepEqual(verdict.checks, [
      {
        pair: "primaryText",
        colour: "primary",
        theme: "both",
        foreground: "#ffffff",
        background: "#8899aa",
        ratio: 2.92,
        required: 4.5,
        criterion: "1.4.3",
        ok: false,
      },
    ]);
    assert.equal(
      brandCheckMessage(verdict.checks[0] as never),
      "Primary colour #8899aa with white text: contrast 2.92:1, needs 4.5:1",
    );
  });

  test("an accent light enough for the dark theme fails on the light background", () => {
    const verdict = brandVerdict({ primary: null, accent: "#7cb0ff" });
    assert.equal(verdict.ok, false);
    const [light, dark] = verdict.checks;
    assert.equal(light?.pair, "accentOnLight");
    assert.equal(light?.background, BRAND_REFERENCE_COLOURS.lightBackground);
    assert.equal(light?.ok, false);
    assert.equal(light?.ratio, 2.04);
    // The dark theme shows it unchanged: it passes there.
    assert.equal(verdict.darkAccent, "#7cb0ff");
    assert.equal(dark?.pair, "accentOnDark");
    assert.equal(dark?.ok, true);
    assert.equal(
      brandCheckMessage(light as never),
      "Accent colour #7cb0ff on the light background #f5f6f8: contrast 2.04:1, needs 4.5:1",
    );
  });

  test("the product's own light accent passes, and the dark theme gets its lightened tone", () => {
    const verdict = brandVerdict({ primary: "#0b5394", accent: "#1f5fa8" });
    assert.equal(verdict.ok, true);
    assert.deepEqual(
      verdict.checks.map((c) => [c.pair, c.foreground, c.background, c.ok]),
      [
        ["primaryText", "#ffffff", "#0b5394", true],
        ["accentOnLight", "#1f5fa8", "#f5f6f8", true],
        ["accentOnDark", verdict.darkAccent, "#222733", true],
      ],
    );
    assert.notEqual(verdict.darkAccent, "#1f5fa8");
    // The least step that passes: one step less does not.
    const tone = rgb(verdict.darkAccent as string);
    assert.ok(ratio(verdict.darkAccent as string, "#222733") >= 4.5);
    assert.ok(ratio(hexOf({ r: tone.r - 1, g: tone.g - 1, b: tone.b - 1 }), "#222733") < 4.5);
  });

  test("#767676 passes and #777777 fails as a primary, as the ratios say", () => {
    assert.equal(brandVerdict({ primary: "#767676", accent: null }).ok, true);
    const refused = brandVerdict({ primary: "#777777", accent: null });
    assert.equal(refused.ok, false);
    assert.equal(refused.checks[0]?.ratio, 4.47);
  });

  test("an unparsable colour is a programming error, not a verdict", () => {
    assert.throws(() => brandVerdict({ primary: "red", accent: null }), TypeError);
  });

  test("the reference colours are the theme tokens of runtime/theme/tokens.css", () => {
    const css = readFileSync(join(ROOT, "runtime/theme/tokens.css"), "utf8");
    const block = (selector: string) => {
      const start = css.indexOf(selector);
      assert.ok(start >= 0, selector);
      return css.slice(start, css.indexOf("}", start));
    };
    const token = (text: string, name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6});`).exec(text)?.[1];
    const light = block(':root[data-theme="light"]');
    const dark = block(':root[data-theme="dark"]');
    assert.equal(token(light, "--color-bg"), BRAND_REFERENCE_COLOURS.lightBackground);
    assert.equal(token(light, "--color-surface"), BRAND_REFERENCE_COLOURS.white);
    assert.equal(token(light, "--color-accent-fg"), BRAND_REFERENCE_COLOURS.white);
    assert.equal(token(dark, "--color-surface-raised"), BRAND_REFERENCE_COLOURS.darkRaisedSurface);
    // The raised surface is the lightest dark one, and the dark label on the accent darker still.
    const lum = (name: string) => relativeLuminance(rgb(token(dark, name) as string));
    for (const name of ["--color-bg", "--color-surface", "--color-accent-fg"]) {
      assert.ok(lum(name) < lum("--color-surface-raised"), name);
    }
    // And the page background is the light surface an accent contrasts least with.
    assert.ok(relativeLuminance(rgb(token(light, "--color-bg") as string)) < 1);
  });
});
