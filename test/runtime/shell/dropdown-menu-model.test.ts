/** The help and user menus of the real menus manifest against §6 and §4.2. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { MenuConditionInput } from "../../../core/menus/conditions.ts";
import menusJson from "../../../manifests/menus.json" with { type: "json" };
import shellJson from "../../../manifests/shell.json" with { type: "json" };
import { externalPageUrl, visibleDropdownMenu } from "../../../runtime/shell/dropdown-menu-model.ts";
import type { MenusManifest } from "../../../schemas/menus.ts";
import type { ShellManifest } from "../../../schemas/shell.ts";
import { profile } from "../../helpers/guard-fixture.ts";

const menus = menusJson as unknown as MenusManifest;
const shell = shellJson as ShellManifest;

function input(options: {
  permissions?: Record<string, "r" | "rw">;
  showHelpLinks?: boolean;
  impersonating?: boolean;
  videoTutorials?: boolean;
  twoFactorPolicy?: string;
  protocol?: string;
}): MenuConditionInput {
  return {
    profile: profile({ permissions: options.permissions ?? {} }),
    session: {
      flags: { ShowHelpLinks: options.showHelpLinks ?? false },
      twoFactorPolicy: options.twoFactorPolicy ?? "Disabled",
      authenticationProtocol: options.protocol ?? "SAML",
      impersonating: options.impersonating ?? false,
    },
    shellFlags: { videoTutorials: options.videoTutorials ?? false, signupAllowed: false },
    sessionValues: menus.sessionValues,
  };
}

const ids = (entries: ReturnType<typeof visibleDropdownMenu>) => entries?.map((e) => e.entry.id) ?? null;
const separators = (entries: ReturnType<typeof visibleDropdownMenu>) =>
  entries?.filter((e) => e.separatorBefore).map((e) => e.entry.id) ?? null;

describe("the help menu (§6)", () => {
  test("hidden without ShowHelpLinks and without SupportTickets", () => {
    assert.equal(visibleDropdownMenu(menus.help, input({})), null);
  });
  test("ShowHelpLinks: the help links (Welcome needs the video tutorials flag too)", () => {
    assert.deepEqual(ids(visibleDropdownMenu(menus.help, input({ showHelpLinks: true }))), [
      "helpFaq",
      "helpTutorials",
      "helpReleaseNotes",
    ]);
    assert.deepEqual(
      ids(visibleDropdownMenu(menus.help, input({ showHelpLinks: true, videoTutorials: true }))),
      ["helpFaq", "helpTutorials", "helpReleaseNotes", "helpWelcome"],
    );
  });
  test("SupportTickets: ticket entries; a separator only between visible entries", () => {
    const entries = visibleDropdownMenu(menus.help, input({ permissions: { SupportTickets: "r" } }));
    assert.deepEqual(ids(entries), ["helpNewSupportTicket", "helpSupportTickets"]);
    assert.deepEqual(separators(entries), []);
    const rating = visibleDropdownMenu(
      menus.help,
      input({ permissions: { SupportTickets: "r", SupportSessions: "r" } }),
    );
    assert.deepEqual(ids(rating), ["helpNewSupportTicket", "helpSupportTickets", "helpCustomerEffortRating"]);
    assert.deepEqual(separators(rating), ["helpCustomerEffortRating"]);
  });
  test("the rating needs SupportSessions: its dialog lists the user's support sessions (§6)", () => {
    const withSessions = { showHelpLinks: true, permissions: { SupportSessions: "r" as const } };
    assert.deepEqual(ids(visibleDropdownMenu(menus.help, input(withSessions))), [
      "helpFaq",
      "helpTutorials",
      "helpReleaseNotes",
      "helpCustomerEffortRating",
    ]);
    assert.deepEqual(ids(visibleDropdownMenu(menus.help, input({ showHelpLinks: true }))), [
      "helpFaq",
      "helpTutorials",
      "helpReleaseNotes",
    ]);
  });
  test("no rating while impersonating", () => {
    const entries = visibleDropdownMenu(
      menus.help,
      input({ showHelpLinks: true, impersonating: true, permissions: { SupportSessions: "r" } }),
    );
    assert.deepEqual(ids(entries), ["helpFaq", "helpTutorials", "helpReleaseNotes"]);
  });
  test("entries the page cannot carry out are left out before separators are placed", () => {
    const noDialogs = (e: { dialog?: string }) => e.dialog === undefined;
    const entries = visibleDropdownMenu(
      menus.help,
      input({ permissions: { SupportTickets: "r" } }),
      noDialogs,
    );
    assert.deepEqual(ids(entries), ["helpSupportTickets"]);
    assert.deepEqual(separators(entries), []);
  });
  test("help URLs by type (§7)", () => {
    assert.equal(
      externalPageUrl(shell.externalSites, { site: "help", page: "releaseNotes" }),
      "https://help.tessera.example/releasenotes",
    );
  });
});

describe("the user menu (§4.2, §6)", () => {
  const cases: Array<[string, Parameters<typeof input>[0], string[]]> = [
    ["a plain member can sign out", {}, ["userSignOut"]],
    [
      "My Settings with UserProfileAndPreferences",
      { permissions: { UserProfileAndPreferences: "r" } },
      ["userMySettings", "userSignOut"],
    ],
    [
      "My Settings with DataByEmail",
      { permissions: { DataByEmail: "r" } },
      ["userMySettings", "userSignOut"],
    ],
    [
      "My Settings when the 2FA policy allows it and sign-on is by password",
      { twoFactorPolicy: "Optional", protocol: "Password" },
      ["userMySettings", "userSignOut"],
    ],
    [
      "no My Settings for 2FA with single sign-on",
      { twoFactorPolicy: "Required", protocol: "SAML" },
      ["userSignOut"],
    ],
    [
      "no My Settings for a password user when 2FA is disabled",
      { twoFactorPolicy: "Disabled", protocol: "Password" },
      ["userSignOut"],
    ],
    [
      "Exports needs the Exports permission",
      { permissions: { Exports: "r" } },
      ["userExports", "userSignOut"],
    ],
    [
      "impersonating: language switch and stop, no sign-out",
      { impersonating: true },
      ["userSwitchLanguage", "userStopImpersonation"],
    ],
  ];
  for (const [name, options, expected] of cases) {
    test(name, () => assert.deepEqual(ids(visibleDropdownMenu(menus.user, input(options))), expected));
  }
  test("the first visible entry never gets a separator", () => {
    assert.deepEqual(separators(visibleDropdownMenu(menus.user, input({ impersonating: true }))), []);
    assert.deepEqual(separators(visibleDropdownMenu(menus.user, input({ permissions: { Exports: "r" } }))), [
      "userSignOut",
    ]);
  });
});
