/**
 * Public share links over real HTTP (§2.1 /v, /b, /ld and /report/chart/snapshot): members create,
 * list and revoke links (401 → 403 → success), visitors resolve codes anonymously with exactly the
 * documented read-only shape, and every refusal (unknown, revoked, trashed, wrong type) is the same
 * 404. Other tenants see nothing; bad input changes nothing; the gateway's embedding call needs the
 * service token.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { encodePng } from "../../../server/upstream/files/png.ts";
import { assertIndistinguishable, libraryId, MISSING_ID } from "./content-fixture.ts";
import { Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let anonymous: Client;
let owner: Client;
let analyst: Client;
let viewer: Client;
let contoso: Client;
let salesOverview: number;

const links = (area: string, id: number) => `/api/Content/${area}/Objects/${id}/PublicLinks`;
const shared = (type: string, code: string) => `/ws/Share/${type}/${code}`;
const codeOf = (link: Json) => link.Code as string;

before(async () => {
  upstream = await startUpstream();
  anonymous = new Client(upstream.baseUrl);
  [owner, analyst, viewer, contoso] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "contoso"),
  ]);
  salesOverview = await libraryId(owner, "Dashboards", "Sales overview");
});
after(async () => upstream.close());

test("creating a link: 401 without a session, 403 with read-only Dashboards, 201 with rw", async () => {
  assert.equal((await anonymous.post(links("Dashboards", salesOverview))).status, 401);
  const denied = await viewer.post(links("Dashboards", salesOverview));
  assert.equal(denied.status, 403);
  assert.equal(denied.body.ErrorCode, 3001);
  const created = await owner.post(links("Dashboards", salesOverview));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(Object.keys(created.body).sort(), [
    "Code",
    "CreatedAt",
    "CreatedByFullName",
    "Path",
    "RecId",
    "Title",
    "Type",
  ]);
  assert.match(codeOf(created.body), /^[A-Za-z0-9_-]{43}$/, "256 random bits, base64url");
  assert.equal(created.body.Path, `/v/${codeOf(created.body)}`);
  assert.equal(created.body.Type, "Dashboard");
  assert.equal(created.body.CreatedByFullName, "Olivia Owner");
  const second = await owner.post(links("Dashboards", salesOverview));
  assert.notEqual(codeOf(second.body), codeOf(created.body));
  const list = await owner.get(links("Dashboards", salesOverview));
  assert.equal(list.status, 200);
  assert.deepEqual(
    list.body.map((link: Json) => link.RecId),
    [second.body.RecId, created.body.RecId],
    "newest first",
  );
  assert.equal((await viewer.get(links("Dashboards", salesOverview))).status, 403);
});

test("a visitor gets exactly the documented read-only shape, without ids or e-mail", async () => {
  const binder = await libraryId(owner, "Binders", "Quarterly review");
  await owner.put(`/api/Content/Binders/Objects/${binder}`, {
    Properties: {
      Pages: [{ Title: "Summary", DashboardRecId: 12, Notes: "see owner@northwind.example" }],
      OwnerEmail: "owner@northwind.example",
      AccountId: 1,
      account_id: 1,
      UID: "x",
      Contact: "owner@northwind.example",
      Layout: { Columns: 2, Grid: true },
    },
  });
  const link = await owner.post(links("Binders", binder));
  assert.equal(link.body.Path, `/b/${codeOf(link.body)}`);
  const view = await anonymous.get(shared("Binder", codeOf(link.body)));
  assert.equal(view.status, 200, JSON.stringify(view.body));
  assert.deepEqual(Object.keys(view.body).sort(), [
    "ModifiedAt",
    "Name",
    "OwnerFullName",
    "Properties",
    "Type",
  ]);
  assert.equal(view.body.Type, "Binder");
  assert.equal(view.body.Name, "Quarterly review");
  assert.equal(view.body.OwnerFullName, "Olivia Owner");
  assert.deepEqual(view.body.Properties, {
    Pages: [{ Title: "Summary", Notes: "see owner@northwind.example" }],
    Layout: { Columns: 2, Grid: true },
  });
  assert.equal(view.headers.get("cache-control"), "no-store");
  assert.doesNotMatch(JSON.stringify(view.body), /"[^" ]+@northwind\.example"/, "no e-mail value");
});

test("unknown, malformed, wrong-type, revoked and trashed codes all answer the same 404", async () => {
  const link = await owner.post(links("Dashboards", salesOverview));
  const code = codeOf(link.body);
  assert.equal((await anonymous.get(shared("Dashboard", code))).status, 200);
  const unknown = await anonymous.get(shared("Dashboard", "A".repeat(43)));
  assert.equal(unknown.status, 404);
  assert.deepEqual((await anonymous.get(shared("Dashboard", "bad%20code"))).body, unknown.body);
  assert.deepEqual((await anonymous.get(shared("Binder", code))).body, unknown.body, "type must match");
  assert.deepEqual((await anonymous.get(shared("Report", code))).body, unknown.body);

  // Trashed: hidden while in Deleted, back after a restore.
  assert.equal((await owner.delete(`/api/Content/Dashboards/Objects/${salesOverview}`)).status, 204);
  assertIndistinguishable(await anonymous.get(shared("Dashboard", code)), unknown, "trashed");
  assert.equal((await owner.post(`/api/Content/Dashboards/Objects/${salesOverview}/Restore`)).status, 200);
  assert.equal((await anonymous.get(shared("Dashboard", code))).status, 200);

  // Revoked: gone from the list, 404 for visitors, a second revoke is 404.
  const revoke = await owner.delete(`${links("Dashboards", salesOverview)}/${link.body.RecId}`);
  assert.equal(revoke.status, 204);
  assertIndistinguishable(await anonymous.get(shared("Dashboard", code)), unknown, "revoked");
  const listed = await owner.get(links("Dashboards", salesOverview));
  assert.ok(!listed.body.some((item: Json) => item.RecId === link.body.RecId));
  assert.equal((await owner.delete(`${links("Dashboards", salesOverview)}/${link.body.RecId}`)).status, 404);
});

test("chart snapshots: from the dashboard's thumbnail or a sent PNG, shared the same way", async () => {
  const dashboard = await owner.get(`/api/Content/Dashboards/Objects/${salesOverview}`);
  const snapshot = await owner.post(`/api/Content/Dashboards/Objects/${salesOverview}/ChartSnapshots`, {
    Title: "Revenue by month",
  });
  assert.equal(snapshot.status, 201, JSON.stringify(snapshot.body));
  assert.equal(snapshot.body.Type, "ChartSnapshot");
  assert.equal(snapshot.body.Title, "Revenue by month");
  assert.equal(snapshot.body.Path, `/report/chart/snapshot?code=${codeOf(snapshot.body)}`);
  const view = await anonymous.get(shared("ChartSnapshot", codeOf(snapshot.body)));
  assert.equal(view.status, 200);
  assert.deepEqual(Object.keys(view.body).sort(), ["CreatedAt", "ImagePng", "Title"]);
  assert.equal(view.body.ImagePng, dashboard.body.Properties.Thumbnail);
  assert.equal((await anonymous.get(shared("Dashboard", codeOf(snapshot.body)))).status, 404);

  const png = encodePng(2, 3, () => [255, 0, 0, 255]).toString("base64");
  const sent = await owner.post(`/api/Content/Dashboards/Objects/${salesOverview}/ChartSnapshots`, {
    Title: "Red square",
    ImagePng: png,
  });
  assert.equal(sent.status, 201);
  assert.equal((await anonymous.get(shared("ChartSnapshot", codeOf(sent.body)))).body.ImagePng, png);
  const huge = encodePng(4097, 1, () => [0, 0, 0, 255]).toString("base64");
  const tooWide = await owner.post(`/api/Content/Dashboards/Objects/${salesOverview}/ChartSnapshots`, {
    Title: "Too wide",
    ImagePng: huge,
  });
  assert.equal(tooWide.body.ErrorCode, 1080);

  // Binders have no chart snapshots.
  const binder = await libraryId(owner, "Binders", "Quarterly review");
  const onBinder = await owner.post(`/api/Content/Binders/Objects/${binder}/ChartSnapshots`, { Title: "x" });
  assert.equal(onBinder.status, 400);
});

test("bad input is refused with a clear code and stores nothing", async () => {
  const before = (await owner.get(links("Dashboards", salesOverview))).body.length;
  const path = `/api/Content/Dashboards/Objects/${salesOverview}/ChartSnapshots`;
  const cases: [unknown, number, number][] = [
    [{ Title: "x", ImagePng: "not base64!" }, 400, 1080],
    [
      { Title: "x", ImagePng: Buffer.from("GIF89a-not-a-png-at-all-padding-bytes").toString("base64") },
      400,
      1080,
    ],
    [{ Title: "   " }, 400, 1001],
    [{ Title: "x", Extra: 1 }, 400, 1001],
    [{}, 400, 1001],
  ];
  for (const [body, status, code] of cases) {
    const reply = await owner.post(path, body);
    assert.equal(reply.status, status, JSON.stringify(body));
    assert.equal(reply.body.ErrorCode, code, JSON.stringify(reply.body));
  }
  assert.equal((await owner.post(links("Reports", 1))).status, 400, "not a shareable area");
  assert.equal((await owner.post(links("Dashboards", MISSING_ID))).status, 404);
  assert.equal((await owner.get(links("Dashboards", salesOverview))).body.length, before);
});

test("each object has at most 20 live links", async () => {
  const livedoc = await owner.post("/api/Content/LiveDocs/Objects", { Type: "LiveDoc", Name: "Link cap" });
  assert.equal(livedoc.status, 201, JSON.stringify(livedoc.body));
  for (let i = 0; i < 20; i++)
    assert.equal((await owner.post(links("LiveDocs", livedoc.body.RecId))).status, 201);
  const refused = await owner.post(links("LiveDocs", livedoc.body.RecId));
  assert.equal(refused.status, 409);
  assert.equal(refused.body.ErrorCode, 4080);
  const list = (await owner.get(links("LiveDocs", livedoc.body.RecId))).body;
  assert.equal(list[0].Path, `/ld/${list[0].Code}`);
  await owner.delete(`${links("LiveDocs", livedoc.body.RecId)}/${list[0].RecId}`);
  assert.equal((await owner.post(links("LiveDocs", livedoc.body.RecId))).status, 201);
});

test("another account's and another member's private objects answer like missing ones", async () => {
  const link = await owner.post(links("Dashboards", salesOverview));
  const calls: [string, (id: number) => string][] = [
    ["GET", (id) => links("Dashboards", id)],
    ["POST", (id) => links("Dashboards", id)],
    ["DELETE", (id) => `${links("Dashboards", id)}/${link.body.RecId}`],
    ["POST", (id) => `/api/Content/Dashboards/Objects/${id}/ChartSnapshots`],
  ];
  for (const [method, path] of calls) {
    const body = path(1).endsWith("ChartSnapshots") ? { Title: "t" } : undefined;
    assertIndistinguishable(
      await contoso.request(method, path(salesOverview), body),
      await contoso.request(method, path(MISSING_ID), body),
      `${method} ${path(salesOverview)}`,
    );
  }
  // Contoso revoking with its own object id and Northwind's link id changes nothing.
  const kpis = await libraryId(contoso, "Dashboards", "Contoso KPIs");
  assert.equal((await contoso.delete(`${links("Dashboards", kpis)}/${link.body.RecId}`)).status, 404);
  assert.equal((await anonymous.get(shared("Dashboard", codeOf(link.body)))).status, 200);

  // A Personal object of the owner is invisible to the analyst (Dashboards rw too).
  const personal = await owner.post("/api/Content/Dashboards/Objects", { Type: "Dashboard", Name: "Mine" });
  assertIndistinguishable(
    await analyst.post(links("Dashboards", personal.body.RecId)),
    await analyst.post(links("Dashboards", MISSING_ID)),
    "personal",
  );
});

test("the gateway's embedding call needs the service token and answers the owner's allow-list", async () => {
  const token = "s".repeat(40);
  const previous = process.env.UPSTREAM_SERVICE_TOKEN;
  process.env.UPSTREAM_SERVICE_TOKEN = token;
  try {
    const link = await owner.post(links("Dashboards", salesOverview));
    const path = `/ws/Gateway/Embedding/Share/Dashboard/${codeOf(link.body)}`;
    assert.equal((await anonymous.get(path)).status, 401);
    assert.equal((await owner.get(path)).status, 401, "a member session is not the service");
    const service = anonymous.as(token);
    assert.deepEqual((await service.get(path)).body, { Origins: [] });
    // The owning account's allow-list, as its settings hold it.
    const settings = (await owner.get("/api/Account/Settings")).body;
    const origins = ["https://intranet.northwind.example"];
    const saved = await owner.put("/api/Account/Settings", {
      Name: settings.Name,
      MenuLogoStyle: settings.MenuLogoStyle,
      MenuDisplayTitleType: settings.MenuDisplayTitleType,
      MenuTitle: settings.MenuTitle,
      TwoFactorAuthenticationPolicy: settings.TwoFactorAuthenticationPolicy,
      ShowHelpLinks: settings.ShowHelpLinks,
      EmbeddingOrigins: origins,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual((await service.get(path)).body, { Origins: origins });
    // Contoso's allow-list is not Northwind's.
    const kpis = await libraryId(contoso, "Dashboards", "Contoso KPIs");
    const contosoLink = await contoso.post(links("Dashboards", kpis));
    const contosoPath = `/ws/Gateway/Embedding/Share/Dashboard/${codeOf(contosoLink.body)}`;
    assert.deepEqual((await service.get(contosoPath)).body, { Origins: [] });
    assert.equal((await service.get(`/ws/Gateway/Embedding/Share/Dashboard/${"B".repeat(43)}`)).status, 404);
  } finally {
    if (previous === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
    else process.env.UPSTREAM_SERVICE_TOKEN = previous;
  }
});
