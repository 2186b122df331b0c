/**
 * Help mode at the gateway (§1 "Help is served by a separate mode of the same application"): a
 * request whose Host is a configured help host gets the help-mode index (its `tessera-mode` meta
 * element), every other host the product's, never cached and varying by Host; HELP_HOSTS is
 * validated strictly and a bad value refuses to boot.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { indexHtml } from "../../../scripts/build.ts";
import { buildApp } from "../../../server/gateway/app.ts";
import { GatewayConfigError, readGatewayConfig } from "../../../server/gateway/config.ts";
import {
  HelpHostsError,
  helpModeIndex,
  isHelpHost,
  parseHelpHosts,
} from "../../../server/gateway/plugins/help-mode.ts";
import { LOCALES_DIR, MANIFESTS_DIR } from "../../helpers/manifest-fixtures.ts";

const HELP_META = '<meta name="tessera-mode" content="help">';

async function builtDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "tessera-help-dist-"));
  await mkdir(join(dir, "assets"));
  await writeFile(join(dir, "index.html"), indexHtml({ script: "/assets/main-AB12.js", style: null }));
  await writeFile(join(dir, "assets", "main-AB12.js"), "console.log(1)");
  return dir;
}

describe("HELP_HOSTS", () => {
  test("host and host:port entries, trimmed and lower-cased; empty is none", () => {
    assert.deepEqual(parseHelpHosts(undefined), []);
    assert.deepEqual(parseHelpHosts(" "), []);
    assert.deepEqual(parseHelpHosts("Help.Example.com, help.local:8080,[::1]:9000,10.0.0.5"), [
      { host: "help.example.com", port: null },
      { host: "help.local", port: 8080 },
      { host: "[::1]", port: 9000 },
      { host: "10.0.0.5", port: null },
    ]);
  });
  for (const bad of [
    "help.example.com,",
    "https://help.example.com",
    "help.example.com/path",
    "help.example.com:0",
    "help.example.com:65536",
    "help.example.com:80x",
    "help_example.com",
    "-help.example.com",
    "help..example.com",
    "user@help.example.com",
    `${"a".repeat(64)}.example.com`,
  ]) {
    test(`refuses ${JSON.stringify(bad)}`, () => {
      assert.throws(() => parseHelpHosts(bad), HelpHostsError);
      assert.throws(() => readGatewayConfig({ HELP_HOSTS: bad }, "/tmp"), GatewayConfigError);
    });
  }
  test("the configuration hands the hosts to the gateway", () => {
    assert.deepEqual(readGatewayConfig({ HELP_HOSTS: "help.example.com" }, "/tmp").app.helpHosts, [
      { host: "help.example.com", port: null },
    ]);
    assert.deepEqual(readGatewayConfig({}, "/tmp").app.helpHosts, []);
  });
  test("a host without a port matches every port; with a port only that one", () => {
    const hosts = parseHelpHosts("help.example.com,docs.local:8080");
    assert.ok(isHelpHost("help.example.com", hosts));
    assert.ok(isHelpHost("HELP.example.com:8443", hosts));
    assert.ok(isHelpHost("docs.local:8080", hosts));
    assert.ok(!isHelpHost("docs.local", hosts));
    assert.ok(!isHelpHost("docs.local:8081", hosts));
    assert.ok(!isHelpHost("app.example.com", hosts));
    assert.ok(!isHelpHost("help.example.com.evil.test", hosts));
    assert.ok(!isHelpHost(undefined, hosts));
    assert.ok(!isHelpHost("help.example.com", []));
  });
  test("the help index carries the meta element in its head, once", () => {
    const page = helpModeIndex(indexHtml({ script: "/assets/main.js", style: null }));
    assert.equal(page.split(HELP_META).length, 2);
    assert.ok(page.indexOf("<head>") < page.indexOf(HELP_META));
    assert.ok(page.indexOf(HELP_META) < page.indexOf("</head>"));
    assert.match(
      helpModeIndex("<!doctype html><title>t</title>"),
      /^<!doctype html><meta name="tessera-mode"/,
    );
  });
});

describe("the gateway serves help mode to help hosts only", () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildApp({
      manifestsDir: MANIFESTS_DIR,
      localesDir: LOCALES_DIR,
      distDir: await builtDist(),
      helpHosts: parseHelpHosts("help.example.com,localhost:8406"),
    });
  });
  after(() => app.close());

  const page = (url: string, host: string) => app.inject({ method: "GET", url, headers: { host } });

  test("a help host gets the help-mode index on every in-app path", async () => {
    for (const [url, host] of [
      ["/", "help.example.com"],
      ["/faq/share-dashboard", "help.example.com:443"],
      ["/dashboards", "localhost:8406"],
    ] as const) {
      const response = await page(url, host);
      assert.equal(response.statusCode, 200, `${host}${url}`);
      assert.ok(response.body.includes(HELP_META), `${host}${url}`);
      assert.equal(response.headers["cache-control"], "no-cache");
      assert.match(String(response.headers.vary), /host/i);
    }
  });
  test("other hosts get the product's index, unchanged", async () => {
    for (const host of [
      "127.0.0.1:8406",
      "localhost:8407",
      "app.example.com",
      "help.example.com.evil.test",
    ]) {
      const response = await page("/dashboards", host);
      assert.equal(response.statusCode, 200, host);
      assert.ok(!response.body.includes("tessera-mode"), host);
      assert.equal(response.body, indexHtml({ script: "/assets/main-AB12.js", style: null }));
      assert.match(String(response.headers.vary), /host/i);
    }
  });
  test("assets and gateway endpoints are the same on a help host", async () => {
    const asset = await page("/assets/main-AB12.js", "help.example.com");
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.body, "console.log(1)");
    const manifest = await page("/gw/manifest", "help.example.com");
    assert.equal(manifest.statusCode, 200);
    const routes = (manifest.json() as { routes: { routes: { id: string; mode?: string }[] } }).routes.routes;
    assert.ok(routes.some((route) => route.id === "helpPage" && route.mode === "help"));
  });
});
