/**
 * Whom Preview as previews (DESIGN.md §3 "previewed as a given role/account"): the admin lists read
 * leniently, their calls, the role composed from the permission catalogue (§6 `Key_r`, `Key_rw`) with
 * the subscription's Included features (§3), and the two preview requests — each one the gateway's
 * own validator of `POST /gw/config/preview` accepts.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import {
  accountsFrom,
  accountsPath,
  choiceProblem,
  includedFeaturesOf,
  type PreviewChoice,
  permissionChoices,
  previewBodies,
  roleAudience,
  usersFrom,
  usersPath,
} from "../../../../../../runtime/screens/admin/studio/preview/preview-audience.ts";
import { validatorsById } from "../../../../../../schemas/generated/validators-by-id.js";
import type { PermissionsManifest } from "../../../../../../schemas/permissions.ts";
import { ROOT } from "../../../../../helpers/manifest-fixtures.ts";

const permissions = JSON.parse(
  readFileSync(join(ROOT, "manifests/permissions.json"), "utf8"),
) as PermissionsManifest;

describe("the admin lists", () => {
  test("accounts: usable rows, the others left out", () => {
    assert.deepEqual(
      accountsFrom({
        items: [
          {
            RecId: 2,
            Name: "Northwind",
            Domain: "northwind",
            IsWhiteLabel: false,
            SubscriptionTemplateRecId: 1,
          },
          { RecId: 4, Name: "", Domain: "contoso", IsWhiteLabel: true, MenuTitle: "Contoso BI" },
          { RecId: "5", Name: "A string id" },
          { RecId: 0, Name: "No id" },
          null,
          "row",
        ],
        total: 6,
      }),
      [
        {
          recId: 2,
          name: "Northwind",
          domain: "northwind",
          isWhiteLabel: false,
          menuTitle: null,
          subscriptionTemplateRecId: 1,
        },
        {
          recId: 4,
          name: "4",
          domain: "contoso",
          isWhiteLabel: true,
          menuTitle: "Contoso BI",
          subscriptionTemplateRecId: null,
        },
      ],
    );
  });

  test("users: a RecId and an account each", () => {
    assert.deepEqual(
      usersFrom({
        items: [
          { RecId: 11, FullName: "Vera Viewer", Email: "viewer@northwind.example", AccountRecId: 2 },
          { RecId: 12, FullName: "No account", Email: "x@y.example" },
          { RecId: 1.5, FullName: "Bad id", AccountRecId: 2 },
        ],
      }),
      [{ recId: 11, fullName: "Vera Viewer", email: "viewer@northwind.example", accountRecId: 2 }],
    );
  });

  test("an answer that is no list reads as empty", () => {
    for (const body of [null, [], { items: "x" }, 3]) {
      assert.deepEqual(accountsFrom(body), []);
      assert.deepEqual(usersFrom(body), []);
    }
  });

  test("the list calls: searched, sorted by name, the users of one account", () => {
    assert.equal(accountsPath(""), "Admin/Accounts?page=1&pageSize=50&sort=Name");
    assert.equal(
      accountsPath(" north wind "),
      "Admin/Accounts?page=1&pageSize=50&sort=Name&search=north+wind",
    );
    assert.equal(usersPath(2, ""), "Admin/Users?page=1&pageSize=50&sort=FullName&AccountRecId=2");
    assert.equal(
      usersPath(2, "viewer@"),
      "Admin/Users?page=1&pageSize=50&sort=FullName&AccountRecId=2&search=viewer%40",
    );
  });
});

describe("a role composed from the catalogue", () => {
  test("§6: every catalogue permission at r and at rw", () => {
    const choices = permissionChoices(permissions.rolePermissions);
    assert.equal(choices.length, permissions.rolePermissions.length * 2);
    assert.deepEqual(
      choices.slice(0, 2).map((c) => [c.value, c.level]),
      [
        [`${permissions.rolePermissions[0]?.key}_r`, "r"],
        [`${permissions.rolePermissions[0]?.key}_rw`, "rw"],
      ],
    );
    assert.ok(
      choices.every((c) => /^[A-Za-z][A-Za-z0-9]*_(r|rw)$/.test(c.value)),
      "the audience's pattern",
    );
  });

  test("§3: the template's Included features the catalogue knows", () => {
    const [first, second] = permissions.features;
    assert.deepEqual(
      includedFeaturesOf({ IncludedFeatures: [first?.id, "Teleport", 3, second?.id] }, permissions.features),
      [first?.id, second?.id],
    );
    assert.deepEqual(includedFeaturesOf({ IncludedFeatures: "all" }, permissions.features), []);
    assert.deepEqual(includedFeaturesOf(null, permissions.features), []);
  });

  test("the audience: permissions de-duplicated and sorted; every feature under its session name", () => {
    const included = permissions.features.filter((f) => f.sessionFlag).slice(0, 1);
    const audience = roleAudience(
      {
        kind: "role",
        rolePermissions: ["Users_r", "Dashboards_r", "Users_r"],
        includedFeatures: included.map((f) => f.id),
      },
      permissions.features,
    );
    assert.deepEqual(audience.rolePermissions, ["Dashboards_r", "Users_r"]);
    for (const feature of permissions.features) {
      const name = feature.sessionFlag ?? feature.configName;
      if (!name) continue;
      assert.equal(
        audience.features?.[name],
        included.includes(feature) ? "Included" : "Optional",
        feature.id,
      );
    }
  });
});

describe("the preview requests", () => {
  const account = {
    recId: 2,
    name: "Northwind",
    domain: "northwind",
    isWhiteLabel: false,
    menuTitle: null,
    subscriptionTemplateRecId: 1,
  };
  const viewer = { recId: 11, fullName: "Vera", email: "viewer@northwind.example", accountRecId: 2 };
  const choice = (more: Partial<PreviewChoice>): PreviewChoice => ({
    account,
    person: { kind: "user", user: viewer },
    language: "de",
    theme: "light",
    ...more,
  });
  const validate = validatorsById.configPreview as (body: unknown) => boolean;

  test("what is missing, in the order it is chosen", () => {
    assert.equal(choiceProblem(choice({ account: null })), "StudioPreview_ChooseAccount");
    assert.equal(choiceProblem(choice({ person: null })), "StudioPreview_ChooseUser");
    assert.equal(choiceProblem(choice({})), null);
    assert.equal(previewBodies(choice({ person: null }), { changeSetId: 3, servingVersion: 7 }, []), null);
  });

  test("as a user: the draft's change set and the served version, in the user's account", () => {
    const bodies = previewBodies(choice({}), { changeSetId: 3, servingVersion: 7 }, permissions.features);
    assert.deepEqual(bodies, {
      draft: { language: "de", accountRecId: 2, userRecId: 11, changeSet: 3 },
      live: { language: "de", accountRecId: 2, userRecId: 11, version: 7 },
    });
    assert.ok(validate(bodies?.draft) && validate(bodies?.live), "the gateway's validator accepts both");
  });

  test("as a role: its audience in the chosen account; without a change set only what is live", () => {
    const bodies = previewBodies(
      choice({ person: { kind: "role", rolePermissions: ["Users_rw"], includedFeatures: [] } }),
      { changeSetId: null, servingVersion: 0 },
      permissions.features,
    );
    assert.equal(bodies?.draft, null);
    assert.equal(bodies?.live.accountRecId, 2);
    assert.deepEqual(bodies?.live.audience?.rolePermissions, ["Users_rw"]);
    assert.equal(bodies?.live.userRecId, undefined);
    assert.ok(validate(bodies?.live), "the gateway's validator accepts it");
  });
});
