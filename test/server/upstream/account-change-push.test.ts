/**
 * A change of the account's menu or branding (title, logo, colours — also by staff on /admin/accounts)
 * is pushed to the account's open browsers (§7 user hub
 * `refresh-base-page-user`: "the session data changed; reload it"), over real sockets with the
 * official SignalR client: every session of every member of that account hears it — the saver's
 * too — and no session of another account does; a refused change is not announced. "Nothing
 * arrived" is decided by a Ping round trip on the same connection, which the hub answers after
 * everything it sent before.
 */
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { connectHub, type HubRecorder, stopAll } from "./realtime-fixture.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

const REFRESH = "refresh-base-page-user";

let upstream: RunningUpstream;
let owner: Client;
const hubs: HubRecorder[] = [];
/** Hub connections: two sessions of Northwind members, the owner's own, and two other accounts. */
let analyst: HubRecorder;
let viewer: HubRecorder;
let ownerHub: HubRecorder;
let contoso: HubRecorder;
let starter: HubRecorder;

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  const connect = async (client: Client) => {
    const hub = await connectHub(upstream, "user", client, [REFRESH]);
    hubs.push(hub);
    return hub;
  };
  analyst = await connect(await signIn(upstream, "analyst"));
  viewer = await connect(await signIn(upstream, "viewer"));
  ownerHub = await connect(owner);
  contoso = await connect(await signIn(upstream, "contoso"));
  starter = await connect(await signIn(upstream, "starter"));
});
after(async () => {
  await stopAll(hubs);
  await upstream.close();
});

/** The refresh events each connection received so far, once everything sent before has arrived. */
async function refreshCounts(): Promise<Record<string, number>> {
  const named = { analyst, viewer, owner: ownerHub, contoso, starter };
  await Promise.all(Object.values(named).map((hub) => hub.flush()));
  return Object.fromEntries(Object.entries(named).map(([name, hub]) => [name, hub.of(REFRESH).length]));
}

let counts: Record<string, number>;
beforeEach(async () => {
  counts = await refreshCounts();
});

/** What each connection received since the test began. */
async function received(): Promise<Record<string, number>> {
  const now = await refreshCounts();
  return Object.fromEntries(Object.entries(now).map(([name, count]) => [name, count - (counts[name] ?? 0)]));
}

const NORTHWIND_ONLY = { analyst: 1, viewer: 1, owner: 1, contoso: 0, starter: 0 };
const NOBODY = { analyst: 0, viewer: 0, owner: 0, contoso: 0, starter: 0 };

/** The smallest PNG signature followed by some bytes: an image the logo call accepts. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

describe("account changes reach the account's open browsers, and only them", () => {
  test("a menu save (PUT Account/Menu)", async () => {
    const saved = await owner.put("/api/Account/Menu", {
      Sections: [
        { Id: "data", Title: "", Order: [], Hidden: [], Links: [{ Id: "tables", Text: "Datasets" }] },
      ],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(await received(), NORTHWIND_ONLY);
  });

  test("a refused menu save is not announced", async () => {
    const refused = await owner.put("/api/Account/Menu", {
      Sections: [{ Id: "security", Title: "", Order: [], Hidden: ["Menus"] }],
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(await received(), NOBODY);
  });

  test("the branding: account settings (title) and the logo, set and removed", async () => {
    const current = (await owner.get("/api/Account/Settings")).body;
    const settings = await owner.put("/api/Account/Settings", {
      Name: current.Name,
      MenuLogoStyle: current.MenuLogoStyle,
      MenuDisplayTitleType: "Custom",
      MenuTitle: "Northwind Insights",
      TwoFactorAuthenticationPolicy: current.TwoFactorAuthenticationPolicy,
      ShowHelpLinks: current.ShowHelpLinks,
      EmbeddingOrigins: current.EmbeddingOrigins,
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    assert.deepEqual(await received(), NORTHWIND_ONLY);

    const form = new FormData();
    form.append("file[]", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "logo.png");
    assert.equal((await owner.request("PUT", "/api/Account/Settings/Logo/Menu", form)).status, 200);
    assert.equal((await owner.delete("/api/Account/Settings/Logo/Menu")).status, 200);
    assert.deepEqual(await received(), { analyst: 3, viewer: 3, owner: 3, contoso: 0, starter: 0 });
  });

  test("brand colours: a save is announced, one refused under WCAG AA is not; staff's edit on /admin/accounts too", async () => {
    const current = (await owner.get("/api/Account/Settings")).body;
    const body = (colour: string | null) => ({
      Name: current.Name,
      MenuLogoStyle: current.MenuLogoStyle,
      MenuDisplayTitleType: current.MenuDisplayTitleType,
      MenuTitle: current.MenuTitle,
      TwoFactorAuthenticationPolicy: current.TwoFactorAuthenticationPolicy,
      ShowHelpLinks: current.ShowHelpLinks,
      EmbeddingOrigins: current.EmbeddingOrigins,
      BrandPrimaryColor: colour,
    });
    assert.equal((await owner.put("/api/Account/Settings", body("#8899aa"))).status, 400);
    assert.deepEqual(await received(), NOBODY);
    assert.equal((await owner.put("/api/Account/Settings", body("#0b5394"))).status, 200);
    assert.deepEqual(await received(), NORTHWIND_ONLY);
    counts = await refreshCounts();

    const staff = await signIn(upstream, "staffAdmin");
    const row = (await staff.get("/api/Admin/Accounts?search=northwind")).body.items.find(
      (account: { Domain: string }) => account.Domain === "northwind",
    );
    assert.equal(
      (await staff.put(`/api/Admin/Accounts/${row.RecId}`, { BrandPrimaryColor: "#8899aa" })).status,
      400,
    );
    assert.deepEqual(await received(), NOBODY);
    const saved = await staff.put(`/api/Admin/Accounts/${row.RecId}`, { BrandPrimaryColor: null });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(await received(), NORTHWIND_ONLY);
  });

  test("another account's save reaches that account only", async () => {
    const contosoOwner = await signIn(upstream, "contoso");
    const saved = await contosoOwner.put("/api/Account/Menu", { Sections: [] });
    assert.equal(saved.status, 200);
    assert.deepEqual(await received(), { ...NOBODY, contoso: 1 });
  });
});
