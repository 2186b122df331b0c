/**
 * The member details of a session (§4.4 staff side): the Context answer read field by field, the
 * created ticket's answer, and which member pages open for the agent — over the shipped routes and
 * permissions, the agent's access read as both sides read it.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type AccessSubject, accessSubjectOf } from "../../../../../core/access/access-profile.ts";
import { createRouteMatcher } from "../../../../../core/routes/match.ts";
import permissionsJson from "../../../../../manifests/permissions.json" with { type: "json" };
import routesJson from "../../../../../manifests/routes.json" with { type: "json" };
import {
  createdTicketOf,
  memberContextOf,
  pageLinkTarget,
} from "../../../../../runtime/screens/admin/support-console/member-context-data.ts";
import type { PermissionsManifest } from "../../../../../schemas/permissions.ts";
import type { RoutesManifest } from "../../../../../schemas/routes.ts";

const catalogue = permissionsJson as unknown as PermissionsManifest;
const routes = routesJson as unknown as RoutesManifest;

describe("memberContextOf", () => {
  test("a full answer", () => {
    assert.deepEqual(
      memberContextOf({
        Account: { RecId: 4, Name: "Contoso", Domain: "contoso", SubscriptionType: "Enterprise" },
        User: { RecId: 9, FullName: "Mia", Email: "mia@x.example", RoleName: "Analyst", LanguageCode: "de" },
        Page: "/home",
        Tickets: [
          { RecId: 3, Title: "Broken chart", Status: "Open", CreatedAt: "2025-01-01T00:00:00Z" },
          { Title: "no id" },
          "junk",
        ],
      }),
      {
        account: { recId: 4, name: "Contoso", domain: "contoso", subscription: "Enterprise" },
        user: { recId: 9, fullName: "Mia", email: "mia@x.example", role: "Analyst", language: "de" },
        page: "/home",
        tickets: [{ recId: 3, title: "Broken chart", status: "Open", createdAt: "2025-01-01T00:00:00Z" }],
      },
    );
  });
  const empty = { account: null, user: null, page: null, tickets: [] };
  const cases: Array<[string, unknown]> = [
    ["null", null],
    ["an array", []],
    ["a text", "oops"],
    ["wrong types everywhere", { Account: "x", User: 3, Page: 5, Tickets: {} }],
  ];
  for (const [name, body] of cases)
    test(`${name} reads as nothing`, () => assert.deepEqual(memberContextOf(body), empty));
  test("fields of the wrong type read as absent", () =>
    assert.deepEqual(memberContextOf({ Account: { RecId: "4", Name: 3 }, Page: "  " }).account, {
      recId: null,
      name: null,
      domain: null,
      subscription: null,
    }));
});

test("createdTicketOf: the ticket's id and title, or null", () => {
  assert.deepEqual(createdTicketOf({ RecId: 12, Title: "From chat" }), { recId: 12, title: "From chat" });
  assert.equal(createdTicketOf({ Title: "no id" }), null);
  assert.equal(createdTicketOf(null), null);
});

describe("pageLinkTarget", () => {
  const subject = (roles: string[], admin: Record<string, [boolean, boolean]> = {}): AccessSubject =>
    accessSubjectOf(
      {
        rolePermissions: roles,
        adminPermissions: Object.entries(admin).map(([key, [read, write]]) => ({ key, read, write })),
        isAdmin: Object.keys(admin).length > 0,
        impersonating: false,
        sessionFlag: () => "Included",
        configValue: () => undefined,
      },
      catalogue,
    );
  const input = (s: AccessSubject | null) => ({
    match: createRouteMatcher(routes, "app"),
    subject: s,
    features: catalogue.features,
  });
  const agent = subject([], { SupportSessions: [true, true], Support: [true, true] });
  const cases: Array<[string, string | null, AccessSubject | null, string | null]> = [
    ["the home page opens for every signed-in user", "/", agent, "/"],
    ["an in-app redirect to it too", "/home", agent, "/home"],
    ["a query string stays", "/home?tab=recent", agent, "/home?tab=recent"],
    ["an admin page the agent may open", "/admin/supportsessions", agent, "/admin/supportsessions"],
    ["an admin page of a module the agent lacks", "/admin/accounts", agent, null],
    ["a screen needing a role permission the agent lacks", "/schedules", agent, null],
    ["the same screen for a member who has it", "/schedules", subject(["Schedules_r"]), "/schedules"],
    ["an external URL", "https://evil.example/home", agent, null],
    ["a protocol-relative URL", "//evil.example/home", agent, null],
    ["a javascript: URL", "javascript:alert(1)", agent, null],
    ["a visitors-only page", "/login", agent, null],
    ["the help site (external)", "/help", agent, null],
    ["a path no route opens", "/no/such/page", agent, null],
    ["no page", null, agent, null],
    ["no profile", "/home", null, null],
  ];
  for (const [name, page, who, expected] of cases) {
    test(name, () => assert.equal(pageLinkTarget(page, input(who)), expected));
  }
});
