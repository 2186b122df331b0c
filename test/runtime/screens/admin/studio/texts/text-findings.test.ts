/**
 * The studio's texts editor as data: the findings of each language's text against the rules the
 * configuration plane applies at publication (server/gateway/config/check-texts.ts, through
 * core/texts/), the search over keys and the seven languages, the filters, the touched keys grouped
 * first, and the real locales clean. Properties: the placeholder comparison agrees with the
 * configuration plane's, and a cell is flagged exactly where the configuration plane names a problem.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  placeholderDifference,
  placeholderNames,
  placeholdersOf,
} from "../../../../../../core/texts/placeholders.ts";
import { MAX_TEXT_LENGTH } from "../../../../../../core/texts/text-violations.ts";
import de from "../../../../../../locales/de.json" with { type: "json" };
import en from "../../../../../../locales/en.json" with { type: "json" };
import es from "../../../../../../locales/es.json" with { type: "json" };
import fr from "../../../../../../locales/fr.json" with { type: "json" };
import it from "../../../../../../locales/it.json" with { type: "json" };
import nl from "../../../../../../locales/nl.json" with { type: "json" };
import pt from "../../../../../../locales/pt.json" with { type: "json" };
import {
  filterShowing,
  focusAfterRevert,
  groupTextRows,
  locateKey,
  matchingLanguages,
  NO_TEXT_FILTER,
  rowMatches,
  searchFold,
  summariseTextRows,
  type TextFinding,
  type TextRow,
  textRows,
} from "../../../../../../runtime/screens/admin/studio/editors/texts/text-findings.ts";
import {
  type Language,
  STUDIO_LANGUAGES,
  type TextsByLanguage,
} from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { checkTexts } from "../../../../../../server/gateway/config/check-texts.ts";

/** Three keys, correct in every language. */
const SERVED: TextsByLanguage = {
  en: { Greeting: "Hello {{name}}", Items: "{{count}} items in {{folder}}", Street: "Street" },
  de: { Greeting: "Hallo {{name}}", Items: "{{count}} Elemente in {{folder}}", Street: "Straße" },
  es: { Greeting: "Hola {{name}}", Items: "{{count}} elementos en {{folder}}", Street: "Calle" },
  fr: { Greeting: "Bonjour {{name}}", Items: "{{count}} éléments dans {{folder}}", Street: "Rue" },
  nl: { Greeting: "Hallo {{name}}", Items: "{{count}} items in {{folder}}", Street: "Straat" },
  pt: { Greeting: "Olá {{name}}", Items: "{{count}} itens em {{folder}}", Street: "Rua" },
  it: { Greeting: "Ciao {{name}}", Items: "{{count}} elementi in {{folder}}", Street: "Via" },
};

/** SERVED with some texts of one language set, or taken out (undefined). */
function draftWith(language: Language, changes: Record<string, string | undefined>): TextsByLanguage {
  const own: Record<string, string> = { ...SERVED[language] };
  for (const [key, text] of Object.entries(changes)) {
    if (text === undefined) delete own[key];
    else own[key] = text;
  }
  return { ...SERVED, [language]: own };
}

const rowOf = (rows: readonly TextRow[], key: string): TextRow => {
  const row = rows.find((candidate) => candidate.key === key);
  assert.ok(row, `a row for ${key}`);
  return row;
};

/** Every finding of the rows, as "key/language: finding". */
function findingsOf(rows: readonly TextRow[]): Record<string, TextFinding[]> {
  const found: Record<string, TextFinding[]> = {};
  for (const row of rows) {
    for (const language of STUDIO_LANGUAGES) {
      const { findings } = row.cells[language];
      if (findings.length > 0) found[`${row.key}/${language}`] = [...findings];
    }
  }
  return found;
}

