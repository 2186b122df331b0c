/**
 * The brand colours of the branding tab as data (runtime/screens/account/account-brand-model.ts):
 * the checks under each picker, the refusal of a save under WCAG AA, the colours each theme's
 * preview shows, the presets, and the text keys the tab builds from the rule's pairs.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { brandVerdict, darkThemeAccent } from "../../../../core/branding/contrast.ts";
import {
  BRAND_COLOUR_FIELDS,
  BRAND_PALETTE,
  checkLines,
  previewColours,
  recentAfterSave,
  recentColoursUnsaved,
  refusalLines,
  verdictOf,
} from "../../../../runtime/screens/account/account-brand-model.ts";
import { ROOT } from "../../../helpers/manifest-fixtures.ts";

const en = JSON.parse(readFileSync(join(ROOT, "locales/en.json"), "utf8")) as Record<string, string>;

describe("the checks under each picker", () => {
  test("the product's colours: nothing measured", () => {
    const verdict = verdictOf({ BrandPrimaryColor: null, BrandAccentColor: null });
    assert.deepEqual(checkLines(verdict, "primary"), []);
    assert.deepEqual(checkLines(verdict, "accent"), []);
  });

  test("the primary: white text on it, with the measured colour and ratio", () => {
    const verdict = verdictOf({ BrandPrimaryColor: "#8899aa", BrandAccentColor: null });
    assert.deepEqual(checkLines(verdict, "primary"), [
      {
        pair: "primaryText",
        key: "Branding_Check_primaryText",
        params: { colour: "#8899aa", background: "#8899aa", ratio: 2.92, required: 4.5 },
        ok: false,
      },
    ]);
    assert.deepEqual(checkLines(verdict, "accent"), []);
  });

  test("the accent: on the light background, and its dark-theme tone", () => {
    const verdict = verdictOf({ BrandPrimaryColor: null, BrandAccentColor: "#1f5fa8" });
    const lines = checkLines(verdict, "accent");
    assert.deepEqual(
      lines.map((line) => [line.key, line.params.colour, line.params.background, line.ok]),
      [
        ["Branding_Check_accentOnLight", "#1f5fa8", "#f5f6f8", true],
        ["Branding_Check_accentOnDark", darkThemeAccent("#1f5fa8"), "#222733", true],
      ],
    );
  });
});

describe("a refused save", () => {
  test("names every failing pair with its ratio, and nothing that passes", () => {
    const verdict = verdictOf({ BrandPrimaryColor: "#8899aa", BrandAccentColor: "#7cb0ff" });
    assert.deepEqual(
      refusalLines(verdict).map((line) => [line.key, line.params.colour, line.params.ratio]),
      [
        ["Branding_Refused_primaryText", "#8899aa", 2.92],
        ["Branding_Refused_accentOnLight", "#7cb0ff", 2.04],
      ],
    );
    assert.deepEqual(refusalLines(verdictOf({ BrandPrimaryColor: "#0b5394", BrandAccentColor: null })), []);
  });
});

describe("the previews", () => {
  const cases: Array<[string, [string | null, string | null], "light" | "dark", object]> = [
    ["the product's colours", [null, null], "light", { bar: null, accent: null }],
    ["the product's colours, dark", [null, null], "dark", { bar: null, accent: null }],
    ["light: both as chosen", ["#0B5394", "#b0006e"], "light", { bar: "#0b5394", accent: "#b0006e" }],
    [
      "dark: the same bar, the accent's dark tone",
      ["#0b5394", "#b0006e"],
      "dark",
      { bar: "#0b5394", accent: darkThemeAccent("#b0006e") },
    ],
    // The preview shows a refused choice too: the checks under the picker say why it cannot be saved.
    [
      "a colour under AA is previewed as chosen",
      ["#8899aa", null],
      "light",
      { bar: "#8899aa", accent: null },
    ],
  ];
  for (const [name, [primary, accent], theme, expected] of cases) {
    test(name, () =>
      assert.deepEqual(
        previewColours({ BrandPrimaryColor: primary, BrandAccentColor: accent }, theme),
        expected,
      ),
    );
  }
});

test("every preset passes as primary and as accent", () => {
  for (const colour of BRAND_PALETTE) {
    assert.equal(brandVerdict({ primary: colour, accent: colour }).ok, true, colour);
  }
});

test("the saved colours lead the recent colours, the primary first, without repeats", () => {
  assert.deepEqual(
    recentAfterSave(["#0b5394", "#3c4a5e"], { BrandPrimaryColor: "#6A1B9A", BrandAccentColor: "#0b5394" }),
    ["#6a1b9a", "#0b5394", "#3c4a5e"],
  );
  assert.deepEqual(recentAfterSave(["#3c4a5e"], { BrandPrimaryColor: null, BrandAccentColor: null }), [
    "#3c4a5e",
  ]);
});

test("recent colours are saved again only when they changed", () => {
  assert.equal(recentColoursUnsaved([], undefined), false);
  assert.equal(recentColoursUnsaved(["#0B5394"], ["#0b5394"]), false);
  assert.equal(recentColoursUnsaved(["#6a1b9a", "#0b5394"], ["#0b5394"]), true);
});

test("every text key the tab builds exists", () => {
  const pairs = ["primaryText", "accentOnLight", "accentOnDark"];
  const keys = [
    ...pairs.flatMap((pair) => [`Branding_Check_${pair}`, `Branding_Refused_${pair}`]),
    ...BRAND_COLOUR_FIELDS.flatMap(({ colour }) => [
      `Branding_Picker_${colour}`,
      `Branding_PickerHelp_${colour}`,
      `Branding_UseProductColour_${colour}`,
      `Branding_ChecksOf_${colour}`,
    ]),
    "Branding_Preview_light",
    "Branding_Preview_dark",
  ];
  assert.deepEqual(
    keys.filter((key) => !en[key]),
    [],
  );
  // Every pair the rule can report has its texts: a pair added to the rule without them fails here.
  const reported = new Set(
    brandVerdict({ primary: "#0b5394", accent: "#0b5394" }).checks.map((check) => check.pair as string),
  );
  assert.deepEqual([...reported].sort(), [...pairs].sort());
});
