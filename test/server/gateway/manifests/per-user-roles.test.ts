/**
 * Per-user manifests for each demo role, over real sockets against the real upstream (DESIGN.md
 * §3): the user never receives a route, link, dialog or admin screen they may not open. Each role's
 * manifest is checked against its own LoggedInConfig, read independently from the session probe.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ClientManifest } from "../../../../schemas/client-manifest.ts";
import type { RunningUpstream } from "../../upstream/upstream-fixture.ts";
import {
  type DemoUser,
  defaultManifests,
  signInAs,
  startGateway,
  startRealUpstream,
  type TestGateway,
} from "../session/gateway-fixture.ts";

let upstream: RunningUpstream;
let gateway: TestGateway;

before(async () => {
  upstream = await startRealUpstream();
  gateway = await startGateway(upstream);
});
after(async () => {
  await gateway.close();
  await upstream.close();
});

interface Seen {
  manifest: ClientManifest;
  // biome-ignore lint/suspicious/noExplicitAny: the upstream's LoggedInConfig, read ad hoc
  config: any;
  /** Permission key (canonical, aliases resolved) → level. */
  permissions: Map<string, "r" | "rw">;
  readModules: Set<string>;
  included: Set<string>;
}

/** Signs `who` in and reads the session and the manifest. */
async function manifestOf(who: DemoUser): Promise<Seen> {
  const client = await signInAs(gateway, who);
  const config = (await client.get("/gw/session")).body.user;
  const reply = await client.get("/gw/manifest");
  assert.equal(reply.status, 200);
  const manifest = reply.body as ClientManifest;
  const catalogue = (await defaultManifests()).permissions;
  const canonical = new Map<string, string>();
  for (const p of catalogue.rolePermissions)
    for (const k of [p.key, ...(p.aliases ?? [])]) canonical.set(k.toLowerCase(), p.key);
  const permissions = new Map<string, "r" | "rw">();
  for (const entry of config.User.RolePermissions as string[]) {
    const [key = "", level] = entry.split("_");
    const name = canonical.get(key.toLowerCase());
    if (name && permissions.get(name) !== "rw") permissions.set(name, level as "r" | "rw");
  }
  const readModules = new Set<string>(
    (config.User.AdminPermissions as { Key: string; Value: { Read: boolean } }[])
      .filter((e) => e.Value.Read)
      .map((e) => e.Key),
  );
  const included = new Set(
    catalogue.features
      .filter((f) => (f.sessionFlag ? config.User[f.sessionFlag] : config[f.configName ?? ""]) === "Included")
      .map((f) => f.id),
  );
  return { manifest, config, permissions, readModules, included };
}

const holds = (seen: Seen, key: string, level: "r" | "rw" = "r") => {
  const held = seen.permissions.get(key);
  return held === "rw" || (held === "r" && level === "r");
};

/** The invariants every user's manifest satisfies, whatever the role. */
function assertNothingForbidden(seen: Seen): void {
  const { manifest } = seen;
  assert.equal(manifest.audience, "user");
  assert.equal(manifest.user?.accountRecId, seen.config.User.AccountRecId);
  for (const route of manifest.routes.routes) {
    const access = route.access ?? {};
    if (access.adminModules?.length) {
      assert.ok(
        access.adminModules.some((m) => seen.readModules.has(m)),
        `admin route ${route.path}`,
      );
    }
    if (access.permission) {
      assert.ok(
        holds(seen, access.permission, access.permissionLevel ?? "r"),
        `route ${route.path} needs ${access.permission}`,
      );
    }
    const missing = (access.features ?? []).filter((f) => !seen.included.has(f));
    if (missing.length > 0) {
      assert.equal(route.upgrade?.feature, missing[0], `${route.path} is an upgrade route`);
      assert.equal(route.screen, undefined, `${route.path} carries no screen`);
      assert.equal(route.legacy, undefined, `${route.path} carries no legacy page`);
      assert.equal(route.redirect?.to, "/upgrade");
    } else {
      assert.equal(route.upgrade, undefined, route.path);
    }
  }
  const menus = manifest.menus;
  assert.ok(menus);
  for (const section of menus.main.sections) {
    assert.ok(section.links.length > 0, `section ${section.id} has links`);
    for (const link of section.links) {
      assert.ok(holds(seen, link.key), `link ${link.link} needs ${link.key}`);
      if (link.adminOnly) assert.equal(seen.config.User.IsAdmin, true);
    }
  }
  for (const section of menus.admin.sections) {
    for (const link of section.links) assert.ok(seen.readModules.has(link.adminModule), link.link);
  }
  for (const dialog of manifest.dialogs?.dialogs ?? []) {
    if (dialog.adminModule) assert.ok(seen.readModules.has(dialog.adminModule), dialog.id);
  }
  for (const screen of manifest.screens?.screens ?? [])
    assert.ok(seen.readModules.has(screen.adminModule), screen.id);
  for (const redirect of manifest.permissions.homeRedirects)
    assert.ok(holds(seen, redirect.permission), redirect.menu);
  assert.ok(manifest.notifications, "notifications whole");
}