describe("findings: what the configuration plane would refuse, per key and language", () => {
  const cases: { name: string; draft: TextsByLanguage; expect: Record<string, TextFinding[]> }[] = [
    { name: "the served texts: nothing", draft: SERVED, expect: {} },
    {
      name: "a German text missing",
      draft: draftWith("de", { Greeting: undefined }),
      expect: { "Greeting/de": [{ kind: "missing" }] },
    },
    {
      name: "a German text blank (no empty text)",
      draft: draftWith("de", { Street: " \n " }),
      expect: { "Street/de": [{ kind: "missing" }] },
    },
    {
      name: "an extra placeholder in French",
      draft: draftWith("fr", { Greeting: "Bonjour {{name}}, {{count}} messages" }),
      expect: { "Greeting/fr": [{ kind: "placeholders", missing: [], extra: ["count"] }] },
    },
    {
      name: "a placeholder missing in Spanish, and one misspelt in Italian",
      draft: {
        ...draftWith("es", { Items: "{{count}} elementos" }),
        it: { ...SERVED.it, Items: "{{count}} elementi in {{cartella}}" },
      },
      expect: {
        "Items/es": [{ kind: "placeholders", missing: ["folder"], extra: [] }],
        "Items/it": [{ kind: "placeholders", missing: ["folder"], extra: ["cartella"] }],
      },
    },
    {
      name: "a placeholder used twice where English uses it once",
      draft: draftWith("nl", { Greeting: "Hallo {{name}} ({{ name }})" }),
      expect: { "Greeting/nl": [{ kind: "placeholders", missing: [], extra: ["name"] }] },
    },
    {
      name: "a multi-line rule violation: a direction override in Dutch, a lone CR in Portuguese",
      draft: {
        ...draftWith("nl", { Street: "Straat\u202Etxt.exe" }),
        pt: { ...SERVED.pt, Street: "Rua\rnova" },
      },
      expect: { "Street/nl": [{ kind: "multiLine" }], "Street/pt": [{ kind: "multiLine" }] },
    },
    {
      name: "line breaks and tabs follow the multi-line rule",
      draft: draftWith("de", { Street: "Straße\r\nund\tWeg\n" }),
      expect: {},
    },
    {
      name: "a control character in English",
      draft: draftWith("en", { Street: "Street\u0007" }),
      expect: { "Street/en": [{ kind: "multiLine" }] },
    },
    {
      name: "a text longer than the limit",
      draft: draftWith("it", { Street: "v".repeat(MAX_TEXT_LENGTH + 1) }),
      expect: { "Street/it": [{ kind: "tooLong", maxLength: MAX_TEXT_LENGTH }] },
    },
    {
      name: "a key English does not have: the translation is flagged, English is not",
      draft: draftWith("fr", { Avenue: "Avenue" }),
      expect: { "Avenue/fr": [{ kind: "notInEnglish" }] },
    },
    {
      name: "English's placeholder renamed: every translation differs from it",
      draft: draftWith("en", { Greeting: "Hello {{user}}" }),
      expect: Object.fromEntries(
        STUDIO_LANGUAGES.filter((language) => language !== "en").map((language) => [
          `Greeting/${language}`,
          [{ kind: "placeholders", missing: ["user"], extra: ["name"] }],
        ]),
      ),
    },
    {
      name: "English blank: its own finding, and the translations' placeholders differ from nothing",
      draft: draftWith("en", { Greeting: "" }),
      expect: {
        "Greeting/en": [{ kind: "missing" }],
        ...Object.fromEntries(
          STUDIO_LANGUAGES.filter((language) => language !== "en").map((language) => [
            `Greeting/${language}`,
            [{ kind: "placeholders", missing: [], extra: ["name"] }],
          ]),
        ),
      },
    },
  ];
  for (const { name, draft, expect } of cases) {
    test(name, () => {
      assert.deepEqual(findingsOf(textRows(draft, SERVED)), expect);
    });
  }

  test("the summary counts every kind over every cell, and the keys with findings", () => {
    const draft: TextsByLanguage = {
      ...SERVED,
      de: { Items: SERVED.de.Items as string, Street: "" },
      fr: { ...SERVED.fr, Greeting: "Bonjour", Street: "Rue\u0000" },
    };
    const summary = summariseTextRows(textRows(draft, SERVED));
    assert.deepEqual(summary, {
      keys: 3,
      touchedKeys: 2,
      touchedCells: 4,
      keysWithFindings: 2,
      findings: { missing: 2, notInEnglish: 0, placeholders: 1, multiLine: 1, tooLong: 0 },
    });
  });
});

