/**
 * A theme on one element (DESIGN.md §6 tokens): the declarations of the rules selecting
 * `:root[data-theme=…]` in the page's stylesheets, a later rule winning, only custom properties and
 * the colour scheme; a stylesheet that cannot be read is skipped.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type RuleLike,
  type SheetLike,
  themeDeclarations,
} from "../../../../../../runtime/screens/admin/studio/preview/scoped-theme.ts";

function rule(selectorText: string, declarations: Record<string, string>): RuleLike {
  const properties = Object.keys(declarations);
  return {
    selectorText,
    style: {
      length: properties.length,
      item: (index) => properties[index] ?? "",
      getPropertyValue: (property) => ` ${declarations[property] ?? ""}`,
    },
  };
}

const sheet = (...rules: RuleLike[]): SheetLike => ({ cssRules: rules });
const unreadable: SheetLike = {
  get cssRules(): ArrayLike<RuleLike> {
    throw new DOMException("cross-origin", "SecurityError");
  },
};

const sheets = [
  unreadable,
  sheet(
    rule(":root", { "--space-1": "0.25rem" }),
    rule(':root, :root[data-theme="light"]', {
      "color-scheme": "light",
      "--color-bg": "#f5f6f8",
      color: "red",
    }),
    rule(':root[data-theme="dark"]', {
      "color-scheme": "dark",
      "--color-bg": "#11141a",
      "--color-fg": "#e9ecf1",
    }),
    rule(':root[data-theme="dark"] .shell-top-bar', { "--color-bg": "#000" }),
    { selectorText: "@media" },
  ),
  sheet(rule(':root[data-theme="dark"]', { "--color-fg": "#ffffff" })),
];

describe("the tokens of a theme", () => {
  test("dark: its rules only, the later one winning, trimmed", () => {
    assert.deepEqual(themeDeclarations(sheets, "dark"), {
      "color-scheme": "dark",
      "--color-bg": "#11141a",
      "--color-fg": "#ffffff",
    });
  });

  test("light: from the selector list it shares with :root; other properties are not the theme's", () => {
    assert.deepEqual(themeDeclarations(sheets, "light"), {
      "color-scheme": "light",
      "--color-bg": "#f5f6f8",
    });
  });

  test("a theme no stylesheet defines, or no stylesheet at all: nothing", () => {
    assert.deepEqual(themeDeclarations(sheets, "sepia"), {});
    assert.deepEqual(themeDeclarations([], "dark"), {});
  });
});
