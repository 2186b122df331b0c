/**
 * A property of the configuration plane (DESIGN.md §3 publishing and resolution): generated valid
 * edits published through a real plane and rolled back serve exactly what was served before, and
 * published again serve exactly what the first publication served (the same text digests). The
 * generators are in config-generators.ts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import type { ConfigEdit } from "../../../../server/gateway/config/change-set.ts";
import { LANGUAGES, type Language } from "../../../../server/gateway/config/config-kinds.ts";
import { ConfigPlane } from "../../../../server/gateway/config/config-plane.ts";
import { IN_MEMORY, SqliteConfigStore } from "../../../../server/gateway/config/sqlite-config-store.ts";
import type { ManifestSet } from "../../../../server/gateway/manifests/manifest-set.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import {
  ACCOUNTS,
  AUTHOR,
  EDITS_PER_PUBLICATION,
  frozenBase,
  independent,
  log,
  PUBLICATION_RUNS,
  type Reference,
  type View,
  validEdits,
} from "./config-generators.ts";

test("generated valid edits published and rolled back serve what was served before; published again, what the first publication served", async (t) => {
  const { base, copy } = await frozenBase();
  const store = new SqliteConfigStore(IN_MEMORY);
  // signupAllowed is the upstream's when the gateway has one (app.ts): the edits never touch it.
  const plane = await ConfigPlane.open({
    store,
    base,
    log,
    clock: new ManualClock(),
    derivedShellFields: ["signupAllowed"],
  });
  const publish = async (edits: ConfigEdit[]) => {
    const draft = await plane.createChangeSet(AUTHOR, {
      comment: "generated",
      baseVersion: await plane.headVersion(),
      edits,
    });
    return plane.publish(AUTHOR, draft.id);
  };
  // What runs start from: a published version with a text, an operator setting and an account layer.
  const help = base.manifests.menus.help.entries;
  await publish([
    { kind: "texts.de", merge: { Menu_Dashboards: "Übersichten" } },
    { kind: "shell", merge: { videoTutorials: !base.manifests.shell.videoTutorials } },
    { kind: "shell", account: 7, merge: { theme: { default: "dark" } } },
    { kind: "menus", account: 7, merge: { help: { entries: help.slice(1) } } },
  ]);
  const start = await plane.version(await plane.headVersion());
  const reference: Reference = {
    documents: start.documents,
    accounts: new Map(ACCOUNTS.map((account) => [account, plane.servedFor(account).set])),
  };
  assert.equal(reference.accounts.get(7)?.shell.theme.default, "dark");

  const served = () => {
    const forEveryone = plane.servedFor(null);
    const bodies = Object.fromEntries(
      LANGUAGES.map((language) => {
        const digest = /\/([^/]+)\.json$/.exec(forEveryone.texts[language])?.[1] ?? "";
        const texts = plane.texts(language, digest);
        assert.ok(texts, `${language} texts served at ${forEveryone.texts[language]}`);
        return [language, texts.body.toString()];
      }),
    ) as Record<Language, string>;
    return {
      sets: [forEveryone.set, ...ACCOUNTS.map((account) => plane.servedFor(account).set)],
      texts: forEveryone.texts,
      bodies,
    };
  };
  const viewOf = (snapshot: ReturnType<typeof served>): View => {
    const parsed = new Map<Language, Record<string, string>>();
    return {
      set: (account) =>
        snapshot.sets[account === null ? 0 : 1 + ACCOUNTS.indexOf(account as 7 | 42)] as ManifestSet,
      text: (language, key) => {
        if (!parsed.has(language)) parsed.set(language, JSON.parse(snapshot.bodies[language]));
        return parsed.get(language)?.[key];
      },
    };
  };

  const batch = fc
    .array(validEdits(reference), {
      minLength: 2 * EDITS_PER_PUBLICATION,
      maxLength: 3 * EDITS_PER_PUBLICATION,
    })
    .map(independent)
    .filter((edits) => edits.length >= EDITS_PER_PUBLICATION)
    .map((edits) => edits.slice(0, EDITS_PER_PUBLICATION));
  let edited = 0;

  await fc.assert(
    fc.asyncProperty(batch, async (generated) => {
      const edits = JSON.parse(`[${generated.map((edit) => edit.wire).join(",")}]`) as ConfigEdit[];
      const before = served();
      const head = await plane.headVersion();
      try {
        assert.ok("version" in (await publish(edits)));
        const published = served();
        for (const edit of generated) if (edit.expect.at === "valid") edit.expect.observe(viewOf(published));

        const { version: rolledBack } = await plane.rollback(AUTHOR, head, "");
        assert.equal(plane.servedFor(null).configVersion, rolledBack);
        assert.deepStrictEqual(served(), before, "rolled back: what was served before, byte for byte");

        assert.ok("version" in (await publish(edits)));
        assert.deepStrictEqual(served(), published, "published again: what the first publication served");
        edited += generated.length;
      } finally {
        // Back to the start, so that each run (and each shrunk counterexample) starts from it.
        const newest = await plane.version(await plane.headVersion());
        if (!isDeepStrictEqual(newest.content, start.content)) await plane.rollback(AUTHOR, head, "");
      }
    }),
    { numRuns: PUBLICATION_RUNS, includeErrorInReport: true },
  );
  t.diagnostic(`${edited} edits in ${PUBLICATION_RUNS} publications`);
  assert.equal(edited, PUBLICATION_RUNS * EDITS_PER_PUBLICATION);
  assert.equal(plane.status().degraded, null);
  assert.deepEqual(base, copy, "the base is unchanged");
  await plane.close();
  await store.close();
});
