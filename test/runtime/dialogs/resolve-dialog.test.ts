/** Opening registry dialogs by id or by path (§2.5) with the §5 admin-module rule and parameter checks. */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import dialogsManifest from "../../../manifests/dialogs.json" with { type: "json" };
import { resolveDialogRequest } from "../../../runtime/dialogs/resolve-dialog.ts";
import type { DialogDefinition } from "../../../schemas/dialogs.ts";

const dialogs = dialogsManifest.dialogs as DialogDefinition[];
const auditor = {
  permissions: new Map(),
  features: new Map(),
  adminModules: new Map([["Connectors", { read: true, write: false }]]),
  isAdmin: true,
  impersonating: false,
  homePageType: null,
  homePageRedirectionMenu: null,
} as unknown as AccessProfile;

test("by id with an integer recId", () => {
  const r = resolveDialogRequest(dialogs, { id: "taskLogViewer" }, { recId: 5 }, null);
  assert.equal(r.ok && r.opening.component, "TaskLogViewerDialog");
  assert.deepEqual(r.ok && r.opening.params, { recId: 5 });
});

test("by path, with the parameters in the path's query", () => {
  const r = resolveDialogRequest(dialogs, { path: "/dialogs/schedule/settings?recId=12" }, {}, null);
  assert.equal(r.ok && r.opening.id, "scheduleSettings");
  assert.deepEqual(r.ok && r.opening.params, { recId: 12 });
});

test("unknown ids and paths", () => {
  assert.deepEqual(resolveDialogRequest(dialogs, { id: "nope" }, {}, null), { ok: false, reason: "unknown" });
  assert.deepEqual(resolveDialogRequest(dialogs, { path: "dialogs/no/such" }, {}, null), {
    ok: false,
    reason: "unknown",
  });
  assert.deepEqual(resolveDialogRequest(null, { id: "mySettings" }, {}, null), {
    ok: false,
    reason: "unknown",
  });
});

test("an admin-module dialog needs Read and opens read-only without Write", () => {
  const params = { connectorCode: "SampleRetail" };
  assert.deepEqual(resolveDialogRequest(dialogs, { id: "connectorSyntaxValidation" }, params, null), {
    ok: false,
    reason: "forbidden",
  });
  const r = resolveDialogRequest(dialogs, { id: "connectorSyntaxValidation" }, params, auditor);
  assert.equal(r.ok && r.opening.readOnly, true);
});

test("invalid parameters are refused with their problems", () => {
  const r = resolveDialogRequest(dialogs, { id: "scheduleSettings" }, { recId: "twelve" }, null);
  assert.deepEqual(r, { ok: false, reason: "invalidParams", problems: [{ name: "recId", reason: "type" }] });
});

test("the stays-open flag and title come from the registry entry", () => {
  const r = resolveDialogRequest(dialogs, { id: "mySettings" }, {}, null);
  assert.equal(r.ok && r.opening.staysOpenOnNavigation, true);
  assert.equal(r.ok && r.opening.titleKey, "DialogTitle_MySettings");
});
