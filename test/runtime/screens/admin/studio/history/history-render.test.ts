/**
 * Renders the structural diff and the versions table to HTML in Node (react-dom/server, stylesheets
 * stubbed, the English texts): each layer document is a captioned table with column and row headers,
 * a change is marked in words (not colour alone), large values fold, readable pointers are used when
 * given; each version's actions are named after it, and §6 without Write disables rollback and
 * promotion but not opening or comparing.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";
import { initTestI18n } from "../../../../components/css-stub.ts";

let render: (node: unknown) => string;
let createElement: typeof import("react").createElement;
let DiffView: typeof import("../../../../../../runtime/screens/admin/studio/history/diff-view.tsx").DiffView;
let VersionsTable: typeof import("../../../../../../runtime/screens/admin/studio/history/history-panel.tsx").VersionsTable;
let model: typeof import("../../../../../../runtime/screens/admin/studio/history/history-model.ts");

before(async () => {
  const texts = JSON.parse(
    readFileSync(new URL("../../../../../../locales/en.json", import.meta.url), "utf8"),
  );
  await initTestI18n(texts);
  const server = await import("react-dom/server");
  render = (node) => server.renderToStaticMarkup(node as never);
  ({ createElement } = await import("react"));
  ({ DiffView } = await import("../../../../../../runtime/screens/admin/studio/history/diff-view.tsx"));
  ({ VersionsTable } = await import(
    "../../../../../../runtime/screens/admin/studio/history/history-panel.tsx"
  ));
  model = await import("../../../../../../runtime/screens/admin/studio/history/history-model.ts");
});

/** The text of an HTML fragment, tags dropped and entities of the renderer decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describe("DiffView", () => {
  const diff = [
    {
      target: "operator/menus",
      changes: [
        { op: "replace" as const, pointer: "/main/0/title", before: "Dashboards", after: "Boards" },
        { op: "add" as const, pointer: "/main/1", after: { id: "new" } },
        { op: "remove" as const, pointer: "/main/2", before: Array.from({ length: 30 }, (_, i) => i) },
      ],
    },
    {
      target: "account:3/shell",
      changes: [{ op: "replace" as const, pointer: "/title", before: "A", after: "B" }],
    },
    { target: "operator/texts.de", changes: [{ op: "add" as const, pointer: "/Key", after: "Wert" }] },
  ];
  const summary = ["Menu entry 'Dashboards' renamed to 'Boards' (en)"];

  test("summary sentences as a list, one captioned table per target with readable names", () => {
    const html = render(createElement(DiffView, { summary, diff }));
    assert.match(html, /<li>Menu entry &#x27;Dashboards&#x27; renamed to &#x27;Boards&#x27; \(en\)<\/li>/);
    const captions = [...html.matchAll(/<caption[^>]*>(.*?)<\/caption>/g)].map((m) => textOf(m[1] ?? ""));
    assert.deepEqual(captions, [
      "Menus — changes: 3",
      "Shell — Account 3 — changes: 1",
      "Texts (German) — changes: 1",
    ]);
  });

  test("column headers Where | Before | After, and a row header per change", () => {
    const html = render(createElement(DiffView, { summary, diff }));
    const columns = [...html.matchAll(/<th scope="col">(.*?)<\/th>/g)].map((m) => m[1]);
    assert.deepEqual(columns.slice(0, 3), ["Where", "Before", "After"]);
    assert.equal((html.match(/<th scope="row"/g) ?? []).length, 5);
  });

  test("each change is marked in words; what was absent says so", () => {
    const text = textOf(render(createElement(DiffView, { summary, diff })));
    assert.match(text, /Changed \/main\/0\/title "Dashboards" "Boards"/);
    assert.match(text, /Added \/main\/1 \(not there before\)/);
    assert.match(text, /Removed \/main\/2/);
    assert.match(text, /\(no longer there\)/);
  });

  test("a large value folds behind a disclosure with its line count", () => {
    const html = render(createElement(DiffView, { summary, diff }));
    assert.match(html, /<details[^>]*><summary[^>]*>Show the value \(32 lines\)<\/summary>/);
  });

  test("readable pointers are used when given, with the raw pointer beside them", () => {
    const seen: string[] = [];
    const labelPointer = (kind: string, pointer: string) => {
      seen.push(`${kind} ${pointer}`);
      return `Readable ${pointer}`;
    };
    const text = textOf(render(createElement(DiffView, { summary, diff, labelPointer })));
    assert.ok(seen.includes("menus /main/0/title"));
    assert.ok(seen.includes("shell /title"));
    assert.ok(seen.includes("texts.de /Key"));
    assert.match(text, /Changed Readable \/main\/0\/title \/main\/0\/title/);
  });

  test("no changes: said in words", () => {
    const text = textOf(render(createElement(DiffView, { summary: [], diff: [] })));
    assert.match(text, /No change to describe\./);
    assert.match(text, /The documents are the same\./);
    assert.doesNotMatch(render(createElement(DiffView, { summary: [], diff: [] })), /<table/);
  });

  test("headings follow the level asked for", () => {
    assert.match(
      render(createElement(DiffView, { summary, diff, headingLevel: 4 })),
      /<h4[^>]*>In plain words<\/h4>/,
    );
  });
});

describe("VersionsTable", () => {
  const header = (number: number) => ({
    number,
    createdAt: Date.UTC(2024, 2, number),
    author: "ops",
    comment: `change ${number}`,
    contentHash: `h${number}`,
    baseHash: "b",
    origin: "publish" as const,
    changeSetId: number,
    restores: null,
    summary: [`Sentence ${number}`],
  });
  const status = {
    serving: 2,
    canary: { version: 3, accounts: [5] },
    degraded: null,
    fourEyes: false,
    baseHash: "b",
    head: 3,
    you: "tessera/admin@tessera.example",
  };
  const table = (readOnly: boolean) => {
    const rows = model.versionRows([header(1), header(2), header(3)], status, []);
    const noop = () => {};
    return render(
      createElement(VersionsTable, {
        rows,
        status,
        readOnly,
        captionId: "versions",
        onOpen: noop,
        onCompare: noop,
        onRollback: noop,
        onPromote: noop,
      }),
    );
  };
  const button = (html: string, name: string) => {
    const match = new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`).exec(html);
    assert.ok(match, `a button named ${name}`);
    return match[0];
  };

  test("each row's actions are named after its version", () => {
    const html = table(false);
    for (const name of [
      "Open version 2 read-only",
      "Changes of version 2 since version 1",
      "Roll back to version 1",
    ])
      button(html, name);
    button(html, "Roll back to version 0 \\(the base\\)");
    button(html, "Promote version 3 to everyone");
    assert.doesNotMatch(html, /Changes of version 0/);
  });

  test("rollback to the newest version's content is disabled and says why", () => {
    const html = table(false);
    assert.match(button(html, "Roll back to version 3"), /disabled=""/);
    assert.doesNotMatch(button(html, "Roll back to version 2"), /disabled/);
    assert.match(html, /The newest version already has this content\./);
  });

  test("§6: without Write, rollback and promotion are disabled; opening and comparing are not", () => {
    const html = table(true);
    assert.match(button(html, "Roll back to version 1"), /disabled=""/);
    assert.match(button(html, "Promote version 3 to everyone"), /disabled=""/);
    assert.doesNotMatch(button(html, "Open version 1 read-only"), /disabled/);
    assert.doesNotMatch(button(html, "Changes of version 2 since version 1"), /disabled/);
  });

  test("badges say what is served in words", () => {
    const text = textOf(table(false));
    assert.match(text, /Served to everyone/);
    assert.match(text, /Canary: accounts 5/);
  });
});
