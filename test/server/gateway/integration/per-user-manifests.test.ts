/**
 * Per-user manifests through `buildApp` (DESIGN.md §3) for the demo roles, each checked against the
 * user's own LoggedInConfig read through the relay: a viewer holds no admin route and no link they
 * lack, staff with Read get the admin area, the Starter subscription gets upgrade routes; and the
 * ETag/304 cache is per user.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import permissionCatalogue from "../../../../manifests/permissions.json" with { type: "json" };
import type { ClientManifest } from "../../../../schemas/client-manifest.ts";
import { BrowserClient, type DemoUser, signedIn } from "./browser-client.ts";
import { type Stack, startStack } from "./integration-fixture.ts";

let stack: Stack;

before(async () => {
  stack = await startStack();
});
after(async () => stack.close());

interface Seen {
  client: BrowserClient;
  manifest: ClientManifest;
  etag: string;
  /** Lower-cased role permission keys held (any level). */
  held: Set<string>;
  readModules: Set<string>;
}

async function manifestOf(who: DemoUser): Promise<Seen> {
  const client = await signedIn(stack.gateway.url, who);
  const user = (await client.get("/api/Common/LoggedInConfig")).json.User;
  const answer = await client.get("/gw/manifest");
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("vary"), "Cookie, Accept-Encoding");
  assert.equal(answer.headers.get("cache-control"), "private, no-cache");
  const held = new Set((user.RolePermissions as string[]).map((entry) => entry.split("_")[0]!.toLowerCase()));
  const readModules = new Set(
    (user.AdminPermissions as { Key: string; Value: { Read: boolean } }[])
      .filter((entry) => entry.Value.Read)
      .map((entry) => entry.Key),
  );
  return { client, manifest: answer.json, etag: answer.headers.get("etag") ?? "", held, readModules };
}

/** Lower-cased key or alias → the catalogue's key (§6 names some keys both ways: "DataHook(s)"). */
const CANONICAL = new Map<string, string>();
for (const permission of permissionCatalogue.rolePermissions as { key: string; aliases?: string[] }[]) {
  for (const name of [permission.key, ...(permission.aliases ?? [])])
    CANONICAL.set(name.toLowerCase(), permission.key);
}
const canonical = (key: string) => CANONICAL.get(key.toLowerCase()) ?? `unknown:${key}`;
const holds = (seen: Seen, key: string) => [...seen.held].some((held) => canonical(held) === canonical(key));
const adminPaths = (seen: Seen) =>
  seen.manifest.routes.routes.map((route) => route.path).filter((path) => path.startsWith("/admin"));

describe("per-user manifests through buildApp", () => {
  test("viewer: no admin route, menu or screen; every link and route is one the viewer holds", async () => {
    const viewer = await manifestOf("viewer");
    assert.equal(viewer.manifest.audience, "user");
    assert.deepEqual(adminPaths(viewer), []);
    assert.deepEqual(viewer.manifest.menus?.admin.sections, []);
    assert.deepEqual(viewer.manifest.screens?.screens, []);
    assert.ok(!viewer.manifest.dialogs?.dialogs.some((dialog) => dialog.adminModule));
    const links = viewer.manifest.menus?.main.sections.flatMap((section) => section.links) ?? [];
    assert.ok(links.length > 0, "the viewer's own section");
    for (const link of links) {
      assert.ok(holds(viewer, link.key), `link ${link.link} needs ${link.key}`);
      assert.notEqual(link.adminOnly, true, link.link);
    }
    for (const route of viewer.manifest.routes.routes) {
      const permission = route.access?.permission;
      if (permission) assert.ok(holds(viewer, permission), `route ${route.path} needs ${permission}`);
    }
  });

  test("staff auditor (Read only): the admin routes, menu and screens of the modules read", async () => {
    const auditor = await manifestOf("staffAuditor");
    const paths = adminPaths(auditor);
    for (const path of ["/admin/accounts", "/admin/blockedips", "/admin/supportsessions"]) {
      assert.ok(paths.includes(path), path);
    }
    assert.ok((auditor.manifest.menus?.admin.sections.length ?? 0) > 0);
    assert.ok((auditor.manifest.screens?.screens.length ?? 0) > 0);
    for (const screen of auditor.manifest.screens?.screens ?? []) {
      assert.ok(auditor.readModules.has(screen.adminModule), screen.id);
    }
  });

  test("starter: features outside the subscription become upgrade routes; included ones are screens", async () => {
    const starter = await manifestOf("starter");
    const byId = new Map(starter.manifest.routes.routes.map((route) => [route.id, route]));
    assert.equal(byId.get("insights")?.upgrade?.feature, "Insight");
    assert.equal(byId.get("insights")?.redirect?.to, "/upgrade");
    assert.equal(byId.get("insights")?.screen, undefined);
    assert.equal(byId.get("dashboards")?.upgrade, undefined);
    assert.ok(byId.get("dashboards")?.screen, "dashboards are in the subscription");
    assert.deepEqual(adminPaths(starter), []);
  });

  test("ETag/304 per user: a user's own ETag gives 304; another user or a visitor with it gets 200", async () => {
    const viewer = await manifestOf("viewer");
    const auditor = await manifestOf("staffAuditor");
    assert.match(viewer.etag, /^"[A-Za-z0-9_-]+"$/);
    assert.notEqual(viewer.etag, auditor.etag);
    const cached = await viewer.client.get("/gw/manifest", { headers: { "if-none-match": viewer.etag } });
    assert.equal(cached.status, 304);
    assert.equal(cached.bytes.length, 0);
    const other = await auditor.client.get("/gw/manifest", { headers: { "if-none-match": viewer.etag } });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get("etag"), auditor.etag);
    const visitor = await new BrowserClient(stack.gateway.url).get("/gw/manifest", {
      headers: { "if-none-match": viewer.etag },
    });
    assert.equal(visitor.status, 200);
    assert.equal(visitor.json.audience, "anonymous");
  });

  test("after logout the same browser gets the anonymous manifest, not the user's cached one", async () => {
    const viewer = await manifestOf("viewer");
    assert.equal((await viewer.client.post("/gw/session/logout")).status, 204);
    const after = await viewer.client.get("/gw/manifest", { headers: { "if-none-match": viewer.etag } });
    assert.equal(after.status, 200);
    assert.equal(after.json.audience, "anonymous");
    assert.equal(after.json.menus, null);
  });
});
