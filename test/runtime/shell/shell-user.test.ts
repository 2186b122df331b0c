import assert from "node:assert/strict";
import { test } from "node:test";
import menusJson from "../../../manifests/menus.json" with { type: "json" };
import shellJson from "../../../manifests/shell.json" with { type: "json" };
import { logoView, titleView } from "../../../runtime/shell/branding.ts";
import { conditionInputFor, shellUserFromSession } from "../../../runtime/shell/shell-user.ts";
import type { MenusManifest } from "../../../schemas/menus.ts";
import type { UserSession } from "../../../schemas/payloads/user-session.ts";
import type { ShellManifest } from "../../../schemas/shell.ts";
import sessionJson from "../../fixtures/payloads/user-session.json" with { type: "json" };
import { profile } from "../../helpers/guard-fixture.ts";

const session = sessionJson as UserSession;
const shell = shellJson as ShellManifest;
const menus = menusJson as unknown as MenusManifest;

test("the shell's view of the User session (§3)", () => {
  assert.deepEqual(shellUserFromSession(session), {
    fullName: "Tom Becker",
    email: "tom.becker@northwind.example",
    userUID: "b7e0f3d2-8a19-4c55-a0e4-7d3c2b1f9e06",
    languageCode: "de",
    impersonatorLanguageCode: "en",
    impersonating: true,
    account: {
      accountName: "Northwind Traders GmbH",
      logoUID: null,
      isWhiteLabel: true,
      menuLogoIsSet: false,
      menuLogoStyle: "None",
      menuDisplayTitleType: session.AccountMenuDisplayTitleType,
      menuTitle: "Northwind Insights",
    },
    conditions: {
      flags: {
        ShowHelpLinks: false,
        IsAdmin: true,
        MustSetup2FA: false,
        AccountIsWhiteLabel: true,
        AccountMenuLogoIsSet: false,
      },
      twoFactorPolicy: "Required",
      authenticationProtocol: "SAML",
      impersonating: true,
    },
  });
});

test("the fixture's white-label account shows no logo and its custom title (§6)", () => {
  const user = shellUserFromSession(session);
  assert.equal(logoView(shell.logo, user.account), null);
  assert.deepEqual(titleView(shell.title, user.account), { text: "Northwind Insights" });
});

test("no impersonator language unless impersonating", () => {
  const user = shellUserFromSession({ ...session, Impersonating: false, ImpersonatorLanguageCode: null });
  assert.equal(user.impersonatorLanguageCode, null);
  assert.equal(user.conditions.impersonating, false);
});

test("the menu condition input joins profile, session, shell flags and session values", () => {
  const p = profile();
  const user = shellUserFromSession(session);
  assert.deepEqual(conditionInputFor(p, user, shell, menus), {
    profile: p,
    session: user.conditions,
    shellFlags: { videoTutorials: true, signupAllowed: false },
    sessionValues: menus.sessionValues,
  });
});
