/**
 * Each manifest check catches a broken fixture: a copy of the real manifests
 * with one thing corrupted is refused with the file, the JSON pointer and the reason.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, test } from "node:test";
import { loadLocaleKeys, loadManifestSet } from "../../../../server/gateway/manifests/load-manifests.ts";
import {
  ManifestError,
  type ManifestProblem,
} from "../../../../server/gateway/manifests/manifest-problem.ts";
import {
  corruptedManifests,
  type JsonDocument,
  LOCALES_DIR,
  MANIFESTS_DIR,
  ROOT,
} from "../../../helpers/manifest-fixtures.ts";

async function problemsOf(dir: string): Promise<ManifestProblem[]> {
  try {
    await loadManifestSet(dir, await loadLocaleKeys(LOCALES_DIR));
  } catch (error) {
    if (error instanceof ManifestError) return [...error.problems];
    throw error;
  }
  return [];
}

interface Corruption {
  name: string;
  kind: string;
  mutate: (d: JsonDocument) => void;
  file?: string;
  pointer: string | RegExp;
  reason: RegExp;
}

const corruptions: Corruption[] = [
  {
    name: "wrong type",
    kind: "routes",
    mutate: (d) => (d.routes[0].path = 42),
    pointer: "/routes/0/path",
    reason: /must be string/,
  },
  {
    name: "unknown property",
    kind: "menus",
    mutate: (d) => (d.main.sections[0].links[0].colour = "red"),
    pointer: "/main/sections/0/links/0",
    reason: /unknown property "colour"/,
  },
  {
    name: "a not-found redirect to no route",
    kind: "routes",
    mutate: (d) => (d.notFoundRedirect = "/admin/zznowhere/a/b"),
    pointer: "/notFoundRedirect",
    reason: /does not resolve to a route/,
  },
  {
    name: "a logo link to no route",
    kind: "shell",
    mutate: (d) => (d.logo.link = "/admin/zznowhere/a/b"),
    pointer: "/logo/link",
    reason: /does not resolve to a route/,
  },
  {
    name: "dangling menu link",
    kind: "menus",
    mutate: (d) => (d.main.sections[0].links[0].link = "/nowhere/at/all"),
    pointer: "/main/sections/0/links/0/link",
    reason: /does not resolve to a route/,
  },
  {
    name: "missing translation",
    kind: "routes",
    mutate: (d) => (d.routes[0].titleKey = "PageTitle_NoSuchText"),
    pointer: "/routes/0/titleKey",
    reason: /missing from locales\/en.json/,
  },
  {
    name: "duplicate path",
    kind: "routes",
    mutate: (d) => d.routes.push({ ...d.routes[3], id: "copyOfThree" }),
    pointer: /^\/routes\/\d+\/path$/,
    reason: /duplicate path/,
  },
  {
    name: "duplicate route id",
    kind: "routes",
    mutate: (d) => d.routes.push({ ...d.routes[3], path: "/another/path" }),
    pointer: /^\/routes\/\d+\/id$/,
    reason: /duplicate route id/,
  },
  {
    name: "unknown role permission key",
    kind: "routes",
    mutate: (d) => {
      const route = d.routes.find((r: JsonDocument) => r.access?.permission);
      route.access.permission = "Spaceships";
    },
    pointer: /^\/routes\/\d+\/access\/permission$/,
    reason: /unknown role permission key "Spaceships"/,
  },
  {
    name: "unknown feature",
    kind: "routes",
    mutate: (d) => {
      const route = d.routes.find((r: JsonDocument) => r.access?.features);
      route.access.features = ["Teleport"];
    },
    pointer: /^\/routes\/\d+\/access\/features\/0$/,
    reason: /unknown feature "Teleport"/,
  },
  {
    name: "unknown admin module",
    kind: "menus",
    mutate: (d) => (d.admin.sections[0].links[0].adminModule = "Spaceships"),
    pointer: "/admin/sections/0/links/0/adminModule",
    reason: /unknown admin module "Spaceships"/,
  },
  {
    name: "unknown dialog",
    kind: "menus",
    mutate: (d) => (d.user.entries[0].dialog = "noSuchDialog"),
    pointer: "/user/entries/0/dialog",
    // The menus schema already limits menu dialogs to the §2.5 menu dialogs.
    reason: /unknown dialog "noSuchDialog"|allowed values/,
  },
  {
    name: "duplicate permission key",
    kind: "permissions",
    mutate: (d) => d.rolePermissions.push({ ...d.rolePermissions[0] }),
    pointer: /^\/rolePermissions\/\d+\/key$/,
    reason: /duplicate key/,
  },
  {
    name: "script link",
    kind: "screens",
    mutate: (d) => (d.screens[0].list.endpoint = "javascript:alert(1)"),
    pointer: "/screens/0/list/endpoint",
    reason: /./,
  },
  {
    name: "external link outside the allow-list",
    kind: "shell",
    mutate: (d) => (d.allowedExternalOrigins = ["https://other.example"]),
    pointer: /^\/externalSites\//,
    reason: /not in shell.allowedExternalOrigins/,
  },
  {
    name: "a §4.3 code without a template",
    kind: "notifications",
    mutate: (d) => (d.templates = d.templates.filter((t: JsonDocument) => t.code !== "PaymentFailed")),
    pointer: "/templates",
    reason: /no template for the §4.3 code "PaymentFailed"/,
  },
  {
    name: "a not-logged-in-only route that is not public",
    kind: "routes",
    mutate: (d) => {
      const login = d.routes.find((r: JsonDocument) => r.path === "/login");
      login.access = { notLoggedInOnly: true };
    },
    pointer: /^\/routes\/\d+\/access$/,
    reason: /must also be public/,
  },
  {
    name: "a redirect using a parameter its path lacks",
    kind: "routes",
    mutate: (d) => {
      const support = d.routes.find((r: JsonDocument) => r.path === "/support/:recId");
      support.redirect.query = { id: { param: "ticket" } };
    },
    pointer: /^\/routes\/\d+\/redirect\/query$/,
    reason: /parameter "ticket" is not in the path/,
  },
  {
    name: "an admin screen route without a module",
    kind: "routes",
    mutate: (d) => {
      const admin = d.routes.find((r: JsonDocument) => r.path === "/admin/accounts");
      admin.access = {};
    },
    pointer: /^\/routes\/\d+\/access$/,
    reason: /needs at least one admin module/,
  },
  {
    name: "a notification linking to an unknown dialog",
    kind: "dialogs",
    mutate: (d) => (d.dialogs = d.dialogs.filter((x: JsonDocument) => x.id !== "taskLogViewer")),
    file: "manifests/notifications.json",
    pointer: /^\/templates\/\d+$/,
    reason: /dialog "taskLogViewer", which is not in the dialog registry/,
  },
];

describe("manifest checks catch broken fixtures", () => {
  test("the real manifests pass", async () => {
    assert.deepEqual(await problemsOf(MANIFESTS_DIR), []);
  });
  for (const corruption of corruptions) {
    test(`${corruption.name} (${corruption.kind})`, async () => {
      const dir = await corruptedManifests(corruption.kind, corruption.mutate);
      try {
        const problems = await problemsOf(dir);
        const file = corruption.file ?? `manifests/${corruption.kind}.json`;
        const hit = problems.find(
          (p) =>
            p.file === file &&
            (typeof corruption.pointer === "string"
              ? p.pointer === corruption.pointer
              : corruption.pointer.test(p.pointer)) &&
            corruption.reason.test(p.reason),
        );
        assert.ok(
          hit,
          `expected a problem in ${file} at ${corruption.pointer}; got ${JSON.stringify(problems, null, 1)}`,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
  test("a file that is not JSON, and a missing file, are named", async () => {
    const dir = await corruptedManifests("routes", () => {});
    try {
      await writeFile(join(dir, "routes.json"), "{ not json");
      await rm(join(dir, "dialogs.json"));
      const problems = await problemsOf(dir);
      assert.ok(problems.some((p) => p.file === "manifests/routes.json" && /not JSON/.test(p.reason)));
      assert.ok(problems.some((p) => p.file === "manifests/dialogs.json" && /missing file/.test(p.reason)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  test("`npm run check:manifests` fails and prints file#pointer: reason", async () => {
    const dir = await corruptedManifests("routes", (d) => (d.routes[0].titleKey = "PageTitle_NoSuchText"));
    try {
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-manifests.ts", dir], {
        cwd: ROOT,
        encoding: "utf8",
      });
      assert.equal(result.status, 1);
      assert.match(
        result.stderr,
        /manifests\/routes\.json#\/routes\/0\/titleKey: text key "PageTitle_NoSuchText"/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
