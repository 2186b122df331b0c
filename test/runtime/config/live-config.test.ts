/**
 * The live configuration's executor (runtime/config/live-config.ts) over fakes: what it fetches, what
 * it puts in place, what it answers the gateway, and that a burst of publishes ends on the newest
 * while a failed one keeps the last good manifest (DESIGN.md §3).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ConfigDisplay } from "../../../runtime/config/apply-plan.ts";
import type { ConfigRequest } from "../../../runtime/config/config-queue.ts";
import { createLiveConfig, type LiveConfigDeps } from "../../../runtime/config/live-config.ts";
import type { ConfigOutcomeFrame } from "../../../runtime/realtime/frames.ts";
import type { ManifestState } from "../../../runtime/state/manifest-store.ts";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import { profile } from "../../helpers/guard-fixture.ts";
import { entry, published, textsOf, userManifest } from "./config-fixture.ts";

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Fake {
  state: ManifestState;
  fetches: ReturnType<typeof deferred<ClientManifest>>[];
  textFetches: Array<{ urls: ClientManifest["texts"]; answer: ReturnType<typeof deferred<string>> }>;
  appliedTexts: string[];
  answers: ConfigOutcomeFrame[];
  home: number;
  display: ConfigDisplay;
  request: (request: ConfigRequest) => void;
  stop: () => void;
}

const KINDS = (() => {
  const manifest = userManifest();
  return {
    renderers: new Set(manifest.routes.routes.flatMap((route) => (route.screen ? [route.screen.kind] : []))),
    dialogs: new Set((manifest.dialogs?.dialogs ?? []).map((dialog) => dialog.component)),
  };
})();

function start(current: ClientManifest | null = userManifest(1)): Fake {
  const fake: Fake = {
    state: { manifest: current, held: null },
    fetches: [],
    textFetches: [],
    appliedTexts: [],
    answers: [],
    home: 0,
    display: { pathname: "/dashboards/12", routeId: "dashboards", openDialogs: [] },
    request: () => undefined,
    stop: () => undefined,
  };
  const deps: LiveConfigDeps<string> = {
    fetchManifest: () => {
      const answer = deferred<ClientManifest>();
      fake.fetches.push(answer);
      return answer.promise;
    },
    manifestState: () => fake.state,
    setManifest: (manifest, held) => {
      fake.state = { manifest, held };
    },
    prepareTexts: (urls) => {
      const answer = deferred<string>();
      fake.textFetches.push({ urls, answer });
      return answer.promise;
    },
    applyTexts: (texts) => fake.appliedTexts.push(texts),
    display: () => fake.display,
    profile: () =>
      profile({ permissions: { Dashboards: "rw", Tasks: "rw" }, features: { Dashboard: "Included" } }),
    mode: "app",
    known: () => KINDS,
    goHome: () => {
      fake.home++;
    },
    answer: (frame) => fake.answers.push(frame),
    log: () => undefined,
  };
  const live = createLiveConfig(deps);
  fake.request = (request) => live.request(request);
  fake.stop = () => live.stop();
  return fake;
}

/** Answers the oldest unanswered manifest fetch, then its texts. */
async function serve(fake: Fake, manifest: ClientManifest, texts = `texts of ${manifest.configVersion}`) {
  fake.fetches.shift()?.resolve(manifest);
  await settle();
  fake.textFetches.shift()?.answer.resolve(texts);
  await settle();
}

