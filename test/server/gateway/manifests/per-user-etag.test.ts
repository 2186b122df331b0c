/**
 * Per-user manifest caching over real sockets: bytes cached per (manifest version, account,
 * permission fingerprint), a strong ETag with 304, `Vary: Cookie`, and no ETag of one user ever
 * answering 304 to a user who is served something else.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { RunningUpstream } from "../../upstream/upstream-fixture.ts";
import {
  Browser,
  signInAs,
  startGateway,
  startRealUpstream,
  type TestGateway,
} from "../session/gateway-fixture.ts";

let upstream: RunningUpstream;
let gateway: TestGateway;

before(async () => {
  upstream = await startRealUpstream();
  gateway = await startGateway(upstream);
});
after(async () => {
  await gateway.close();
  await upstream.close();
});

async function etagOf(client: Browser): Promise<string> {
  const reply = await client.get("/gw/manifest");
  assert.equal(reply.status, 200);
  assert.equal(reply.headers.get("vary"), "Cookie, Accept-Encoding");
  assert.equal(reply.headers.get("cache-control"), "private, no-cache");
  const etag = reply.headers.get("etag");
  assert.match(etag ?? "", /^"[A-Za-z0-9_-]+"$/);
  return etag as string;
}

describe("per-user ETag", () => {
  test("the same user gets the same ETag and 304 for it", async () => {
    const viewer = await signInAs(gateway, "viewer");
    const etag = await etagOf(viewer);
    assert.equal(await etagOf(viewer), etag);
    const cached = await viewer.get("/gw/manifest", { headers: { "if-none-match": etag } });
    assert.equal(cached.status, 304);
    assert.equal(cached.body, null);
    assert.equal(cached.headers.get("etag"), etag);
  });

  test("users with the same account and permissions share the cached bytes; others do not", async () => {
    const analyst = await etagOf(await signInAs(gateway, "analyst"));
    const viewer = await etagOf(await signInAs(gateway, "viewer"));
    const owner = await etagOf(await signInAs(gateway, "owner"));
    const anonymous = await etagOf(new Browser(gateway.url));
    assert.equal(new Set([analyst, viewer, owner, anonymous]).size, 4);
    const otherViewer = await etagOf(await signInAs(gateway, "viewer"));
    assert.equal(otherViewer, viewer, "a second viewer session reuses the bytes");
  });

  test("a user's ETag never yields 304 for a different manifest", async () => {
    const viewer = await etagOf(await signInAs(gateway, "viewer"));
    const owner = await signInAs(gateway, "owner");
    const reply = await owner.get("/gw/manifest", { headers: { "if-none-match": viewer } });
    assert.equal(reply.status, 200);
    assert.notEqual(reply.headers.get("etag"), viewer);
    const visitor = await new Browser(gateway.url).get("/gw/manifest", {
      headers: { "if-none-match": viewer },
    });
    assert.equal(visitor.status, 200);
    assert.equal(visitor.body.audience, "anonymous");
  });

  test("signing out turns the same browser back into the anonymous manifest", async () => {
    const client = await signInAs(gateway, "viewer");
    assert.equal((await client.get("/gw/manifest")).body.audience, "user");
    await client.post("/gw/session/logout");
    assert.equal((await client.get("/gw/manifest")).body.audience, "anonymous");
  });
});