describe("the change set's keys grouped first", () => {
  test("a key touched in one language is in the first group, with that cell marked", () => {
    const draft = draftWith("de", { Street: "Gasse" });
    const rows = textRows(draft, SERVED);
    const groups = groupTextRows(rows, NO_TEXT_FILTER);
    assert.deepEqual(
      groups.touched.map((row) => row.key),
      ["Street"],
    );
    assert.deepEqual(
      groups.others.map((row) => row.key),
      ["Greeting", "Items"],
    );
    const street = rowOf(rows, "Street");
    assert.deepEqual(
      STUDIO_LANGUAGES.filter((language) => street.cells[language].touched),
      ["de"],
    );
    assert.equal(street.cells.de.live, "Straße");
    assert.equal(street.cells.de.text, "Gasse");
  });

  test("touched keys keep key order in their group; a key the draft adds is touched", () => {
    const draft: TextsByLanguage = {
      ...SERVED,
      en: { ...SERVED.en, Avenue: "Avenue", Items: "{{count}} things in {{folder}}" },
      pt: { ...SERVED.pt, Greeting: "Oi {{name}}" },
    };
    const groups = groupTextRows(textRows(draft, SERVED), NO_TEXT_FILTER);
    assert.deepEqual(
      groups.touched.map((row) => row.key),
      ["Avenue", "Greeting", "Items"],
    );
    assert.deepEqual(
      groups.others.map((row) => row.key),
      ["Street"],
    );
    const avenue = groups.touched[0] as TextRow;
    assert.equal(avenue.cells.en.live, undefined);
    assert.deepEqual(avenue.cells.de.findings, [{ kind: "missing" }]);
  });

  test("a row being edited stays in its group and in view, whatever it becomes", () => {
    // German Street typed over (now touched) while its row sits among the others, under a search
    // for its served text and the only-problems filter it no longer passes.
    const rows = textRows(draftWith("de", { Street: "Gasse" }), SERVED);
    const filter = { query: "straße", onlyProblems: true, onlyTouched: false };
    assert.deepEqual(groupTextRows(rows, filter), { touched: [], others: [] });
    const pinned = groupTextRows(rows, filter, { key: "Street", group: "others" });
    assert.deepEqual(
      { touched: pinned.touched.map((row) => row.key), others: pinned.others.map((row) => row.key) },
      { touched: [], others: ["Street"] },
    );
    const unpinned = groupTextRows(rows, NO_TEXT_FILTER, null);
    assert.deepEqual(
      unpinned.touched.map((row) => row.key),
      ["Street"],
    );
  });

  test("a text set back to the served one is no longer touched", () => {
    const draft = draftWith("de", { Street: "Straße" });
    assert.deepEqual(groupTextRows(textRows(draft, SERVED), NO_TEXT_FILTER).touched, []);
  });

  test("a row whose texts did not change is reused; one whose English changed is rechecked", () => {
    const first = textRows(SERVED, SERVED);
    const edited = draftWith("en", { Greeting: "Hi {{who}}" });
    const second = textRows(edited, SERVED, first);
    assert.equal(rowOf(second, "Street"), rowOf(first, "Street"));
    assert.equal(rowOf(second, "Items"), rowOf(first, "Items"));
    assert.notEqual(rowOf(second, "Greeting"), rowOf(first, "Greeting"));
    assert.deepEqual(rowOf(second, "Greeting").cells.de.findings, [
      { kind: "placeholders", missing: ["who"], extra: ["name"] },
    ]);
    // Reused or rebuilt, the rows are those a call without `previous` gives.
    assert.deepEqual(second, textRows(edited, SERVED));
  });
});

describe("the focus after a revert stays in the changed group", () => {
  // Greeting changed in German and French, Items in Dutch, Street in Italian.
  const draft: TextsByLanguage = {
    ...SERVED,
    de: { ...SERVED.de, Greeting: "Hi {{name}}" },
    fr: { ...SERVED.fr, Greeting: "Salut {{name}}" },
    nl: { ...SERVED.nl, Items: "{{count}} dingen in {{folder}}" },
    it: { ...SERVED.it, Street: "Strada" },
  };
  const touchedAfter = (language: Language, key: string) => {
    const own: Record<string, string> = { ...draft[language] };
    own[key] = SERVED[language][key] as string;
    return groupTextRows(textRows({ ...draft, [language]: own }, SERVED), NO_TEXT_FILTER).touched;
  };
  const cases = [
    {
      name: "the key has other changes: the same field",
      revert: ["de", "Greeting", 0] as const,
      expect: { target: "field", key: "Greeting", language: "de" },
    },
    {
      name: "the key is no longer changed: the first revert of the row that took its place",
      revert: ["nl", "Items", 1] as const,
      expect: { target: "revert", key: "Street", language: "it" },
    },
    {
      name: "the last row reverted: the row before",
      revert: ["it", "Street", 2] as const,
      expect: { target: "revert", key: "Items", language: "nl" },
    },
  ];
  for (const { name, revert, expect } of cases) {
    test(name, () => {
      const [language, key, index] = revert;
      assert.deepEqual(focusAfterRevert(touchedAfter(language, key), key, language, index), expect);
    });
  }
  test("nothing changed is left: the group's heading", () => {
    assert.deepEqual(focusAfterRevert([], "Street", "it", 0), { target: "touchedHeading" });
  });
});

