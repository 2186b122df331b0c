/**
 * The manifest store's held manifest (runtime/config/apply-plan.ts holds definitions on display until
 * the next navigation): which manifest a navigation is decided with, when the held one takes over,
 * and that a reload (sign-in, sign-out, refresh) drops it.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  commitHeldManifest,
  manifestForPath,
  manifestStore,
  reloadManifest,
  setManifest,
} from "../../../runtime/state/manifest-store.ts";
import { published, userManifest } from "../config/config-fixture.ts";

const now = userManifest(2);
const next = published(now, 2);

describe("the held manifest", () => {
  const rows = [
    {
      name: "nothing held: the page's manifest",
      state: { manifest: now, held: null },
      path: "/x",
      expect: now,
    },
    {
      name: "held, still on its path: the page's manifest",
      state: { manifest: now, held: { manifest: next, heldAt: "/dashboards/12" } },
      path: "/dashboards/12",
      expect: now,
    },
    {
      name: "held, on another path: the held one decides the navigation",
      state: { manifest: now, held: { manifest: next, heldAt: "/dashboards/12" } },
      path: "/tasks",
      expect: next,
    },
  ];
  for (const row of rows) {
    test(row.name, () => assert.equal(manifestForPath(row.state, row.path), row.expect));
  }

  test("an allowed navigation commits the held manifest; any other manifest commits nothing", () => {
    setManifest(now, { manifest: next, heldAt: "/dashboards/12" });
    commitHeldManifest(now);
    assert.equal(manifestStore.get().held?.manifest, next);
    commitHeldManifest(next);
    assert.equal(manifestStore.get().manifest, next);
    assert.equal(manifestStore.get().held, null);
  });

  test("a reload replaces both", async () => {
    setManifest(now, { manifest: next, heldAt: "/dashboards/12" });
    const fresh = published(now, 3);
    const fetchImpl = (async () => new Response(JSON.stringify(fresh), { status: 200 })) as typeof fetch;
    await reloadManifest(fetchImpl);
    assert.equal(manifestStore.get().manifest?.configVersion, 3);
    assert.equal(manifestStore.get().held, null);
  });
});
