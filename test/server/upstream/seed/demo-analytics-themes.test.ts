/**
 * The demo's widget themes (server/upstream/seed/demo-analytics-themes.ts): one entry per widget
 * kind of the manifest, the stored value valid against the widget theme schema, and colours that
 * meet WCAG 2.2 — text 4.5:1 on the theme's background (SC 1.4.3), every palette colour 3:1
 * (SC 1.4.11) — measured with core/branding's contrast functions.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { contrastRatio, parseHexColour } from "../../../../core/branding/contrast.ts";
import widgetsDocument from "../../../../manifests/widgets.json" with { type: "json" };
import { validateWidgetTheme } from "../../../../schemas/generated/validators.js";
import {
  DEMO_WIDGET_THEMES,
  THEMED_WIDGET_KINDS,
  widgetThemeValue,
} from "../../../../server/upstream/seed/demo-analytics-themes.ts";

const ratio = (a: string, b: string) => {
  const first = parseHexColour(a);
  const second = parseHexColour(b);
  assert.ok(first && second, `${a} and ${b} are colours`);
  return contrastRatio(first, second);
};

test("the themes style every kind of the widgets manifest", () => {
  assert.deepEqual([...THEMED_WIDGET_KINDS].sort(), widgetsDocument.kinds.map((kind) => kind.kind).sort());
});

for (const theme of DEMO_WIDGET_THEMES) {
  describe(`widget theme ${theme.key}`, () => {
    test("the text reaches 4.5:1 on the background", () => {
      assert.ok(ratio(theme.color, theme.background) >= 4.5, `${theme.color} on ${theme.background}`);
    });
    test("6–8 palette colours, distinct, each 3:1 on the background", () => {
      assert.ok(theme.palette.length >= 6 && theme.palette.length <= 8);
      assert.equal(new Set(theme.palette).size, theme.palette.length);
      for (const colour of theme.palette) {
        const measured = ratio(colour, theme.background);
        assert.ok(measured >= 3, `${colour} on ${theme.background}: ${measured.toFixed(2)}`);
      }
    });
    test("the stored value is a valid theme with {background, color, palette, borderRadius} per kind", () => {
      const value = widgetThemeValue(theme);
      assert.ok(
        validateWidgetTheme({ Key: theme.key, Value: value }),
        JSON.stringify(validateWidgetTheme.errors),
      );
      assert.deepEqual(
        value.Widgets.map((widget) => widget.Type),
        [...THEMED_WIDGET_KINDS],
      );
      for (const widget of value.Widgets) {
        assert.deepEqual(JSON.parse(widget.SerializedProperties), {
          background: theme.background,
          color: theme.color,
          palette: theme.palette,
          borderRadius: theme.borderRadius,
        });
      }
    });
  });
}

test("the contrast measure tells a failing palette colour (the check can fail)", () => {
  assert.ok(ratio("#93c5fd", "#ffffff") < 3);
  assert.ok(ratio("#64748b", "#ffffff") < 4.9 && ratio("#64748b", "#ffffff") > 4.5);
});
