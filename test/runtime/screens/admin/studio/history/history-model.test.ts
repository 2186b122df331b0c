/**
 * The history panel's decisions (server/gateway/config/README.md: versions, releases, rollback,
 * promotion, client reports, audit): table-driven, one case per rule.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type {
  AuditEntry,
  ClientCounts,
  ConfigStatus,
  VersionHeader,
} from "../../../../../../runtime/screens/admin/studio/config-client.ts";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditFilterForm,
  type AuditQueryResult,
  appendAuditPage,
  auditActionKey,
  auditQuery,
  auditTargetView,
  changeView,
  clientsView,
  comparisonFor,
  type DiffTargetView,
  dayBound,
  defaultComparison,
  diffTargetView,
  EMPTY_AUDIT_FILTER,
  isComparable,
  kindText,
  LARGE_VALUE_LINES,
  normaliseAuditTarget,
  prettyJson,
  type Release,
  type VersionBadge,
  versionActions,
  versionRows,
} from "../../../../../../runtime/screens/admin/studio/history/history-model.ts";

const header = (number: number, extra: Partial<VersionHeader> = {}): VersionHeader => ({
  number,
  createdAt: 1_700_000_000_000 + number * 60_000,
  author: "ops",
  comment: `change ${number}`,
  contentHash: `hash-${number}`,
  baseHash: "base",
  origin: "publish",
  changeSetId: number,
  restores: null,
  summary: [`Sentence ${number}`],
  ...extra,
});

const release = (id: number, version: number, scope: Release["scope"], accounts: number[] | null = null) => ({
  id,
  version,
  scope,
  accounts,
  at: 1_700_000_000_000 + id * 1000,
  actor: "ops",
});

type Status = Pick<ConfigStatus, "serving" | "canary" | "degraded" | "head">;
const status = (extra: Partial<Status> = {}): Status => ({
  serving: 3,
  canary: null,
  degraded: null,
  head: 3,
  ...extra,
});

const three = [header(1), header(2), header(3)];
const released = [release(1, 1, "all"), release(2, 2, "all"), release(3, 3, "all")];

describe("versionRows: order and badges", () => {
  const cases: Array<{
    name: string;
    versions: VersionHeader[];
    status: Status;
    releases: Release[];
    expect: Record<number, VersionBadge[]>;
  }> = [
    {
      name: "the served version is marked serving, the others carry nothing",
      versions: three,
      status: status(),
      releases: released,
      expect: { 3: [{ kind: "serving" }], 2: [], 1: [], 0: [] },
    },
    {
      name: "a canary is marked with its accounts, the version everyone else gets stays serving",
      versions: [...three, header(4)],
      status: status({ canary: { version: 4, accounts: [3, 5] }, head: 4 }),
      releases: [...released, release(4, 4, "canary", [3, 5])],
      expect: { 4: [{ kind: "canary", accounts: [3, 5] }], 3: [{ kind: "serving" }] },
    },
    {
      name: "a canary superseded without promotion is marked canary only",
      versions: [...three, header(4), header(5)],
      status: status({ serving: 5, head: 5 }),
      releases: [...released, release(4, 4, "canary", [3]), release(5, 5, "all")],
      expect: { 5: [{ kind: "serving" }], 4: [{ kind: "canaryOnly" }] },
    },
    {
      name: "a promoted canary is not canary only",
      versions: [...three, header(4)],
      status: status({ serving: 4, head: 4 }),
      releases: [...released, release(4, 4, "canary", [3]), release(5, 4, "all")],
      expect: { 4: [{ kind: "serving" }] },
    },
    {
      name: "a rollback says which version it restores",
      versions: [...three, header(4, { origin: "rollback", restores: 2, changeSetId: null })],
      status: status({ serving: 4, head: 4 }),
      releases: [...released, release(4, 4, "all")],
      expect: { 4: [{ kind: "serving" }, { kind: "restores", version: 2 }] },
    },
    {
      name: "a rollback to the base restores version 0",
      versions: [...three, header(4, { origin: "rollback", restores: 0, changeSetId: null })],
      status: status({ serving: 4, head: 4 }),
      releases: [...released, release(4, 4, "all")],
      expect: { 4: [{ kind: "serving" }, { kind: "restores", version: 0 }] },
    },
    {
      name: "the gateway's maintenance switch is marked",
      versions: [...three, header(4, { origin: "maintenance", changeSetId: 9 })],
      status: status({ serving: 4, head: 4 }),
      releases: [...released, release(4, 4, "all")],
      expect: { 4: [{ kind: "serving" }, { kind: "maintenance" }] },
    },
    {
      name: "last known good: the skipped version is marked, the one served instead is serving",
      versions: three,
      status: status({ serving: 2, degraded: { version: 3, serving: 2, problems: [] } }),
      releases: released,
      expect: { 3: [{ kind: "skipped" }], 2: [{ kind: "serving" }] },
    },
    {
      name: "the base alone is served when nothing validates",
      versions: [header(1)],
      status: status({ serving: 0, head: 1, degraded: { version: 1, serving: 0, problems: [] } }),
      releases: [release(1, 1, "all")],
      expect: { 1: [{ kind: "skipped" }], 0: [{ kind: "serving" }] },
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const rows = versionRows(c.versions, c.status, c.releases);
      assert.deepEqual(
        rows.map((row) => row.number),
        [...c.versions.map((v) => v.number).sort((a, b) => b - a), 0],
        "newest first, the base last",
      );
      for (const [number, badges] of Object.entries(c.expect)) {
        assert.deepEqual(rows.find((row) => row.number === Number(number))?.badges, badges, `v${number}`);
      }
    });
  }

  test("rows keep the header's facts and their releases oldest first; the base can be left out", () => {
    const rows = versionRows(
      [header(2), header(1)],
      status({ serving: 2 }),
      [release(9, 2, "all"), release(4, 2, "canary", [1]), release(1, 1, "all")],
      false,
    );
    assert.deepEqual(
      rows.map((row) => row.number),
      [2, 1],
    );
    assert.equal(rows[0]?.author, "ops");
    assert.equal(rows[0]?.comment, "change 2");
    assert.deepEqual(rows[0]?.summary, ["Sentence 2"]);
    assert.deepEqual(
      rows[0]?.releases.map((r) => r.id),
      [4, 9],
    );
  });
});

describe("versionActions: rollback and promotion", () => {
  const rollbackRows = versionRows(
    [
      header(1),
      header(2),
      header(3, { origin: "rollback", restores: 1, contentHash: "hash-1" }),
      header(4, { origin: "rollback", restores: 0, contentHash: "hash-empty" }),
    ],
    status(),
    [],
  );
  const cases: Array<{
    name: string;
    rows?: ReturnType<typeof versionRows>;
    number: number;
    status: Status;
    readOnly?: boolean;
    expect: ReturnType<typeof versionActions>;
  }> = [
    {
      name: "an older version can be rolled back to",
      number: 1,
      status: status(),
      expect: { rollback: { enabled: true }, promote: { shown: false, enabled: false } },
    },
    {
      name: "§6: without Write no rollback",
      number: 1,
      status: status(),
      readOnly: true,
      expect: { rollback: { enabled: false, reason: "readOnly" }, promote: { shown: false, enabled: false } },
    },
    {
      name: "the newest version already has its own content",
      number: 3,
      status: status(),
      expect: {
        rollback: { enabled: false, reason: "sameAsHead" },
        promote: { shown: false, enabled: false },
      },
    },
    {
      name: "a version whose content the newest version restored is the same content",
      rows: rollbackRows,
      number: 1,
      status: status({ head: 3 }),
      expect: {
        rollback: { enabled: false, reason: "sameAsHead" },
        promote: { shown: false, enabled: false },
      },
    },
    {
      name: "the base after a rollback to the base is the same content",
      rows: rollbackRows,
      number: 0,
      status: status({ head: 4 }),
      expect: {
        rollback: { enabled: false, reason: "sameAsHead" },
        promote: { shown: false, enabled: false },
      },
    },
    {
      name: "the base can be rolled back to once something was published",
      number: 0,
      status: status(),
      expect: { rollback: { enabled: true }, promote: { shown: false, enabled: false } },
    },
    {
      name: "the base is the head while nothing was published",
      rows: versionRows([], status({ serving: 0, head: 0 }), []),
      number: 0,
      status: status({ serving: 0, head: 0 }),
      expect: {
        rollback: { enabled: false, reason: "sameAsHead" },
        promote: { shown: false, enabled: false },
      },
    },
    {
      name: "the canary being served can be promoted",
      number: 3,
      status: status({ serving: 2, canary: { version: 3, accounts: [7] } }),
      expect: { rollback: { enabled: false, reason: "sameAsHead" }, promote: { shown: true, enabled: true } },
    },
    {
      name: "§6: without Write the canary's promotion is shown disabled",
      number: 3,
      status: status({ serving: 2, canary: { version: 3, accounts: [7] } }),
      readOnly: true,
      expect: { rollback: { enabled: false, reason: "readOnly" }, promote: { shown: true, enabled: false } },
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const rows = c.rows ?? versionRows(three, c.status, released);
      const row = rows.find((candidate) => candidate.number === c.number);
      assert.ok(row);
      assert.deepEqual(versionActions(row, rows, c.status, c.readOnly ?? false), c.expect);
    });
  }
});

describe("comparisons", () => {
  const rows = versionRows(three, status(), released);
  test("a version is compared with the one before it; the base with nothing", () => {
    assert.deepEqual(comparisonFor(3), { from: 2, to: 3 });
    assert.deepEqual(comparisonFor(1), { from: 0, to: 1 });
    assert.equal(comparisonFor(0), null);
  });
  test("the newest version against the one before it comes first", () => {
    assert.deepEqual(defaultComparison(rows), { from: 2, to: 3 });
    assert.equal(defaultComparison(versionRows([], status({ serving: 0, head: 0 }), [])), null);
  });
  const cases: Array<[string, { from: number; to: number }, boolean]> = [
    ["two versions", { from: 1, to: 3 }, true],
    ["backwards is a comparison too", { from: 3, to: 1 }, true],
    ["with the base", { from: 0, to: 2 }, true],
    ["a version with itself is nothing", { from: 2, to: 2 }, false],
    ["a version that does not exist", { from: 2, to: 9 }, false],
  ];
  for (const [name, comparison, expect] of cases) {
    test(`isComparable: ${name}`, () => assert.equal(isComparable(comparison, rows), expect));
  }
});

describe("clientsView", () => {
  const counts: ClientCounts = {
    tabs: 9,
    versions: [
      { version: 2, applied: 0, rejected: 0, reasons: {}, showing: 2 },
      {
        version: 4,
        applied: 5,
        rejected: 3,
        reasons: { "unknown renderer kind": 1, "dialog missing": 2 },
        showing: 6,
      },
      { version: 3, applied: 1, rejected: 2, reasons: { b: 1, a: 1 }, showing: 1 },
    ],
    behind: 3,
    builds: { "2024.1": 2, "2024.2": 7 },
  };
  const view = clientsView(counts, 4);
  test("versions newest first, older than the served one marked", () => {
    assert.deepEqual(
      view.rows.map((row) => [row.version, row.older]),
      [
        [4, false],
        [3, true],
        [2, true],
      ],
    );
  });
  test("counts kept as the gateway sent them", () => {
    assert.deepEqual(
      view.rows.map((row) => [row.applied, row.rejected, row.showing]),
      [
        [5, 3, 6],
        [1, 2, 1],
        [0, 0, 2],
      ],
    );
    assert.equal(view.tabs, 9);
    assert.equal(view.behind, 3);
  });
  test("reasons most frequent first, ties by name", () => {
    assert.deepEqual(view.rows[0]?.reasons, [
      { reason: "dialog missing", count: 2 },
      { reason: "unknown renderer kind", count: 1 },
    ]);
    assert.deepEqual(
      view.rows[1]?.reasons.map((r) => r.reason),
      ["a", "b"],
    );
  });
  test("builds most frequent first", () => {
    assert.deepEqual(view.builds, [
      { build: "2024.2", count: 7 },
      { build: "2024.1", count: 2 },
    ]);
  });
});

describe("audit filters", () => {
  const start = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
  const end = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
  const form = (extra: Partial<AuditFilterForm>): AuditFilterForm => ({ ...EMPTY_AUDIT_FILTER, ...extra });
  const cases: Array<{
    name: string;
    filter: AuditFilterForm;
    page?: { limit?: number; before?: number };
    expect: AuditQueryResult;
  }> = [
    {
      name: "no filter: the newest page",
      filter: EMPTY_AUDIT_FILTER,
      expect: { ok: true, query: { limit: AUDIT_PAGE_SIZE } },
    },
    {
      name: "actor trimmed, action and target sent",
      filter: form({ actor: "  alice ", action: "version.rollback", target: "version:7" }),
      expect: {
        ok: true,
        query: { actor: "alice", action: "version.rollback", target: "version:7", limit: AUDIT_PAGE_SIZE },
      },
    },
    {
      name: "a target typed in words becomes the stored target",
      filter: form({ target: "Change set 12" }),
      expect: { ok: true, query: { target: "changeSet:12", limit: AUDIT_PAGE_SIZE } },
    },
    {
      name: "from is the start of its day, to the end of its day",
      filter: form({ from: "2024-03-01", to: "2024-03-31" }),
      expect: {
        ok: true,
        query: { from: start(2024, 3, 1), to: end(2024, 3, 31), limit: AUDIT_PAGE_SIZE },
      },
    },
    {
      name: "one day: from and to the same date",
      filter: form({ from: "2024-03-05", to: "2024-03-05" }),
      expect: { ok: true, query: { from: start(2024, 3, 5), to: end(2024, 3, 5), limit: AUDIT_PAGE_SIZE } },
    },
    {
      name: "a page of older entries",
      filter: EMPTY_AUDIT_FILTER,
      page: { before: 120 },
      expect: { ok: true, query: { limit: AUDIT_PAGE_SIZE, before: 120 } },
    },
    {
      name: "a date that does not exist",
      filter: form({ from: "2024-02-30" }),
      expect: { ok: false, field: "from", reason: "invalidDate" },
    },
    {
      name: "text that is not a date",
      filter: form({ to: "yesterday" }),
      expect: { ok: false, field: "to", reason: "invalidDate" },
    },
    {
      name: "to before from",
      filter: form({ from: "2024-03-05", to: "2024-03-04" }),
      expect: { ok: false, field: "to", reason: "toBeforeFrom" },
    },
    {
      name: "an action the audit does not record",
      filter: form({ action: "version.delete" }),
      expect: { ok: false, field: "action", reason: "unknownAction" },
    },
  ];
  for (const c of cases) {
    test(c.name, () => assert.deepEqual(auditQuery(c.filter, c.page), c.expect));
  }

  test("dayBound: local midnight and the day's last millisecond", () => {
    assert.equal(dayBound("2024-12-31", false)?.getTime(), new Date(2024, 11, 31).getTime());
    assert.equal(dayBound("2024-12-31", true)?.getTime(), new Date(2025, 0, 1).getTime() - 1);
    assert.equal(dayBound("2023-02-29", false), null);
    assert.equal(dayBound("2024-02-29", false)?.getDate(), 29);
  });

  const targets: Array<[string, string]> = [
    ["version:7", "version:7"],
    ["Version 7", "version:7"],
    ["v12", "version:12"],
    ["V #3", "version:3"],
    ["changeSet:4", "changeSet:4"],
    ["change set 4", "changeSet:4"],
    ["Change-set 04", "changeSet:4"],
    ["#9", "changeSet:9"],
    ["Maintenance", "maintenance"],
    ["  something else ", "something else"],
    ["", ""],
  ];
  for (const [typed, expect] of targets) {
    test(`normaliseAuditTarget: ${JSON.stringify(typed)}`, () =>
      assert.equal(normaliseAuditTarget(typed), expect));
  }
});

describe("audit log paging", () => {
  const entry = (id: number): AuditEntry => ({
    id,
    at: id * 1000,
    actor: "ops",
    address: "127.0.0.1",
    action: "version.publish",
    target: `version:${id}`,
    details: {},
  });
  const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from - i));
  test("a full first page: older entries are asked for before its oldest id", () => {
    const log = appendAuditPage(null, page(100, 3), 3);
    assert.deepEqual(
      log.entries.map((e) => e.id),
      [100, 99, 98],
    );
    assert.equal(log.before, 98);
  });
  test("a short page is the last", () => {
    const log = appendAuditPage(appendAuditPage(null, page(100, 3), 3), page(97, 2), 3);
    assert.deepEqual(
      log.entries.map((e) => e.id),
      [100, 99, 98, 97, 96],
    );
    assert.equal(log.before, null);
  });
  test("an entry already shown is not shown twice", () => {
    const log = appendAuditPage(appendAuditPage(null, page(100, 3), 3), page(98, 3), 3);
    assert.deepEqual(
      log.entries.map((e) => e.id),
      [100, 99, 98, 97, 96],
    );
    assert.equal(log.before, 96);
  });
  test("an empty log has nothing older", () => {
    assert.deepEqual(appendAuditPage(null, [], 3), { entries: [], before: null });
  });
});

describe("audit entries read", () => {
  test("targets", () => {
    assert.deepEqual(auditTargetView("version:7"), { kind: "version", number: 7 });
    assert.deepEqual(auditTargetView("changeSet:12"), { kind: "changeSet", id: 12 });
    assert.deepEqual(auditTargetView("maintenance"), { kind: "maintenance" });
    assert.deepEqual(auditTargetView("version:x"), { kind: "other", text: "version:x" });
  });
  test("every known action has a text key; an unknown one has none", () => {
    for (const action of AUDIT_ACTIONS)
      assert.match(auditActionKey(action) ?? "", /^StudioHistory_Action_\w+$/);
    assert.equal(auditActionKey("version.publish"), "StudioHistory_Action_version_publish");
    assert.equal(auditActionKey("version.delete"), null);
  });
});

describe("structural diff read", () => {
  const targets: Array<[string, DiffTargetView]> = [
    ["operator/menus", { layer: "operator", kind: "menus" }],
    ["operator/texts.de", { layer: "operator", kind: "texts.de" }],
    ["account:3/shell", { layer: "account", account: 3, kind: "shell" }],
    ["somewhere", { layer: "other", text: "somewhere" }],
  ];
  for (const [target, expect] of targets) {
    test(`target ${target}`, () => assert.deepEqual(diffTargetView(target), expect));
  }

  test("kinds are named by the studio's kind names; an unknown kind has none", () => {
    assert.equal(kindText("menus"), "Studio_Kind_menus");
    assert.equal(kindText("texts.fr"), "Studio_Kind_texts_fr");
    assert.equal(kindText("texts.xx"), null);
    assert.equal(kindText("widgets"), "Studio_Kind_widgets");
    assert.equal(kindText("gadgets"), null);
  });

  test("additions have no before, removals no after, replacements both", () => {
    assert.deepEqual(changeView({ op: "add", pointer: "/a", after: 1 }), {
      mark: "added",
      pointer: "/a",
      before: null,
      after: { text: "1", lines: 1, large: false },
    });
    assert.deepEqual(changeView({ op: "remove", pointer: "/a", before: "x" }), {
      mark: "removed",
      pointer: "/a",
      before: { text: '"x"', lines: 1, large: false },
      after: null,
    });
    const replaced = changeView({ op: "replace", pointer: "", before: null, after: { b: [1] } });
    assert.equal(replaced.mark, "changed");
    assert.equal(replaced.before?.text, "null");
    assert.equal(replaced.after?.text, '{\n  "b": [\n    1\n  ]\n}');
    assert.equal(replaced.after?.lines, 5);
  });

  test("large values are folded, by lines or by length", () => {
    const many = Array.from({ length: LARGE_VALUE_LINES }, (_, i) => i);
    assert.equal(changeView({ op: "add", pointer: "/x", after: many }).after?.large, true);
    assert.equal(changeView({ op: "add", pointer: "/x", after: many.slice(0, 5) }).after?.large, false);
    assert.equal(changeView({ op: "add", pointer: "/x", after: "y".repeat(2000) }).after?.large, true);
  });

  test("prettyJson: absent is null, everything else indented JSON", () => {
    assert.equal(prettyJson(undefined), null);
    assert.equal(prettyJson(false), "false");
    assert.equal(prettyJson({ a: 1 }), '{\n  "a": 1\n}');
  });
});
