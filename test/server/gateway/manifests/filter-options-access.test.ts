/**
 * §6 (each admin module needs Read) for the options of list filters: a select filter whose options
 * are another admin screen's list is served only to staff with Read on that screen's module, so no
 * screen asks for options its user would be refused (the billing clerk's prospects, the support
 * agent's tickets and support sessions). Over the default manifests, and as data.
 */
import { BASE_SERVED } from "../../../helpers/base-served.ts";
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { ScreenDefinition } from "../../../../schemas/screens.ts";
import { type AccessFacts, accessFingerprint } from "../../../../server/gateway/manifests/filter-access.ts";
import {
  listEndpointModules,
  withReadableFilterOptions,
} from "../../../../server/gateway/manifests/filter-registries.ts";
import type { ManifestSet } from "../../../../server/gateway/manifests/manifest-set.ts";
import { resolveManifest } from "../../../../server/gateway/manifests/resolve-manifest.ts";
import { defaultManifests } from "../session/gateway-fixture.ts";

let set: ManifestSet;
before(async () => {
  set = await defaultManifests();
});

/** Staff (IsAdmin) with Read and Write on `modules`, every feature Included. */
function staff(modules: readonly string[]): AccessFacts {
  const features: Record<string, string> = {};
  for (const feature of set.permissions.features) {
    features[feature.sessionFlag ?? (feature.configName as string)] = "Included";
  }
  return {
    accountRecId: 1,
    isAdmin: true,
    impersonating: false,
    rolePermissions: [],
    adminPermissions: [...modules].sort().map((module) => [module, true, true]),
    features,
    flags: {
      ShowHelpLinks: false,
      IsAdmin: true,
      MustSetup2FA: false,
      AccountIsWhiteLabel: false,
      AccountMenuLogoIsSet: false,
    },
    twoFactorPolicy: "Optional",
    authenticationProtocol: "Password",
  };
}

/** The names of the list filters of screen `id` as `facts` receives them. */
function filtersOf(facts: AccessFacts, id: string): string[] | undefined {
  const manifest = resolveManifest(
    set,
    "v",
    { kind: "user", facts, fingerprint: accessFingerprint(facts) },
    BASE_SERVED,
  );
  const screen = manifest.screens?.screens.find((candidate) => candidate.id === id);
  return screen?.list.filters?.map((filter) => filter.name);
}

describe("list filters with options from another screen's list (§6)", () => {
  test("the billing clerk's prospects: no 'assigned to' filter without Read on InternalUsers", () => {
    const clerk = filtersOf(staff(["Prospects", "Invoices"]), "adminProspects");
    assert.ok(clerk, "the screen itself is served");
    assert.equal(clerk.includes("AssignedToRecId"), false);
    assert.ok(clerk.includes("Status"), "filters with their own options stay");
    const withTeam = filtersOf(staff(["Prospects", "InternalUsers"]), "adminProspects");
    assert.equal(withTeam?.includes("AssignedToRecId"), true);
  });

  test("the support agent's tickets and sessions: no account or staff filter without those modules", () => {
    for (const id of ["adminSupport", "adminSupportSessions"]) {
      const agent = filtersOf(staff(["Support", "SupportSessions"]), id);
      assert.ok(agent, `${id} is served`);
      assert.deepEqual(
        agent.filter((name) => ["AccountRecId", "AssignedToRecId", "InternalUserRecId"].includes(name)),
        [],
        id,
      );
      const admin = filtersOf(staff(["Support", "SupportSessions", "Accounts", "InternalUsers"]), id);
      assert.ok(admin?.includes("AccountRecId"), `${id} with Accounts`);
    }
  });

  test("every filter whose options a user cannot read is left out, over every screen", () => {
    const modules = listEndpointModules(set.screens);
    for (const screen of set.screens.screens) {
      const received = filtersOf(staff([screen.adminModule]), screen.id) ?? [];
      for (const filter of screen.list.filters ?? []) {
        const needs = filter.optionsSource ? modules.get(filter.optionsSource.endpoint) : undefined;
        const expected = needs === undefined || needs === screen.adminModule;
        assert.equal(received.includes(filter.name), expected, `${screen.id} ${filter.name}`);
      }
    }
  });
});

describe("withReadableFilterOptions as data", () => {
  const screen = {
    id: "example",
    titleKey: "PageTitle_Example",
    adminModule: "Example",
    list: {
      endpoint: "Admin/Example",
      columns: [],
      filters: [
        { name: "Status", labelKey: "Field_Status", type: "select", options: [] },
        {
          name: "AccountRecId",
          labelKey: "Field_Account",
          type: "select",
          optionsSource: { endpoint: "Admin/Accounts", valueField: "RecId", labelField: "Name" },
        },
        {
          name: "DatabaseRecId",
          labelKey: "Field_Database",
          type: "select",
          optionsSource: { endpoint: "Admin/NotAScreenList", valueField: "RecId", labelField: "Name" },
        },
      ],
    },
    actions: {},
  } as unknown as ScreenDefinition;
  const modules = new Map([["Admin/Accounts", "Accounts"]]);
  const names = (result: ScreenDefinition) => result.list.filters?.map((filter) => filter.name);

  for (const [readable, expected] of [
    [["Accounts"], ["Status", "AccountRecId", "DatabaseRecId"]],
    [[], ["Status", "DatabaseRecId"]],
  ] as const) {
    test(`Read on [${readable.join(", ")}] → ${expected.join(", ")}`, () => {
      const result = withReadableFilterOptions(screen, modules, (module) =>
        (readable as readonly string[]).includes(module),
      );
      assert.deepEqual(names(result), expected);
    });
  }

  test("the screen itself when nothing is left out", () => {
    assert.equal(
      withReadableFilterOptions(screen, modules, () => true),
      screen,
    );
  });
});
