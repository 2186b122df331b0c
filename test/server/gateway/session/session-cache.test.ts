/**
 * The cache of unsealed sessions (session-cache.ts) never answers for the store: over real sockets,
 * two gateways share one session store (what two instances behind a balancer do), each with its own
 * cache and its own connection to the store, on both backends (test/helpers/store-backends.ts);
 * whatever one does to a session — logout, impersonation, stop — the other sees at once. And the
 * cache itself: bounded, least recently used out first, dead at the row's expiry.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { SessionCache } from "../../../../server/gateway/session/session-cache.ts";
import type { SessionData } from "../../../../server/gateway/session/session-data.ts";
import { GatewaySessions } from "../../../../server/gateway/session/session-manager.ts";
import type { SessionStore } from "../../../../server/gateway/session/session-store.ts";
import { IN_MEMORY, SqliteSessionStore } from "../../../../server/gateway/session/sqlite-session-store.ts";
import { type StorePlace, storeBackends } from "../../../helpers/store-backends.ts";
import type { RunningUpstream } from "../../upstream/upstream-fixture.ts";
import { Browser, signInAs, startGateway, startRealUpstream, type TestGateway } from "./gateway-fixture.ts";

const DATA = { v: 1 } as unknown as SessionData;
const BACKENDS = await storeBackends();

/** One upstream for the shared-store suites of both backends (started when the first needs it). */
let upstreamStarted: Promise<RunningUpstream> | undefined;
const sharedUpstream = () => {
  upstreamStarted ??= startRealUpstream();
  return upstreamStarted;
};
after(async () => (await upstreamStarted)?.close());

describe("SessionCache", () => {
  test("keeps at most maxEntries, dropping the least recently used", () => {
    const cache = new SessionCache(2);
    cache.set("a", { revision: 0, expiresAt: 100, data: DATA });
    cache.set("b", { revision: 0, expiresAt: 100, data: DATA });
    assert.ok(cache.get("a", 0), "a is now the most recently used");
    cache.set("c", { revision: 0, expiresAt: 100, data: DATA });
    assert.equal(cache.size, 2);
    assert.equal(cache.get("b", 0), undefined, "b was the least recently used");
    assert.ok(cache.get("a", 0));
    assert.ok(cache.get("c", 0));
  });

  test("an entry is dead at its expiry; delete and clear forget; 0 entries caches nothing", () => {
    const cache = new SessionCache(10);
    cache.set("a", { revision: 3, expiresAt: 100, data: DATA });
    assert.equal(cache.get("a", 99)?.revision, 3);
    assert.equal(cache.get("a", 100), undefined);
    assert.equal(cache.size, 0, "the expired entry is dropped");
    cache.set("b", { revision: 0, expiresAt: 100, data: DATA });
    cache.delete("b");
    assert.equal(cache.get("b", 0), undefined);
    cache.set("c", { revision: 0, expiresAt: 100, data: DATA });
    cache.clear();
    assert.equal(cache.size, 0);
    const none = new SessionCache(0);
    none.set("d", { revision: 0, expiresAt: 100, data: DATA });
    assert.equal(none.get("d", 0), undefined);
    assert.throws(() => new SessionCache(-1), TypeError);
  });
});

