import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { embeddedModeFrom, type ShellPart, shellChrome } from "../../../runtime/shell/shell-chrome.ts";

const shownParts = (chrome: ReturnType<typeof shellChrome>) =>
  Object.entries(chrome)
    .filter(([, shown]) => shown)
    .map(([part]) => part)
    .sort();

const ALL = [
  "adminMenu",
  "helpMenu",
  "navigationPanel",
  "notifications",
  "supportChat",
  "topMenuBar",
  "userMenu",
];

describe("shell profiles (§2.1, §2.2, §2.5)", () => {
  const cases: Array<[Parameters<typeof shellChrome>[0]["profile"], boolean, ShellPart[], string[]]> = [
    ["full", false, ["topMenuBar"], ALL],
    [undefined, false, [], ALL],
    ["public", false, [], []],
    ["help", false, [], []],
    ["embedded", false, [], []],
    ["mobileReport", false, [], ["helpMenu", "notifications", "supportChat", "topMenuBar", "userMenu"]],
    ["full", true, ["topMenuBar"], []],
    [
      "full",
      true,
      ["supportChat", "notifications"],
      ["adminMenu", "helpMenu", "navigationPanel", "topMenuBar", "userMenu"],
    ],
    ["full", true, [], ALL],
    ["mobileReport", true, ["userMenu"], ["helpMenu", "notifications", "supportChat", "topMenuBar"]],
  ];
  for (const [profile, embeddedMode, hiddenParts, expected] of cases) {
    test(`${profile ?? "(none)"}${embeddedMode ? ` embedded hiding ${hiddenParts.join(",") || "nothing"}` : ""}`, () => {
      assert.deepEqual(shownParts(shellChrome({ profile, embeddedMode, hiddenParts })), expected);
    });
  }
});

describe("embedded mode (?embedded=1, kept by the tab)", () => {
  const cases: Array<[string, boolean, boolean]> = [
    ["?embedded=1", false, true],
    ["?embedded=true", false, true],
    ["?embedded=TRUE&x=1", false, true],
    ["?embedded=0", false, false],
    ["?embedded=", false, false],
    ["?other=1", false, false],
    ["", false, false],
    ["", true, true],
  ];
  for (const [search, remembered, expected] of cases) {
    test(`${search || "(no query)"}${remembered ? " remembered" : ""} → ${expected}`, () => {
      assert.equal(embeddedModeFrom({ search, parameter: "embedded", remembered }), expected);
    });
  }
});
