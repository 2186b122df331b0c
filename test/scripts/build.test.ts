/**
 * The runtime build (scripts/build.ts) on a real esbuild build in a temp folder: the texts are the
 * gateway's content-addressed URLs rather than code, index.html preloads what the first paint fetches
 * and names each screen's chunks, the build id is stamped in, and what the first screen does not need
 * stays out of the entry's static closure.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { SCREEN_CHUNKS_ELEMENT_ID, screenChunkUrls } from "../../runtime/boot/screen-chunks.ts";
import {
  type BuiltRuntime,
  buildIdOf,
  buildRuntime,
  entryAssets,
  gatewayTextUrls,
  staticImports,
} from "../../scripts/build.ts";
import { COMPRESS_MIN_BYTES } from "../../scripts/build-compress.ts";

const root = join(import.meta.dirname, "..", "..");
const LANGUAGES = ["de", "en", "es", "fr", "it", "nl", "pt"];
/** Modules the first screen must not wait for (lazily loaded). */
const LAZY_MODULES = [
  "locales/en.json",
  "runtime/dialogs/dialog-host.tsx",
  "runtime/dialogs/dialog-registry.ts",
  "runtime/chat/chat-store.ts",
  "runtime/notifications/notifications-store.ts",
  "runtime/realtime/hub-client.ts",
  "runtime/session/realtime-session.ts",
  "runtime/session/impersonation.ts",
  "core/menus/conditions.ts",
  "node_modules/react-i18next/dist/es/IcuTransWithoutContext.js",
];

let dist = "";
let built: BuiltRuntime;
let html = "";

before(async () => {
  dist = mkdtempSync(join(tmpdir(), "tessera-build-test-"));
  built = await buildRuntime(dist);
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

describe("texts", () => {
  test("no texts are copied: index.html preloads the gateway's English URL and the boot calls", () => {
    assert.ok(!existsSync(join(dist, "assets", "locales")));
    const en: unknown = JSON.parse(readFileSync(join(root, "locales", "en.json"), "utf8"));
    // The digest rule of server/gateway/config/text-digest.ts, written out: a change there must show here.
    const digest = createHash("sha256").update(JSON.stringify(en)).digest("base64url").slice(0, 22);
    assert.match(
      html,
      new RegExp(`<link rel="preload" href="/gw/texts/en/${digest}\\.json" as="fetch" crossorigin>`),
    );
    assert.match(html, /<link rel="preload" href="\/gw\/manifest" as="fetch" crossorigin>/);
    assert.match(html, /<link rel="preload" href="\/gw\/session" as="fetch" crossorigin>/);
  });

  test("every language's gateway URL is in the bundle; no script carries the texts", async () => {
    const urls = await gatewayTextUrls();
    assert.deepEqual(Object.keys(urls).sort(), LANGUAGES);
    const scripts = readdirSync(join(dist, "assets"), { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".js"),
    );
    assert.ok(scripts.length > 10);
    const entry = readFileSync(join(dist, "assets", built.entry), "utf8");
    for (const language of LANGUAGES) {
      assert.match(urls[language] as string, new RegExp(`^/gw/texts/${language}/[A-Za-z0-9_-]{22}\\.json$`));
      assert.ok(entry.includes(urls[language] as string), `the entry lacks ${urls[language]}`);
    }
    for (const file of scripts) {
      const code = readFileSync(join(dist, "assets", file), "utf8");
      // A text entry as JSON holds it ("Key":"Text"); code only names keys.
      assert.ok(!code.includes('"Shell_SkipToContent":'), `${file} embeds the texts`);
    }
  });
});

describe("build id", () => {
  test("is the hash of index.html, written into the script that reads it and its compressed copies", () => {
    assert.equal(built.buildId, buildIdOf(html));
    assert.match(built.buildId, /^[A-Za-z0-9_-]{22}$/);
    const assets = join(dist, "assets");
    const scripts = readdirSync(assets, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".js"),
    );
    const carriers = scripts.filter((file) =>
      readFileSync(join(assets, file), "utf8").includes(built.buildId),
    );
    assert.ok(carriers.length >= 1);
    for (const file of scripts) {
      assert.ok(
        !readFileSync(join(assets, file), "utf8").includes("tessera-build-id"),
        `${file} kept the placeholder`,
      );
    }
    for (const file of carriers) {
      if (!existsSync(join(assets, `${file}.gz`))) continue;
      assert.deepEqual(
        gunzipSync(readFileSync(join(assets, `${file}.gz`))),
        readFileSync(join(assets, file)),
      );
    }
  });
});

describe("the entry's static closure", () => {
  test("leaves out what the first screen does not need", () => {
    const initial = [built.entry, ...staticImports(built, built.entry)];
    const inputs = new Set(initial.flatMap((file) => built.scripts.get(file)?.inputs ?? []));
    assert.ok(inputs.has("runtime/main.tsx"));
    assert.ok(inputs.has("runtime/navigation/guard.ts"));
    for (const lazy of LAZY_MODULES) assert.ok(!inputs.has(lazy), `${lazy} is in the initial closure`);
  });

  test("is one file: rollup regrouped esbuild's chunks (scripts/build-rechunk.ts)", () => {
    assert.deepEqual(staticImports(built, built.entry), []);
    assert.doesNotMatch(html, /rel="modulepreload"/);
    assert.match(html, new RegExp(`<script type="module" src="/assets/${built.entry}"></script>`));
  });
});

/** Module specifiers (relative, or under /assets/) of an ES module's static imports and import() calls. */
function localSpecifiers(code: string): string[] {
  const found = [
    ...code.matchAll(/(?:\bfrom|\bimport)\s*"((?:\.{1,2}|\/assets)\/[^"]+)"/g),
    ...code.matchAll(/\bimport\(\s*"((?:\.{1,2}|\/assets)\/[^"]+)"\s*\)/g),
  ];
  return found.map((match) => match[1] as string);
}

