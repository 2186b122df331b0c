/**
 * The studio's texts editor rendered to HTML in Node (react-dom/server) with the real English texts:
 * each cell's field named "<key> — <language>", the findings in words beside the field they describe,
 * the changed group first with a revert per changed text, the count summary, and §6 read-only (every
 * text and revert disabled; the search and the filters, which change nothing, not).
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import en from "../../../../../../locales/en.json" with { type: "json" };
import type { TextsEditorProps } from "../../../../../../runtime/screens/admin/studio/editors/texts/texts-editor.tsx";
import type { TextsByLanguage } from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { initTestI18n } from "../../../../components/css-stub.ts";

let render: (props: TextsEditorProps) => string;

before(async () => {
  await initTestI18n(en);
  const server = await import("react-dom/server");
  const { createElement } = await import("react");
  const { default: TextsEditor } = await import(
    "../../../../../../runtime/screens/admin/studio/editors/texts/texts-editor.tsx"
  );
  render = (props) => server.renderToStaticMarkup(createElement(TextsEditor, props));
});

const SERVED: TextsByLanguage = {
  en: { Greeting: "Hello {{name}}", Street: "Street", Title: "Title" },
  de: { Greeting: "Hallo {{name}}", Street: "Straße", Title: "Titel" },
  es: { Greeting: "Hola {{name}}", Street: "Calle", Title: "Título" },
  fr: { Greeting: "Bonjour {{name}}", Street: "Rue", Title: "Titre" },
  nl: { Greeting: "Hallo {{name}}", Street: "Straat", Title: "Titel" },
  pt: { Greeting: "Olá {{name}}", Street: "Rua", Title: "Título" },
  it: { Greeting: "Ciao {{name}}", Street: "Via", Title: "Titolo" },
};
/** French Greeting gains a placeholder (changed, and a finding); German Street is taken out (a finding); Title is as served. */
const DRAFT: TextsByLanguage = {
  ...SERVED,
  de: { Greeting: "Hallo {{name}}", Title: "Titel" },
  fr: { ...SERVED.fr, Greeting: "Bonjour {{name}}, {{count}} messages" },
};

const props = (overrides: Partial<TextsEditorProps> = {}): TextsEditorProps => ({
  texts: DRAFT,
  liveTexts: SERVED,
  readOnly: false,
  onTextsChange: () => {},
  focus: null,
  ...overrides,
});

/** The opening tag of the element with DOM id `id`. */
function tagWithId(html: string, id: string): string {
  const match = html.match(new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`));
  assert.ok(match, `an element with id ${id}`);
  return match[0];
}

describe("texts editor markup", () => {
  test("every cell's field is labelled '<key> — <language name>'", () => {
    const html = render(props());
    for (const [language, name] of [
      ["en", "English"],
      ["de", "German"],
      ["fr", "French"],
      ["it", "Italian"],
    ] as const) {
      for (const key of ["Greeting", "Street"]) {
        const id = `studio-texts-${language}-${key}`;
        assert.match(html, new RegExp(`<label[^>]*for="${id}"[^>]*>${key} — ${name}</label>`));
        assert.match(tagWithId(html, id), /^<textarea/);
      }
    }
  });

  test("the changed group comes first, with the changed key and a named revert per changed text", () => {
    const html = render(props());
    const touched = html.indexOf("Changed in this change set (2)");
    const others = html.indexOf("Other texts (1)");
    assert.ok(touched >= 0 && others > touched, "the changed group's heading before the others'");
    assert.ok(html.indexOf("studio-texts-fr-Greeting") > touched);
    assert.ok(html.indexOf("studio-texts-fr-Greeting") < others, "Greeting in the changed group");
    assert.ok(html.indexOf("studio-texts-en-Street") < others, "Street in the changed group");
    assert.ok(html.indexOf("studio-texts-en-Title") > others, "Title in the other group");
    assert.match(tagWithId(html, "studio-texts-revert-fr-Greeting"), /aria-label="Revert Greeting — French"/);
    assert.equal(html.match(/studio-texts-revert-/g)?.length, 2, "French Greeting and German Street");
    assert.match(tagWithId(html, "studio-texts-revert-de-Street"), /aria-label="Revert Street — German"/);
  });

  test("findings are words with an icon, and describe the field they belong to", () => {
    const html = render(props());
    const french = tagWithId(html, "studio-texts-fr-Greeting");
    const describedBy = french.match(/aria-describedby="([^"]+)"/)?.[1];
    assert.ok(describedBy, "the French field is described by its finding");
    const help = html.slice(html.indexOf(`id="${describedBy}"`));
    assert.match(
      help.slice(0, 600),
      /<svg[^>]*aria-hidden="true".*Placeholders not in English: \{\{count\}\}/s,
    );
    const german = tagWithId(html, "studio-texts-de-Street");
    const germanHelp = german.match(/aria-describedby="([^"]+)"/)?.[1];
    assert.ok(germanHelp);
    assert.match(html.slice(html.indexOf(`id="${germanHelp}"`)).slice(0, 600), /Missing text/);
    assert.doesNotMatch(
      tagWithId(html, "studio-texts-en-Greeting"),
      /aria-describedby/,
      "no finding, no description",
    );
  });

  test("the summary counts keys, changes and problems", () => {
    const html = render(props());
    assert.match(html, /Keys shown: 3 of 3\./);
    assert.match(html, /Changed in this change set: keys 2, texts 2\./);
    assert.match(
      html,
      /Keys with problems: 2 \(missing texts: 1, placeholder mismatches: 1, other rule violations: 0\)\./,
    );
    const clean = render(props({ texts: SERVED }));
    assert.match(clean, /No problems: every language has every English key/);
    assert.match(clean, /This change set does not change any text yet\./);
  });

  test("§6 read-only: every text and revert disabled, the search and filters usable", () => {
    const html = render(props({ readOnly: true }));
    const textareas = html.match(/<textarea[^>]*>/g) ?? [];
    assert.equal(textareas.length, 21);
    for (const tag of textareas) assert.match(tag, /\bdisabled=""/);
    for (const id of ["studio-texts-revert-fr-Greeting", "studio-texts-revert-de-Street"]) {
      assert.match(tagWithId(html, id), /\bdisabled=""/);
    }
    for (const id of ["studio-texts-search", "studio-texts-only-problems", "studio-texts-only-touched"]) {
      assert.doesNotMatch(tagWithId(html, id), /\bdisabled=""/);
    }
    const editable = render(props());
    assert.doesNotMatch(editable, /<textarea[^>]*disabled/);
  });

  test("a table per group: column headers name the seven languages, rows are counted", () => {
    const html = render(props());
    assert.equal(html.match(/role="table"/g)?.length, 2);
    assert.equal(html.match(/role="columnheader"/g)?.length, 16);
    assert.match(html, /role="columnheader"[^>]*>Portuguese <span/);
    assert.equal(html.match(/role="rowheader"/g)?.length, 3);
    assert.match(html, /role="table"[^>]*aria-rowcount="3"/);
    assert.match(html, /role="table"[^>]*aria-rowcount="2"/);
  });
});
