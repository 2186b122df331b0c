/**
 * The first screen's chunks announced in the served page (issue 5 cold load,
 * server/gateway/plugins/first-screen-preload.ts): table-driven over the real routes manifest —
 * which screen a path opens for a visitor with and without a session cookie, in the product and in
 * help mode — then through the gateway: the page for /login carries the login chunks, a page for
 * an unknown path none, and a build without screen-chunks.json serves the page unchanged.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { indexHtml } from "../../../scripts/build.ts";
import { writeCompressedCopies } from "../../../scripts/build-compress.ts";
import { buildApp } from "../../../server/gateway/app.ts";
import { loadLocaleKeys, loadManifestSet } from "../../../server/gateway/manifests/load-manifests.ts";
import {
  createFirstScreenPreloader,
  isScreenChunksFile,
  type PageMode,
  type ScreenChunksFile,
} from "../../../server/gateway/plugins/first-screen-preload.ts";
import { parseHelpHosts } from "../../../server/gateway/plugins/help-mode.ts";
import { LOCALES_DIR, MANIFESTS_DIR } from "../../helpers/manifest-fixtures.ts";

/** One chunk per kind the table uses, plus a chunk the login and home screens share. */
const CHUNKS: ScreenChunksFile = {
  files: [
    "chunks/login-screen-a1.js",
    "chunks/chunk-shared-b2.js",
    "chunks/home-screen-c3.js",
    "chunks/explorer-screen-d4.js",
    "chunks/help-page-screen-e5.js",
  ],
  screens: { login: [0, 1], home: [2, 1], explorer: [3], helpPage: [4] },
};
/** A script big enough to be compressed by the build. */
const SCRIPT = `console.log(${JSON.stringify("tessera ".repeat(400))});`;
const PAGE = Buffer.from(indexHtml({ script: "/assets/main-AB12.js", style: null }));

const preloads = (page: Buffer | string): string[] =>
  [...page.toString().matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1] as string);

describe("which screen's chunks a page announces", async () => {
  const manifests = await loadManifestSet(MANIFESTS_DIR, await loadLocaleKeys(LOCALES_DIR));
  const pageFor = createFirstScreenPreloader(manifests.routes, CHUNKS);
  const cases: Array<[string, PageMode, string, boolean, string[]]> = [
    ["the login page", "app", "/login", false, ["login-screen-a1", "chunk-shared-b2"]],
    ["paths match case-insensitively", "app", "/LOGIN", false, ["login-screen-a1", "chunk-shared-b2"]],
    ["home, signed in", "app", "/", true, ["home-screen-c3", "chunk-shared-b2"]],
    [
      "a private page without a session: the login screen (§4.1)",
      "app",
      "/",
      false,
      ["login-screen-a1", "chunk-shared-b2"],
    ],
    ["an explorer with its optional parameter", "app", "/dashboards/42", true, ["explorer-screen-d4"]],
    ["a redirect route opens no screen", "app", "/home", true, []],
    ["an unknown path", "app", "/no/such/page/at/all", true, []],
    ["help mode's one route", "help", "/faq/share-dashboard", false, ["help-page-screen-e5"]],
    ["a kind the build has no chunks for", "app", "/logout", false, []],
  ];
  for (const [name, mode, path, signedIn, expected] of cases) {
    test(name, () => {
      const page = pageFor(PAGE, mode, path, signedIn);
      assert.deepEqual(
        preloads(page),
        expected.map((file) => `/assets/chunks/${file}.js`),
      );
      if (expected.length === 0) assert.equal(page, PAGE);
      else assert.ok(page.toString().indexOf("modulepreload") < page.toString().indexOf("</head>"));
    });
  }

  test("the route is core's match, as the runtime's guard opens it: a parameter failing its pattern opens no screen", () => {
    const withImpersonation: ScreenChunksFile = {
      files: [...CHUNKS.files, "chunks/impersonate-user-f6.js"],
      screens: { ...CHUNKS.screens, impersonateUser: [CHUNKS.files.length] },
    };
    const preload = createFirstScreenPreloader(manifests.routes, withImpersonation);
    assert.deepEqual(preloads(preload(PAGE, "app", "/admin/users/impersonate/12", true)), [
      "/assets/chunks/impersonate-user-f6.js",
    ]);
    assert.deepEqual(preloads(preload(PAGE, "app", "/admin/users/impersonate/abc", true)), []);
  });

  test("each page is built once per mode and screen", () => {
    assert.equal(pageFor(PAGE, "app", "/login", false), pageFor(PAGE, "app", "/LOGIN", false));
  });
});

