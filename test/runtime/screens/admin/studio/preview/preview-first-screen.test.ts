/**
 * The first screen of a preview (§2.2 home; DESIGN.md §3 "previewed as a given role/account"): where
 * `/` takes the person — §4.1 step 10's home menu first, as the guard decides it, for a user whose
 * session carries a go-to-menu home page — whether it is drawn (its reads go through the preview's
 * client) or named, and the preview's client: GET only, to the gateway's preview path as the user,
 * every change and every other base refused before any request.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { ApiError } from "../../../../../../runtime/http/api-error.ts";
import {
  PREVIEW_READ_ONLY_CODE,
  previewApiClient,
} from "../../../../../../runtime/screens/admin/studio/preview/preview-client.ts";
import { previewFirstRoute } from "../../../../../../runtime/screens/admin/studio/preview/preview-shell-model.ts";
import { accessProfileFrom } from "../../../../../../runtime/session/session-profile.ts";
import type { ClientManifest } from "../../../../../../schemas/client-manifest.ts";
import type { LoggedInConfig } from "../../../../../../schemas/payloads/user-session.ts";
import { previewFacts, previewManifest } from "../../../../../../server/gateway/config/preview.ts";
import { GatewayErrorCode } from "../../../../../../server/gateway/errors/gateway-error-codes.ts";
import type { ManifestSet } from "../../../../../../server/gateway/manifests/manifest-set.ts";
import { BASE_SERVED } from "../../../../../helpers/base-served.ts";
import { defaultManifests } from "../../../../../server/gateway/session/gateway-fixture.ts";

let set: ManifestSet;
before(async () => {
  set = await defaultManifests();
});

/** The manifest the gateway's preview resolves for a member holding `roles`, every feature Included. */
function manifestFor(roles: string[]): ClientManifest {
  const features = Object.fromEntries(
    set.permissions.features.map((f) => [f.sessionFlag ?? (f.configName as string), "Included" as const]),
  );
  return previewManifest(set, BASE_SERVED, previewFacts(7, { rolePermissions: roles, features })).manifest;
}

/** The access profile of a LoggedInConfig with these roles and home page fields (every feature Included). */
function profileOf(manifest: ClientManifest, roles: string[], home: Record<string, string> = {}) {
  const flags = Object.fromEntries(
    manifest.permissions.features.map((f) => [f.sessionFlag ?? (f.configName as string), "Included"]),
  );
  const config = {
    User: {
      RolePermissions: roles,
      AdminPermissions: [],
      IsAdmin: false,
      Impersonating: true,
      ...flags,
      ...home,
    },
    ...flags,
  } as unknown as LoggedInConfig;
  return accessProfileFrom(config, manifest.permissions);
}

describe("where the first screen is", () => {
  const viewerRoles = ["Dashboards_r", "UserProfileAndPreferences_r"];
  const goToDashboards = { HomePageType: "GoToMenu", HomePageRedirectionMenu: "Dashboards" };

  const cases: {
    name: string;
    roles: string[];
    home?: Record<string, string>;
    role?: boolean;
    expect: { kind: string; path?: string; screenKind?: string; homeMenu?: boolean };
  }[] = [
    {
      name: "§4.1 step 10: a user whose home page goes to the dashboards menu opens the dashboards explorer",
      roles: viewerRoles,
      home: goToDashboards,
      expect: { kind: "draw", path: "/dashboards", screenKind: "explorer", homeMenu: true },
    },
    {
      name: "§4.1 step 10: a menu the user may not open leaves them on the home screen",
      roles: viewerRoles,
      home: { HomePageType: "GoToMenu", HomePageRedirectionMenu: "Tables" },
      expect: { kind: "draw", path: "/", screenKind: "home", homeMenu: false },
    },
    {
      name: "a user without a go-to-menu home page gets the home screen",
      roles: viewerRoles,
      expect: { kind: "draw", path: "/", screenKind: "home", homeMenu: false },
    },
    {
      name: "a role has no session, so no home page setting: the home screen",
      roles: viewerRoles,
      role: true,
      expect: { kind: "draw", path: "/", screenKind: "home", homeMenu: false },
    },
  ];
  for (const entry of cases) {
    test(entry.name, () => {
      const manifest = manifestFor(entry.roles);
      const first = previewFirstRoute(
        manifest,
        entry.role ? null : profileOf(manifest, entry.roles, entry.home),
      );
      assert.equal(first.kind, entry.expect.kind);
      if (first.kind !== "draw") return;
      assert.equal(first.path, entry.expect.path);
      assert.equal(first.match.route.screen?.kind, entry.expect.screenKind);
      assert.equal(first.homeMenu, entry.expect.homeMenu);
    });
  }

  test("a screen kind whose reads do not go through the preview's client is named, not drawn", () => {
    const manifest = manifestFor(viewerRoles);
    const routes = manifest.routes.routes.map((route) =>
      route.path === "/" ? { ...route, screen: { kind: "tasks" } } : route,
    );
    const first = previewFirstRoute({ ...manifest, routes: { ...manifest.routes, routes } }, null);
    assert.deepEqual(
      first.kind === "notDrawn" ? { kind: first.screenKind, homeMenu: first.homeMenu } : first,
      { kind: "tasks", homeMenu: false },
    );
  });

  test("§4.1 step 11: a home route whose feature is not Included is the upgrade page, described", () => {
    const manifest = manifestFor(viewerRoles);
    const routes = manifest.routes.routes.map((route) =>
      route.path === "/" ? { ...route, upgrade: { feature: "Dashboard", objectType: "Dashboard" } } : route,
    );
    const first = previewFirstRoute(
      { ...manifest, routes: { ...manifest.routes, routes } } as ClientManifest,
      null,
    );
    assert.deepEqual(first, { kind: "described", screen: { kind: "upgrade", feature: "Dashboard" } });
  });
});

describe("the preview's client", () => {
  const reader = { accountRecId: 2, userRecId: 15 };

  test("its refusal carries the gateway's code for a change a preview refuses", () => {
    assert.equal(PREVIEW_READ_ONLY_CODE, GatewayErrorCode.ConfigPreviewReadOnly);
  });

  test("GET goes to the gateway's preview path as the user, with the query and the abort signal", async () => {
    const calls: { path: string; options: unknown }[] = [];
    const client = previewApiClient(reader, (async (path: string, options: unknown) => {
      calls.push({ path, options });
      return { ok: true };
    }) as never);
    const signal = new AbortController().signal;
    assert.deepEqual(await client("Content/Recent?limit=12", { signal }), { ok: true });
    assert.deepEqual(calls, [
      {
        path: "config/preview/accounts/2/users/15/api/Content/Recent?limit=12",
        options: { base: "gateway", signal },
      },
    ]);
  });

  for (const options of [
    { method: "POST" as const, body: {} },
    { method: "PUT" as const, body: {} },
    { method: "DELETE" as const },
    { base: "webservices" as const },
    { base: "gateway" as const },
  ]) {
    test(`${options.method ?? "GET"} on the ${"base" in options ? options.base : "app"} base is refused before any request`, async () => {
      let called = false;
      const client = previewApiClient(reader, (async () => {
        called = true;
      }) as never);
      await assert.rejects(
        client("Notifications/", options),
        (error: unknown) =>
          error instanceof ApiError && error.status === 405 && error.code === PREVIEW_READ_ONLY_CODE,
      );
      assert.equal(called, false);
    });
  }
});
