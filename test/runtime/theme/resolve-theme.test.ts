import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { applyTheme } from "../../../runtime/theme/apply-theme.ts";
import {
  forcesPublicTheme,
  type ResolvedTheme,
  resolveTheme,
  type ThemeInput,
} from "../../../runtime/theme/resolve-theme.ts";

const base: ThemeInput = {
  stored: "light",
  style: "rounded",
  contrast: false,
  systemDark: false,
  forcedPublic: false,
};

describe("resolveTheme (§4.2 sync, §2.1 public routes, §9 themes × styles)", () => {
  const cases: Array<[string, Partial<ThemeInput>, ResolvedTheme]> = [
    ["light stays light", {}, { theme: "light", style: "rounded" }],
    ["dark stays dark", { stored: "dark" }, { theme: "dark", style: "rounded" }],
    ["light ignores a dark system", { systemDark: true }, { theme: "light", style: "rounded" }],
    [
      "dark ignores a light system",
      { stored: "dark", systemDark: false },
      { theme: "dark", style: "rounded" },
    ],
    ["sync follows a light system", { stored: "sync" }, { theme: "light", style: "rounded" }],
    ["sync follows a dark system", { stored: "sync", systemDark: true }, { theme: "dark", style: "rounded" }],
    ["square style is kept", { stored: "dark", style: "square" }, { theme: "dark", style: "square" }],
    ["contrast wins over light", { contrast: true }, { theme: "contrast", style: "rounded" }],
    [
      "contrast wins over sync-dark",
      { stored: "sync", systemDark: true, contrast: true },
      { theme: "contrast", style: "rounded" },
    ],
    ["contrast keeps square", { contrast: true, style: "square" }, { theme: "contrast", style: "square" }],
    [
      "public route forces light rounded over dark square",
      { stored: "dark", style: "square", forcedPublic: true },
      { theme: "light", style: "rounded" },
    ],
    [
      "public route forces light rounded over contrast",
      { contrast: true, forcedPublic: true },
      { theme: "light", style: "rounded" },
    ],
    [
      "public route forces light over sync-dark",
      { stored: "sync", systemDark: true, forcedPublic: true },
      { theme: "light", style: "rounded" },
    ],
    [
      "public route uses the shell manifest's forced theme",
      { forcedPublic: true, publicTheme: { theme: "dark", style: "square" } },
      { theme: "dark", style: "square" },
    ],
    [
      "the shell's forced theme does not apply off public routes",
      { publicTheme: { theme: "dark", style: "square" } },
      { theme: "light", style: "rounded" },
    ],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => assert.deepEqual(resolveTheme({ ...base, ...input }), expected));
  }
});

describe("forcesPublicTheme (§2.1: a route named Help or a public shell)", () => {
  const cases: Array<[Parameters<typeof forcesPublicTheme>[0], boolean]> = [
    [{ id: "login", shellProfile: "public" }, true],
    [{ id: "help", shellProfile: "public" }, true],
    [{ id: "Help" }, true],
    [{ id: "helpPage", shellProfile: "help" }, true],
    [{ id: "home", shellProfile: "full" }, false],
    [{ id: "home" }, false],
    [{ id: "sharedDashboard", shellProfile: "embedded" }, false],
    [{ id: "mobileReport", shellProfile: "mobileReport" }, false],
    [null, false],
  ];
  for (const [route, expected] of cases) {
    test(`${JSON.stringify(route)} → ${expected}`, () => assert.equal(forcesPublicTheme(route), expected));
  }
});

test("applyTheme sets data-theme and data-theme-style", () => {
  const attributes = new Map<string, string>();
  applyTheme({ theme: "contrast", style: "square" }, { setAttribute: (n, v) => attributes.set(n, v) });
  assert.deepEqual(Object.fromEntries(attributes), {
    "data-theme": "contrast",
    "data-theme-style": "square",
  });
});
