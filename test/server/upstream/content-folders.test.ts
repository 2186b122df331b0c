/**
 * Folders of the library areas over real HTTP (§3 Folder): 401 → 403 → success, the five roots and
 * the path from the root, create / rename / move (no cycles) / delete to Deleted / restore / purge,
 * Personal trees private to their user, and bad input refused with a code and nothing changed.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { folderId, listObjects, MISSING_ID, roots } from "./content-fixture.ts";
import { Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let starter: Client;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, starter] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "starter"),
  ]);
});
after(async () => upstream.close());

test("folders: 401 without a session, 403 without the permission or the feature, then success", async () => {
  const anonymous = await new Client(upstream.baseUrl).get("/api/Content/Dashboards/Folders");
  assert.equal(anonymous.status, 401);
  assert.equal(anonymous.body.ErrorCode, ErrorCode.AuthenticationRequired);
  // Read needs r: the analyst has no Reports permission; the starter plan lacks Binders.
  const noPermission = await analyst.get("/api/Content/Reports/Folders");
  assert.equal(noPermission.status, 403);
  assert.equal(noPermission.body.ErrorCode, ErrorCode.PermissionDenied);
  const noFeature = await starter.get("/api/Content/Binders/Folders");
  assert.equal(noFeature.status, 403);
  assert.equal(noFeature.body.ErrorCode, ErrorCode.FeatureNotIncluded);
  // Changes need rw: the viewer reads dashboards only.
  const viewerRoots = await roots(viewer, "Dashboards");
  const create = await viewer.post("/api/Content/Dashboards/Folders", {
    Name: "Mine",
    ParentRecId: viewerRoots.Personal.RecId,
  });
  assert.equal(create.status, 403);
  assert.equal(create.body.ErrorCode, ErrorCode.PermissionDenied);
  // 403 comes before validation: a bad body from someone without the right still gets 403.
  assert.equal((await viewer.post("/api/Content/Dashboards/Folders", { Nope: 1 })).status, 403);
  assert.equal((await owner.get("/api/Content/Binders/Folders")).status, 200);
});

test("roots: Personal, Team, Shared, Favourites, Deleted; the path runs from the root down", async () => {
  const list = (await owner.get("/api/Content/Dashboards/Folders")).body;
  assert.deepEqual(
    list.map((root: { Type: string }) => root.Type),
    ["Personal", "Team", "Shared", "Favourites", "Deleted"],
  );
  const campaigns = await folderId(owner, "Dashboards", "Campaigns");
  const detail = (await owner.get(`/api/Content/Dashboards/Folders/${campaigns}`)).body;
  assert.equal(detail.Type, "Folder");
  assert.deepEqual(
    detail.Path.map((step: { Name: string }) => step.Name),
    ["Team", "Marketing", "Campaigns"],
  );
  assert.equal(detail.Path[1].RecId, detail.RecParentId);
  // Personal trees are private: the analyst does not see the owner's Drafts, nor can open it.
  const drafts = await folderId(owner, "Dashboards", "Drafts");
  await assert.rejects(folderId(analyst, "Dashboards", "Drafts"));
  assert.equal((await analyst.get(`/api/Content/Dashboards/Folders/${drafts}`)).status, 404);
  // Each user has their own Personal root.
  assert.notEqual(
    (await roots(analyst, "Dashboards")).Personal.RecId,
    (await roots(owner, "Dashboards")).Personal.RecId,
  );
});

test("create, rename, move: names are unique among siblings and a folder never moves into its subtree", async () => {
  const team = (await roots(owner, "Reports")).Team.RecId;
  const created = await owner.post("/api/Content/Reports/Folders", {
    Name: "  Regions  ",
    ParentRecId: team,
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.Name, "Regions");
  const child = await owner.post("/api/Content/Reports/Folders", {
    Name: "EMEA",
    ParentRecId: created.body.RecId,
  });
  assert.equal(child.status, 201);
  const twin = await owner.post("/api/Content/Reports/Folders", { Name: "regions", ParentRecId: team });
  assert.equal(twin.status, 409);
  assert.equal(twin.body.ErrorCode, ErrorCode.NameTaken);
  const renamed = await owner.put(`/api/Content/Reports/Folders/${child.body.RecId}`, { Name: "Europe" });
  assert.equal(renamed.body.Name, "Europe");
  const cycle = await owner.post(`/api/Content/Reports/Folders/${created.body.RecId}/Move`, {
    ParentRecId: child.body.RecId,
  });
  assert.equal(cycle.status, 409);
  assert.equal(cycle.body.ErrorCode, ErrorCode.FolderCycle);
  const self = await owner.post(`/api/Content/Reports/Folders/${created.body.RecId}/Move`, {
    ParentRecId: created.body.RecId,
  });
  assert.equal(self.body.ErrorCode, ErrorCode.FolderCycle);
  const rootRename = await owner.put(`/api/Content/Reports/Folders/${team}`, { Name: "Everyone" });
  assert.equal(rootRename.status, 409);
  assert.equal(rootRename.body.ErrorCode, ErrorCode.RootFolderLocked);
  // Moving into the Personal tree makes the subtree private to its owner.
  const personal = (await roots(owner, "Reports")).Personal.RecId;
  const moved = await owner.post(`/api/Content/Reports/Folders/${created.body.RecId}/Move`, {
    ParentRecId: personal,
  });
  assert.equal(moved.status, 200);
  assert.equal(moved.body.RecParentId, personal);
  const path = (await owner.get(`/api/Content/Reports/Folders/${child.body.RecId}`)).body.Path;
  assert.deepEqual(
    path.map((step: { Name: string }) => step.Name),
    ["Personal", "Regions", "Europe"],
  );
});

test("delete to Deleted takes the subtree and its objects along; restore brings exactly that back; purge ends it", async () => {
  const team = (await roots(owner, "Insights")).Team.RecId;
  const folder = (await owner.post("/api/Content/Insights/Folders", { Name: "Old", ParentRecId: team })).body;
  const inner = (
    await owner.post("/api/Content/Insights/Folders", { Name: "Older", ParentRecId: folder.RecId })
  ).body;
  const object = (
    await owner.post("/api/Content/Insights/Objects", {
      Type: "Insight",
      Name: "Stale insight",
      FolderRecId: inner.RecId,
    })
  ).body;
  assert.equal((await owner.delete(`/api/Content/Insights/Folders/${folder.RecId}`)).status, 204);
  const deletedRoot = (await roots(owner, "Insights")).Deleted;
  assert.deepEqual(
    deletedRoot.Children.map((f: { Name: string }) => f.Name),
    ["Old"],
  );
  assert.equal((await owner.get(`/api/Content/Insights/Objects/${object.RecId}`)).body.IsDeleted, true);
  // The inner folder went with its parent: it is restored with it, not alone.
  const alone = await owner.post(`/api/Content/Insights/Folders/${inner.RecId}/Restore`);
  assert.equal(alone.status, 409);
  assert.equal(alone.body.ErrorCode, ErrorCode.NotDeleted);
  assert.equal((await owner.post(`/api/Content/Insights/Folders/${folder.RecId}/Restore`)).status, 200);
  assert.equal((await owner.get(`/api/Content/Insights/Objects/${object.RecId}`)).body.IsDeleted, false);
  assert.equal(await folderId(owner, "Insights", "Older"), inner.RecId);
  // Purge only what is deleted.
  const live = await owner.post(`/api/Content/Insights/Folders/${folder.RecId}/Purge`);
  assert.equal(live.body.ErrorCode, ErrorCode.NotDeleted);
  await owner.delete(`/api/Content/Insights/Folders/${folder.RecId}`);
  assert.equal((await owner.post(`/api/Content/Insights/Folders/${folder.RecId}/Purge`)).status, 204);
  assert.equal((await owner.get(`/api/Content/Insights/Folders/${inner.RecId}`)).status, 404);
  assert.equal((await owner.get(`/api/Content/Insights/Objects/${object.RecId}`)).status, 404);
  assert.equal((await roots(owner, "Insights")).Deleted.Children.length, 0);
});

test("bad input gets 400 (or 404 for an unknown parent) with a code, and the tree does not change", async () => {
  const before = (await owner.get("/api/Content/Dashboards/Folders")).body;
  const team = (await roots(owner, "Dashboards")).Team.RecId;
  const cases: [unknown, number, number][] = [
    [{ Name: "   ", ParentRecId: team }, 400, ErrorCode.InvalidRequest],
    [{ Name: "", ParentRecId: team }, 400, ErrorCode.InvalidRequest],
    [{ Name: "x".repeat(121), ParentRecId: team }, 400, ErrorCode.InvalidRequest],
    [{ Name: "tab\there", ParentRecId: team }, 400, ErrorCode.InvalidRequest],
    [{ Name: 5, ParentRecId: team }, 400, ErrorCode.InvalidRequest],
    [{ Name: "ok", ParentRecId: "1" }, 400, ErrorCode.InvalidRequest],
    [{ Name: "ok", ParentRecId: team, Extra: true }, 400, ErrorCode.InvalidRequest],
    [{ Name: "ok" }, 400, ErrorCode.InvalidRequest],
    [{ Name: "ok", ParentRecId: MISSING_ID }, 404, ErrorCode.NotFound],
    [{ Name: "ok", ParentRecId: (await roots(owner, "Dashboards")).Shared.RecId }, 404, ErrorCode.NotFound],
  ];
  for (const [body, status, code] of cases) {
    const reply = await owner.post("/api/Content/Dashboards/Folders", body);
    assert.equal(reply.status, status, JSON.stringify(body));
    assert.equal(reply.body.ErrorCode, code, JSON.stringify(body));
  }
  assert.equal((await owner.get("/api/Content/Nowhere/Folders")).status, 400);
  assert.equal(
    (await owner.post(`/api/Content/Dashboards/Folders/${team}/Move`, { ParentRecId: team })).status,
    409,
  );
  assert.deepEqual((await owner.get("/api/Content/Dashboards/Folders")).body, before);
  assert.equal((await listObjects(owner, "Dashboards")).total > 0, true);
});
