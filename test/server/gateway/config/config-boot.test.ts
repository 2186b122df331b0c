/**
 * The configuration plane across gateway restarts, over real sockets (DESIGN.md §3 "an invalid
 * manifest never replaces the last known good one, at boot or at publish"): the real seeded upstream
 * and gateways from buildApp on one data directory, one after the other.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import Database from "better-sqlite3";
import { BASE_SERVED } from "../../../helpers/base-served.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { type BrowserClient, signedIn } from "../integration/browser-client.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "../integration/integration-fixture.ts";

let upstream: RunningUpstream;
let dataDir: string;
const clock = new ManualClock(Date.now());

before(async () => {
  upstream = await startUpstream();
  dataDir = mkdtempSync(join(tmpdir(), "tessera-config-boot-"));
});
after(async () => {
  await upstream.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const gateway = () => startGateway(upstream.url, { more: { dataDir, configClock: clock } });

async function publishRename(admin: BrowserClient, text: string, at?: string): Promise<number | null> {
  const head = (await admin.get("/gw/config")).json.head as number;
  const draft = await admin.post("/gw/config/changesets", {
    comment: text,
    baseVersion: head,
    edits: [{ kind: "texts.en", merge: { Menu_Dashboards: text } }],
  });
  const published = await admin.post(
    `/gw/config/changesets/${draft.json.changeSet.id}/publish`,
    at ? { at } : {},
  );
  assert.ok(published.status === 201 || published.status === 202, published.bytes.toString());
  return published.json.version ?? null;
}

async function dashboardsText(client: BrowserClient): Promise<{ version: number; text: string }> {
  const manifest = (await client.get("/gw/manifest")).json;
  return {
    version: manifest.configVersion,
    text: (await client.get(manifest.texts.en)).json.Menu_Dashboards,
  };
}

/** Waits for the gateway's scheduler to have published (it runs right after boot). */
async function untilServing(client: BrowserClient, version: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await client.get("/gw/manifest")).json.configVersion === version) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.fail(`version ${version} was never served`);
}

async function closeGateway(g: RunningGateway): Promise<void> {
  await g.app.close();
}

test("a schedule survives a restart, and a corrupt newest version falls back to the last good one", async () => {
  // 1. Publish two versions and schedule a third an hour ahead; stop.
  const one = await gateway();
  let admin = await signedIn(one.url, "staffAdmin");
  assert.equal(await publishRename(admin, "First"), 1);
  assert.equal(await publishRename(admin, "Second"), 2);
  await publishRename(admin, "Third", new Date(clock.ms + 3_600_000).toISOString());
  assert.equal((await dashboardsText(admin)).text, "Second");
  await closeGateway(one);

  // 2. Two hours later a new gateway starts: the due schedule publishes at once.
  clock.advance(2 * 3_600_000);
  const two = await gateway();
  admin = await signedIn(two.url, "staffAdmin");
  clock.advance(0);
  await untilServing(admin, 3);
  assert.deepEqual(await dashboardsText(admin), { version: 3, text: "Third" });
  const ready = await admin.get("/readyz");
  assert.equal(ready.json.status, "ready");
  await closeGateway(two);

  // 3. The newest version is corrupted in the store; the next gateway serves version 2 and says so.
  const db = new Database(join(dataDir, "gateway.sqlite"));
  db.exec("DROP TRIGGER config_versions_append_only");
  db.prepare(
    "UPDATE config_versions SET content = replace(content, 'Third', 'Tampered') WHERE number = 3",
  ).run();
  db.close();
  const three = await gateway();
  const owner = await signedIn(three.url, "owner");
  assert.deepEqual(await dashboardsText(owner), { version: 2, text: "Second" });
  // The shipped texts stay served after a restart: every page built names their address.
  const shipped = await owner.get(BASE_SERVED.texts.en);
  assert.equal(shipped.status, 200);
  assert.equal(shipped.json.Menu_Dashboards, "Dashboards");
  const degraded = await owner.get("/readyz");
  assert.equal(degraded.status, 200, "it keeps serving");
  assert.equal(degraded.json.status, "degraded");
  assert.equal(degraded.json.degraded.configuration.version, 3);
  assert.equal(degraded.json.degraded.configuration.serving, 2);
  assert.match(degraded.json.degraded.configuration.problems[0].reason, /hash/);
  admin = await signedIn(three.url, "staffAdmin");
  assert.equal((await admin.get("/gw/config")).json.degraded.version, 3, "the config API reports it too");
  // A new publication repairs it: built on the last good content, it serves and clears the state.
  assert.equal(await publishRename(admin, "Fourth"), 4);
  assert.deepEqual(await dashboardsText(owner), { version: 4, text: "Fourth" });
  assert.equal((await owner.get("/readyz")).json.status, "ready");
  await closeGateway(three);
});