describe("identityOf: at once for a cached session, else a promise", () => {
  const SECRET = "session-cache-test-secret-0123456789-abcdefghijklmnop";
  const NOW = 1_000_000;
  const GRANTED: SessionData = {
    v: 1,
    grant: {
      token: "upstream-token-0123456789",
      expiresAt: NOW + 60_000,
      absoluteExpiresAt: NOW + 60_000,
      idleTimeoutSeconds: null,
    },
    staffGrant: null,
    pendingTwoFactor: null,
    identifier: "owner@example.test",
    facts: null,
    fingerprint: null,
    createdAt: NOW,
  };

  /** Signs a session in and returns the request that carries its cookie. */
  async function signedIn(sessions: GatewaySessions): Promise<{ cookie: string; request: never }> {
    const cookies: string[] = [];
    const reply = { header: (_name: string, value: string) => cookies.push(value) } as never;
    await sessions.create({ protocol: "http", headers: {} } as never, reply, GRANTED);
    const cookie = (cookies[0] ?? "").split(";")[0] as string;
    return { cookie, request: { headers: { cookie } } as never };
  }

  /** The SQLite store without its same-turn check: what a network store looks like. */
  function withoutRevisionNow(store: SqliteSessionStore): SessionStore {
    return {
      insert: (session) => store.insert(session),
      get: (idHash, now) => store.get(idHash, now),
      revision: (idHash, now) => store.revision(idHash, now),
      replace: (...args) => store.replace(...args),
      delete: (idHash, revision) => store.delete(idHash, revision),
      deleteExpired: (now) => store.deleteExpired(now),
      close: () => store.close(),
    };
  }

  test("a cached session at its stored revision: the identity itself, no promise", async () => {
    const store = new SqliteSessionStore(IN_MEMORY);
    const sessions = new GatewaySessions({ store, secret: SECRET, now: () => NOW });
    const { request } = await signedIn(sessions);
    const identity = sessions.identityOf(request);
    assert.ok(!(identity instanceof Promise));
    assert.equal(identity?.bearerToken, "upstream-token-0123456789");
    assert.equal(sessions.identityOf({ headers: {} } as never), null, "no cookie: null at once");
    await store.close();
  });

  const cases: {
    name: string;
    change: (store: SqliteSessionStore, idHash: string) => Promise<unknown>;
    expected: string | null;
  }[] = [
    { name: "ended elsewhere", change: (store, idHash) => store.delete(idHash), expected: null },
    {
      name: "changed elsewhere (a new revision)",
      change: async (store, idHash) => {
        const row = await store.get(idHash, NOW);
        assert.ok(row);
        return store.replace(idHash, row.revision, row.sealed, row.expiresAt);
      },
      expected: "upstream-token-0123456789",
    },
  ];
  for (const { name, change, expected } of cases) {
    test(`a cached session ${name}: answered by the store, through a promise`, async () => {
      const store = new SqliteSessionStore(IN_MEMORY);
      const sessions = new GatewaySessions({ store, secret: SECRET, now: () => NOW });
      const { request } = await signedIn(sessions);
      const before = sessions.identityOf(request);
      assert.ok(before && !(before instanceof Promise));
      await change(store, before.sessionId);
      const after = sessions.identityOf(request);
      assert.ok(after instanceof Promise, "a stale entry is never answered from the cache");
      assert.equal((await after)?.bearerToken ?? null, expected);
      await store.close();
    });
  }

  test("a store without revisionNow: always a promise, the same answers", async () => {
    const sqlite = new SqliteSessionStore(IN_MEMORY);
    const sessions = new GatewaySessions({
      store: withoutRevisionNow(sqlite),
      secret: SECRET,
      now: () => NOW,
    });
    const { request } = await signedIn(sessions);
    const identity = sessions.identityOf(request);
    assert.ok(identity instanceof Promise);
    assert.equal((await identity)?.bearerToken, "upstream-token-0123456789");
    await sqlite.delete((await identity)!.sessionId);
    assert.equal(await sessions.identityOf(request), null);
    await sqlite.close();
  });

  for (const backend of BACKENDS) {
    // PostgreSQL has no same-turn revision check: its cached sessions take the asynchronous path.
    const atOnce = backend.name === "SQLite";
    test(`the ${backend.name} store: a cached session ${atOnce ? "at once" : "through a promise"}; ended by another instance, null`, {
      skip: backend.skip,
    }, async () => {
      const place = await backend.place();
      try {
        const store = await place.openSessions();
        const sessions = new GatewaySessions({ store, secret: SECRET, now: () => NOW });
        const { request } = await signedIn(sessions);
        const identity = sessions.identityOf(request);
        assert.equal(identity instanceof Promise, !atOnce);
        const resolved = await identity;
        assert.equal(resolved?.bearerToken, "upstream-token-0123456789");
        assert.equal(
          (await sessions.identityOf(request))?.bearerToken,
          resolved?.bearerToken,
          "again, cached",
        );
        await (await place.openSessions()).delete(resolved!.sessionId);
        assert.equal(await sessions.identityOf(request), null);
      } finally {
        await place.close();
      }
    });
  }
});

