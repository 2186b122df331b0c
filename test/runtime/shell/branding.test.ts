import assert from "node:assert/strict";
import { describe, test } from "node:test";
import shellJson from "../../../manifests/shell.json" with { type: "json" };
import {
  type AccountBranding,
  accountLogoUrl,
  logoView,
  titleView,
  userAvatarUrl,
} from "../../../runtime/shell/branding.ts";
import type { ShellManifest } from "../../../schemas/shell.ts";

const shell = shellJson as ShellManifest;
const account: AccountBranding = {
  accountName: "Northwind Traders",
  logoUID: "logo-1",
  isWhiteLabel: false,
  menuLogoIsSet: false,
  menuLogoStyle: null,
  menuDisplayTitleType: "CompanyName",
  menuTitle: null,
};

describe("the logo (§6)", () => {
  const cases: Array<
    [string, Partial<AccountBranding>, Partial<ShellManifest["logo"]>, "wide" | "square" | null]
  > = [
    ["shown in the manifest's default style", {}, {}, "wide"],
    ["the session's style wins", { menuLogoStyle: "Square" }, {}, "square"],
    ["style none hides it (session, any case)", { menuLogoStyle: "None" }, {}, null],
    ["style none hides it (manifest)", {}, { style: "none" }, null],
    ["an unknown session style falls back to the manifest", { menuLogoStyle: "Banner" }, {}, "wide"],
    ["white-label without a menu logo hides it", { isWhiteLabel: true, menuLogoIsSet: false }, {}, null],
    ["white-label with a menu logo shows it", { isWhiteLabel: true, menuLogoIsSet: true }, {}, "wide"],
    ["no logo uploaded: nothing to show", { logoUID: null }, {}, null],
    ["the manifest's master switch hides it", {}, { show: false }, null],
  ];
  for (const [name, accountPatch, logoPatch, expected] of cases) {
    test(name, () => {
      const view = logoView({ ...shell.logo, ...logoPatch }, { ...account, ...accountPatch });
      assert.equal(view?.style ?? null, expected);
    });
  }

  test("the logo loads from {webservices}/account/logo/{logoUid} and links home", () => {
    assert.deepEqual(logoView(shell.logo, account), {
      src: "/webservices/account/logo/logo-1",
      style: "wide",
      link: "/",
      altKey: "Shell_LogoAlt",
      altParams: { accountName: "Northwind Traders" },
    });
  });

  test("ids are encoded into the URL path", () => {
    assert.equal(accountLogoUrl("a b"), "/webservices/account/logo/a%20b");
    assert.equal(userAvatarUrl("u-1"), "/webservices/user/avatar/u-1");
  });
});

describe("the title (§6: the company name, a custom title, or empty)", () => {
  const cases: Array<[string, Partial<AccountBranding>, Partial<ShellManifest["title"]>, unknown]> = [
    ["company name", {}, {}, { text: "Northwind Traders" }],
    [
      "custom title from the session",
      { menuDisplayTitleType: "CustomTitle", menuTitle: "Insights" },
      {},
      { text: "Insights" },
    ],
    [
      "custom title, session spelling Custom",
      { menuDisplayTitleType: "Custom", menuTitle: "Insights" },
      {},
      { text: "Insights" },
    ],
    [
      "custom title, manifest spelling",
      { menuDisplayTitleType: "custom", menuTitle: "Insights" },
      {},
      { text: "Insights" },
    ],
    [
      "custom without a session title uses the manifest's key",
      { menuDisplayTitleType: "CustomTitle", menuTitle: "  " },
      { customTitleKey: "Shell_ProductName" },
      { key: "Shell_ProductName" },
    ],
    ["custom with neither is empty", { menuDisplayTitleType: "CustomTitle", menuTitle: null }, {}, null],
    ["None is empty", { menuDisplayTitleType: "None", menuTitle: "Ignored" }, {}, null],
    [
      "an unknown session type falls back to the manifest",
      { menuDisplayTitleType: "Fancy" },
      { type: "none" },
      null,
    ],
    [
      "absent session type: the manifest's",
      { menuDisplayTitleType: null },
      { type: "companyName" },
      { text: "Northwind Traders" },
    ],
    ["a blank company name is empty", { accountName: " " }, {}, null],
  ];
  for (const [name, accountPatch, titlePatch, expected] of cases) {
    test(name, () =>
      assert.deepEqual(
        titleView({ ...shell.title, ...titlePatch }, { ...account, ...accountPatch }),
        expected,
      ),
    );
  }
});
