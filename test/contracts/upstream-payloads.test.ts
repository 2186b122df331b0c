/**
 * Contract: what the real embedded upstream sends validates against the payload
 * schemas the runtime reads (schemas/payloads). A drift on either side fails here.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { validatorsById } from "../../schemas/generated/validators-by-id.js";
import { DEMO_LOGINS } from "../../server/upstream/seed/demo-accounts.ts";
import { type RunningUpstream, signIn, startUpstream } from "../server/upstream/upstream-fixture.ts";

function assertValid(schemaId: string, value: unknown): void {
  const validate = validatorsById[schemaId];
  assert.ok(validate, `no validator ${schemaId}`);
  const ok = validate(value);
  assert.ok(ok, `${schemaId}: ${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`);
}

describe("upstream payloads match the runtime's schemas", () => {
  let upstream: RunningUpstream;
  before(async () => {
    upstream = await startUpstream();
  });
  after(() => upstream.close());

  for (const who of Object.keys(DEMO_LOGINS) as Array<keyof typeof DEMO_LOGINS>) {
    if (who === "secure") continue; // needs the second factor; same shape as the others
    test(`Common/LoggedInConfig of ${who}`, async () => {
      const client = await signIn(upstream, who);
      const reply = await client.get("/api/Common/LoggedInConfig");
      assert.equal(reply.status, 200);
      assertValid("loggedInConfig", reply.body);
    });
  }

  test("Notifications/ of the owner (every §4.3 code)", async () => {
    const client = await signIn(upstream, "owner");
    const reply = await client.get("/api/Notifications/");
    assert.equal(reply.status, 200);
    assertValid("notificationList", reply.body);
    assert.ok((reply.body as unknown[]).length >= 35);
  });

  test("Common/WidgetThemes", async () => {
    const client = await signIn(upstream, "owner");
    const reply = await client.get("/api/Common/WidgetThemes");
    assert.equal(reply.status, 200);
    assertValid("widgetThemes", reply.body);
  });

  test("supportchat/active", async () => {
    const client = await signIn(upstream, "owner");
    const reply = await client.get("/api/supportchat/active");
    assert.equal(reply.status, 200);
    assertValid("supportChatActiveState", reply.body);
  });

  test("error bodies", async () => {
    const client = await signIn(upstream, "viewer");
    const denied = await client.get("/api/Admin/EmailOutbound");
    assert.ok(denied.status === 403);
    assertValid("apiError", denied.body);
  });
});
