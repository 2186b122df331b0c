/**
 * The account's brand colours on the page (runtime/theme/account-brand.ts, runtime/theme/brand.css):
 * the session's colours are applied only when they pass the branding rule, in canonical form, with
 * the accent's dark-theme tone; applying sets and removes exactly the attributes and properties
 * brand.css reads; brand.css leaves the contrast theme alone and puts white on the primary, the
 * foreground core/branding/contrast.ts measures.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { BRAND_REFERENCE_COLOURS, darkThemeAccent } from "../../../core/branding/contrast.ts";
import {
  applyBrand,
  BRAND_ACCENT_ATTRIBUTE,
  BRAND_PRIMARY_ATTRIBUTE,
  BRAND_PROPERTIES,
  type BrandRoot,
  brandStyleFor,
  NO_BRAND,
} from "../../../runtime/theme/account-brand.ts";
import { ROOT } from "../../helpers/manifest-fixtures.ts";

describe("the session's colours as the page shows them", () => {
  const cases: Array<[string, Parameters<typeof brandStyleFor>[0], ReturnType<typeof brandStyleFor>]> = [
    ["no session", null, NO_BRAND],
    ["an upstream that sends no colours", {} as never, NO_BRAND],
    ["both unset", { AccountBrandPrimaryColor: null, AccountBrandAccentColor: null }, NO_BRAND],
    [
      "both passing, upper case",
      { AccountBrandPrimaryColor: "#0B5394", AccountBrandAccentColor: "#1F5FA8" },
      { primary: "#0b5394", accentLight: "#1f5fa8", accentDark: darkThemeAccent("#1f5fa8") },
    ],
    [
      "a primary under AA is not applied; the accent is",
      { AccountBrandPrimaryColor: "#8899aa", AccountBrandAccentColor: "#b0006e" },
      { primary: null, accentLight: "#b0006e", accentDark: darkThemeAccent("#b0006e") },
    ],
    [
      "an accent under AA on the light background is not applied",
      { AccountBrandPrimaryColor: "#0b5394", AccountBrandAccentColor: "#7cb0ff" },
      { primary: "#0b5394", accentLight: null, accentDark: null },
    ],
    [
      "malformed colours are ignored",
      { AccountBrandPrimaryColor: "blue", AccountBrandAccentColor: "#12345" },
      NO_BRAND,
    ],
  ];
  for (const [name, user, expected] of cases) {
    test(name, () => assert.deepEqual(brandStyleFor(user), expected));
  }
});

/** A root that records what is set on it. */
function recordingRoot() {
  const attributes = new Map<string, string>();
  const properties = new Map<string, string>();
  const root: BrandRoot = {
    setAttribute: (name, value) => attributes.set(name, value),
    removeAttribute: (name) => attributes.delete(name),
    style: {
      setProperty: (name, value) => properties.set(name, value),
      removeProperty: (name) => properties.delete(name),
    },
  };
  return { root, attributes, properties };
}

describe("applying", () => {
  test("sets the attributes and properties, and a later reset removes them all", () => {
    const { root, attributes, properties } = recordingRoot();
    applyBrand({ primary: "#0b5394", accentLight: "#1f5fa8", accentDark: "#6491c3" }, root);
    assert.deepEqual(Object.fromEntries(properties), {
      "--brand-primary": "#0b5394",
      "--brand-accent-light": "#1f5fa8",
      "--brand-accent-dark": "#6491c3",
    });
    assert.deepEqual([...attributes.keys()].sort(), [BRAND_ACCENT_ATTRIBUTE, BRAND_PRIMARY_ATTRIBUTE].sort());
    applyBrand({ primary: null, accentLight: "#1f5fa8", accentDark: "#6491c3" }, root);
    assert.equal(attributes.has(BRAND_PRIMARY_ATTRIBUTE), false);
    assert.equal(properties.has("--brand-primary"), false);
    applyBrand(NO_BRAND, root);
    assert.equal(attributes.size, 0);
    assert.equal(properties.size, 0);
  });
});

describe("brand.css", () => {
  const css = readFileSync(join(ROOT, "runtime/theme/brand.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const rules = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((m) => ({
    selector: (m[1] ?? "").replace(/\s+/g, " ").trim(),
    body: m[2] ?? "",
  }));

  test("reads exactly the properties and attributes account-brand.ts sets", () => {
    for (const property of Object.values(BRAND_PROPERTIES))
      assert.ok(css.includes(`var(${property})`), property);
    assert.deepEqual(
      [...new Set([...css.matchAll(/var\((--brand-[\w-]+)\)/g)].map((m) => m[1]))].sort(),
      Object.values(BRAND_PROPERTIES).sort(),
    );
    for (const rule of rules) {
      assert.ok(
        rule.selector.includes(`[${BRAND_PRIMARY_ATTRIBUTE}]`) ||
          rule.selector.includes(`[${BRAND_ACCENT_ATTRIBUTE}]`),
        rule.selector,
      );
    }
  });

  test("never applies to the contrast theme; the dark theme takes the accent's dark tone", () => {
    for (const rule of rules) {
      assert.ok(
        rule.selector.includes(':not([data-theme="contrast"])') ||
          rule.selector.includes('[data-theme="dark"]'),
        rule.selector,
      );
    }
    const dark = rules.find((rule) => rule.selector.startsWith(':root[data-theme="dark"]'));
    assert.match(dark?.body ?? "", /--color-accent: var\(--brand-accent-dark\)/);
  });

  test("the top bar puts white on the primary: the foreground the branding rule measures", () => {
    assert.equal(BRAND_REFERENCE_COLOURS.white, "#ffffff");
    const bar = rules.find((rule) => rule.selector.endsWith(".shell-top-bar"));
    assert.match(bar?.body ?? "", /background: var\(--brand-primary\)/);
    assert.match(bar?.body ?? "", /color: #ffffff/);
  });
});