const paths = (seen: Seen) => new Set(seen.manifest.routes.routes.map((r) => r.path));
const mainLinks = (seen: Seen) =>
  (seen.manifest.menus?.main.sections ?? []).flatMap((s) => s.links.map((l) => l.link));
const userEntries = (seen: Seen) => (seen.manifest.menus?.user.entries ?? []).map((e) => e.id);

describe("per-user manifests", () => {
  test("viewer: read-only dashboards — no admin route, no editor, no link or entry they lack", async () => {
    const seen = await manifestOf("viewer");
    assertNothingForbidden(seen);
    const served = paths(seen);
    assert.ok(![...served].some((p) => p.startsWith("/admin/")), "no admin route at all");
    assert.ok(served.has("/dashboards/:folderRecId?"));
    assert.ok(served.has("/dashboard/viewer/:recId"));
    for (const absent of [
      "/dashboard/editor/:id",
      "/data/:folderRecId?",
      "/users",
      "/reports/:folderRecId?",
      "/api",
    ]) {
      assert.ok(!served.has(absent), absent);
    }
    assert.ok(served.has("/login") && served.has("/logout"), "public routes stay (the guard needs them)");
    assert.deepEqual(mainLinks(seen), ["/dashboards"]);
    assert.deepEqual(seen.manifest.menus?.admin.sections, []);
    assert.deepEqual(seen.manifest.screens?.screens, []);
    assert.ok(!seen.manifest.dialogs?.dialogs.some((d) => d.adminModule));
    assert.deepEqual(userEntries(seen), ["userMySettings", "userSignOut"]);
    assert.deepEqual(
      seen.manifest.permissions.homeRedirects.map((r) => r.menu),
      ["Dashboards"],
    );
  });

  test("analyst and owner: their sections, no admin area", async () => {
    const analyst = await manifestOf("analyst");
    assertNothingForbidden(analyst);
    assert.ok(paths(analyst).has("/data/editor/:recId"), "TableAndViews_rw opens the editor");
    assert.ok(!paths(analyst).has("/users"));
    assert.ok(userEntries(analyst).includes("userExports"));
    const owner = await manifestOf("owner");
    assertNothingForbidden(owner);
    assert.ok(mainLinks(owner).length >= 25, "the owner sees the whole navigation panel");
    assert.ok(![...paths(owner)].some((p) => p.startsWith("/admin/")));
  });

  test("starter: features outside the subscription become upgrade routes, links stay for the badge", async () => {
    const seen = await manifestOf("starter");
    assertNothingForbidden(seen);
    const insights = seen.manifest.routes.routes.find((r) => r.id === "insights");
    assert.deepEqual(insights?.upgrade, { feature: "Insight", objectType: "Insight" });
    assert.deepEqual(insights?.redirect, { to: "/upgrade", query: { objectType: { value: "Insight" } } });
    assert.equal(seen.manifest.routes.routes.find((r) => r.id === "binders")?.upgrade?.feature, "Binder");
    assert.equal(seen.manifest.routes.routes.find((r) => r.id === "dashboards")?.upgrade, undefined);
    assert.ok(mainLinks(seen).includes("/insights"), "the link stays; the runtime badges it");
    assert.ok(paths(seen).has("/upgrade"));
    assert.ok(!seen.manifest.permissions.homeRedirects.some((r) => r.feature === "Insight"));
  });

  test("staff with Read only: the admin routes, menus and screens of every module", async () => {
    const seen = await manifestOf("staffAuditor");
    assertNothingForbidden(seen);
    assert.ok(seen.readModules.size > 30);
    assert.ok(paths(seen).has("/admin/accounts"));
    assert.ok(paths(seen).has("/admin/blockedips"));
    assert.ok((seen.manifest.menus?.admin.sections.length ?? 0) > 0);
    assert.equal(seen.manifest.screens?.screens.length, (await defaultManifests()).screens.screens.length);
    assert.ok(seen.manifest.dialogs?.dialogs.some((d) => d.id === "connectorSyntaxValidation"));
  });

  test("support agent: only the Support and SupportSessions admin modules", async () => {
    const seen = await manifestOf("supportAgent");
    assertNothingForbidden(seen);
    const admin = [...paths(seen)].filter((p) => p.startsWith("/admin/"));
    assert.ok(admin.includes("/admin/support"));
    assert.ok(admin.includes("/admin/supportsessions"));
    assert.ok(!admin.includes("/admin/accounts"));
    assert.deepEqual(seen.manifest.screens?.screens.map((s) => s.adminModule).sort(), [
      "Support",
      "SupportSessions",
    ]);
  });
});
