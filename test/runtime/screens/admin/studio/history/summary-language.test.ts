/**
 * The studio says the gateway's summary in the operator's language (runtime/screens/admin/studio/
 * message-text.ts over core/texts/text-message.ts): the sentences summary.ts writes for a real change
 * of the shipped documents, rendered by the DiffView and the versions table in German and in English
 * from locales/, the entry named as it read in that language; a version stored before summaries were
 * text keys shows its English sentence as it is.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import type { ConfigDocuments } from "../../../../../../server/gateway/config/config-content.ts";
import { initTestI18n } from "../../../../components/css-stub.ts";

const root = join(import.meta.dirname, "..", "..", "..", "..", "..", "..");
const locale = (language: string) =>
  JSON.parse(readFileSync(join(root, "locales", `${language}.json`), "utf8")) as Record<string, string>;

let render: (node: unknown) => string;
let createElement: typeof import("react").createElement;
let changeLanguage: (language: string) => Promise<unknown>;
let DiffView: typeof import("../../../../../../runtime/screens/admin/studio/history/diff-view.tsx").DiffView;
let VersionsTable: typeof import("../../../../../../runtime/screens/admin/studio/history/history-panel.tsx").VersionsTable;
let model: typeof import("../../../../../../runtime/screens/admin/studio/history/history-model.ts");
let summary: import("../../../../../../schemas/config-answers.ts").StoredSummary;

before(async () => {
  await initTestI18n(locale("en"));
  const i18next = (await import("i18next")).default;
  i18next.addResourceBundle("de", "translation", locale("de"));
  changeLanguage = (language) => i18next.changeLanguage(language);
  const server = await import("react-dom/server");
  render = (node) => server.renderToStaticMarkup(node as never);
  ({ createElement } = await import("react"));
  ({ DiffView } = await import("../../../../../../runtime/screens/admin/studio/history/diff-view.tsx"));
  ({ VersionsTable } = await import(
    "../../../../../../runtime/screens/admin/studio/history/history-panel.tsx"
  ));
  model = await import("../../../../../../runtime/screens/admin/studio/history/history-model.ts");

  const { loadBaseConfiguration } = await import(
    "../../../../../../server/gateway/config/base-configuration.ts"
  );
  const { baseDocuments } = await import("../../../../../../server/gateway/config/config-content.ts");
  const { summariseDocuments } = await import("../../../../../../server/gateway/config/summary.ts");
  const base = baseDocuments(await loadBaseConfiguration(join(root, "manifests"), join(root, "locales")));
  const renamed = structuredClone(base) as ConfigDocuments & Record<string, Record<string, unknown>>;
  renamed["texts.en"] = { ...renamed["texts.en"], Menu_Dashboards: "Boards" };
  renamed["texts.de"] = { ...renamed["texts.de"], Menu_Dashboards: "Tafeln" };
  renamed.constants = { ...renamed.constants, bannerAutoHideMs: Number(base.constants.bannerAutoHideMs) + 1 };
  summary = [...summariseDocuments(base, renamed), "Menu entry 'Reports' removed"];
});

/** The text of the list items of an HTML fragment, tags dropped and the renderer's entities decoded. */
const items = (html: string) =>
  [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) =>
    (m[1] ?? "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );

describe("the summary in the operator's language", () => {
  test("German: the sentences, the entry's German name, the kind's German name; an old English sentence as it is", async () => {
    await changeLanguage("de");
    const dashboards = locale("de").Menu_Dashboards;
    assert.deepEqual(items(render(createElement(DiffView, { summary, diff: [] }))), [
      `Menüeintrag „${dashboards}“ umbenannt in „Boards“ (en), „Tafeln“ (de)`,
      `${locale("de").Studio_Kind_constants}: 1 Änderung bei /bannerAutoHideMs`,
      "Menu entry 'Reports' removed",
    ]);
  });

  test("English: the sentences as the audit trail says them", async () => {
    await changeLanguage("en");
    assert.deepEqual(items(render(createElement(DiffView, { summary, diff: [] }))), [
      "Menu entry 'Dashboards' renamed to 'Boards' (en), 'Tafeln' (de)",
      "Constants: 1 change at /bannerAutoHideMs",
      "Menu entry 'Reports' removed",
    ]);
  });

  test("the versions table says a version's summary in the UI's language", async () => {
    await changeLanguage("de");
    const status = {
      serving: 1,
      canary: null,
      degraded: null,
      fourEyes: false,
      baseHash: "b",
      head: 1,
      you: "tessera/admin@tessera.example",
    };
    const header = {
      number: 1,
      createdAt: 0,
      author: "Ana",
      comment: "",
      contentHash: "h",
      baseHash: "b",
      origin: "publish" as const,
      changeSetId: null,
      restores: null,
      summary,
    };
    const noop = () => {};
    const html = render(
      createElement(VersionsTable, {
        rows: model.versionRows([header], status, []),
        status,
        readOnly: false,
        captionId: "versions",
        onOpen: noop,
        onCompare: noop,
        onRollback: noop,
        onPromote: noop,
      }),
    );
    assert.ok(html.includes("umbenannt in „Boards“ (en), „Tafeln“ (de)"), html);
    assert.ok(html.includes("Menu entry &#x27;Reports&#x27; removed"), html);
  });
});
