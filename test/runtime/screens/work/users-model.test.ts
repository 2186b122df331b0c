/** The Users panel's pure rules: the actions each row offers, status tones, invitations, the invite body. */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type AccountUser,
  invitationExpired,
  inviteRequest,
  isConfirmed,
  roleOptions,
  statusTone,
  userActions,
} from "../../../../runtime/screens/work/security/users-model.ts";

const user = (change: Partial<AccountUser> = {}): AccountUser => ({
  RecId: 7,
  UserUID: "u7",
  FullName: "Vera Viewer",
  Email: "viewer@northwind.example",
  RoleRecId: 3,
  RoleName: "Viewer",
  Status: "Active",
  LockedBySupport: false,
  LastLoginAt: null,
  TwoFactorEnabled: false,
  CreatedAt: "2025-01-15T09:00:00.000Z",
  InvitationExpiresAt: null,
  IsCurrentUser: false,
  ...change,
});

test("without Users at rw a row offers nothing, whatever its state", () => {
  for (const status of ["Active", "Invited", "Disabled"] as const) {
    assert.deepEqual(userActions(user({ Status: status }), false), []);
  }
});

test("row actions follow the state: invited, active, disabled, locked, oneself", () => {
  assert.deepEqual(userActions(user(), true), ["changeRole", "disable"]);
  assert.deepEqual(userActions(user({ IsCurrentUser: true }), true), ["changeRole"], "no self-disable");
  assert.deepEqual(userActions(user({ Status: "Invited" }), true), [
    "changeRole",
    "resendInvitation",
    "withdrawInvitation",
  ]);
  assert.deepEqual(userActions(user({ Status: "Disabled" }), true), ["changeRole", "enable"]);
  assert.deepEqual(
    userActions(user({ Status: "Disabled", LockedBySupport: true }), true),
    ["changeRole"],
    "only staff unlock",
  );
});

test("status tones and the expired invitation", () => {
  assert.equal(statusTone("Active"), "success");
  assert.equal(statusTone("Invited"), "info");
  assert.equal(statusTone("Disabled"), "neutral");
  assert.equal(invitationExpired(user({ Status: "Invited" })), true);
  assert.equal(
    invitationExpired(user({ Status: "Invited", InvitationExpiresAt: "2025-01-22T09:00:00Z" })),
    false,
  );
  assert.equal(invitationExpired(user()), false, "an active user has no invitation to expire");
});

test("the invite body is trimmed and needs e-mail, name and role", () => {
  assert.deepEqual(inviteRequest({ email: " ivy@northwind.example ", fullName: " Ivy ", roleId: 4 }), {
    Email: "ivy@northwind.example",
    FullName: "Ivy",
    RoleRecId: 4,
  });
  assert.equal(inviteRequest({ email: "ivy@northwind.example", fullName: "  ", roleId: 4 }), null);
  assert.equal(inviteRequest({ email: "", fullName: "Ivy", roleId: 4 }), null);
  assert.equal(inviteRequest({ email: "ivy@northwind.example", fullName: "Ivy", roleId: null }), null);
});

test("role options are sorted by name", () => {
  assert.deepEqual(
    roleOptions([
      { RecId: 2, Name: "Viewer", IsOwner: false },
      { RecId: 1, Name: "Account Owner", IsOwner: true },
      { RecId: 3, Name: "analyst", IsOwner: false },
    ]).map((option) => option.value),
    [1, 3, 2],
  );
});

test("disabling, enabling and withdrawing ask first; changing a role and resending do not", () => {
  assert.deepEqual(
    (["changeRole", "disable", "enable", "resendInvitation", "withdrawInvitation"] as const).filter(
      isConfirmed,
    ),
    ["disable", "enable", "withdrawInvitation"],
  );
});