for (const backend of BACKENDS)
  describe(`cached sessions against a shared ${backend.name} store`, { skip: backend.skip }, () => {
    let upstream: RunningUpstream;
    let place: StorePlace;
    /** A third instance's connection to the store, for what happens beside both gateways. */
    let store: SessionStore;
    let first: TestGateway;
    let second: TestGateway;
    before(async () => {
      upstream = await sharedUpstream();
      place = await backend.place();
      store = await place.openSessions();
      first = await startGateway(upstream, { session: { store: await place.openSessions() } });
      second = await startGateway(upstream, { session: { store: await place.openSessions() } });
    });
    after(async () => {
      await first.close();
      await second.close();
      await place.close();
    });

    /** The same browser (cookies) talking to the other gateway. */
    function sameBrowserAt(gateway: TestGateway, client: Browser): Browser {
      const other = new Browser(gateway.url);
      for (const [name, value] of client.jar) other.jar.set(name, value);
      return other;
    }

    test("a logout at one gateway ends the session at the other, whose cache held it", async () => {
      const atFirst = await signInAs(first, "owner");
      assert.equal((await atFirst.get("/api/Common/LoggedInConfig")).status, 200);
      assert.equal((await atFirst.get("/api/Common/LoggedInConfig")).status, 200, "served from the cache");
      const atSecond = sameBrowserAt(second, atFirst);
      assert.equal((await atSecond.post("/gw/session/logout")).status, 204);
      const after = await atFirst.get("/api/Common/LoggedInConfig");
      assert.equal(after.status, 401, "relayed without the ended session's token");
      assert.equal((await atFirst.get("/gw/session")).status, 401);
    });

    test("impersonation started and stopped at one gateway is what the other relays with", async () => {
      const viewer = await signInAs(first, "viewer");
      const viewerRecId = (await viewer.get("/gw/session")).body.user.User.RecId;
      const staff = await signInAs(first, "staffAdmin");
      const staffName = (await staff.get("/api/Common/LoggedInConfig")).body.User.Email;
      const issued = await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`);
      assert.equal(issued.status, 200, JSON.stringify(issued.body));
      const atSecond = sameBrowserAt(second, staff);
      const started = await atSecond.post("/gw/session/impersonation", { token: issued.body.Token });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const asMember = await staff.get("/api/Common/LoggedInConfig");
      assert.equal(asMember.body.User.RecId, viewerRecId, "the first gateway relays as the member");
      assert.equal((await staff.get("/gw/session")).body.impersonating, true);
      assert.equal((await atSecond.post("/gw/session/stop-impersonation")).status, 200);
      assert.equal((await staff.get("/api/Common/LoggedInConfig")).body.User.Email, staffName);
      assert.equal((await staff.get("/gw/session")).body.impersonating, false);
    });

    test("a 401 for a token the session no longer relays with leaves it (impersonation meanwhile)", async () => {
      const client = await signInAs(first, "owner");
      const cookie = [...client.jar].map(([n, v]) => `${n}=${v}`).join("; ");
      const identity = await first.session.identityOf({ headers: { cookie } } as never);
      assert.ok(identity);
      const sessions = second.session.sessions;
      assert.equal(
        await sessions.endIfRelayingWith(identity.sessionId, "an-earlier-token-0123456789"),
        false,
      );
      assert.equal((await client.get("/gw/session")).status, 200);
      assert.equal(await sessions.endIfRelayingWith(identity.sessionId, identity.bearerToken), true);
      assert.equal((await client.get("/gw/session")).status, 401, "ended, and the other cache knows");
    });

    test("a session that expired in the store is not served from the cache", async () => {
      const client = await signInAs(first, "owner");
      assert.equal((await client.get("/gw/session")).status, 200);
      const identity = await first.session.identityOf({
        headers: { cookie: [...client.jar].map(([n, v]) => `${n}=${v}`).join("; ") },
      } as never);
      assert.ok(identity);
      // Another writer shortens the row's life (e.g. an operator ending sessions in the shared store).
      const now = upstream.clock.ms; // the gateways' session clock
      const row = await store.get(identity.sessionId, now);
      assert.ok(row);
      assert.equal(await store.replace(identity.sessionId, row.revision, row.sealed, now), true);
      assert.equal((await client.get("/gw/session")).status, 401);
    });
  });
