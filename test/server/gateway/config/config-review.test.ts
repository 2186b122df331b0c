/**
 * The review workflow of change sets (DESIGN.md §3 publishing; server/gateway/config/README.md "Review"):
 * an author asks for a review, another staff member with Write approves or refuses it with a comment,
 * authors never answer their own, new edits void an approval, and all of it is audited and kept across
 * a restart, on both store backends (test/helpers/store-backends.ts) — including in a SQLite store
 * written before the workflow existed.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import Fastify, { type FastifyInstance } from "fastify";
import { type Actor, ConfigPlane } from "../../../../server/gateway/config/config-plane.ts";
import { type ConfigStaff, configRoutes } from "../../../../server/gateway/config/config-routes.ts";
import { SqliteConfigStore } from "../../../../server/gateway/config/sqlite-config-store.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { type StorePlace, storeBackends } from "../../../helpers/store-backends.ts";
import { type BrowserClient, signedIn } from "../integration/browser-client.ts";
import { type Stack, startStack } from "../integration/integration-fixture.ts";
import { defaultBase } from "../session/gateway-fixture.ts";

const AUTHOR: Actor = { name: "tessera/author@tessera.example", address: "10.0.0.1" };
const REVIEWER: Actor = { name: "tessera/reviewer@tessera.example", address: "10.0.0.2" };
const rename = (text: string) => [{ kind: "texts.en" as const, merge: { Menu_Dashboards: text } }];

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "tessera-review-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The four-eyes plane over the store in a SQLite file, or on a backend's place. */
async function openPlane(where: string | StorePlace, clock = new ManualClock()) {
  const store = typeof where === "string" ? new SqliteConfigStore(where) : await where.openConfig();
  const log = Fastify({ logger: false }).log;
  const plane = await ConfigPlane.open({ store, base: await defaultBase(), log, clock, fourEyes: true });
  return {
    plane,
    store,
    clock,
    close: async () => {
      await plane.close();
      await store.close();
    },
  };
}

