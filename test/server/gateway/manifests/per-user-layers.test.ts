/**
 * The layer merge of manifest resolution (DESIGN.md §3: base → operator layer → account layer):
 * JSON Merge Patch semantics, immunity to prototype pollution, refusal of whole layers that are
 * invalid, and — over real sockets — an account layer reaching only that account's users, with a
 * refused layer leaving the last good manifest in place.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { manifestSetVersion } from "../../../../server/gateway/manifests/manifest-cache.ts";
import { ManifestError } from "../../../../server/gateway/manifests/manifest-problem.ts";
import { applyLayers, type ManifestLayer } from "../../../../server/gateway/manifests/resolve-manifest.ts";
import type { ManifestLayerSource } from "../../../../server/gateway/plugins/manifest-endpoint.ts";
import { ForbiddenKeyError, mergePatch } from "../../../../server/gateway/security/prototype-pollution.ts";
import type { RunningUpstream } from "../../upstream/upstream-fixture.ts";
import {
  Browser,
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

describe("applyLayers", () => {
  test("operator then account layer, each validated against the kind's schema", async () => {
    const base = await defaultManifests();
    const operator: ManifestLayer = { id: "op-1", documents: { shell: { signupAllowed: true } } };
    const account: ManifestLayer = { id: "acc-1", documents: { shell: { title: { type: "none" } } } };
    const set = applyLayers(base, [operator, account]);
    assert.equal(set.shell.signupAllowed, true);
    assert.equal(set.shell.title.type, "none");
    assert.equal(set.routes, base.routes, "untouched kinds are the base documents");
    assert.equal(base.shell.signupAllowed, false, "the base set is never changed");
  });

  test("a polluted, schema-invalid or unknown-kind layer is refused whole with its problems", async () => {
    const base = await defaultManifests();
    const cases: [ManifestLayer, RegExp][] = [
      [
        { id: "p", documents: { shell: JSON.parse('{"__proto__":{"signupAllowed":true}}') } },
        /prototype pollution/,
      ],
      [{ id: "s", documents: { shell: { signupAllowed: "yes" } } }, /schema/],
      [{ id: "k", documents: { nonsense: {} } as ManifestLayer["documents"] }, /unknown manifest kind/],
      [{ id: "a", documents: { shell: [] as unknown as object } }, /JSON object/],
    ];
    for (const [layer, reason] of cases) {
      assert.throws(
        () => applyLayers(base, [layer]),
        (error: unknown) => error instanceof ManifestError && reason.test(error.message),
        layer.id,
      );
    }
    assert.equal(({} as { signupAllowed?: boolean }).signupAllowed, undefined);
  });
});

describe("layers served over real sockets", () => {
  let upstream: RunningUpstream;
  let gateway: TestGateway;
  let northwindRecId: number;
  const accountLayers = new Map<number, ManifestLayer>();
  const source: ManifestLayerSource = {
    operator: async () => ({ id: "operator-1", documents: { shell: { videoTutorials: false } } }),
    account: async (recId) => accountLayers.get(recId) ?? null,
  };

  before(async () => {
    upstream = await startRealUpstream();
    gateway = await startGateway(upstream, { layers: source });
    northwindRecId = (await (await signInAs(gateway, "viewer")).get("/gw/session")).body.user.User
      .AccountRecId;
    accountLayers.set(northwindRecId, {
      id: "northwind-1",
      documents: { shell: { title: { type: "none" } } },
    });
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
    accountLayers.set(northwindRecId, {
      id: "northwind-2",
      documents: { shell: JSON.parse('{"title":{"type":"none"},"__proto__":{"isAdmin":true}}') },
    });
    const reply = await (await signInAs(gateway, "analyst")).get("/gw/manifest");
    assert.equal(reply.status, 200);
    assert.equal(reply.body.shell.title.type, "companyName");
    assert.equal(reply.body.shell.videoTutorials, false, "the operator layer still applies");
    assert.equal(({} as { isAdmin?: boolean }).isAdmin, undefined);
  });
});