describe("the build's chunk list is checked before use", () => {
  const cases: Array<[string, unknown, boolean]> = [
    ["the build's shape", CHUNKS, true],
    ["not an object", "x", false],
    ["files not a list", { files: "x", screens: {} }, false],
    ["a file outside chunks/", { files: ["../secret.js"], screens: {} }, false],
    ["a file on another origin", { files: ["//evil.example/x.js"], screens: {} }, false],
    ["markup in a name", { files: ['chunks/a.js"><script>'], screens: {} }, false],
    ["an index past the list", { files: ["chunks/a.js"], screens: { login: [1] } }, false],
    ["a negative index", { files: ["chunks/a.js"], screens: { login: [-1] } }, false],
  ];
  for (const [name, value, valid] of cases) {
    test(`${name}: ${valid ? "accepted" : "refused"}`, () => assert.equal(isScreenChunksFile(value), valid));
  }
});

describe("through the gateway", () => {
  let app: FastifyInstance;
  let bare: FastifyInstance;
  const dist = async (withChunks: boolean) => {
    const dir = await mkdtemp(join(tmpdir(), "tessera-preload-dist-"));
    await mkdir(join(dir, "assets"));
    await writeFile(join(dir, "index.html"), PAGE);
    if (withChunks) await writeFile(join(dir, "screen-chunks.json"), JSON.stringify(CHUNKS));
    await writeFile(join(dir, "assets", "main-AB12.js"), SCRIPT);
    await writeCompressedCopies(join(dir, "assets"));
    return dir;
  };
  before(async () => {
    const options = {
      manifestsDir: MANIFESTS_DIR,
      localesDir: LOCALES_DIR,
      helpHosts: parseHelpHosts("help.example.com"),
    };
    app = await buildApp({ ...options, distDir: await dist(true) });
    bare = await buildApp({ ...options, distDir: await dist(false) });
  });
  after(async () => {
    await app.close();
    await bare.close();
  });

  test("/login announces the login chunks; the page varies by cookie and is never cached", async () => {
    const response = await app.inject({ method: "GET", url: "/login?l=de" });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(preloads(response.body), [
      "/assets/chunks/login-screen-a1.js",
      "/assets/chunks/chunk-shared-b2.js",
    ]);
    assert.equal(response.headers["cache-control"], "no-cache");
    assert.match(String(response.headers.vary), /cookie/i);
  });

  test("a session cookie announces the private screen itself", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/",
      headers: { cookie: `tessera_session=${"A".repeat(43)}` },
    });
    assert.deepEqual(preloads(response.body), [
      "/assets/chunks/home-screen-c3.js",
      "/assets/chunks/chunk-shared-b2.js",
    ]);
  });

  test("a help host announces the help page's chunks", async () => {
    const response = await app.inject({ method: "GET", url: "/faq", headers: { host: "help.example.com" } });
    assert.deepEqual(preloads(response.body), ["/assets/chunks/help-page-screen-e5.js"]);
  });

  test("assets go out pre-compressed by Accept-Encoding, the same bytes once decoded", async () => {
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
      ["identity", undefined, (body: Buffer) => body],
    ] as const) {
      const response = await app.inject({
        method: "GET",
        url: "/assets/main-AB12.js",
        headers: { "accept-encoding": accept },
      });
      assert.equal(response.statusCode, 200, accept);
      assert.equal(response.headers["content-encoding"], encoding, accept);
      assert.match(String(response.headers["content-type"]), /javascript/, accept);
      assert.match(String(response.headers.vary), /accept-encoding/i, accept);
      assert.equal(decode(response.rawPayload).toString(), SCRIPT, accept);
    }
  });

  test("a build without the list serves the page as built", async () => {
    const response = await bare.inject({ method: "GET", url: "/login" });
    assert.equal(response.body, PAGE.toString());
  });
});
