/**
 * UPSTREAM_DATABASE_URL picks the store (DESIGN.md §7): unset keeps the SQLite file, a postgres://
 * URL opens the PostgreSQL store, anything else refuses to start without echoing the value. Two
 * upstream instances on one PostgreSQL schema are one store: a sign-in through one is valid on the
 * other and what one writes the other reads. Skipped with the reason when PostgreSQL does not answer.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { upstreamDatabaseUrl, upstreamOptionsFromEnvironment } from "../../../server/upstream/options.ts";
import { createTestSchema, postgresSkip, type TestSchema } from "../../helpers/store-backends.ts";
import {
  Client,
  type RunningUpstream,
  signIn,
  startAnotherInstance,
  startUpstream,
} from "./upstream-fixture.ts";

test("UPSTREAM_DATABASE_URL: postgres URLs are taken, unset is SQLite, another scheme refuses without the secret", () => {
  assert.equal(upstreamDatabaseUrl(undefined), null);
  assert.equal(upstreamDatabaseUrl(" "), null);
  assert.equal(upstreamDatabaseUrl("postgresql://db/tessera"), "postgresql://db/tessera");
  assert.equal(
    upstreamOptionsFromEnvironment({ UPSTREAM_DATABASE_URL: "postgres://u:p@db:5432/t" }).databaseUrl,
    "postgres://u:p@db:5432/t",
  );
  for (const bad of ["mysql://root:secret@db/tessera", "secret"]) {
    assert.throws(
      () => upstreamDatabaseUrl(bad),
      (error: unknown) =>
        error instanceof Error &&
        /UPSTREAM_DATABASE_URL/.test(error.message) &&
        !error.message.includes("secret"),
    );
  }
});

describe("two upstream instances on one PostgreSQL store", { skip: await postgresSkip() }, () => {
  let schema: TestSchema;
  let a: RunningUpstream;
  let b: RunningUpstream;
  before(async () => {
    schema = await createTestSchema();
    a = await startUpstream({ databaseUrl: schema.url });
    b = await startAnotherInstance(a);
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await schema?.drop();
  });

  test("the store is PostgreSQL's: the demo seeded there, a session begun on A is valid on B, a write on B is read on A", async () => {
    assert.equal(a.databaseUrl, schema.url);
    const onA = await signIn(a, "owner");
    const onB = new Client(b.baseUrl, onA.token);
    const config = await onB.get("/api/Common/LoggedInConfig");
    assert.equal(config.status, 200);
    assert.equal(config.body.User.FullName, "Olivia Owner");
    const sent = await onB.post("/api/supportchat/message", {
      Page: "/",
      Text: "written through B",
      UID: "pg-store-selection-0001",
    });
    assert.ok(sent.status < 300, JSON.stringify(sent.body));
    const active = await onA.get("/api/supportchat/active");
    assert.ok(
      (active.body.Messages as { Text: string }[]).some((message) => message.Text === "written through B"),
    );
  });
});
