/**
 * The four-eyes rule over real sockets (CONFIG_FOUR_EYES, server/gateway/config/README.md): with it on,
 * a staff member's change set neither publishes without another's approval nor can be approved by its
 * author, forged or not; the served configuration does not move.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { signedIn } from "../integration/browser-client.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "../integration/integration-fixture.ts";

let upstream: RunningUpstream;
let gateway: RunningGateway;

before(async () => {
  upstream = await startUpstream();
  gateway = await startGateway(upstream.url, { more: { configFourEyes: true } });
});
after(async () => {
  await gateway.app.close();
  await upstream.close();
});

test("publishing needs another staff member's approval, and an author's own approval is refused", async () => {
  const admin = await signedIn(gateway.url, "staffAdmin");
  const auditor = await signedIn(gateway.url, "staffAuditor");
  assert.equal((await admin.get("/gw/config")).json.fourEyes, true);
  const created = await admin.post("/gw/config/changesets", {
    comment: "Needs review",
    baseVersion: 0,
    edits: [{ kind: "texts.en", merge: { Menu_Dashboards: "Reviewed" } }],
  });
  assert.equal(created.status, 201);
  const { id, revision } = created.json.changeSet;
  // `you` names the caller as the change set records its author: the studio tells its own by it.
  assert.equal((await admin.get("/gw/config")).json.you, created.json.changeSet.author);
  assert.notEqual((await auditor.get("/gw/config")).json.you, created.json.changeSet.author);
  const unapproved = await admin.post(`/gw/config/changesets/${id}/publish`, {});
  assert.equal(unapproved.status, 403);
  assert.equal(unapproved.json.ErrorCode, 8076);
  const own = await admin.post(`/gw/config/changesets/${id}/approve`, { revision });
  assert.equal(own.status, 403);
  assert.equal(own.json.ErrorCode, 8076);
  // Read-only staff cannot approve either: an approval is a change.
  assert.equal((await auditor.post(`/gw/config/changesets/${id}/approve`, { revision })).status, 403);
  const scheduled = await admin.post(`/gw/config/changesets/${id}/publish`, {
    at: new Date(Date.now() + 60_000).toISOString(),
  });
  assert.equal(scheduled.status, 403, "a schedule is a publication: it needs the approval too");
  assert.equal((await admin.get("/gw/config")).json.serving, 0);
  assert.equal((await admin.get(`/gw/config/changesets/${id}`)).json.changeSet.status, "draft");
  const entries = (await auditor.get("/gw/config/audit")).json.entries as { action: string }[];
  assert.ok(!entries.some((e) => e.action === "changeSet.approve" || e.action === "version.publish"));
});
