/**
 * Comments on library objects and the schedule/alert history over real HTTP: comments listed oldest
 * first with attachments (multipart file[]), traversal names refused, the owner notified (§4.3
 * DashboardCommented); history entries for the schedules and alerts the caller sees, 403 without
 * the permission.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { libraryId, notificationCodes } from "./content-fixture.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst] = await Promise.all([signIn(upstream, "owner"), signIn(upstream, "analyst")]);
});
after(async () => upstream.close());

test("comments: 401 without a session; 403 without the area's permission", async () => {
  const id = await libraryId(owner, "Dashboards", "Sales overview");
  const starter = await signIn(upstream, "starter");
  const path = `/api/Content/Dashboards/Objects/${id}/Comments`;
  assert.equal((await owner.as(undefined).get(path)).status, 401);
  const insights = await libraryId(owner, "Insights", "Churn drivers");
  const denied = await analyst.get(`/api/Content/Insights/Objects/${insights}/Comments`);
  assert.equal(denied.status, 403);
  assert.equal(denied.body.ErrorCode, ErrorCode.PermissionDenied);
  const noFeature = await starter.get(`/api/Content/Insights/Objects/${insights}/Comments`);
  assert.equal(noFeature.body.ErrorCode, ErrorCode.FeatureNotIncluded);
});

test("comments: listed oldest first, with attachments; the owner is notified", async () => {
  const id = await libraryId(owner, "Dashboards", "Sales overview");
  const seeded = (await analyst.get(`/api/Content/Dashboards/Objects/${id}/Comments`)).body;
  assert.equal(seeded.length, 2);
  const form = new FormData();
  form.append("Text", "See the attached breakdown.");
  form.append("file[]", new Blob([Buffer.from("a,b\n1,2\n")], { type: "text/csv" }), "breakdown.csv");
  const posted = await analyst.post(`/api/Content/Dashboards/Objects/${id}/Comments`, form);
  assert.equal(posted.status, 201, JSON.stringify(posted.body));
  assert.equal(posted.body.Attachments[0].FileName, "breakdown.csv");
  const download = await owner.get(`/api/${posted.body.Attachments[0].PreviewUrl}`);
  assert.equal(download.status, 200);
  assert.equal(download.body.toString(), "a,b\n1,2\n");
  assert.equal((await notificationCodes(owner))[0], "DashboardCommented");
  const traversal = new FormData();
  traversal.append("Text", "x");
  traversal.append("file[]", new Blob([Buffer.from("x")]), "../../etc/passwd");
  const refused = await analyst.post(`/api/Content/Dashboards/Objects/${id}/Comments`, traversal);
  assert.equal(refused.status, 400);
  assert.equal(refused.body.ErrorCode, ErrorCode.InvalidFileName);
  assert.equal(
    (await analyst.post(`/api/Content/Dashboards/Objects/${id}/Comments`, { Text: "  " })).status,
    400,
  );
  assert.equal((await analyst.get(`/api/Content/Dashboards/Objects/${id}/Comments`)).body.length, 3);
});

test("schedule and alert history: entries for the schedules and alerts the caller sees", async () => {
  const schedules = await owner.get("/api/Content/Schedules/History");
  assert.equal(schedules.status, 200);
  assert.equal(schedules.body.total, 2);
  assert.deepEqual(
    schedules.body.items.map((e: { Status: string }) => e.Status),
    ["Failed", "Succeeded"],
  );
  assert.ok(schedules.body.items[0].TaskRecId);
  const alerts = await owner.get("/api/Content/Alerts/History?sort=StartedAt");
  assert.deepEqual(
    alerts.body.items.map((e: { Status: string }) => e.Status),
    ["Skipped", "Triggered"],
  );
  assert.equal((await owner.get("/api/Content/Dashboards/History")).status, 400);
  assert.equal((await analyst.get("/api/Content/Schedules/History")).status, 403);
});
