/**
 * A property of the configuration plane (DESIGN.md §3 publishing and resolution), on generated change
 * sets as they arrive on the wire (JSON.parse, so `__proto__` is an own property): pollution keys at
 * any depth of a merge or a document, wrong types, unknown kinds, dangling references and broken text
 * rules, mixed with valid edits — applyEdits and materialise refuse with problems that name a kind
 * and a pointer (a pollution key at the pointer where it is), or apply; a valid change set always
 * applies and shows what it changed; no prototype gains a property and the shipped base never changes.
 * The generators are in config-generators.ts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { applyEdits, type ConfigEdit } from "../../../../server/gateway/config/change-set.ts";
import { baseDocuments, EMPTY_CONTENT } from "../../../../server/gateway/config/config-content.ts";
import { materialise } from "../../../../server/gateway/config/validate-config.ts";
import {
  assertNoPollution,
  CHANGE_SET_RUNS,
  type ChangeSet,
  changeSets,
  found,
  frozenBase,
  prototypeSnapshot,
  type View,
  wellFormed,
} from "./config-generators.ts";

test("generated change sets are refused with a kind and a pointer or apply, and never pollute a prototype nor change the base", async (t) => {
  const { base, copy } = await frozenBase();
  const baseDocs = baseDocuments(base);
  const copyDocs = baseDocuments(copy);
  // A version with an operator setting and both account layers, to edit on as well as the base alone.
  const earlier = applyEdits(base, EMPTY_CONTENT, [
    { kind: "shell", merge: { videoTutorials: !base.manifests.shell.videoTutorials } },
    { kind: "shell", account: 7, merge: { theme: { default: "dark" } } },
    { kind: "menus", account: 42, merge: { help: { entries: base.manifests.menus.help.entries.slice(1) } } },
  ]);
  assert.deepEqual(earlier.problems, []);
  assert.deepEqual(materialise(base, earlier.content).problems, []);
  const pristine = prototypeSnapshot();
  const counts = { refusedByApplyEdits: 0, refusedByMaterialise: 0, applied: 0, appliedAllValid: 0 };

  const check = ({ edits, content }: ChangeSet) => {
    const wire = `[${edits.map((edit) => edit.wire).join(",")}]`;
    const applied = applyEdits(base, content, JSON.parse(wire) as ConfigEdit[]);
    applied.problems.forEach(wellFormed);
    const refusedAtEdits = edits.flatMap((edit, index) =>
      edit.expect.at === "edit"
        ? [{ index, kind: edit.expect.kind, pointers: edit.expect.pointers(index) }]
        : [],
    );
    if (refusedAtEdits.length > 0) {
      counts.refusedByApplyEdits += 1;
      for (const { index, kind, pointers } of refusedAtEdits) {
        assert.ok(
          applied.problems.some((p) => p.kind === kind && pointers.includes(p.pointer)),
          `edit ${index}: a ${kind} problem at ${pointers.join(" or ")}, got ${JSON.stringify(applied.problems)}`,
        );
      }
    } else {
      assert.deepEqual(applied.problems, []);
      const result = materialise(base, applied.content);
      result.problems.forEach(wellFormed);
      const expects = edits.map((edit) => edit.expect);
      // Cross checks run only over documents that pass their schemas (validate-config.ts), and edits
      // combined can break a schema none of them breaks alone (a merge at an index another edit
      // removed adds an entry holding only the merged field).
      const schemaRisk =
        expects.some((e) => e.at === "schema" || e.at === "maybe") ||
        result.problems.some((p) => p.reason.startsWith("schema:"));
      for (const expect of expects) {
        if (expect.at === "valid" || expect.at === "maybe" || expect.at === "edit") continue;
        if (expect.at === "cross" && schemaRisk) continue;
        for (const problem of expect.problems) {
          assert.ok(
            found(result.problems, problem),
            `${JSON.stringify(problem)} among ${JSON.stringify(result.problems.slice(0, 8))}`,
          );
        }
      }
      if (expects.every((e) => e.at === "valid")) {
        assert.deepEqual(result.problems, [], "a valid change set applies");
        const { configuration } = result;
        assert.ok(configuration);
        const view: View = {
          set: (account) =>
            (account === null ? undefined : configuration.accounts.get(account)) ?? configuration.set,
          text: (language, key) => configuration.texts[language][key],
        };
        for (const expect of expects) if (expect.at === "valid") expect.observe(view);
        counts.appliedAllValid += 1;
      }
      if (expects.some((e) => e.at !== "valid" && e.at !== "maybe")) {
        assert.equal(result.configuration, null, "a change set with a broken edit is refused");
      }
      if (result.configuration) counts.applied += 1;
      else counts.refusedByMaterialise += 1;
      // The base is frozen (a write into it throws here); these are the documents the edits named.
      for (const kind of new Set(edits.map((edit) => edit.kind))) {
        if (kind !== null)
          assert.ok(isDeepStrictEqual(baseDocs[kind], copyDocs[kind]), `base ${kind} unchanged`);
      }
    }
  };

  fc.assert(
    fc.property(
      changeSets(base, [
        { name: "the base alone", content: EMPTY_CONTENT, weight: 3 },
        { name: "an earlier version", content: earlier.content, weight: 1 },
      ]),
      (changeSet) => {
        try {
          check(changeSet);
        } finally {
          assertNoPollution(pristine);
        }
      },
    ),
    { numRuns: CHANGE_SET_RUNS, includeErrorInReport: true },
  );
  assert.deepEqual(base, copy, "the base is unchanged");
  // Every outcome was reached (so none of the checks above is vacuous).
  for (const [outcome, count] of Object.entries(counts)) assert.ok(count > 0, outcome);
  t.diagnostic(`change sets: ${JSON.stringify(counts)}`);
});
