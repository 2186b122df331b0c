import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import shell from "../../../manifests/shell.json" with { type: "json" };
import { RECENT_COLOURS_MAX } from "../../../runtime/state/constants.ts";
import {
  effectivePreferences,
  preferencesFromSession,
  preferencesStore,
  resetPreferences,
  setPreferences,
  toInterfacePreferences,
} from "../../../runtime/theme/preferences-store.ts";
import type { ShellManifest } from "../../../schemas/shell.ts";

const defaults = (shell as ShellManifest).theme;

describe("preferencesFromSession (§3: an object, a JSON string or null)", () => {
  const cases: Array<[string, unknown, object]> = [
    ["null → nothing stored", null, { recentColors: [] }],
    ["undefined → nothing stored", undefined, { recentColors: [] }],
    [
      "an object",
      { theme: "dark", themeStyle: "square", recentColors: ["#112233"] },
      { theme: "dark", themeStyle: "square", recentColors: ["#112233"] },
    ],
    [
      "a JSON string",
      '{"theme":"sync","themeStyle":"rounded","recentColors":["#0b3d91","#fc3d21"]}',
      { theme: "sync", themeStyle: "rounded", recentColors: ["#0b3d91", "#fc3d21"] },
    ],
    ["broken JSON → nothing stored", "{theme:", { recentColors: [] }],
    ["a JSON array → nothing stored", "[1,2]", { recentColors: [] }],
    ["an unknown theme is dropped", { theme: "contrast", themeStyle: "round" }, { recentColors: [] }],
    [
      "invalid and repeated colours are dropped",
      { recentColors: ["#abcdef", "red", "#ABCDEF", 12, "#123", "#000000"] },
      { recentColors: ["#abcdef", "#000000"] },
    ],
  ];
  for (const [name, raw, expected] of cases) {
    test(name, () => assert.deepEqual(preferencesFromSession(raw), expected));
  }

  test(`keeps at most ${RECENT_COLOURS_MAX} recent colours, most recent first (§9)`, () => {
    const colours = Array.from(
      { length: RECENT_COLOURS_MAX + 3 },
      (_, i) => `#0000${String(i).padStart(2, "0")}`,
    );
    assert.deepEqual(
      preferencesFromSession({ recentColors: colours }).recentColors,
      colours.slice(0, RECENT_COLOURS_MAX),
    );
  });
});

describe("effectivePreferences (shell defaults under the user's choices)", () => {
  test("nothing stored → the shell defaults (§9: light, rounded)", () => {
    assert.deepEqual(effectivePreferences({ recentColors: [] }, defaults), {
      theme: "light",
      themeStyle: "rounded",
      contrast: false,
      recentColors: [],
    });
  });
  test("the user's choices win", () => {
    const state = { theme: "sync", themeStyle: "square", contrast: true, recentColors: ["#111111"] } as const;
    assert.deepEqual(effectivePreferences({ ...state, recentColors: [...state.recentColors] }, defaults), {
      theme: "sync",
      themeStyle: "square",
      contrast: true,
      recentColors: ["#111111"],
    });
  });
  test("contrast only where the shell offers it", () => {
    const notOffered = { ...defaults, contrastOffered: false, contrast: true };
    assert.equal(effectivePreferences({ contrast: true, recentColors: [] }, notOffered).contrast, false);
  });
  test("the shell's contrast default applies when the user chose nothing", () => {
    assert.equal(effectivePreferences({ recentColors: [] }, { ...defaults, contrast: true }).contrast, true);
  });
});

describe("the store and the PUT /User/Interface body (§7)", () => {
  beforeEach(() => resetPreferences());

  test("setPreferences merges; the body carries theme, style and colours", () => {
    setPreferences({ theme: "dark" });
    setPreferences({ themeStyle: "square", recentColors: ["#123456", "nope"] });
    assert.deepEqual(preferencesStore.get(), {
      theme: "dark",
      themeStyle: "square",
      recentColors: ["#123456"],
    });
    assert.deepEqual(toInterfacePreferences(preferencesStore.get()), {
      InterfacePreferences: { theme: "dark", themeStyle: "square", recentColors: ["#123456"] },
    });
  });

  test("contrast is not sent: §3 client preferences have no field for it", () => {
    setPreferences({ contrast: true });
    assert.deepEqual(toInterfacePreferences(preferencesStore.get()), {
      InterfacePreferences: { recentColors: [] },
    });
  });

  test("resetPreferences (logout) clears everything", () => {
    setPreferences({ theme: "dark", contrast: true });
    resetPreferences();
    assert.deepEqual(preferencesStore.get(), { recentColors: [] });
  });

  test("the session's preferences round-trip through the store", () => {
    resetPreferences(
      preferencesFromSession('{"theme":"dark","themeStyle":"rounded","recentColors":["#0b3d91"]}'),
    );
    assert.deepEqual(toInterfacePreferences(preferencesStore.get()).InterfacePreferences, {
      theme: "dark",
      themeStyle: "rounded",
      recentColors: ["#0b3d91"],
    });
  });
});
