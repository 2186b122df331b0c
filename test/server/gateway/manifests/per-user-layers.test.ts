/**
 * The layer merge of manifest resolution (DESIGN.md §3: base → operator layer → account layer):
 * JSON Merge Patch semantics, immunity to prototype pollution, refusal of whole layers that are
 * invalid, and — over real sockets, published through the configuration plane — an account layer
 * reaching only that account's users, with a refused layer leaving the last good manifest in place.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { manifestSetVersion } from "../../../../server/gateway/manifests/manifest-cache.ts";
import type { ConfigEdit } from "../../../../server/gateway/config/change-set.ts";
import type { ConfigContent } from "../../../../server/gateway/config/config-content.ts";
import { materialise } from "../../../../server/gateway/config/validate-config.ts";
import { ForbiddenKeyError, mergePatch } from "../../../../core/json/prototype-pollution.ts";
import type { RunningUpstream } from "../../upstream/upstream-fixture.ts";
import {
  Browser,
  defaultBase,
  defaultManifests,
  signInAs,
  startGateway,
  startRealUpstream,
  type TestGateway,
} from "../session/gateway-fixture.ts";

describe("merge patch", () => {
  test("objects merge, null removes, arrays and scalars replace; the inputs stay untouched", () => {
    const target = { a: { b: 1, c: [1, 2] }, d: "x", e: true };
    const patch = { a: { c: [3], f: { g: 1 } }, d: null, h: 2 };
    const merged = mergePatch(target, patch);
    assert.deepEqual(merged, { a: { b: 1, c: [3], f: { g: 1 } }, e: true, h: 2 });
    assert.deepEqual(target, { a: { b: 1, c: [1, 2] }, d: "x", e: true });
    assert.deepEqual(patch, { a: { c: [3], f: { g: 1 } }, d: null, h: 2 });
    assert.notEqual((merged as { a: unknown }).a, target.a, "a copy, never shared structure");
  });

  test("__proto__, constructor and prototype are refused at any depth, and nothing is polluted", () => {
    const patches = [
      JSON.parse('{"__proto__":{"polluted":true}}'),
      JSON.parse('{"a":{"b":{"__proto__":{"polluted":true}}}}'),
      JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
      JSON.parse('{"list":[{"prototype":{"polluted":true}}]}'),
    ];
    for (const patch of patches) {
      assert.throws(() => mergePatch({ a: { b: {} } }, patch), ForbiddenKeyError);
    }
    assert.equal(({} as { polluted?: boolean }).polluted, undefined);
    assert.equal(Object.hasOwn(Object.prototype, "polluted"), false);
  });
});

const STAFF = { name: "test/operator@tessera.example", address: "127.0.0.1" };

describe("materialise: base → operator layer → account layers", () => {
  test("operator then account layer, each validated against the kind's schema", async () => {
    const base = await defaultBase();
    const content = {
      operator: { shell: { signupAllowed: true } },
      accounts: { "7": { shell: { title: { type: "none" } } } },
    } as unknown as ConfigContent;
    const { configuration, problems } = materialise(base, content);
    assert.deepEqual(problems, []);
    assert.ok(configuration);
    assert.equal(configuration.set.shell.signupAllowed, true);
    assert.equal(configuration.accounts.get(7)?.shell.title.type, "none");
    assert.equal(configuration.set.shell.title.type, "companyName", "the account layer stays its account's");
    assert.deepEqual(
      configuration.set.routes,
      base.manifests.routes,
      "untouched kinds are the base documents",
    );
    assert.equal(base.manifests.shell.signupAllowed, false, "the base set is never changed");
  });

  test("a polluted, schema-invalid or unknown-kind layer is refused whole with its problems", async () => {
    const base = await defaultBase();
    const cases: [unknown, RegExp][] = [
      [{ shell: JSON.parse('{"__proto__":{"signupAllowed":true}}') }, /prototype pollution/],
      [{ shell: { signupAllowed: "yes" } }, /schema/],
      [{ nonsense: {} }, /unknown kind/],
      [{ shell: [] }, /JSON object/],
    ];
    for (const [operator, reason] of cases) {
      const result = materialise(base, { operator, accounts: {} } as unknown as ConfigContent);
      assert.equal(result.configuration, null);
      assert.ok(
        result.problems.some((p) => reason.test(p.reason)),
        `${JSON.stringify(operator)}: ${JSON.stringify(result.problems)}`,
      );
    }
    assert.equal(({} as { signupAllowed?: boolean }).signupAllowed, undefined);
  });
});

describe("layers served over real sockets", () => {
  let upstream: RunningUpstream;
  let gateway: TestGateway;
  let northwindRecId: number;

  async function publish(edits: ConfigEdit[]) {
    const head = (await gateway.plane.versions())[0]?.number ?? 0;
    const draft = await gateway.plane.createChangeSet(STAFF, { comment: "test", baseVersion: head, edits });
    return gateway.plane.publish(STAFF, draft.id);
  }

  before(async () => {
    upstream = await startRealUpstream();
    gateway = await startGateway(upstream);
    northwindRecId = (await (await signInAs(gateway, "viewer")).get("/gw/session")).body.user.User
      .AccountRecId;
    await publish([
      { kind: "shell", merge: { videoTutorials: false } },
      { kind: "shell", account: northwindRecId, merge: { title: { type: "none" } } },
    ]);
  });
  after(async () => {
    await gateway.close();
    await upstream.close();
  });

  test("the operator layer reaches everyone, the account layer only its account", async () => {
    const anonymous = (await new Browser(gateway.url).get("/gw/manifest")).body;
    assert.equal(anonymous.shell.videoTutorials, false);
    assert.equal(anonymous.shell.title.type, "companyName");
    const viewer = (await (await signInAs(gateway, "viewer")).get("/gw/manifest")).body;
    assert.equal(viewer.shell.title.type, "none");
    assert.ok(
      !viewer.menus.help.entries.some((e: { id: string }) => e.id === "helpWelcome"),
      "videoTutorials off hides Welcome (shellFlag)",
    );
    const starter = (await (await signInAs(gateway, "starter")).get("/gw/manifest")).body;
    assert.equal(starter.shell.title.type, "companyName");
    const baseVersion = manifestSetVersion((await defaultManifests()) as unknown as Record<string, unknown>);
    assert.ok(viewer.version.startsWith(`${baseVersion}.`), "the served version names the layers");
    assert.notEqual(viewer.version, starter.version, "another account layer, another version");
  });

  test("a refused account layer leaves the last good manifest (base + operator) and pollutes nothing", async () => {
    const before = (await (await signInAs(gateway, "analyst")).get("/gw/manifest")).body;
    await assert.rejects(
      publish([
        {
          kind: "shell",
          account: northwindRecId,
          merge: JSON.parse('{"title":{"type":"companyName"},"__proto__":{"isAdmin":true}}'),
        },
      ]),
      /invalid/,
    );
    const reply = await (await signInAs(gateway, "analyst")).get("/gw/manifest");
    assert.equal(reply.status, 200);
    assert.equal(reply.body.version, before.version);
    assert.equal(reply.body.shell.title.type, "none", "the last good account layer stays");
    assert.equal(reply.body.shell.videoTutorials, false, "the operator layer still applies");
    assert.equal(({} as { isAdmin?: boolean }).isAdmin, undefined);
  });
});
