/**
 * Library objects over real HTTP: every user-area type of every area can be created; lists by type
 * and folder page, sort and search; rename, duplicate, move, favourite, share with a team, delete
 * to Deleted, restore and purge; shared objects are read-only; the §4.3 notifications follow; bad
 * input is refused with a code and changes nothing.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { CONTENT_AREAS } from "../../../server/upstream/folders/areas.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { libraryId, listObjects, MISSING_ID, notificationCodes, roots } from "./content-fixture.ts";
import { Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let starter: Client;
let analyticsTeam: number;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, starter] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "starter"),
  ]);
  const teams = (await owner.get("/api/Teams")).body as { RecId: number; Name: string }[];
  analyticsTeam = teams.find((team) => team.Name === "Analytics")?.RecId as number;
  assert.ok(analyticsTeam, "the seed has the Analytics team");
});
after(async () => upstream.close());

test("objects: 401 → 403 (permission, feature, rw) → success", async () => {
  assert.equal((await new Client(upstream.baseUrl).get("/api/Content/Dashboards/Objects")).status, 401);
  const cases: [Client, string, unknown, number][] = [
    [analyst, "/api/Content/Insights/Objects", undefined, ErrorCode.PermissionDenied],
    [starter, "/api/Content/Insights/Objects", undefined, ErrorCode.FeatureNotIncluded],
    [
      viewer,
      "/api/Content/Dashboards/Objects",
      { Type: "Dashboard", Name: "Nope" },
      ErrorCode.PermissionDenied,
    ],
  ];
  for (const [client, path, body, code] of cases) {
    const reply = body === undefined ? await client.get(path) : await client.post(path, body);
    assert.equal(reply.status, 403, path);
    assert.equal(reply.body.ErrorCode, code, path);
  }
  assert.equal((await viewer.get("/api/Content/Dashboards/Objects")).status, 200);
  const created = await analyst.post("/api/Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: "Analyst board",
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.FolderRecId, (await roots(analyst, "Dashboards")).Personal.RecId);
});

test("every user-area type of every area can be created, read and listed by type", async () => {
  for (const [area, types] of Object.entries(CONTENT_AREAS)) {
    for (const type of types) {
      if (type === "Media") continue; // uploaded, see content-media.test.ts
      const name = `All types ${type}`;
      const created = await owner.post(`/api/Content/${area}/Objects`, {
        Type: type,
        Name: name,
        Properties: { Note: `made by the ${area} test` },
      });
      assert.equal(created.status, 201, `${area}/${type}: ${JSON.stringify(created.body)}`);
      const read = await owner.get(`/api/Content/${area}/Objects/${created.body.RecId}`);
      assert.equal(read.body.Properties.Note, `made by the ${area} test`);
      const byType = await listObjects(owner, area, `type=${type}&search=${encodeURIComponent(name)}`);
      assert.deepEqual(
        byType.items.map((item) => item.Name),
        [name],
      );
    }
  }
  const media = await owner.post("/api/Content/MediaManager/Objects", { Type: "Media", Name: "x.png" });
  assert.equal(media.status, 400);
  assert.equal(media.body.ErrorCode, ErrorCode.TypeNotCreatable);
});

test("lists page, sort and search; a root lists its virtual content", async () => {
  const folder = (await roots(owner, "Reports")).Team.RecId;
  for (const name of ["Alpha report", "beta report", "Gamma report"]) {
    await owner.post("/api/Content/Reports/Objects", { Type: "Report", Name: name, FolderRecId: folder });
  }
  const page1 = await listObjects(
    owner,
    "Reports",
    `folderRecId=${folder}&search=report&sort=-Name&pageSize=2`,
  );
  const all = await listObjects(owner, "Reports", `folderRecId=${folder}&search=report&sort=-Name`);
  assert.equal(page1.total, all.total);
  assert.equal(page1.items.length, 2);
  const names = all.items.map((item) => item.Name);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())),
  );
  const page2 = await owner.get(
    `/api/Content/Reports/Objects?folderRecId=${folder}&search=report&sort=-Name&pageSize=2&page=2`,
  );
  assert.equal(page2.body.items[0].Name, names[2]);
  // Wildcards are literal in search.
  assert.equal((await listObjects(owner, "Reports", "search=%25")).total, 0);
  // Favourites of the seed: the owner's starred dashboard.
  const favourites = (await roots(owner, "Dashboards")).Favourites.RecId;
  const starred = await listObjects(owner, "Dashboards", `folderRecId=${favourites}`);
  assert.deepEqual(
    starred.items.map((item) => item.Name),
    ["Sales overview"],
  );
  assert.equal(starred.items[0].IsFavourite, true);
});

test("rename, move, favourite, delete to Deleted, restore and purge", async () => {
  const created = (
    await owner.post("/api/Content/Dashboards/Objects", { Type: "Dashboard", Name: "Lifecycle" })
  ).body;
  const id = created.RecId;
  const renamed = await owner.put(`/api/Content/Dashboards/Objects/${id}`, { Name: "Lifecycle v2" });
  assert.equal(renamed.body.Name, "Lifecycle v2");
  const team = (await roots(owner, "Dashboards")).Team.RecId;
  const moved = await owner.post(`/api/Content/Dashboards/Objects/${id}/Move`, { FolderRecId: team });
  assert.equal(moved.body.FolderRecId, team);
  assert.equal((await owner.put(`/api/Content/Dashboards/Objects/${id}/Favourite`)).body.IsFavourite, true);
  assert.equal(
    (await owner.delete(`/api/Content/Dashboards/Objects/${id}/Favourite`)).body.IsFavourite,
    false,
  );
  const livePurge = await owner.post(`/api/Content/Dashboards/Objects/${id}/Purge`);
  assert.equal(livePurge.body.ErrorCode, ErrorCode.NotDeleted);
  assert.equal((await owner.delete(`/api/Content/Dashboards/Objects/${id}`)).status, 204);
  const deleted = (await roots(owner, "Dashboards")).Deleted.RecId;
  const trash = await listObjects(owner, "Dashboards", `folderRecId=${deleted}`);
  assert.ok(trash.items.some((item) => item.RecId === id && item.IsDeleted));
  assert.ok(!(await listObjects(owner, "Dashboards")).items.some((item) => item.RecId === id));
  const restored = await owner.post(`/api/Content/Dashboards/Objects/${id}/Restore`);
  assert.equal(restored.body.FolderRecId, team);
  assert.equal(
    (await owner.post(`/api/Content/Dashboards/Objects/${id}/Restore`)).body.ErrorCode,
    ErrorCode.NotDeleted,
  );
  await owner.delete(`/api/Content/Dashboards/Objects/${id}`);
  assert.equal((await owner.post(`/api/Content/Dashboards/Objects/${id}/Purge`)).status, 204);
  assert.equal((await owner.get(`/api/Content/Dashboards/Objects/${id}`)).status, 404);
});

test("sharing with a team: members see it under Shared, read-only, and are notified; duplicates notify the owner", async () => {
  const personal = (await roots(owner, "Dashboards")).Personal.RecId;
  const board = (
    await owner.post("/api/Content/Dashboards/Objects", {
      Type: "Dashboard",
      Name: "Owner private board",
      FolderRecId: personal,
    })
  ).body;
  assert.equal((await analyst.get(`/api/Content/Dashboards/Objects/${board.RecId}`)).status, 404);
  const shared = await owner.put(`/api/Content/Dashboards/Objects/${board.RecId}/Shares/${analyticsTeam}`);
  assert.equal(shared.status, 200);
  assert.deepEqual(
    shared.body.SharedWith.map((s: { TeamName: string }) => s.TeamName),
    ["Analytics"],
  );
  assert.equal((await notificationCodes(analyst))[0], "DashboardShared");
  const sharedRoot = (await roots(analyst, "Dashboards")).Shared.RecId;
  const seen = await listObjects(analyst, "Dashboards", `folderRecId=${sharedRoot}`);
  const item = seen.items.find((entry) => entry.RecId === board.RecId);
  assert.ok(item);
  assert.equal(item.CanChange, false);
  assert.equal(item.FolderRecId, null, "the owner's private folder is not revealed");
  const rename = await analyst.put(`/api/Content/Dashboards/Objects/${board.RecId}`, { Name: "Mine now" });
  assert.equal(rename.status, 403);
  assert.equal(rename.body.ErrorCode, ErrorCode.ObjectReadOnly);
  assert.equal(
    (await analyst.delete(`/api/Content/Dashboards/Objects/${board.RecId}`)).body.ErrorCode,
    ErrorCode.ObjectReadOnly,
  );
  const copy = await analyst.post(`/api/Content/Dashboards/Objects/${board.RecId}/Duplicate`, {});
  assert.equal(copy.status, 201);
  assert.equal(copy.body.Name, "Owner private board (copy)");
  assert.equal(copy.body.CanChange, true);
  assert.equal((await notificationCodes(owner))[0], "DashboardDuplicated");
  // Sharing twice changes nothing and notifies nobody; unsharing hides it again.
  const before = (await notificationCodes(analyst)).length;
  await owner.put(`/api/Content/Dashboards/Objects/${board.RecId}/Shares/${analyticsTeam}`);
  assert.equal((await notificationCodes(analyst)).length, before);
  await owner.delete(`/api/Content/Dashboards/Objects/${board.RecId}/Shares/${analyticsTeam}`);
  assert.equal((await notificationCodes(analyst))[0], "DashboardUnshared");
  assert.equal((await analyst.get(`/api/Content/Dashboards/Objects/${board.RecId}`)).status, 404);
  const noTeam = await owner.put(`/api/Content/Dashboards/Objects/${board.RecId}/Shares/${MISSING_ID}`);
  assert.equal(noTeam.status, 404);
});

test("bad input is refused with a code and changes nothing", async () => {
  const before = await listObjects(owner, "Dashboards");
  const id = await libraryId(owner, "Dashboards", "Sales overview");
  const cases: [string, string, unknown, number][] = [
    ["POST", "/api/Content/Dashboards/Objects", { Type: "Report", Name: "Wrong area" }, 400],
    ["POST", "/api/Content/Dashboards/Objects", { Type: "Dashboard", Name: " " }, 400],
    ["POST", "/api/Content/Dashboards/Objects", { Type: "Dashboard", Name: "x", Properties: "{}" }, 400],
    [
      "POST",
      "/api/Content/Dashboards/Objects",
      { Type: "Dashboard", Name: "x", Properties: { Big: "x".repeat(50_000) } },
      400,
    ],
    [
      "POST",
      "/api/Content/Dashboards/Objects",
      { Type: "Dashboard", Name: "x", FolderRecId: MISSING_ID },
      404,
    ],
    ["PUT", `/api/Content/Dashboards/Objects/${id}`, {}, 400],
    ["PUT", `/api/Content/Dashboards/Objects/${id}`, { Name: "ok", Owner: 1 }, 400],
    ["POST", `/api/Content/Dashboards/Objects/${id}/Move`, { FolderRecId: MISSING_ID }, 404],
    ["POST", `/api/Content/Dashboards/Objects/${id}/Move`, { FolderRecId: -1 }, 400],
    ["GET", "/api/Content/Dashboards/Objects?sort=Secret", undefined, 400],
    ["GET", "/api/Content/Dashboards/Objects?pageSize=1000", undefined, 400],
    ["GET", "/api/Content/Dashboards/Objects?type=Report", undefined, 400],
  ];
  for (const [method, path, body, status] of cases) {
    const reply = await owner.request(method, path, body);
    assert.equal(reply.status, status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`);
    assert.ok(reply.body.ErrorCode, path);
  }
  assert.deepEqual(await listObjects(owner, "Dashboards"), before);
});