describe("search over keys and the seven languages, and the filters", () => {
  const draft: TextsByLanguage = {
    ...SERVED,
    de: { ...SERVED.de, Greeting: "Hallo" },
    fr: { ...SERVED.fr, Street: "Rue {{x}}" },
  };
  const rows = textRows(draft, SERVED);
  const shown = (filter: Partial<typeof NO_TEXT_FILTER>) => {
    const groups = groupTextRows(rows, { ...NO_TEXT_FILTER, ...filter });
    return { touched: groups.touched.map((row) => row.key), others: groups.others.map((row) => row.key) };
  };
  const cases: {
    name: string;
    filter: Partial<typeof NO_TEXT_FILTER>;
    expect: { touched: string[]; others: string[] };
  }[] = [
    {
      name: "no filter: every key",
      filter: {},
      expect: { touched: ["Greeting", "Street"], others: ["Items"] },
    },
    {
      name: "a blank query matches everything",
      filter: { query: "   " },
      expect: { touched: ["Greeting", "Street"], others: ["Items"] },
    },
    {
      name: "a hit in a French value only (the key is touched in German)",
      filter: { query: "bonjour" },
      expect: { touched: ["Greeting"], others: [] },
    },
    {
      name: "a hit in an Italian value only",
      filter: { query: "ciao" },
      expect: { touched: ["Greeting"], others: [] },
    },
    {
      name: "accent-insensitive: 'elements' finds the French 'éléments'",
      filter: { query: "elements" },
      expect: { touched: [], others: ["Items"] },
    },
    {
      name: "accent-insensitive the other way: 'olà' finds the Portuguese 'Olá' and no other",
      filter: { query: "OLÀ" },
      expect: { touched: ["Greeting"], others: [] },
    },
    {
      name: "'STRASSE' finds the German 'Straße'",
      filter: { query: "STRASSE" },
      expect: { touched: ["Street"], others: [] },
    },
    {
      name: "a key, case-insensitively",
      filter: { query: "iTeMs" },
      expect: { touched: [], others: ["Items"] },
    },
    {
      name: "a placeholder as written",
      filter: { query: "{{folder}}" },
      expect: { touched: [], others: ["Items"] },
    },
    {
      name: "only problems",
      filter: { onlyProblems: true },
      expect: { touched: ["Greeting", "Street"], others: [] },
    },
    {
      name: "only touched",
      filter: { onlyTouched: true },
      expect: { touched: ["Greeting", "Street"], others: [] },
    },
    {
      name: "only problems with a query",
      filter: { onlyProblems: true, query: "rue" },
      expect: { touched: ["Street"], others: [] },
    },
  ];
  for (const { name, filter, expect } of cases) {
    test(name, () => assert.deepEqual(shown(filter), expect));
  }

  test("'bonjour' is found in French: the query the table filtered is the draft's text", () => {
    const withFrench = textRows(draftWith("fr", { Street: "Bonjour la rue" }), SERVED);
    assert.equal(rowMatches(rowOf(withFrench, "Street"), "BONJOUR"), true);
    assert.deepEqual(matchingLanguages(rowOf(withFrench, "Street"), "bonjour"), ["fr"]);
    assert.equal(rowMatches(rowOf(withFrench, "Items"), "bonjour"), false);
  });

  test("the languages a query hits, for marking them", () => {
    assert.deepEqual(matchingLanguages(rowOf(rows, "Greeting"), "hallo"), ["de", "nl"]);
    assert.deepEqual(matchingLanguages(rowOf(rows, "Greeting"), ""), []);
  });

  test("folding: accents, case, compatibility forms", () => {
    assert.equal(searchFold("Éléments"), "elements");
    assert.equal(searchFold("Straße"), searchFold("STRASSE"));
    assert.equal(searchFold("ﬁchier"), "fichier");
  });

  test("a key is located in its group; the filter is cleared only when it hides the key", () => {
    const groups = groupTextRows(rows, NO_TEXT_FILTER);
    assert.deepEqual(locateKey(groups, "Street"), { group: "touched", index: 1 });
    assert.deepEqual(locateKey(groups, "Items"), { group: "others", index: 0 });
    assert.equal(locateKey(groups, "Nope"), null);
    const hiding = { ...NO_TEXT_FILTER, query: "ciao" };
    assert.equal(filterShowing(rows, hiding, "Items"), NO_TEXT_FILTER);
    assert.equal(filterShowing(rows, hiding, "Greeting"), hiding);
  });
});

