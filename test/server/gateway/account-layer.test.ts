/**
 * The account layer's custom menu through `buildApp` and the real upstream (DESIGN.md §3): a layout
 * saved through the relay hides, reorders and retitles the navigation panel in every member's
 * /gw/manifest at once (new ETag), never adds a link nor changes access, stays per account, and is
 * cached per account (a save made behind the gateway's back waits for the TTL).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../server/upstream/seed/demo-accounts.ts";
import { type AccountStack, startAccountStack } from "./account-layer-fixture.ts";
import { type BrowserClient, signedIn } from "./integration/browser-client.ts";

let stack: AccountStack;
let owner: BrowserClient;
let analyst: BrowserClient;

const LAYOUT = {
  Sections: [
    { Id: "data", Title: "Sources", Order: ["Connections", "DataFlows"], Hidden: ["DataHooks"] },
    { Id: "automation", Title: "", Order: ["Tasks", "Alerts"], Hidden: [] },
  ],
};

before(async () => {
  stack = await startAccountStack();
  owner = await signedIn(stack.url, "owner");
  analyst = await signedIn(stack.url, "analyst");
});
after(async () => stack.close());

async function manifestOf(client: BrowserClient): Promise<{ manifest: ClientManifest; etag: string }> {
  const answer = await client.get("/gw/manifest");
  assert.equal(answer.status, 200);
  return { manifest: answer.json as ClientManifest, etag: answer.headers.get("etag") ?? "" };
}

const section = (manifest: ClientManifest, id: string) =>
  manifest.menus?.main.sections.find((s) => s.id === id);
const linkIds = (manifest: ClientManifest, id: string) => section(manifest, id)?.links.map((l) => l.id) ?? [];

/** Signs in at the upstream directly (behind the gateway's back) and returns the bearer token. */
async function upstreamToken(who: keyof typeof DEMO_LOGINS): Promise<string> {
  const login = DEMO_LOGINS[who];
  const response = await fetch(`${stack.upstream.url}/api/Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Domain: login.domain, Email: login.email, Password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { Token: string }).Token;
}

describe("account layer: custom menu", () => {
  test("a relayed save hides, reorders and retitles at once for every member, with a new ETag", async () => {
    const before = await manifestOf(owner);
    assert.ok(linkIds(before.manifest, "data").includes("dataHooks"));
    assert.equal(section(before.manifest, "data")?.title, undefined);
    const saved = await owner.put("/api/Account/Menu", LAYOUT);
    assert.equal(saved.status, 200, saved.bytes.toString());
    const afterSave = await manifestOf(owner);
    assert.notEqual(afterSave.etag, before.etag);
    assert.notEqual(afterSave.manifest.version, before.manifest.version);
    const data = linkIds(afterSave.manifest, "data");
    assert.ok(!data.includes("dataHooks"), "the hidden link is not served");
    assert.deepEqual(data.slice(0, 2), ["connections", "dataFlows"]);
    assert.equal(section(afterSave.manifest, "data")?.title, "Sources");
    assert.equal(section(afterSave.manifest, "data")?.titleKey, "MenuSection_Data");
    assert.deepEqual(linkIds(afterSave.manifest, "automation"), [
      "tasks",
      "alerts",
      "alertsHistory",
      "schedules",
      "schedulesHistory",
    ]);
    assert.equal(section(afterSave.manifest, "automation")?.title, undefined);
    const stale = await owner.get("/gw/manifest", { headers: { "if-none-match": before.etag } });
    assert.equal(stale.status, 200);
    const same = await owner.get("/gw/manifest", { headers: { "if-none-match": afterSave.etag } });
    assert.equal(same.status, 304);

    const member = (await manifestOf(analyst)).manifest;
    assert.ok(!linkIds(member, "data").includes("dataHooks"));
    assert.deepEqual(linkIds(member, "data").slice(0, 2), ["connections", "dataFlows"]);
    // Hiding a link is not access control: the route stays the analyst's.
    assert.ok(member.routes.routes.some((route) => route.path.startsWith("/datahook")));
  });

  test("it never adds: the analyst still gets no link the role lacks", async () => {
    const member = (await manifestOf(analyst)).manifest;
    assert.equal(section(member, "automation"), undefined, "the analyst holds no automation key");
    assert.equal(section(member, "security"), undefined);
  });

  test("refused saves change nothing: bad layout (400), no Menus rw (403)", async () => {
    const before = await manifestOf(owner);
    const bad = await owner.put("/api/Account/Menu", {
      Sections: [{ Id: "data", Title: "", Order: ["Dashboards"], Hidden: [] }],
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.ErrorCode, 1091);
    const denied = await analyst.put("/api/Account/Menu", { Sections: [] });
    assert.equal(denied.status, 403);
    assert.equal((await manifestOf(owner)).etag, before.etag);
  });

  test("another account's manifest is untouched", async () => {
    const contoso = await signedIn(stack.url, "contoso");
    const theirs = (await manifestOf(contoso)).manifest;
    assert.ok(linkIds(theirs, "data").includes("dataHooks"));
    assert.equal(section(theirs, "data")?.title, undefined);
  });

  test("the layout is cached per account: a save behind the gateway's back waits for the TTL", async () => {
    const before = await manifestOf(owner);
    const token = await upstreamToken("owner");
    const direct = await fetch(`${stack.upstream.url}/api/Account/Menu`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ Sections: [] }),
    });
    assert.equal(direct.status, 200);
    assert.equal((await manifestOf(owner)).etag, before.etag, "served from the gateway's cache");
    // A relayed save of the same layout invalidates: the reset is visible at once.
    assert.equal((await owner.put("/api/Account/Menu", { Sections: [] })).status, 200);
    const reset = (await manifestOf(owner)).manifest;
    assert.ok(linkIds(reset, "data").includes("dataHooks"));
    assert.equal(section(reset, "data")?.title, undefined);
  });
});
