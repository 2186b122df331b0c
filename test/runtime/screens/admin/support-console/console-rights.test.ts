/**
 * The console's rights (§6) and the part of a conversation each session shows (§4.4 staff side),
 * read from LoggedInConfig-like sources over the real permissions catalogue.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type AccessSubject, accessSubjectOf } from "../../../../../core/access/access-profile.ts";
import permissionsJson from "../../../../../manifests/permissions.json" with { type: "json" };
import {
  consoleRights,
  conversationMode,
} from "../../../../../runtime/screens/admin/support-console/console-rights.ts";
import type { PermissionsManifest } from "../../../../../schemas/permissions.ts";

const catalogue = permissionsJson as unknown as PermissionsManifest;

function staff(admin: Record<string, [read: boolean, write: boolean]>, impersonating = false): AccessSubject {
  return accessSubjectOf(
    {
      rolePermissions: [],
      adminPermissions: Object.entries(admin).map(([key, [read, write]]) => ({ key, read, write })),
      isAdmin: true,
      impersonating,
      sessionFlag: () => undefined,
      configValue: () => undefined,
    },
    catalogue,
  );
}

describe("consoleRights", () => {
  const cases: Array<[string, AccessSubject | null, { act: boolean; createTicket: boolean }]> = [
    ["no profile", null, { act: false, createTicket: false }],
    [
      "SupportSessions Read only (an auditor)",
      staff({ SupportSessions: [true, false] }),
      { act: false, createTicket: false },
    ],
    ["SupportSessions Write", staff({ SupportSessions: [true, true] }), { act: true, createTicket: false }],
    [
      "SupportSessions Write, Support Read",
      staff({ SupportSessions: [true, true], Support: [true, false] }),
      { act: true, createTicket: false },
    ],
    [
      "SupportSessions and Support Write (the agent)",
      staff({ SupportSessions: [true, true], Support: [true, true] }),
      { act: true, createTicket: true },
    ],
    [
      "Support Write without SupportSessions Write",
      staff({ SupportSessions: [true, false], Support: [true, true] }),
      { act: false, createTicket: false },
    ],
    [
      "impersonating: no admin grant at all",
      staff({ SupportSessions: [true, true], Support: [true, true] }, true),
      { act: false, createTicket: false },
    ],
  ];
  for (const [name, subject, expected] of cases) {
    test(name, () => assert.deepEqual(consoleRights(subject), expected));
  }
});

describe("conversationMode", () => {
  const cases: Array<[string, "Waiting" | "Active" | "Archived", number | null, number | null, string]> = [
    ["a waiting member can be taken", "Waiting", null, 7, "take"],
    ["my active session shows the composer", "Active", 7, 7, "mine"],
    ["someone else's active session", "Active", 8, 7, "other"],
    ["an active session without a known me is someone else's", "Active", 7, null, "other"],
    ["archived, mine or not", "Archived", 7, 7, "archived"],
  ];
  for (const [name, Status, StaffUserRecId, me, expected] of cases) {
    test(name, () => assert.equal(conversationMode({ Status, StaffUserRecId }, me), expected));
  }
});
