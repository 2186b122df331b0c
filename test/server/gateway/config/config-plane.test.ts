/**
 * The configuration plane over its real SQLite store in a file (DESIGN.md §3): the schedule on a
 * manual clock and across a restart, the four-eyes rule, drafts' optimistic concurrency, the
 * append-only history, and the last known good configuration at boot.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import Fastify from "fastify";
import { type Actor, ConfigPlane } from "../../../../server/gateway/config/config-plane.ts";
import { SqliteConfigStore } from "../../../../server/gateway/config/sqlite-config-store.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { defaultBase } from "../session/gateway-fixture.ts";

const log = Fastify({ logger: false }).log;
const AUTHOR: Actor = { name: "tessera/admin@tessera.example", address: "10.0.0.1" };
const REVIEWER: Actor = { name: "tessera/reviewer@tessera.example", address: "10.0.0.2" };
const HOUR_MS = 3_600_000;

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "tessera-config-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function openPlane(file: string, clock: ManualClock, fourEyes = false) {
  const store = new SqliteConfigStore(file);
  const plane = await ConfigPlane.open({ store, base: await defaultBase(), log, clock, fourEyes });
  return {
    plane,
    store,
    close: async () => {
      await plane.close();
      await store.close();
    },
  };
}

const rename = (text: string) => [{ kind: "texts.en" as const, merge: { Menu_Dashboards: text } }];
const englishOf = async (plane: ConfigPlane) => {
  const served = plane.servedFor(null);
  const digest = /\/en\/([^/]+)\.json$/.exec(served.texts.en)?.[1] as string;
  return JSON.parse(plane.texts("en", digest)?.body.toString() ?? "{}") as Record<string, string>;
};

describe("the schedule", () => {
  test("a publication at a time runs when the clock reaches it, not before", async () => {
    const clock = new ManualClock();
    const { plane, close } = await openPlane(join(dir, "schedule.sqlite"), clock);
    const draft = await plane.createChangeSet(AUTHOR, {
      comment: "at nine",
      baseVersion: 0,
      edits: rename("Nine"),
    });
    const scheduled = await plane.publish(AUTHOR, draft.id, { at: clock.ms + HOUR_MS });
    assert.deepEqual(scheduled, { scheduledAt: clock.ms + HOUR_MS });
    assert.equal(plane.servedFor(null).configVersion, 0);
    clock.advance(HOUR_MS - 1);
    await plane.runDue();
    assert.equal(plane.servedFor(null).configVersion, 0, "one millisecond early: nothing");
    clock.advance(1);
    await plane.runDue();
    assert.equal(plane.servedFor(null).configVersion, 1);
    assert.equal((await englishOf(plane)).Menu_Dashboards, "Nine");
    assert.equal((await plane.changeSet(draft.id)).status, "published");
    await close();
  });

  test("a schedule survives a restart: a gateway started after the time publishes it at once", async () => {
    const file = join(dir, "restart.sqlite");
    const clock = new ManualClock();
    const first = await openPlane(file, clock);
    const draft = await first.plane.createChangeSet(AUTHOR, {
      comment: "later",
      baseVersion: 0,
      edits: rename("Later"),
    });
    await first.plane.publish(AUTHOR, draft.id, { at: clock.ms + 2 * HOUR_MS });
    await first.close();
    clock.advance(3 * HOUR_MS);
    const second = await openPlane(file, clock);
    assert.equal(clock.pending, 1, "the due schedule is armed at boot");
    clock.advance(0);
    await second.plane.runDue();
    assert.equal(second.plane.servedFor(null).configVersion, 1);
    assert.equal((await englishOf(second.plane)).Menu_Dashboards, "Later");
    const entries = await second.plane.audit({ action: "version.publish" });
    assert.equal(entries[0]?.address, "gateway", "published by the gateway's scheduler");
    assert.equal(entries[0]?.actor, AUTHOR.name, "on behalf of its author");
    await second.close();
  });

  test("a scheduled change set that became invalid fails with its reason and publishes nothing", async () => {
    const clock = new ManualClock();
    const { plane, close } = await openPlane(join(dir, "fails.sqlite"), clock);
    const late = await plane.createChangeSet(AUTHOR, {
      comment: "late",
      baseVersion: 0,
      edits: rename("Late"),
    });
    await plane.publish(AUTHOR, late.id, { at: clock.ms + HOUR_MS });
    const now = await plane.createChangeSet(AUTHOR, { comment: "now", baseVersion: 0, edits: rename("Now") });
    await plane.publish(AUTHOR, now.id);
    clock.advance(HOUR_MS);
    await plane.runDue();
    const record = await plane.changeSet(late.id);
    assert.equal(record.status, "failed");
    assert.match(record.failure ?? "", /changed since its base version/);
    assert.equal((await englishOf(plane)).Menu_Dashboards, "Now");
    await close();
  });
});

describe("four eyes", () => {
  test("publishing needs another staff member's approval; authors never approve their own", async () => {
    const { plane, close } = await openPlane(join(dir, "four-eyes.sqlite"), new ManualClock(), true);
    const draft = await plane.createChangeSet(AUTHOR, {
      comment: "reviewed",
      baseVersion: 0,
      edits: rename("Reviewed"),
    });
    await assert.rejects(plane.publish(AUTHOR, draft.id), { code: "ConfigApprovalRequired" });
    await assert.rejects(plane.approve(AUTHOR, draft.id, draft.revision), {
      code: "ConfigApprovalRequired",
      status: 403,
    });
    const approved = await plane.approve(REVIEWER, draft.id, draft.revision);
    assert.equal(approved.approvedBy, REVIEWER.name);
    // An edit after the approval voids it.
    const edited = await plane.updateChangeSet(AUTHOR, draft.id, {
      revision: approved.revision,
      edits: rename("Edited"),
    });
    assert.equal(edited.status, "draft");
    assert.equal(edited.approvedBy, null);
    await assert.rejects(plane.publish(AUTHOR, draft.id), { code: "ConfigApprovalRequired" });
    const again = await plane.approve(REVIEWER, draft.id, edited.revision);
    assert.deepEqual(await plane.publish(AUTHOR, draft.id), { version: 1 });
    assert.equal((await englishOf(plane)).Menu_Dashboards, "Edited");
    assert.equal(again.status, "approved");
    await close();
  });

  test("an update naming an old revision is refused (someone changed the draft meanwhile)", async () => {
    const { plane, close } = await openPlane(join(dir, "revision.sqlite"), new ManualClock());
    const draft = await plane.createChangeSet(AUTHOR, { comment: "a", baseVersion: 0, edits: rename("A") });
    await plane.updateChangeSet(REVIEWER, draft.id, { revision: draft.revision, comment: "b" });
    await assert.rejects(
      plane.updateChangeSet(AUTHOR, draft.id, { revision: draft.revision, comment: "c" }),
      {
        code: "ConfigStaleBase",
        status: 409,
      },
    );
    await close();
  });
});

describe("history and last known good", () => {
  test("versions, releases and audit entries cannot be changed in the store", async () => {
    const file = join(dir, "append-only.sqlite");
    const { plane, close } = await openPlane(file, new ManualClock());
    const draft = await plane.createChangeSet(AUTHOR, {
      comment: "one",
      baseVersion: 0,
      edits: rename("One"),
    });
    await plane.publish(AUTHOR, draft.id);
    await close();
    const db = new Database(file);
    assert.throws(() => db.prepare("UPDATE config_versions SET comment = 'x'").run(), /append-only/);
    assert.throws(() => db.prepare("DELETE FROM config_versions").run(), /append-only/);
    assert.throws(() => db.prepare("UPDATE config_audit SET actor = 'x'").run(), /append-only/);
    assert.throws(() => db.prepare("UPDATE config_releases SET version = 0").run(), /append-only/);
    db.close();
  });

  test("at boot a corrupt newest version is skipped: the one before serves, and the plane says degraded", async () => {
    const file = join(dir, "corrupt.sqlite");
    const clock = new ManualClock();
    const first = await openPlane(file, clock);
    for (const text of ["First", "Second"]) {
      const head = (await first.plane.versions())[0]?.number ?? 0;
      const draft = await first.plane.createChangeSet(AUTHOR, {
        comment: text,
        baseVersion: head,
        edits: rename(text),
      });
      await first.plane.publish(AUTHOR, draft.id);
    }
    await first.close();
    // Corruption below the application (a disk, a hand edit): the append-only trigger is dropped first.
    const db = new Database(file);
    db.exec("DROP TRIGGER config_versions_append_only");
    db.prepare(
      "UPDATE config_versions SET content = replace(content, 'Second', 'Tampered') WHERE number = 2",
    ).run();
    db.close();
    const second = await openPlane(file, clock);
    assert.equal(second.plane.servedFor(null).configVersion, 1);
    assert.equal((await englishOf(second.plane)).Menu_Dashboards, "First");
    const { degraded } = second.plane.status();
    assert.equal(degraded?.version, 2);
    assert.equal(degraded?.serving, 1);
    assert.match(degraded?.problems[0]?.reason ?? "", /does not match its recorded hash/);
    await second.close();
  });

  test("a newest version the current base no longer accepts is skipped with its pointer and reason", async () => {
    const file = join(dir, "new-base.sqlite");
    const clock = new ManualClock();
    const first = await openPlane(file, clock);
    const draft = await first.plane.createChangeSet(AUTHOR, {
      comment: "ok",
      baseVersion: 0,
      edits: rename("Fine"),
    });
    await first.plane.publish(AUTHOR, draft.id);
    await first.close();
    // A stored version whose content a newer base refuses: a text key the base's menus do not know.
    const store = new SqliteConfigStore(file);
    const { canonicalJson, contentHash } = await import(
      "../../../../server/gateway/config/config-content.ts"
    );
    const content = { operator: { menus: { main: { titleKey: "Removed_In_This_Release" } } }, accounts: {} };
    await store.publish({
      version: {
        createdAt: clock.ms,
        author: AUTHOR.name,
        comment: "older release",
        content: canonicalJson(content),
        contentHash: contentHash(content),
        baseHash: "an older base",
        origin: "publish",
        changeSetId: null,
        restores: null,
        summary: [],
      },
      release: { scope: "all", accounts: null, at: clock.ms, actor: AUTHOR.name },
      changeSet: null,
      audit: { at: clock.ms, actor: AUTHOR.name, address: "test", action: "version.publish", details: {} },
    });
    await store.close();
    const second = await openPlane(file, clock);
    assert.equal(second.plane.servedFor(null).configVersion, 1);
    const problem = second.plane.status().degraded?.problems[0];
    assert.deepEqual([problem?.kind, problem?.pointer], ["menus", "/main/titleKey"]);
    assert.match(problem?.reason ?? "", /Removed_In_This_Release/);
    await second.close();
  });
});
