import assert from "node:assert/strict";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import { buildApp } from "../../../server/gateway/app.ts";
import { GatewayErrorCode } from "../../../server/gateway/errors/gateway-error-codes.ts";
import { ManifestError } from "../../../server/gateway/manifests/manifest-problem.ts";
import {
  CONTENT_SECURITY_POLICY,
  isJsonContentType,
  JSON_CONTENT_SECURITY_POLICY,
} from "../../../server/gateway/plugins/security-headers.ts";
import {
  corruptedManifests,
  type JsonDocument,
  LOCALES_DIR,
  MANIFESTS_DIR,
} from "../../helpers/manifest-fixtures.ts";

async function fakeDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "tessera-dist-"));
  await mkdir(join(dir, "assets"));
  await writeFile(join(dir, "index.html"), "<!doctype html><title>t</title><div id=root></div>");
  await writeFile(join(dir, "assets", "main-ABC123.js"), "console.log(1)");
  return dir;
}

describe("gateway", () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildApp({ manifestsDir: MANIFESTS_DIR, localesDir: LOCALES_DIR, distDir: await fakeDist() });
  });
  after(() => app.close());

  test("serves the anonymous manifest with public routes only", async () => {
    const response = await app.inject({ method: "GET", url: "/gw/manifest" });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers["content-type"] as string, /application\/json/);
    const manifest = response.json() as ClientManifest;
    assert.equal(manifest.audience, "anonymous");
    assert.ok(manifest.routes.routes.some((r) => r.path === "/login"));
    for (const route of manifest.routes.routes) {
      assert.ok(
        route.redirect || route.external || route.access?.public,
        `${route.path} must not reach a visitor`,
      );
    }
    assert.ok(!manifest.routes.routes.some((r) => r.path.startsWith("/admin/") && !r.redirect));
    assert.equal(manifest.menus, null);
    assert.equal(manifest.dialogs, null);
    assert.equal(manifest.screens, null);
  });

  test("answers 304 to a matching If-None-Match, weak or strong, and 200 otherwise", async () => {
    const first = await app.inject({ method: "GET", url: "/gw/manifest" });
    const etag = first.headers.etag as string;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await app.inject({
        method: "GET",
        url: "/gw/manifest",
        headers: { "if-none-match": header },
      });
      assert.equal(again.statusCode, 304, header);
      assert.equal(again.body, "");
    }
    const stale = await app.inject({
      method: "GET",
      url: "/gw/manifest",
      headers: { "if-none-match": '"stale"' },
    });
    assert.equal(stale.statusCode, 200);
    assert.equal(stale.headers.etag, etag);
  });

  test("health and readiness", async () => {
    assert.equal((await app.inject({ url: "/healthz" })).statusCode, 200);
    const ready = await app.inject({ url: "/readyz" });
    assert.equal(ready.statusCode, 200);
    assert.equal(ready.json().status, "ready");
  });

  test("every in-app path serves the uncached index; hashed assets are immutable", async () => {
    for (const url of ["/", "/dashboards/12", "/login?x=1"]) {
      const page = await app.inject({ url, headers: { accept: "text/html" } });
      assert.equal(page.statusCode, 200, url);
      assert.match(page.body, /<div id=root>/);
      assert.equal(page.headers["cache-control"], "no-cache");
    }
    const asset = await app.inject({ url: "/assets/main-ABC123.js" });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.headers["cache-control"], "public, max-age=31536000, immutable");
    const missing = await app.inject({ url: "/assets/nope-1.js" });
    assert.equal(missing.statusCode, 404);
    const api = await app.inject({ url: "/api/nothing" });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(api.json(), {
      ErrorCode: GatewayErrorCode.RouteNotFound,
      Message: "No route answers this method and path.",
    });
  });

  test("security headers: strict CSP without inline script or eval, nosniff, no referrer", async () => {
    const response = await app.inject({ url: "/login" });
    const csp = response.headers["content-security-policy"] as string;
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(response.headers["x-content-type-options"], "nosniff");
    assert.equal(response.headers["referrer-policy"], "no-referrer");
  });

  test("JSON answers get the JSON policy: nothing may load, nothing may frame", async () => {
    for (const url of ["/gw/session", "/api/nothing", "/healthz"]) {
      const response = await app.inject({ url });
      assert.match(String(response.headers["content-type"]), /^application\/json/, url);
      assert.equal(response.headers["content-security-policy"], JSON_CONTENT_SECURITY_POLICY, url);
      assert.equal(response.headers["x-content-type-options"], "nosniff", url);
    }
    const page = await app.inject({ url: "/login" });
    assert.equal(page.headers["content-security-policy"], CONTENT_SECURITY_POLICY);
  });

  test("isJsonContentType: application/json and +json types only", () => {
    const cases: [unknown, boolean][] = [
      ["application/json", true],
      ["application/json; charset=utf-8", true],
      ["Application/JSON;charset=utf-8", true],
      ["application/problem+json", true],
      [" application/vnd.api+json ; charset=utf-8", true],
      ["text/html; charset=utf-8", false],
      ["text/json", false],
      ["application/jsonp", false],
      ["application/javascript", false],
      ["image/svg+xml", false],
      ["", false],
      [undefined, false],
      [["application/json"], false],
    ];
    for (const [value, expected] of cases) assert.equal(isJsonContentType(value), expected, String(value));
  });

  test("a visitor has no session", async () => {
    const response = await app.inject({ url: "/gw/session" });
    assert.equal(response.statusCode, 401);
  });
});

describe("gateway boot with an invalid manifest", () => {
  const corruptions: Array<{ kind: string; mutate: (d: JsonDocument) => void; pointer: RegExp }> = [
    { kind: "routes", mutate: (d) => (d.routes[0].path = 42), pointer: /^\/routes\/0\/path$/ },
    { kind: "routes", mutate: (d) => (d.routes[1].bogus = true), pointer: /^\/routes\/1$/ },
    { kind: "permissions", mutate: (d) => (d.features[0].id = "not valid!"), pointer: /^\/features\/0\/id$/ },
  ];
  for (const { kind, mutate, pointer } of corruptions) {
    test(`refuses to start and names manifests/${kind}.json and the pointer`, async () => {
      const dir = await corruptedManifests(kind, mutate);
      await assert.rejects(
        buildApp({ manifestsDir: dir, localesDir: LOCALES_DIR, distDir: null }),
        (error) => {
          assert.ok(error instanceof ManifestError);
          assert.ok(
            error.problems.some((p) => p.file === `manifests/${kind}.json` && pointer.test(p.pointer)),
            error.message,
          );
          return true;
        },
      );
    });
  }
});
