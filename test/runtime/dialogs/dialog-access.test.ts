/** §5/§6: admin dialogs open with Read; without Write only header and secondary footer buttons stay enabled. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import {
  type DialogButtonVariant,
  type DialogRegion,
  dialogAccess,
  isDialogControlEnabled,
} from "../../../runtime/dialogs/dialog-access.ts";

function profile(grants: Record<string, { read: boolean; write: boolean }>): AccessProfile {
  return {
    permissions: new Map(),
    features: new Map(),
    adminModules: new Map(Object.entries(grants)),
    isAdmin: true,
    impersonating: false,
    homePageType: null,
    homePageRedirectionMenu: null,
  } as unknown as AccessProfile;
}

describe("dialogAccess", () => {
  const rows: [
    string,
    { adminModule?: string },
    AccessProfile | null,
    { canOpen: boolean; readOnly: boolean },
  ][] = [
    ["member dialog, no session needed for the rule", {}, null, { canOpen: true, readOnly: false }],
    [
      "admin dialog without a session",
      { adminModule: "Connectors" },
      null,
      { canOpen: false, readOnly: true },
    ],
    [
      "admin dialog without Read",
      { adminModule: "Connectors" },
      profile({ Accounts: { read: true, write: true } }),
      { canOpen: false, readOnly: true },
    ],
    [
      "admin dialog with Read only",
      { adminModule: "Connectors" },
      profile({ Connectors: { read: true, write: false } }),
      { canOpen: true, readOnly: true },
    ],
    [
      "admin dialog with Read and Write",
      { adminModule: "Connectors" },
      profile({ Connectors: { read: true, write: true } }),
      { canOpen: true, readOnly: false },
    ],
    [
      "Write without Read does not open",
      { adminModule: "Connectors" },
      profile({ Connectors: { read: false, write: true } }),
      { canOpen: false, readOnly: true },
    ],
  ];
  for (const [name, dialog, who, expected] of rows) {
    test(name, () => assert.deepEqual(dialogAccess(dialog, who), expected));
  }
});

describe("isDialogControlEnabled (§6)", () => {
  const rows: [boolean, DialogRegion, DialogButtonVariant | undefined, boolean][] = [
    [false, "body", undefined, true],
    [false, "footer", "primary", true],
    [true, "header", undefined, true],
    [true, "header", "primary", true],
    [true, "body", undefined, false],
    [true, "body", "secondary", false],
    [true, "footer", "secondary", true],
    [true, "footer", "primary", false],
    [true, "footer", "danger", false],
    [true, "footer", undefined, false],
  ];
  for (const [readOnly, region, variant, expected] of rows) {
    test(`readOnly=${readOnly} ${region} ${variant ?? "input"} → ${expected}`, () => {
      assert.equal(isDialogControlEnabled(readOnly, region, variant), expected);
    });
  }
});