describe("live configuration (DESIGN.md §3)", () => {
  test("a published widgets change is in place at once, over the dashboard on display", async () => {
    const fake = start();
    const next = published(userManifest(1), 2, (m) => {
      entry(m.widgets.kinds, "pie", "kind").enabled = false;
    });
    fake.request({ version: 2, urgency: "normal" });
    await serve(fake, next);
    assert.equal(fake.state.manifest, next);
    assert.equal(fake.state.held, null);
    assert.equal(fake.state.manifest?.widgets.kinds.find((k) => k.kind === "pie")?.enabled, false);
    assert.deepEqual(fake.answers, [{ t: "applied", version: 2 }]);
  });

  test("a publish is fetched, its texts prepared, applied at once and acknowledged", async () => {
    const fake = start();
    const next = published(userManifest(1), 2, (m) => {
      m.texts = textsOf("v2");
      m.menus.main.sections.reverse();
    });
    fake.request({ version: 2, urgency: "normal" });
    assert.equal(fake.fetches.length, 1);
    await serve(fake, next);
    assert.deepEqual(fake.textFetches.length, 0);
    assert.deepEqual(fake.appliedTexts, ["texts of 2"]);
    assert.equal(fake.state.manifest, next);
    assert.equal(fake.state.held, null);
    assert.deepEqual(fake.answers, [{ t: "applied", version: 2 }]);
  });

  test("a change to the route on display is held at its path until the next navigation", async () => {
    const fake = start();
    const next = published(userManifest(1), 2, (m) => {
      entry(m.routes.routes, "dashboards").titleKey = "PageTitle_Home";
    });
    fake.request({ version: 2, urgency: "normal" });
    await serve(fake, next);
    assert.equal(fake.state.held?.manifest, next);
    assert.equal(fake.state.held?.heldAt, "/dashboards/12");
    assert.notEqual(fake.state.manifest, next);
    assert.equal(fake.state.manifest?.configVersion, 2);
    assert.deepEqual(fake.answers, [{ t: "applied", version: 2 }]);
  });

  test("a withdrawn route sends the user home", async () => {
    const fake = start();
    fake.request({ version: 2, urgency: "normal" });
    await serve(
      fake,
      published(userManifest(1), 2, (m) => {
        m.routes.routes = m.routes.routes.filter((route: { id: string }) => route.id !== "dashboards");
      }),
    );
    assert.equal(fake.home, 1);
    assert.deepEqual(fake.answers, [{ t: "applied", version: 2 }]);
  });

  test("publishes during an apply end on the newest; the ones between are never fetched", async () => {
    const fake = start();
    fake.request({ version: 2, urgency: "normal" });
    fake.request({ version: 3, urgency: "normal" });
    fake.request({ version: 4, urgency: "normal" });
    assert.equal(fake.fetches.length, 1, "one at a time");
    await serve(fake, published(userManifest(1), 2));
    assert.equal(fake.fetches.length, 1, "then one for the newest");
    await serve(fake, published(userManifest(1), 4));
    assert.equal(fake.state.manifest?.configVersion, 4);
    assert.deepEqual(fake.answers, [
      { t: "applied", version: 2 },
      { t: "applied", version: 4 },
    ]);
    assert.equal(fake.fetches.length, 0);
  });

  test("a fetch that already brought the newest makes the later request a no-op", async () => {
    const fake = start();
    fake.request({ version: 2, urgency: "normal" });
    fake.request({ version: 3, urgency: "normal" });
    await serve(fake, published(userManifest(1), 3));
    assert.equal(fake.fetches.length, 0);
    assert.deepEqual(fake.answers, [{ t: "applied", version: 3 }]);
  });

  test("a failed manifest fetch is rejected and the last good manifest stays", async () => {
    const current = userManifest(1);
    const fake = start(current);
    fake.request({ version: 2, urgency: "urgent" });
    fake.fetches.shift()?.reject(new Error("manifest request failed with 503"));
    await settle();
    assert.equal(fake.state.manifest, current);
    assert.deepEqual(fake.answers, [
      { t: "rejected", version: 2, reason: "manifest: manifest request failed with 503" },
    ]);
  });

  test("failed texts are rejected and nothing changes", async () => {
    const current = userManifest(1);
    const fake = start(current);
    fake.request({ version: 2, urgency: "normal" });
    const next = published(current, 2, (m) => {
      m.texts = textsOf("v2");
    });
    fake.fetches.shift()?.resolve(next);
    await settle();
    fake.textFetches.shift()?.answer.reject(new Error('texts of "de" failed with 404'));
    await settle();
    assert.equal(fake.state.manifest, current);
    assert.deepEqual(fake.appliedTexts, []);
    assert.deepEqual(fake.answers, [
      { t: "rejected", version: 2, reason: 'texts: texts of "de" failed with 404' },
    ]);
  });

  test("a manifest naming a renderer this build lacks is rejected, its texts never fetched", async () => {
    const current = userManifest(1);
    const fake = start(current);
    fake.request({ version: 2, urgency: "normal" });
    fake.fetches.shift()?.resolve(
      published(current, 2, (m) => {
        entry(m.routes.routes, "tasks").screen.kind = "kanban";
      }),
    );
    await settle();
    assert.equal(fake.textFetches.length, 0);
    assert.equal(fake.state.manifest, current);
    assert.deepEqual(fake.answers, [
      {
        t: "rejected",
        version: 2,
        reason: 'route "tasks" names the screen renderer "kanban", unknown to this build',
      },
    ]);
  });

  test("an older version than the one published is rejected", async () => {
    const current = userManifest(1);
    const fake = start(current);
    fake.request({ version: 3, urgency: "normal" });
    await serve(fake, published(current, 2));
    assert.equal(fake.state.manifest, current);
    assert.deepEqual(fake.answers, [{ t: "rejected", version: 3, reason: "the gateway served version 2" }]);
  });

  test("after a rejection the next publish is applied", async () => {
    const fake = start();
    fake.request({ version: 2, urgency: "normal" });
    fake.request({ version: 3, urgency: "normal" });
    fake.fetches.shift()?.reject(new Error("offline"));
    await settle();
    await serve(fake, published(userManifest(1), 3));
    assert.deepEqual(
      fake.answers.map((a) => a.t),
      ["rejected", "applied"],
    );
    assert.equal(fake.state.manifest?.configVersion, 3);
  });

  test("maintenance (no version) fetches and applies whatever is newest, acknowledged by its version", async () => {
    const fake = start();
    fake.request({ version: null, urgency: "urgent" });
    await serve(
      fake,
      published(userManifest(1), 5, (m) => {
        m.shell.maintenance.enabled = true;
      }),
    );
    assert.equal(fake.state.manifest?.shell.maintenance.enabled, true);
    assert.deepEqual(fake.answers, [{ t: "applied", version: 5 }]);
  });

  test("a (re)connect's versionless check: the manifest on display again changes and answers nothing", async () => {
    const current = userManifest(3);
    const fake = start(current);
    fake.request({ version: null, urgency: "normal" });
    fake.fetches.shift()?.resolve(structuredClone(current));
    await settle();
    assert.equal(fake.textFetches.length, 0);
    assert.equal(fake.state.manifest, current);
    assert.deepEqual(fake.answers, []);
  });

  test("a (re)connect's versionless check finds a version published meanwhile and applies it", async () => {
    const fake = start(userManifest(3));
    fake.request({ version: null, urgency: "normal" });
    await serve(fake, published(userManifest(3), 4));
    assert.equal(fake.state.manifest?.configVersion, 4);
    assert.deepEqual(fake.answers, [{ t: "applied", version: 4 }]);
  });

  test("a versionless event whose fetch fails answers nothing (no version was published)", async () => {
    const fake = start();
    fake.request({ version: null, urgency: "urgent" });
    fake.fetches.shift()?.reject(new Error("offline"));
    await settle();
    assert.deepEqual(fake.answers, []);
  });

  test("a version already on display is not fetched again", () => {
    const fake = start(userManifest(4));
    fake.request({ version: 4, urgency: "normal" });
    fake.request({ version: 3, urgency: "normal" });
    assert.equal(fake.fetches.length, 0);
  });

  test("a sign-in or sign-out meanwhile wins: the fetched manifest is dropped", async () => {
    const fake = start();
    fake.request({ version: 2, urgency: "normal" });
    const visitor = published(userManifest(1), 2, (m) => {
      m.audience = "anonymous";
      m.user = null;
    });
    fake.state = { manifest: visitor, held: null };
    await serve(fake, published(userManifest(1), 2));
    assert.equal(fake.state.manifest, visitor);
    assert.deepEqual(fake.answers, []);
  });

  test("stopped (signed out): nothing more is applied", async () => {
    const current = userManifest(1);
    const fake = start(current);
    fake.request({ version: 2, urgency: "normal" });
    fake.stop();
    await serve(fake, published(current, 2));
    fake.request({ version: 3, urgency: "normal" });
    assert.equal(fake.state.manifest, current);
    assert.deepEqual(fake.answers, []);
    assert.equal(fake.fetches.length, 0);
  });
});
