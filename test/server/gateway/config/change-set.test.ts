/**
 * Change sets (DESIGN.md §3): an edit is of the document its layer shows, and an account layer is
 * the difference from the operator layer the change set produces — so the order the edits are
 * listed in does not decide what an account is served.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyEdits, type ConfigEdit } from "../../../../server/gateway/config/change-set.ts";
import { EMPTY_CONTENT } from "../../../../server/gateway/config/config-content.ts";
import { materialise } from "../../../../server/gateway/config/validate-config.ts";
import { defaultBase } from "../session/gateway-fixture.ts";

const cases: { name: string; edits: ConfigEdit[] }[] = [
  {
    name: "the account's value first, then the operator's",
    edits: [
      { kind: "shell", account: 7, merge: { theme: { default: "light" } } },
      { kind: "shell", merge: { theme: { default: "dark" } } },
    ],
  },
  {
    name: "the operator's value first, then the account's",
    edits: [
      { kind: "shell", merge: { theme: { default: "dark" } } },
      { kind: "shell", account: 7, merge: { theme: { default: "light" } } },
    ],
  },
];

for (const { name, edits } of cases) {
  test(`${name}: the operator's accounts get dark, account 7 keeps light`, async () => {
    const base = await defaultBase();
    const applied = applyEdits(base, EMPTY_CONTENT, edits);
    assert.deepEqual(applied.problems, []);
    assert.deepEqual(applied.content.accounts, { "7": { shell: { theme: { default: "light" } } } });
    const { configuration } = materialise(base, applied.content);
    assert.equal(configuration?.set.shell.theme.default, "dark");
    assert.equal(configuration?.accounts.get(7)?.shell.theme.default, "light");
  });
}

test("problems keep the index the edit was listed at", async () => {
  const base = await defaultBase();
  const { problems } = applyEdits(base, EMPTY_CONTENT, [
    { kind: "shell", account: 7, merge: { theme: { default: "light" } } },
    { kind: "nonsense" as ConfigEdit["kind"], merge: {} },
  ]);
  assert.deepEqual(problems, [
    {
      kind: "content",
      pointer: "/edits/1/kind",
      reason: "unknown kind",
      message: { key: "StudioProblem_UnknownKind", params: { kind: "nonsense" } },
    },
  ]);
});
