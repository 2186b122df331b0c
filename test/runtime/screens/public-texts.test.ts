/** The informational public screens' decisions: disconnect reasons, the upgrade page, /logout?ws=0. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import { parsePermissionString } from "../../../core/access/permission-string.ts";
import permissions from "../../../manifests/permissions.json" with { type: "json" };
import {
  DISCONNECT_GENERAL_KEY,
  disconnectReasonKey,
  endedByServer,
  featureObjectTypes,
  upgradeView,
} from "../../../runtime/screens/public/public-texts.ts";

describe("/disconnect?reason= shows known texts only", () => {
  const cases: Array<[string, string]> = [
    ["?reason=inactivity", "Disconnect_ReasonInactivity"],
    ["?reason=expired", "Disconnect_ReasonExpired"],
    ["?reason=revoked", "Disconnect_ReasonRevoked"],
    ["?reason=disabled", "Disconnect_ReasonDisabled"],
    ["", DISCONNECT_GENERAL_KEY],
    ["?reason=", DISCONNECT_GENERAL_KEY],
    ["?reason=%3Cb%3Ehi%3C%2Fb%3E", DISCONNECT_GENERAL_KEY],
    ["?reason=toString", DISCONNECT_GENERAL_KEY],
    ["?reason=__proto__", DISCONNECT_GENERAL_KEY],
  ];
  for (const [search, key] of cases) {
    test(`${JSON.stringify(search)} → ${key}`, () => assert.equal(disconnectReasonKey(search), key));
  }
});

describe("/upgrade?objectType=", () => {
  const catalogue = { rolePermissions: permissions.rolePermissions, features: permissions.features } as never;
  const profileWith = (permissionString: string): AccessProfile => ({
    permissions: parsePermissionString(permissionString, catalogue).permissions,
    features: new Map(),
    adminModules: new Map(),
    isAdmin: false,
    impersonating: false,
    homePageType: null,
    homePageRedirectionMenu: null,
  });
  const known = featureObjectTypes(permissions.features);
  const hasText = (key: string) => key === "ObjectType_Insight" || key === "ObjectType_Dashboard";

  test("the features' object types are the known ones", () => {
    assert.ok(known.has("Insight"));
    assert.ok(known.has("SupportSession"));
    assert.equal(known.has("Account"), false);
  });

  const cases: Array<[string, string, AccessProfile | null, string | null, boolean]> = [
    [
      "known type, billing permission",
      "?objectType=Insight",
      profileWith("BillingAndSubscription_r"),
      "ObjectType_Insight",
      true,
    ],
    [
      "known type, no billing permission",
      "?objectType=Insight",
      profileWith("Dashboards_rw"),
      "ObjectType_Insight",
      false,
    ],
    ["unknown type", "?objectType=Account", profileWith("BillingAndSubscription_rw"), null, true],
    ["injected text", "?objectType=%3Cimg%3E", profileWith("Dashboards_r"), null, false],
    ["known type without a text", "?objectType=SupportSession", null, null, false],
    ["no type", "", null, null, false],
  ];
  for (const [name, search, profile, key, canManage] of cases) {
    test(name, () => {
      assert.deepEqual(upgradeView({ search, knownObjectTypes: known, hasText, profile }), {
        objectTypeKey: key,
        canManageSubscription: canManage,
      });
    });
  }
});

test("/logout?ws=0 is a session the server ended (§4.2)", () => {
  assert.equal(endedByServer("?ws=0"), true);
  assert.equal(endedByServer("?ws=1"), false);
  assert.equal(endedByServer(""), false);
});