describe("compressed copies (scripts/build-compress.ts)", () => {
  test("the entry and its stylesheet have .br and .gz copies of the same bytes", () => {
    const assets = join(dist, "assets");
    for (const file of [built.entry, built.style ?? ""]) {
      const body = readFileSync(join(assets, file));
      assert.deepEqual(brotliDecompressSync(readFileSync(join(assets, `${file}.br`))), body, file);
      assert.deepEqual(gunzipSync(readFileSync(join(assets, `${file}.gz`))), body, file);
      assert.ok(readFileSync(join(assets, `${file}.br`)).byteLength < body.byteLength / 2, file);
    }
  });

  test("files too small to gain are left alone", () => {
    const assets = join(dist, "assets");
    const small = [...built.scripts.keys()].find(
      (file) => readFileSync(join(assets, file)).byteLength < COMPRESS_MIN_BYTES,
    );
    assert.ok(small, "no small script in the build");
    assert.ok(!existsSync(join(assets, `${small}.br`)));
    assert.ok(!existsSync(join(assets, `${small}.gz`)));
  });
});

describe("the scripts as written", () => {
  test("every relative import, static or dynamic, names a file of the build", () => {
    const assets = join(dist, "assets");
    const scripts = readdirSync(assets, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".js"),
    );
    let checked = 0;
    for (const file of scripts) {
      const code = readFileSync(join(assets, file), "utf8");
      for (const specifier of localSpecifiers(code)) {
        const target = specifier.startsWith("/assets/")
          ? join(dist, specifier)
          : join(assets, file, "..", specifier);
        assert.ok(existsSync(target), `${file} imports ${specifier}, which was not built`);
        checked++;
      }
    }
    assert.ok(checked > scripts.length, `only ${checked} imports found`);
  });

  test("the icon glyphs stay one small file each, loaded through their set", () => {
    const glyphs = [...built.scripts.values()].filter((script) =>
      script.inputs.some((input) => input.includes("@fortawesome/free-solid-svg-icons/faCalendarDays.js")),
    );
    assert.equal(glyphs.length, 1);
    assert.ok(!glyphs[0]?.file.startsWith("main-"));
    assert.ok(readFileSync(join(dist, "assets", glyphs[0]?.file ?? ""), "utf8").length < 4_096);
  });
});

describe("screen chunks", () => {
  test("index.html names each screen's chunks, its own first, all built", () => {
    const block = dataBlock(html);
    assert.ok(block);
    const reset = screenChunkUrls(block, "resetPassword");
    assert.ok(reset.length >= 2, "the reset-password screen imports a shared chunk");
    assert.match(reset[0] as string, /^\/assets\/chunks\/reset-password-screen-[a-z0-9]+\.js$/);
    for (const url of reset) assert.ok(existsSync(join(dist, url)), `${url} was not built`);
    const { preload, script } = entryAssets(built, built.style);
    assert.ok(!reset.includes(script), "the entry is not a screen chunk");
    for (const url of reset) assert.ok(!preload.includes(url), `${url} is preloaded already`);
    assert.deepEqual(screenChunkUrls(block, "no-such-kind"), []);
    // The login screen ships with the entry (registerLoaded): no chunk of its own to announce.
    assert.deepEqual(screenChunkUrls(block, "login"), []);
    const entry = built.scripts.get(built.entry);
    assert.ok(entry?.inputs.includes("runtime/screens/auth/login-screen.tsx"));
    // The same list, as a file, for the gateway's per-page preloads.
    assert.equal(readFileSync(join(dist, "screen-chunks.json"), "utf8"), block);
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
