/**
 * The "why hidden" sentences of Preview as, table-driven over every reason the core can return
 * (core/access/decide.ts AccessRefusal, core/menus/menu-links.ts) and the preview adds
 * (server/gateway/config/preview.ts): each names its gate with its details (§4.1 steps 9, 11, 12, §5,
 * §6, DESIGN.md §3), in all seven languages with the placeholders it fills; an unknown reason or
 * missing details read as the generic sentence with the raw reason, never an error. Grouping, sorting
 * and search.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import {
  groupHidden,
  hiddenCount,
  hiddenReason,
  type PreviewHiddenEntry,
  type ReasonSentence,
  searchHidden,
  UNKNOWN_REASON_KEY,
} from "../../../../../../runtime/screens/admin/studio/preview/hidden-reasons.ts";
import { ROOT } from "../../../../../helpers/manifest-fixtures.ts";

const cases: {
  name: string;
  entry: Pick<PreviewHiddenEntry, "reason" | "details">;
  expect: ReasonSentence;
}[] = [
  {
    name: "§4.1 step 11: a feature not Included",
    entry: { reason: "featureNotIncluded", details: { feature: "Dashboard", objectType: "Dashboard" } },
    expect: { labelKey: "StudioPreview_ReasonFeatureNotIncluded", values: { feature: "Dashboard" } },
  },
  {
    name: "§4.1 step 12, §6: a role permission missing",
    entry: { reason: "permissionMissing", details: { permission: "Users", level: "r", held: null } },
    expect: { labelKey: "StudioPreview_ReasonPermissionMissing", values: { permission: "Users_r" } },
  },
  {
    name: "§4.1 step 12, §6: a role permission too low",
    entry: { reason: "permissionMissing", details: { permission: "Data", level: "rw", held: "r" } },
    expect: {
      labelKey: "StudioPreview_ReasonPermissionTooLow",
      values: { permission: "Data_rw", held: "Data_r" },
    },
  },
  {
    name: "§4.1 step 9: the admin area without any admin permission",
    entry: { reason: "adminWithoutPermission" },
    expect: { labelKey: "StudioPreview_ReasonAdminWithoutPermission", values: {} },
  },
  {
    name: "§5, §6: an admin module without Read",
    entry: { reason: "adminModuleMissing", details: { modules: ["Users"] } },
    expect: { labelKey: "StudioPreview_ReasonAdminModuleMissing", values: { module: "Users" } },
  },
  {
    name: "§5, §6: none of several admin modules with Read",
    entry: { reason: "adminModuleMissing", details: { modules: ["Users", "Accounts"] } },
    expect: { labelKey: "StudioPreview_ReasonAdminModulesMissing", values: { modules: "Users, Accounts" } },
  },
  {
    name: "§6: adminOnly for a user who is not an admin",
    entry: { reason: "adminOnly" },
    expect: { labelKey: "StudioPreview_ReasonAdminOnly", values: {} },
  },
  {
    name: "DESIGN.md §3: not while impersonating",
    entry: { reason: "impersonating" },
    expect: { labelKey: "StudioPreview_ReasonImpersonating", values: {} },
  },
  {
    name: "DESIGN.md §3 account layer: hidden by the account's menu",
    entry: { reason: "hiddenByAccount", details: { key: "Users" } },
    expect: { labelKey: "StudioPreview_ReasonHiddenByAccount", values: {} },
  },
  {
    name: "schemas/menus.ts: the entry's visibleWhen does not hold",
    entry: { reason: "conditionNotMet" },
    expect: { labelKey: "StudioPreview_ReasonConditionNotMet", values: {} },
  },
  {
    name: "§6: its section's visibleWhen does not hold",
    entry: { reason: "conditionNotMet", details: { section: "security" } },
    expect: { labelKey: "StudioPreview_ReasonSectionConditionNotMet", values: { section: "security" } },
  },
  {
    name: "preview: a link whose route cannot be opened",
    entry: { reason: "routeNotOpen", details: { link: "/users" } },
    expect: { labelKey: "StudioPreview_ReasonRouteNotOpen", values: { link: "/users" } },
  },
  {
    name: "preview: a link whose route cannot be opened, without the link",
    entry: { reason: "routeNotOpen" },
    expect: { labelKey: "StudioPreview_ReasonRouteNotOpenUnnamed", values: {} },
  },
  {
    name: "preview: a route for signed-out visitors only",
    entry: { reason: "signedOutOnly" },
    expect: { labelKey: "StudioPreview_ReasonSignedOutOnly", values: {} },
  },
  {
    name: "a reason this build does not know: the raw reason",
    entry: { reason: "geoBlocked", details: { country: "XX" } },
    expect: { labelKey: UNKNOWN_REASON_KEY, values: { reason: "geoBlocked" } },
  },
  {
    name: "the preview's allowed marker (a refusal that is none): the raw reason",
    entry: { reason: "allowed" },
    expect: { labelKey: UNKNOWN_REASON_KEY, values: { reason: "allowed" } },
  },
  {
    name: "missing details never make up a gate: permissionMissing without its permission",
    entry: { reason: "permissionMissing" },
    expect: { labelKey: UNKNOWN_REASON_KEY, values: { reason: "permissionMissing" } },
  },
  {
    name: "missing details: featureNotIncluded with a feature that is no text",
    entry: { reason: "featureNotIncluded", details: { feature: 3 } },
    expect: { labelKey: UNKNOWN_REASON_KEY, values: { reason: "featureNotIncluded" } },
  },
  {
    name: "missing details: adminModuleMissing without modules",
    entry: { reason: "adminModuleMissing", details: { modules: "Users" } },
    expect: { labelKey: UNKNOWN_REASON_KEY, values: { reason: "adminModuleMissing" } },
  },
  {
    name: "a reason that is no text at all",
    entry: { reason: undefined as unknown as string, details: null as unknown as undefined },
    expect: { labelKey: UNKNOWN_REASON_KEY, values: { reason: "?" } },
  },
];

describe("each reason names its gate", () => {
  for (const c of cases) {
    test(c.name, () => assert.deepEqual(hiddenReason(c.entry), c.expect));
  }
});

/** The reasons declared in a source file as `reason: "…"` (the AccessRefusal union, preview.ts' own). */
function declaredReasons(file: string): string[] {
  const source = readFileSync(join(ROOT, file), "utf8");
  return [...new Set([...source.matchAll(/reason: "([A-Za-z]+)"/g)].map((m) => m[1] as string))];
}

