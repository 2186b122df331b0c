/**
 * The widget colours (runtime/widgets/widget-style.ts): the shell's own chart palettes reach 3:1 on
 * the widget surface of their theme, the surfaces are tokens.css's, and a widget theme applies only
 * where its colours reach the WCAG 2.2 ratios — text 4.5:1, series 3:1 — else the shell's.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { contrastRatio, parseHexColour } from "../../../core/branding/contrast.ts";
import {
  GRAPHIC_RATIO,
  parseWidgetThemeProperties,
  SHELL_CHART_PALETTES,
  SHELL_WIDGET_COLOURS,
  type ShellTheme,
  TEXT_RATIO,
  themePropertiesFor,
  widgetStyle,
} from "../../../runtime/widgets/widget-style.ts";
import { ROOT } from "../../helpers/manifest-fixtures.ts";

const ratio = (a: string, b: string) => contrastRatio(parseHexColour(a)!, parseHexColour(b)!);
const THEMES: ShellTheme[] = ["light", "dark", "contrast"];

/** The value of `token` in the tokens.css block whose selector list names `selector`. */
function token(selector: string, name: string): string {
  const css = readFileSync(join(ROOT, "runtime/theme/tokens.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  for (const match of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const selectors = (match[1] ?? "").split(",").map((s) => s.trim());
    if (!selectors.includes(selector)) continue;
    const found = new RegExp(`${name}\\s*:\\s*([^;]+);`).exec(match[2] ?? "");
    if (found) return (found[1] ?? "").trim();
  }
  throw new Error(`${name} not in ${selector}`);
}

describe("the shell's widget colours", () => {
  test("are tokens.css's surface, text, muted text and border of each theme", () => {
    for (const theme of THEMES) {
      const selector = `:root[data-theme="${theme}"]`;
      const colours = SHELL_WIDGET_COLOURS[theme];
      assert.equal(colours.background, token(selector, "--color-surface"), theme);
      assert.equal(colours.text, token(selector, "--color-fg"), theme);
      assert.equal(colours.muted, token(selector, "--color-fg-muted"), theme);
      assert.equal(colours.line, token(selector, "--color-border"), theme);
    }
  });

  for (const theme of THEMES) {
    test(`${theme}: every chart colour reaches 3:1 on the surface, and they are distinct`, () => {
      const palette = SHELL_CHART_PALETTES[theme];
      assert.ok(palette.length >= 8);
      assert.equal(new Set(palette).size, palette.length);
      for (const colour of palette) {
        const measured = ratio(colour, SHELL_WIDGET_COLOURS[theme].background);
        assert.ok(measured >= GRAPHIC_RATIO, `${colour} on ${theme}: ${measured.toFixed(2)}:1`);
      }
    });
  }
});

describe("a widget theme", () => {
  const readable = { background: "#f4f7fb", color: "#102a43", palette: ["#0b4f8a", "#9c2f00", "#1b6b3a"] };

  test("light: its background, text and palette when every pair reaches its ratio", () => {
    const style = widgetStyle(readable, "light");
    assert.equal(style.background, "#f4f7fb");
    assert.equal(style.text, "#102a43");
    assert.deepEqual(style.series, readable.palette);
    assert.equal(style.paletteSource, "theme");
    assert.ok(ratio(style.text, style.background) >= TEXT_RATIO);
    assert.ok(ratio(style.muted, style.background) >= TEXT_RATIO);
  });

  test("a palette colour under 3:1 sends the whole palette back to the shell's", () => {
    const style = widgetStyle({ ...readable, palette: ["#0b4f8a", "#ffd966"] }, "light");
    assert.equal(style.paletteSource, "shell");
    assert.deepEqual(style.series, SHELL_CHART_PALETTES.light);
  });

  test("text under 4.5:1 on the theme's background: the shell's surface and text instead", () => {
    const style = widgetStyle({ background: "#3366cc", color: "#000000", palette: ["#ffffff"] }, "light");
    assert.equal(style.background, SHELL_WIDGET_COLOURS.light.background);
    assert.equal(style.text, SHELL_WIDGET_COLOURS.light.text);
    // White on the shell's white surface is 1:1: the shell's palette.
    assert.equal(style.paletteSource, "shell");
  });

  test("dark: the shell's dark surface; the light theme's palette is measured there and refused", () => {
    const style = widgetStyle(readable, "dark");
    assert.equal(style.background, SHELL_WIDGET_COLOURS.dark.background);
    assert.equal(style.text, SHELL_WIDGET_COLOURS.dark.text);
    assert.deepEqual(style.series, SHELL_CHART_PALETTES.dark);
    const bright = widgetStyle({ palette: ["#ffcc66", "#99ddff"] }, "dark");
    assert.equal(bright.paletteSource, "theme");
  });

  test("contrast: no theme applies", () => {
    const style = widgetStyle({ ...readable, palette: ["#ffffff"] }, "contrast");
    assert.deepEqual(style.series, SHELL_CHART_PALETTES.contrast);
    assert.equal(style.background, "#000000");
    assert.equal(style.borderRadius, null);
  });

  test("no theme: the shell's colours", () => {
    for (const theme of THEMES) {
      const style = widgetStyle(null, theme);
      assert.equal(style.background, SHELL_WIDGET_COLOURS[theme].background);
      assert.equal(style.paletteSource, "shell");
    }
  });
});

describe("SerializedProperties", () => {
  test("keeps hex colours and a length radius; drops anything else", () => {
    assert.deepEqual(
      parseWidgetThemeProperties(
        JSON.stringify({
          background: "#FFF",
          color: "red",
          palette: ["#112233", "#abc"],
          borderRadius: "8px",
        }),
      ),
      { background: "#fff", palette: ["#112233", "#abc"], borderRadius: "8px" },
    );
    assert.deepEqual(parseWidgetThemeProperties(JSON.stringify({ borderRadius: 6 })), {
      borderRadius: "6px",
    });
    assert.deepEqual(
      parseWidgetThemeProperties(JSON.stringify({ palette: ["#112233", "url(x)"], borderRadius: "1px;x" })),
      {},
    );
    assert.deepEqual(parseWidgetThemeProperties("{not json"), {});
    assert.deepEqual(parseWidgetThemeProperties("[1]"), {});
  });

  test("a theme's entry for the kind, else for its renderer, else none", () => {
    const themes = [
      {
        Key: "Ocean",
        Value: {
          Dashboard: "{}",
          Widgets: [
            { Type: "bar", SerializedProperties: JSON.stringify({ palette: ["#0b4f8a"] }) },
            { Type: "donut", SerializedProperties: JSON.stringify({ palette: ["#9c2f00"] }) },
          ],
        },
      },
    ];
    assert.deepEqual(themePropertiesFor(themes, "Ocean", "donut", "pie")?.palette, ["#9c2f00"]);
    assert.deepEqual(themePropertiesFor(themes, "Ocean", "stackedBars", "bar")?.palette, ["#0b4f8a"]);
    assert.equal(themePropertiesFor(themes, "Ocean", "line", "line"), null);
    assert.equal(themePropertiesFor(themes, "Forest", "bar", "bar"), null);
    assert.equal(themePropertiesFor(themes, undefined, "bar", "bar"), null);
  });
});