describe("over the gateway, as the seeded staff sign in", () => {
  let stack: Stack;
  let admin: BrowserClient;
  let auditor: BrowserClient;
  before(async () => {
    stack = await startStack();
    admin = await signedIn(stack.gateway.url, "staffAdmin");
    auditor = await signedIn(stack.gateway.url, "staffAuditor");
  });
  after(() => stack.close());

  async function draft(comment: string) {
    const head = (await admin.get("/gw/config")).json.head as number;
    const created = await admin.post("/gw/config/changesets", {
      comment,
      baseVersion: head,
      edits: rename(comment),
    });
    assert.equal(created.status, 201, created.bytes.toString());
    return created.json.changeSet as { id: number; revision: number };
  }

  test("the author asks for a review: the change set says since when, and the audit has the comment", async () => {
    const { id, revision } = await draft("Please review");
    const fresh = (await admin.get(`/gw/config/changesets/${id}`)).json.changeSet;
    assert.equal(fresh.reviewRequestedAt, null);
    assert.equal(fresh.review, null);
    const asked = await admin.post(`/gw/config/changesets/${id}/request-review`, {
      revision,
      comment: "The new menu name",
    });
    assert.equal(asked.status, 200, asked.bytes.toString());
    const changeSet = asked.json.changeSet;
    assert.equal(typeof changeSet.reviewRequestedAt, "number");
    assert.equal(changeSet.status, "draft");
    assert.equal(changeSet.revision, revision + 1);
    const entries = (await auditor.get(`/gw/config/audit?target=changeSet:${id}`)).json.entries;
    assert.equal(entries[0].action, "changeSet.requestReview");
    assert.equal(entries[0].details.comment, "The new menu name");
    assert.equal(entries[0].details.revision, revision);
  });

  test("read-only staff can neither ask for a review nor refuse (8071); the change set is unchanged", async () => {
    const { id, revision } = await draft("Read-only staff");
    const asked = await auditor.post(`/gw/config/changesets/${id}/request-review`, { revision });
    assert.equal(asked.status, 403);
    assert.equal(asked.json.ErrorCode, 8071);
    const refused = await auditor.post(`/gw/config/changesets/${id}/refuse`, { revision, comment: "No" });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.ErrorCode, 8071);
    const stored = (await auditor.get(`/gw/config/changesets/${id}`)).json.changeSet;
    assert.deepEqual([stored.revision, stored.reviewRequestedAt, stored.review], [revision, null, null]);
  });

  test("an author cannot refuse their own change set (8076, as for an approval)", async () => {
    const { id, revision } = await draft("Own refusal");
    const own = await admin.post(`/gw/config/changesets/${id}/refuse`, { revision, comment: "Not mine" });
    assert.equal(own.status, 403);
    assert.equal(own.json.ErrorCode, 8076);
    const approve = await admin.post(`/gw/config/changesets/${id}/approve`, { revision, comment: "Fine" });
    assert.equal(approve.status, 403);
    assert.equal(approve.json.ErrorCode, 8076);
    assert.equal((await admin.get(`/gw/config/changesets/${id}`)).json.changeSet.review, null);
  });

  const badBodies: { name: string; body: (revision: number) => unknown; pointer?: RegExp }[] = [
    { name: "no comment", body: (revision) => ({ revision }) },
    { name: "an empty comment", body: (revision) => ({ revision, comment: "" }), pointer: /^\/comment$/ },
    {
      name: "a blank comment",
      body: (revision) => ({ revision, comment: " \n\t " }),
      pointer: /^\/comment$/,
    },
    {
      name: "a comment with a direction override",
      body: (revision) => ({ revision, comment: "fine\u202Eenif" }),
      pointer: /^\/comment$/,
    },
    {
      name: "a comment over 2000 characters",
      body: (revision) => ({ revision, comment: "x".repeat(2001) }),
      pointer: /^\/comment$/,
    },
    { name: "an unknown property", body: (revision) => ({ revision, comment: "Why", decision: "refused" }) },
    { name: "no revision", body: () => ({ comment: "Why" }) },
  ];
  for (const { name, body, pointer } of badBodies) {
    test(`a refusal with ${name} is refused as a bad request (400, 8077)`, async () => {
      const { id, revision } = await draft(`Bad refusal: ${name}`);
      const answer = await admin.post(`/gw/config/changesets/${id}/refuse`, body(revision));
      assert.equal(answer.status, 400, answer.bytes.toString());
      assert.equal(answer.json.ErrorCode, 8077);
      if (pointer) assert.match(answer.json.pointer, pointer);
    });
  }

  test("request-review and approve refuse unknown properties and bad comments too", async () => {
    const { id, revision } = await draft("Bad bodies");
    const extra = await admin.post(`/gw/config/changesets/${id}/request-review`, { revision, urgent: true });
    assert.equal(extra.status, 400);
    assert.match(extra.json.Message, /urgent/);
    const control = await admin.post(`/gw/config/changesets/${id}/request-review`, {
      revision,
      comment: "bell\u0007",
    });
    assert.equal(control.status, 400);
    const approve = await admin.post(`/gw/config/changesets/${id}/approve`, { revision, note: "x" });
    assert.equal(approve.status, 400);
    assert.equal(approve.json.ErrorCode, 8077);
  });

  test("a review of a cancelled change set is refused (8075); a stale revision too (8073)", async () => {
    const { id, revision } = await draft("Stale");
    const stale = await admin.post(`/gw/config/changesets/${id}/request-review`, { revision: revision + 5 });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.ErrorCode, 8073);
    assert.equal(stale.json.revision, revision);
    const cancelled = await admin.post(`/gw/config/changesets/${id}/cancel`, {});
    assert.equal(cancelled.status, 200);
    const asked = await admin.post(`/gw/config/changesets/${id}/request-review`, {
      revision: cancelled.json.changeSet.revision,
    });
    assert.equal(asked.status, 409);
    assert.equal(asked.json.ErrorCode, 8075);
  });
});