describe("the table covers every reason the core and the preview return", () => {
  const covered = new Set(
    cases.filter((c) => c.expect.labelKey !== UNKNOWN_REASON_KEY).map((c) => c.entry.reason),
  );
  for (const file of [
    "core/access/decide.ts",
    "core/menus/menu-links.ts",
    "server/gateway/config/preview.ts",
  ]) {
    test(file, () => {
      const reasons = declaredReasons(file);
      assert.ok(reasons.length > 0, "reasons found");
      // "allowed" is refusal()'s marker of a decision that refuses nothing: never listed as hidden
      // (test/server/gateway/config/preview.test.ts checks it), so it reads as an unknown reason.
      for (const reason of reasons.filter((r) => r !== "allowed")) {
        assert.ok(covered.has(reason), `${reason} has its own sentence`);
      }
    });
  }
});

describe("every sentence exists in the seven languages with the placeholders it fills", () => {
  const keys = new Set([...cases.map((c) => c.expect.labelKey), "StudioPreview_HiddenItem"]);
  for (const language of ["en", "de", "es", "fr", "nl", "pt", "it"]) {
    test(language, () => {
      const texts = JSON.parse(readFileSync(join(ROOT, "locales", `${language}.json`), "utf8")) as Record<
        string,
        string
      >;
      for (const key of keys) {
        const sentence = texts[key];
        assert.equal(typeof sentence, "string", `${language} ${key}`);
        const placeholders = [...(sentence as string).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        const filled = cases.find((c) => c.expect.labelKey === key)?.expect.values ?? {
          name: "",
          reason: "",
        };
        assert.deepEqual(placeholders, Object.keys(filled).sort(), `${language} ${key}`);
      }
    });
  }
});

const entries: PreviewHiddenEntry[] = [
  { kind: "screen", id: "adminUsers", reason: "adminModuleMissing", details: { modules: ["Users"] } },
  {
    kind: "menuLink",
    id: "users",
    reason: "permissionMissing",
    details: { permission: "Users", level: "r" },
  },
  {
    kind: "menuLink",
    id: "teams",
    reason: "permissionMissing",
    details: { permission: "Teams", level: "r" },
  },
  { kind: "route", id: "users", reason: "permissionMissing", details: { permission: "Users", level: "r" } },
  {
    kind: "dialog",
    id: "connectorSyntaxValidation",
    reason: "adminModuleMissing",
    details: { modules: ["X"] },
  },
  { kind: "adminMenuLink", id: "adminUsers", reason: "impersonating" },
  { kind: "widget" as PreviewHiddenEntry["kind"], id: "clock", reason: "adminOnly" },
  { kind: "menuLink", id: "écran", reason: "adminOnly" },
];
const names: Record<string, string> = { users: "Users", teams: "Teams", écran: "Écran partagé" };
const nameOf = (entry: PreviewHiddenEntry) => names[entry.id] ?? entry.id;

describe("groups", () => {
  test("by kind in the list's order, an unknown kind last; sorted by name", () => {
    const groups = groupHidden(entries, nameOf);
    assert.deepEqual(
      groups.map((g) => [g.kind, g.labelKey, g.items.map((i) => i.name)]),
      [
        ["route", "StudioPreview_GroupRoutes", ["Users"]],
        ["menuLink", "StudioPreview_GroupMenuLinks", ["Écran partagé", "Teams", "Users"]],
        ["adminMenuLink", "StudioPreview_GroupAdminMenuLinks", ["adminUsers"]],
        ["dialog", "StudioPreview_GroupDialogs", ["connectorSyntaxValidation"]],
        ["screen", "StudioPreview_GroupScreens", ["adminUsers"]],
        ["other", "StudioPreview_GroupOther", ["clock"]],
      ],
    );
    assert.equal(hiddenCount(groups), entries.length);
    assert.deepEqual(groups[0]?.items[0]?.reason, {
      labelKey: "StudioPreview_ReasonPermissionMissing",
      values: { permission: "Users_r" },
    });
  });

  test("equal names are ordered by id", () => {
    const same = groupHidden(
      [
        { kind: "route", id: "b", reason: "adminOnly" },
        { kind: "route", id: "a", reason: "adminOnly" },
      ],
      () => "Same",
    );
    assert.deepEqual(
      same[0]?.items.map((i) => i.entry.id),
      ["a", "b"],
    );
  });

  test("nothing hidden: no group", () => assert.deepEqual(groupHidden([], nameOf), []));
});

describe("search", () => {
  const groups = groupHidden(entries, nameOf);
  const sentence = (item: { reason: ReasonSentence }) =>
    `${item.reason.labelKey} ${Object.values(item.reason.values).join(" ")}`;
  const found = (query: string) =>
    searchHidden(groups, query, sentence).flatMap((g) => g.items.map((i) => `${g.kind}:${i.entry.id}`));

  const searches: { query: string; expect: string[] }[] = [
    { query: "", expect: found("") },
    { query: "   ", expect: found("") },
    {
      query: "users",
      expect: ["route:users", "menuLink:users", "adminMenuLink:adminUsers", "screen:adminUsers"],
    },
    { query: "Users_r", expect: ["route:users", "menuLink:users"] },
    { query: "permission teams", expect: ["menuLink:teams"] },
    { query: "ecran", expect: ["menuLink:écran"] },
    { query: "ÉCRAN", expect: ["menuLink:écran"] },
    { query: "nothing-like-this", expect: [] },
  ];
  test("a blank query keeps all", () => assert.equal(found("").length, entries.length));
  for (const s of searches) {
    test(`"${s.query}"`, () => assert.deepEqual(found(s.query), s.expect));
  }
});