describe("the real locales", () => {
  const shipped: TextsByLanguage = { en, de, es, fr, nl, pt, it };

  test("give zero findings, one row per English key, nothing touched", () => {
    const rows = textRows(shipped, shipped);
    assert.equal(rows.length, Object.keys(en).length);
    const summary = summariseTextRows(rows);
    assert.deepEqual(findingsOf(rows), {});
    assert.equal(summary.touchedKeys, 0);
    assert.equal(summary.keysWithFindings, 0);
  });

  test("one edited German text is the only touched key and the only finding", () => {
    const key = "Language_de";
    const draft = { ...shipped, de: { ...shipped.de, [key]: "{{extra}}" } };
    const rows = textRows(draft, shipped);
    const groups = groupTextRows(rows, NO_TEXT_FILTER);
    assert.deepEqual(
      groups.touched.map((row) => row.key),
      [key],
    );
    assert.deepEqual(findingsOf(rows), {
      [`${key}/de`]: [{ kind: "placeholders", missing: [], extra: ["extra"] }],
    });
  });
});

/** Texts made of words and `{{name}}` placeholders (spaced or not) from a few names. */
const placeholderText = fc
  .array(
    fc.oneof(
      fc.constantFrom("a", "b", "c.d", "count").map((name) => `{{${name}}}`),
      fc.constantFrom("a", "count").map((name) => `{{ ${name} }}`),
      fc.constantFrom("Hello ", " ", "{", "}", "{{", "}}", "{{}}", "{{ x y }}", "é", "\n"),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(""));

describe("properties", () => {
  test("the placeholder difference is empty exactly when the placeholders are the same", () => {
    fc.assert(
      fc.property(placeholderText, placeholderText, (text, english) => {
        const { missing, extra } = placeholderDifference(text, english);
        assert.equal(
          missing.length === 0 && extra.length === 0,
          placeholdersOf(text) === placeholdersOf(english),
        );
        // English's names less the missing ones, plus the extra ones, are the text's names.
        const rebuilt = [...placeholderNames(english)];
        for (const name of missing) rebuilt.splice(rebuilt.indexOf(name), 1);
        assert.deepEqual([...rebuilt, ...extra].sort(), placeholderNames(text));
        assert.equal(
          missing.some((name) => extra.includes(name)),
          false,
          "a name is never both missing and extra",
        );
      }),
      { numRuns: 2000 },
    );
  });

  test("a cell is flagged exactly where the configuration plane names a problem", () => {
    const keys = ["Greeting", "Items", "Street"] as const;
    const language = fc.constantFrom(...STUDIO_LANGUAGES);
    const edit = fc.record({
      language,
      key: fc.constantFrom(...keys, "Avenue"),
      text: fc.option(fc.oneof(placeholderText, fc.constantFrom("", " ", "x\u202E", "a\rb", "ok\r\n")), {
        nil: undefined,
      }),
    });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), (edits) => {
        const draft = Object.fromEntries(
          STUDIO_LANGUAGES.map((code) => [code, { ...SERVED[code] } as Record<string, string>]),
        ) as Record<Language, Record<string, string>>;
        for (const { language: code, key, text } of edits) {
          if (text === undefined) delete draft[code][key];
          else draft[code][key] = text;
        }
        const flagged = new Set(Object.keys(findingsOf(textRows(draft, SERVED))));
        const refused = new Set(
          checkTexts(draft).map(
            (problem) => `${problem.pointer.slice(1)}/${problem.kind.slice("texts.".length)}`,
          ),
        );
        assert.deepEqual(flagged, refused);
      }),
      { numRuns: 1000 },
    );
  });
});
