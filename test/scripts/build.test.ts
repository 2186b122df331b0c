/**
 * The runtime build (scripts/build.ts) as issue 5 shapes it, on a real esbuild build in a temp
 * folder: the texts are hashed JSON assets rather than code, index.html preloads what the first
 * paint fetches and names each screen's chunks, and what the first screen does not need stays out
 * of the entry's static closure.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Metafile } from "esbuild";
import { SCREEN_CHUNKS_ELEMENT_ID, screenChunkUrls } from "../../runtime/boot/screen-chunks.ts";
import { buildRuntime, entryAssets } from "../../scripts/build.ts";

const root = join(import.meta.dirname, "..", "..");
const LANGUAGES = ["de", "en", "es", "fr", "it", "nl", "pt"];
/** Modules the first screen must not wait for (lazy since issue 5). */
const LAZY_MODULES = [
  "locales/en.json",
  "runtime/dialogs/dialog-host.tsx",
  "runtime/dialogs/dialog-registry.ts",
  "runtime/chat/chat-store.ts",
  "runtime/notifications/notifications-store.ts",
  "runtime/realtime/hub-client.ts",
  "runtime/session/realtime-session.ts",
  "runtime/session/impersonation.ts",
  "runtime/access/menu-conditions.ts",
  "node_modules/react-i18next/dist/es/IcuTransWithoutContext.js",
];

let dist = "";
let metafile: Metafile;
let html = "";

before(async () => {
  dist = mkdtempSync(join(tmpdir(), "tessera-build-test-"));
  metafile = await buildRuntime(dist);
  html = readFileSync(join(dist, "index.html"), "utf8");
});
after(() => rmSync(dist, { recursive: true, force: true }));

/** The data block's text, as the browser's textContent would give it. */
function dataBlock(page: string): string | null {
  const open = `<script type="application/json" id="${SCREEN_CHUNKS_ELEMENT_ID}">`;
  const start = page.indexOf(open);
  if (start < 0) return null;
  return page.slice(start + open.length, page.indexOf("</script>", start));
}

describe("locale assets", () => {
  test("every language is one content-hashed JSON file with the texts of locales/", () => {
    const files = readdirSync(join(dist, "assets", "locales")).sort();
    assert.deepEqual(
      files.map((file) => file.replace(/-[0-9a-f]{12}\.json$/, "")),
      LANGUAGES,
    );
    for (const file of files) {
      const body = readFileSync(join(dist, "assets", "locales", file), "utf8");
      const language = file.slice(0, 2);
      const source: unknown = JSON.parse(readFileSync(join(root, "locales", `${language}.json`), "utf8"));
      assert.deepEqual(JSON.parse(body), source);
      const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
      assert.equal(file, `${language}-${hash}.json`);
    }
  });

  test("no script carries the texts; index.html preloads the English ones and the boot calls", () => {
    const en = readdirSync(join(dist, "assets", "locales")).find((file) => file.startsWith("en-"));
    assert.ok(en);
    assert.match(
      html,
      new RegExp(`<link rel="preload" href="/assets/locales/${en}" as="fetch" crossorigin>`),
    );
    assert.match(html, /<link rel="preload" href="\/gw\/manifest" as="fetch" crossorigin>/);
    assert.match(html, /<link rel="preload" href="\/gw\/session" as="fetch" crossorigin>/);
    const scripts = readdirSync(join(dist, "assets"), { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".js"),
    );
    assert.ok(scripts.length > 10);
    for (const file of scripts) {
      const code = readFileSync(join(dist, "assets", file), "utf8");
      // A text entry as JSON holds it ("Key":"Text"); code only names keys.
      assert.ok(!code.includes('"Shell_SkipToContent":'), `${file} embeds the texts`);
    }
  });
});

describe("the entry's static closure", () => {
  test("leaves out what the first screen does not need", () => {
    const { script, preload } = entryAssets(metafile, join(dist, "assets"));
    const initial = new Set([script, ...preload]);
    const inputs = new Set<string>();
    for (const [file, output] of Object.entries(metafile.outputs)) {
      const url = `/assets/${file.slice(file.indexOf("/assets/") + "/assets/".length)}`;
      if (initial.has(url)) for (const input of Object.keys(output.inputs)) inputs.add(input);
    }
    assert.ok(inputs.has("runtime/main.tsx"));
    assert.ok(inputs.has("runtime/navigation/guard.ts"));
    for (const lazy of LAZY_MODULES) assert.ok(!inputs.has(lazy), `${lazy} is in the initial closure`);
  });
});

describe("screen chunks", () => {
  test("index.html names each screen's chunks, its own first, all built", () => {
    const block = dataBlock(html);
    assert.ok(block);
    const login = screenChunkUrls(block, "login");
    assert.ok(login.length >= 2, "the login screen imports shared chunks");
    assert.match(login[0] as string, /^\/assets\/chunks\/login-screen-[A-Z0-9]+\.js$/);
    for (const url of login) assert.ok(existsSync(join(dist, url)), `${url} was not built`);
    const { preload } = entryAssets(metafile, join(dist, "assets"));
    for (const url of login) assert.ok(!preload.includes(url), `${url} is preloaded already`);
    assert.deepEqual(screenChunkUrls(block, "no-such-kind"), []);
  });

  test("a missing or malformed block gives no URLs", () => {
    assert.deepEqual(screenChunkUrls(null, "login"), []);
    assert.deepEqual(screenChunkUrls("{", "login"), []);
    assert.deepEqual(screenChunkUrls('{"files":"x","screens":{}}', "login"), []);
    assert.deepEqual(screenChunkUrls('{"files":["a.js"],"screens":{"login":"0"}}', "login"), []);
    assert.deepEqual(screenChunkUrls('{"files":["a.js"],"screens":{}}', "toString"), []);
    // Only chunk files under /assets/: no other origin, no parent folders, no other types.
    assert.deepEqual(
      screenChunkUrls(
        '{"files":["//evil.example/x.js","../x.js","chunks/a.css","chunks/ok-1.js"],"screens":{"login":[0,1,2,3,9]}}',
        "login",
      ),
      ["/assets/chunks/ok-1.js"],
    );
  });
});