describe("two staff members with Write, through the routes", () => {
  let app: FastifyInstance;
  let url: string;
  let opened: Awaited<ReturnType<typeof openPlane>>;
  const STAFF: Record<string, ConfigStaff> = {
    author: { name: AUTHOR.name, read: true, write: true },
    reviewer: { name: REVIEWER.name, read: true, write: true },
  };

  before(async () => {
    opened = await openPlane(join(dir, "routes.sqlite"));
    app = Fastify({ logger: false });
    // Who calls is the test's `x-staff` header: the session side of staffOf is the suite above's.
    await app.register(configRoutes, {
      plane: opened.plane,
      staffOf: async (request) => STAFF[String(request.headers["x-staff"])] ?? null,
    });
    url = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  after(async () => {
    await app.close();
    await opened.close();
  });

  async function call(who: keyof typeof STAFF, path: string, body?: unknown) {
    const response = await fetch(`${url}/gw/config${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "x-staff": who, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions
    return { status: response.status, json: (await response.json()) as any };
  }

  async function draft(text: string) {
    const created = await call("author", "/changesets", {
      comment: text,
      baseVersion: await opened.plane.headVersion(),
      edits: rename(text),
    });
    assert.equal(created.status, 201);
    return created.json.changeSet as { id: number; revision: number };
  }

  test("a refusal sends the change set back as a draft with the reviewer's comment, and is audited", async () => {
    const { id, revision } = await draft("Boards");
    const asked = await call("author", `/changesets/${id}/request-review`, { revision });
    const refused = await call("reviewer", `/changesets/${id}/refuse`, {
      revision: asked.json.changeSet.revision,
      comment: "Say «Dashboards» in English,\r\nplease.",
    });
    assert.equal(refused.status, 200, JSON.stringify(refused.json));
    const changeSet = refused.json.changeSet;
    assert.equal(changeSet.status, "draft");
    assert.equal(changeSet.reviewRequestedAt, null, "the request is answered");
    assert.deepEqual(changeSet.review, {
      by: REVIEWER.name,
      at: opened.clock.ms,
      decision: "refused",
      comment: "Say «Dashboards» in English,\r\nplease.",
    });
    const [entry] = (await call("reviewer", `/audit?target=changeSet:${id}&limit=1`)).json.entries;
    assert.equal(entry.action, "changeSet.refuse");
    assert.equal(entry.actor, REVIEWER.name);
    assert.deepEqual(entry.details, {
      revision: asked.json.changeSet.revision,
      comment: "Say «Dashboards» in English,\r\nplease.",
      was: "draft",
    });
    // Four eyes: a refused change set does not publish.
    const publish = await call("author", `/changesets/${id}/publish`, {});
    assert.equal(publish.status, 403);
    assert.equal(publish.json.ErrorCode, 8076);
  });

  test("an approval with a comment records the review; refusing it afterwards voids the approval", async () => {
    const { id, revision } = await draft("Tiles");
    const asked = await call("author", `/changesets/${id}/request-review`, { revision, comment: "Tiles?" });
    const approved = await call("reviewer", `/changesets/${id}/approve`, {
      revision: asked.json.changeSet.revision,
      comment: "Good name",
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.json));
    assert.equal(approved.json.changeSet.status, "approved");
    assert.equal(approved.json.changeSet.approvedBy, REVIEWER.name);
    assert.equal(approved.json.changeSet.reviewRequestedAt, null);
    assert.deepEqual(approved.json.changeSet.review, {
      by: REVIEWER.name,
      at: opened.clock.ms,
      decision: "approved",
      comment: "Good name",
    });
    const [approval] = (await call("author", `/audit?target=changeSet:${id}&limit=1`)).json.entries;
    assert.equal(approval.action, "changeSet.approve");
    assert.equal(approval.details.comment, "Good name");

    opened.clock.advance(60_000);
    const refused = await call("reviewer", `/changesets/${id}/refuse`, {
      revision: approved.json.changeSet.revision,
      comment: "On second thought: no",
    });
    assert.equal(refused.status, 200);
    const changeSet = refused.json.changeSet;
    assert.deepEqual(
      [changeSet.status, changeSet.approvedBy, changeSet.approvedAt, changeSet.review.decision],
      ["draft", null, null, "refused"],
    );
    const [refusal] = (await call("author", `/audit?target=changeSet:${id}&limit=1`)).json.entries;
    assert.equal(refusal.details.was, "approved");
  });

  test("an approval without a comment has an empty one", async () => {
    const { id, revision } = await draft("Panels");
    const approved = await call("reviewer", `/changesets/${id}/approve`, { revision });
    assert.equal(approved.status, 200);
    assert.equal(approved.json.changeSet.review.comment, "");
  });

  test("a published change set can no longer be refused (8075)", async () => {
    const { id, revision } = await draft("Cards");
    const approved = await call("reviewer", `/changesets/${id}/approve`, { revision });
    assert.equal((await call("author", `/changesets/${id}/publish`, {})).status, 201);
    const refused = await call("reviewer", `/changesets/${id}/refuse`, {
      revision: approved.json.changeSet.revision + 1,
      comment: "Too late",
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.json.ErrorCode, 8075);
  });
});

describe("reviews and new edits, on the plane", () => {
  test("new edits void an approval and its review but keep a pending request; a refusal stays for the author", async () => {
    const { plane, close } = await openPlane(join(dir, "edits.sqlite"));
    const created = await plane.createChangeSet(AUTHOR, { comment: "a", baseVersion: 0, edits: rename("A") });
    const approved = await plane.approve(REVIEWER, created.id, created.revision, "ok");
    const asked = await plane.requestReview(AUTHOR, created.id, approved.revision).catch((e) => e);
    assert.equal(asked.code, "ConfigWrongState", "an approved change set is not asked for a review");
    const edited = await plane.updateChangeSet(AUTHOR, created.id, {
      revision: approved.revision,
      edits: rename("B"),
    });
    assert.deepEqual([edited.status, edited.approvedBy, edited.review], ["draft", null, null]);
    const requested = await plane.requestReview(AUTHOR, created.id, edited.revision, "again");
    const renamed = await plane.updateChangeSet(AUTHOR, created.id, {
      revision: requested.revision,
      edits: rename("C"),
    });
    assert.equal(renamed.reviewRequestedAt, requested.reviewRequestedAt, "the author still wants a review");
    const refused = await plane.refuse(REVIEWER, created.id, renamed.revision, "Not C");
    const reworked = await plane.updateChangeSet(AUTHOR, created.id, {
      revision: refused.revision,
      edits: rename("D"),
    });
    assert.deepEqual(reworked.review, refused.review, "the refusal is what the author answers");
    // A comment-only update touches neither the approval nor the review.
    const reapproved = await plane.approve(REVIEWER, created.id, reworked.revision);
    const commented = await plane.updateChangeSet(AUTHOR, created.id, {
      revision: reapproved.revision,
      comment: "d",
    });
    assert.deepEqual([commented.status, commented.review?.decision], ["approved", "approved"]);
    await close();
  });

  test("a blank refusal is refused by the plane too, before anything is read", async () => {
    const { plane, close } = await openPlane(join(dir, "blank.sqlite"));
    const created = await plane.createChangeSet(AUTHOR, { comment: "a", baseVersion: 0, edits: rename("A") });
    await assert.rejects(plane.refuse(REVIEWER, created.id, created.revision, "  \n"), {
      code: "ConfigBadRequest",
      status: 400,
    });
    assert.equal((await plane.changeSet(created.id)).revision, created.revision);
    await close();
  });
});

for (const backend of await storeBackends())
  describe(`the ${backend.name} store`, { skip: backend.skip }, () => {
    let place: StorePlace;
    before(async () => {
      place = await backend.place();
    });
    after(() => place.close());

    test("a review request and a review are kept across reopening the store", async () => {
      const clock = new ManualClock();
      const first = await openPlane(place, clock);
      const created = await first.plane.createChangeSet(AUTHOR, {
        comment: "kept",
        baseVersion: 0,
        edits: rename("Kept"),
      });
      const refused = await first.plane.refuse(REVIEWER, created.id, created.revision, "Why «Kept»?");
      clock.advance(1000);
      const requested = await first.plane.requestReview(AUTHOR, created.id, refused.revision);
      await first.close();
      const second = await openPlane(place, clock);
      const stored = await second.plane.changeSet(created.id);
      assert.deepEqual(stored, requested);
      assert.equal(stored.reviewRequestedAt, clock.ms);
      assert.deepEqual(stored.review, {
        by: REVIEWER.name,
        at: clock.ms - 1000,
        decision: "refused",
        comment: "Why «Kept»?",
      });
      await second.close();
    });
  });

describe("the SQLite store's schema", () => {
  test("a store written before the review workflow (schema 1) upgrades in place and keeps its history", async () => {
    const file = join(dir, "schema-1.sqlite");
    const first = await openPlane(file);
    const created = await first.plane.createChangeSet(AUTHOR, {
      comment: "old",
      baseVersion: 0,
      edits: rename("Old"),
    });
    await first.close();
    // Schema 1 is schema 2 without the review columns.
    const db = new Database(file);
    db.exec(`ALTER TABLE config_change_sets DROP COLUMN review;
             ALTER TABLE config_change_sets DROP COLUMN review_requested_at;
             UPDATE config_schema SET version = 1;`);
    db.close();
    const second = await openPlane(file);
    const stored = await second.plane.changeSet(created.id);
    assert.deepEqual(stored, { ...created, reviewRequestedAt: null, review: null });
    const requested = await second.plane.requestReview(AUTHOR, created.id, stored.revision);
    assert.equal(typeof requested.reviewRequestedAt, "number");
    assert.equal((await second.plane.audit({ target: `changeSet:${created.id}` })).length, 2);
    await second.close();
    const upgraded = new Database(file);
    assert.equal(
      (upgraded.prepare("SELECT version FROM config_schema").get() as { version: number }).version,
      2,
    );
    assert.throws(() => upgraded.prepare("UPDATE config_audit SET actor = 'x'").run(), /append-only/);
    const triggers = upgraded
      .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
      .all()
      .map((row) => (row as { name: string }).name);
    assert.deepEqual(triggers, [
      "config_audit_append_only",
      "config_releases_append_only",
      "config_versions_append_only",
      "config_versions_no_delete",
    ]);
    upgraded.close();
  });
});
