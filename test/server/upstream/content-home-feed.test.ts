/**
 * The home screen's panels over real HTTP (§2.2 /): `GET Content/Recent` and `GET Content/Favourites`
 * answer, in one call each, what the per-area lists answer together — the live objects the caller
 * sees across the areas they may read, newest change first — each item with its Area; an area whose
 * feature is not Included or whose permission the role lacks adds nothing (§6, exactly the checks of
 * `Content/{area}/…`); another account's objects and another user's favourites never appear.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { upstreamContextOf } from "../../../server/upstream/app.ts";
import { CONTENT_AREAS } from "../../../server/upstream/folders/areas.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { MAX_FEED_LIMIT } from "../../../server/upstream/objects/feed-routes.ts";
import { libraryId, listObjects, roots } from "./content-fixture.ts";
import { Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let starter: Client;
let contoso: Client;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, starter, contoso] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "starter"),
    signIn(upstream, "contoso"),
  ]);
});
after(async () => upstream.close());

const AREAS = Object.keys(CONTENT_AREAS);

/** A panel's items (status 200 checked). */
async function panel(client: Client, kind: "Recent" | "Favourites", limit = MAX_FEED_LIMIT) {
  const reply = await client.get(`/api/Content/${kind}?limit=${limit}`);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body as { items: Json[]; total: number };
}

/** The areas whose own list the caller may read (200), as the explorers see them. */
async function readableAreas(client: Client): Promise<string[]> {
  const readable: string[] = [];
  for (const area of AREAS) {
    if ((await client.get(`/api/Content/${area}/Objects?pageSize=1`)).status === 200) readable.push(area);
  }
  return readable;
}

/** What the per-area calls answer together: every readable area's list, newest change first. */
async function perAreaFeed(client: Client, folder: (area: string) => Promise<string>) {
  const items: Json[] = [];
  let total = 0;
  for (const area of await readableAreas(client)) {
    const page = await listObjects(client, area, `${await folder(area)}sort=-ModifiedAt`);
    items.push(...page.items.map((item) => ({ ...item, Area: area })));
    total += page.total;
  }
  items.sort((a, b) => b.ModifiedAt.localeCompare(a.ModifiedAt) || b.RecId - a.RecId);
  return { items: items.slice(0, MAX_FEED_LIMIT), total };
}
const allObjects = async () => "";
const favouritesOf = (client: Client) => async (area: string) =>
  `folderRecId=${(await roots(client, area)).Favourites.RecId}&`;
const keys = (items: Json[]) => items.map((item) => `${item.Area}:${item.RecId}`);

test("one call per panel answers what the per-area lists answer together, each item with its area", async () => {
  // A favourite in a second area, and a change that makes an old object the newest.
  const connection = await libraryId(owner, "Connections", "CRM (OAuth)");
  assert.equal((await owner.put(`/api/Content/Connections/Objects/${connection}/Favourite`)).status, 200);
  upstream.clock.advance(60_000);
  const report = await libraryId(owner, "Reports", "Quarterly sales report");
  assert.equal(
    (await owner.put(`/api/Content/Reports/Objects/${report}`, { Name: "Quarterly sales report" })).status,
    200,
  );

  for (const client of [owner, analyst, viewer, starter, contoso]) {
    const recent = await panel(client, "Recent");
    const expected = await perAreaFeed(client, allObjects);
    assert.deepEqual(keys(recent.items), keys(expected.items));
    assert.equal(recent.total, expected.total);
    const favourites = await panel(client, "Favourites");
    const expectedFavourites = await perAreaFeed(client, favouritesOf(client));
    assert.deepEqual(keys(favourites.items), keys(expectedFavourites.items));
    assert.equal(favourites.total, expectedFavourites.total);
    for (const item of [...recent.items, ...favourites.items]) {
      assert.ok((CONTENT_AREAS as Record<string, readonly string[]>)[item.Area]?.includes(item.Type));
      assert.equal(item.IsDeleted, undefined, "live objects only, without the deleted fields");
    }
  }

  const recent = await panel(owner, "Recent");
  assert.equal(recent.items[0].RecId, report);
  assert.equal(recent.items[0].Area, "Reports");
  assert.ok(new Set(recent.items.map((item: Json) => item.Area)).size > 3, "several areas in one call");
  const favourites = await panel(owner, "Favourites");
  assert.deepEqual(
    favourites.items.map((item: Json) => [item.Area, item.Name, item.IsFavourite]),
    [
      ["Connections", "CRM (OAuth)", true],
      ["Dashboards", "Sales overview", true],
    ],
  );
});

test("a role without an area's permission gets nothing of that area", async () => {
  // The Team tree is the account's: the viewer sees its objects, but reads only Dashboards (§6).
  const recent = await panel(viewer, "Recent");
  assert.ok(recent.items.length > 0);
  assert.deepEqual([...new Set(recent.items.map((item: Json) => item.Area))], ["Dashboards"]);
  // The analyst's role has no Reports, Alerts, Insights… permission.
  assert.equal(
    (await analyst.get("/api/Content/Reports/Objects")).body.ErrorCode,
    ErrorCode.PermissionDenied,
  );
  const analystAreas = new Set((await panel(analyst, "Recent")).items.map((item: Json) => item.Area));
  for (const area of ["Reports", "Alerts", "Insights", "Schedules", "Binders", "LiveDocs"]) {
    assert.ok(!analystAreas.has(area), area);
  }
  // An owner favourite in an area the viewer cannot read stays out of the viewer's panel too.
  const viewerFavourite = await libraryId(viewer, "Dashboards", "Sales overview");
  assert.equal(
    (await viewer.put(`/api/Content/Dashboards/Objects/${viewerFavourite}/Favourite`)).status,
    200,
  );
  assert.deepEqual(
    (await panel(viewer, "Favourites")).items.map((item: Json) => [item.Area, item.RecId]),
    [["Dashboards", viewerFavourite]],
  );
});

