/**
 * Two gateway instances on one PostgreSQL database (GATEWAY_DATABASE_URL; DESIGN.md §7), built by
 * `buildApp` as `npm start` builds them, in front of the real upstream, over real sockets: a session
 * begun on one is the other's too and ends on both wherever it is ended, and a change set written
 * through one is read through the other. Skipped with the reason when the PostgreSQL test server does
 * not answer (test/helpers/store-backends.ts); each run on a schema of its own.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  GatewayConfigError,
  gatewayDatabaseUrl,
  readGatewayConfig,
} from "../../../../server/gateway/config.ts";
import { createTestSchema, postgresSkip, type TestSchema } from "../../../helpers/store-backends.ts";
import { BrowserClient, signedIn } from "./browser-client.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";

test("GATEWAY_DATABASE_URL: a postgres URL selects PostgreSQL, unset keeps SQLite, anything else refuses to boot", () => {
  const url = "postgres://tessera:secret@db.internal:5432/tessera";
  assert.equal(readGatewayConfig({ GATEWAY_DATABASE_URL: url }, "/srv").app.databaseUrl, url);
  assert.equal(gatewayDatabaseUrl("postgresql://db/tessera"), "postgresql://db/tessera");
  assert.equal(readGatewayConfig({}, "/srv").app.databaseUrl, null);
  assert.equal(gatewayDatabaseUrl(""), null);
  for (const bad of ["mysql://root:secret@db/tessera", "db.internal:5432", "secret"]) {
    assert.throws(
      () => gatewayDatabaseUrl(bad),
      (error: unknown) =>
        error instanceof GatewayConfigError &&
        /GATEWAY_DATABASE_URL/.test(error.message) &&
        !error.message.includes("secret"),
      bad,
    );
  }
});

describe("two gateway instances on one PostgreSQL database", { skip: await postgresSkip() }, () => {
  let schema: TestSchema;
  let upstream: RunningUpstream;
  let a: RunningGateway;
  let b: RunningGateway;
  before(async () => {
    schema = await createTestSchema();
    upstream = await startUpstream();
    // Started together: the two migrate the empty schema at the same time.
    [a, b] = await Promise.all([
      startGateway(upstream.url, { more: { databaseUrl: schema.url } }),
      startGateway(upstream.url, { more: { databaseUrl: schema.url } }),
    ]);
  });
  after(async () => {
    await a?.app.close();
    await b?.app.close();
    await upstream?.close();
    await schema?.drop();
  });

  /** The same browser (its cookies) talking to instance `to`. */
  const sameBrowserAt = (to: RunningGateway, client: BrowserClient) => {
    const other = new BrowserClient(to.url);
    for (const [name, value] of client.jar) other.jar.set(name, value);
    return other;
  };

  test("both are ready, the database among their checks", async () => {
    for (const instance of [a, b]) {
      const ready = await new BrowserClient(instance.url).get("/readyz");
      assert.equal(ready.status, 200, ready.bytes.toString());
      assert.equal(ready.json.checks.database, true);
    }
  });

  test("a login on one is valid on the other; a logout on the other ends it on the first", async () => {
    const atA = await signedIn(a.url, "owner");
    const email = (await atA.get("/api/Common/LoggedInConfig")).json.User.Email;
    const atB = sameBrowserAt(b, atA);
    const relayed = await atB.get("/api/Common/LoggedInConfig");
    assert.equal(relayed.status, 200, "B relays with the session A began");
    assert.equal(relayed.json.User.Email, email);
    assert.equal((await atB.get("/gw/session")).status, 200);
    assert.equal((await atB.post("/gw/session/logout")).status, 204);
    assert.equal((await atA.get("/gw/session")).status, 401, "ended on A too");
    assert.equal((await atA.get("/api/Common/LoggedInConfig")).status, 401);
  });

  test("a change set written through one is read, at its revision, through the other", async () => {
    const staffAtA = await signedIn(a.url, "staffAdmin");
    const created = await staffAtA.post("/gw/config/changesets", {
      comment: "through A",
      baseVersion: 0,
      edits: [{ kind: "texts.en", merge: { Menu_Dashboards: "Boards" } }],
    });
    assert.equal(created.status, 201, created.bytes.toString());
    const { id, revision } = created.json.changeSet as { id: number; revision: number };
    const read = await sameBrowserAt(b, staffAtA).get(`/gw/config/changesets/${id}`);
    assert.equal(read.status, 200, read.bytes.toString());
    assert.equal(read.json.changeSet.comment, "through A");
    assert.equal(read.json.changeSet.revision, revision);
  });

  test("a tab that heard of a publication on A gets it from B: the manifest with atLeast, and its texts", async () => {
    // No Redis here: B hears of nothing, as an instance whose fan-out message is still on the way.
    const staffAtA = await signedIn(a.url, "staffAdmin");
    const head = (await staffAtA.get("/gw/config")).json.head as number;
    const created = await staffAtA.post("/gw/config/changesets", {
      comment: "published on A",
      baseVersion: head,
      edits: [{ kind: "texts.en", merge: { Menu_Dashboards: "Boards from A" } }],
    });
    assert.equal(created.status, 201, created.bytes.toString());
    const published = await staffAtA.post(`/gw/config/changesets/${created.json.changeSet.id}/publish`, {});
    assert.equal(published.status, 201, published.bytes.toString());
    const version = published.json.version as number;

    const ownerAtB = await signedIn(b.url, "owner");
    const before = await ownerAtB.get("/gw/manifest");
    assert.ok(before.json.configVersion < version, "B serves what it had");
    const manifest = await ownerAtB.get(`/gw/manifest?atLeast=${version}`);
    assert.equal(manifest.status, 200, manifest.bytes.toString());
    assert.equal(manifest.json.configVersion, version);
    const texts = await ownerAtB.get(manifest.json.texts.en as string);
    assert.equal(texts.status, 200);
    assert.equal(texts.json.Menu_Dashboards, "Boards from A");
    assert.equal((await ownerAtB.get("/gw/manifest")).json.configVersion, version, "B serves it since");

    for (const bad of ["0", "-1", "1.5", "x", "1e3"]) {
      const refused = await ownerAtB.get(`/gw/manifest?atLeast=${bad}`);
      assert.equal(refused.status, 400, bad);
      assert.equal(refused.json.ErrorCode, 8077);
    }
  });

  test("texts a manifest of A names are served by B before B has heard of the publication", async () => {
    const staffAtA = await signedIn(a.url, "staffAdmin");
    const head = (await staffAtA.get("/gw/config")).json.head as number;
    const created = await staffAtA.post("/gw/config/changesets", {
      comment: "texts published on A",
      baseVersion: head,
      edits: [{ kind: "texts.en", merge: { Menu_Dashboards: "Texts from A" } }],
    });
    const published = await staffAtA.post(`/gw/config/changesets/${created.json.changeSet.id}/publish`, {});
    assert.equal(published.status, 201, published.bytes.toString());
    const ownerAtA = await signedIn(a.url, "owner");
    const named = (await ownerAtA.get("/gw/manifest")).json.texts.en as string;
    const texts = await sameBrowserAt(b, ownerAtA).get(named);
    assert.equal(texts.status, 200, texts.bytes.toString());
    assert.equal(texts.json.Menu_Dashboards, "Texts from A");
    const unknown = await sameBrowserAt(b, ownerAtA).get("/gw/texts/en/AAAAAAAAAAAAAAAAAAAAAA.json");
    assert.equal(unknown.status, 404);
  });
});