test("an area whose feature the subscription does not include adds nothing, even objects kept from before", async () => {
  // The Starter subscription lacks Insights; an Insight left from a larger plan stays in the store.
  // Written through the running upstream's own store, whichever backend it is on.
  const { store } = upstreamContextOf(upstream.app);
  const [login] = await store.users.resolveLoginCandidates("starter@northwind.example", "northwind-starter");
  assert.ok(login);
  const scope = {
    accountId: login.account.recId,
    userId: login.user.recId,
    area: "Insights",
    types: CONTENT_AREAS.Insights,
  };
  const teamRoot = (await store.content.folders.ensureRoots(scope, upstream.clock.ms)).Team;
  const created = await store.content.library.create(
    scope,
    { type: "Insight", name: "Kept after a downgrade", folderId: teamRoot.recId, properties: {} },
    upstream.clock.ms + 3_600_000,
  );
  assert.ok(typeof created === "object");
  const kept = created.recId;
  assert.equal(
    (await store.content.library.setFavourite(scope, kept, true, upstream.clock.ms)) !== "notFound",
    true,
  );
  const refused = await starter.get("/api/Content/Insights/Objects");
  assert.equal(refused.body.ErrorCode, ErrorCode.FeatureNotIncluded);
  const board = await starter.post("/api/Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: "Starter board",
  });
  assert.equal(board.status, 201);
  const recent = await panel(starter, "Recent");
  assert.ok(recent.items.some((item: Json) => item.RecId === board.body.RecId));
  for (const item of [...recent.items, ...(await panel(starter, "Favourites")).items]) {
    assert.notEqual(item.RecId, kept);
    assert.notEqual(item.Area, "Insights");
  }
});

test("another account's objects and another user's favourites never appear", async () => {
  const northwind = new Set<number>();
  for (const client of [owner, analyst, viewer]) {
    for (const item of (await panel(client, "Recent")).items) northwind.add(item.RecId);
  }
  const contosoRecent = await panel(contoso, "Recent");
  assert.ok(contosoRecent.items.length > 0, "Contoso has objects of its own");
  for (const item of [...contosoRecent.items, ...(await panel(contoso, "Favourites")).items]) {
    assert.ok(!northwind.has(item.RecId), `Contoso sees Northwind's ${item.Name}`);
  }
  // Contoso favourites its own dashboard: Northwind's panels do not change.
  const before = await panel(owner, "Favourites");
  const theirs = await libraryId(contoso, "Dashboards", "Contoso KPIs");
  assert.equal((await contoso.put(`/api/Content/Dashboards/Objects/${theirs}/Favourite`)).status, 200);
  assert.deepEqual(await panel(owner, "Favourites"), before);
  assert.ok((await panel(contoso, "Favourites")).items.some((item: Json) => item.RecId === theirs));

  // In one account: a favourite is its user's alone (§3 Favourites root, per user).
  const ownerPick = await libraryId(owner, "Dashboards", "Sales overview");
  const ownerBefore = keys((await panel(owner, "Favourites")).items);
  assert.ok(ownerBefore.includes(`Dashboards:${ownerPick}`), "the owner's own favourite");
  const board = await analyst.post("/api/Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: "Analyst pick",
  });
  assert.equal(
    (await analyst.put(`/api/Content/Dashboards/Objects/${board.body.RecId}/Favourite`)).status,
    200,
  );
  assert.deepEqual(
    (await panel(analyst, "Favourites")).items.map((item: Json) => item.RecId),
    [board.body.RecId],
    "the analyst sees their pick and not the owner's",
  );
  assert.deepEqual(keys((await panel(owner, "Favourites")).items), ownerBefore);
});

test("the panels need a session, take a bounded limit and meet no area route", async () => {
  assert.equal((await new Client(upstream.baseUrl).get("/api/Content/Recent")).status, 401);
  assert.equal((await new Client(upstream.baseUrl).get("/api/Content/Favourites")).status, 401);
  assert.equal((await panel(owner, "Recent", 3)).items.length, 3);
  assert.equal((await owner.get("/api/Content/Recent")).body.items.length, 12);
  for (const limit of [0, MAX_FEED_LIMIT + 1]) {
    assert.equal((await owner.get(`/api/Content/Recent?limit=${limit}`)).status, 400);
  }
  assert.equal((await owner.get("/api/Content/Favourites?area=Dashboards")).status, 400);
  // The area routes still answer as before, and neither name is an area.
  assert.equal((await owner.get("/api/Content/Recent/Objects")).status, 400);
  assert.equal((await owner.get("/api/Content/Dashboards/Objects")).status, 200);
});
