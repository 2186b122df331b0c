/**
 * The text rule of every stored name and message (schemas/text-rules.ts) as data: each character
 * class against the single-line and the multi-line rule, through the predicates and through the
 * schema fragments compiled by ajv the way the upstream compiles route schemas (strict, unicode).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Ajv from "ajv";
import {
  isMultiLineText,
  isSingleLineText,
  MULTI_LINE_TEXT_PATTERN,
  multiLineText,
  nonBlank,
  SINGLE_LINE_TEXT_PATTERN,
  singleLineText,
  textRuleMessage,
} from "../../schemas/text-rules.ts";

/** [what, character or text, allowed in a name, allowed in a message]. */
const CASES: readonly [string, string, boolean, boolean][] = [
  ["NUL", "\u0000", false, false],
  ["BEL", "\u0007", false, false],
  ["backspace", "\u0008", false, false],
  ["tab", "\t", false, true],
  ["line feed", "\n", false, true],
  ["vertical tab", "\u000b", false, false],
  ["form feed", "\u000c", false, false],
  ["lone carriage return", "\r", false, false],
  ["CR LF", "\r\n", false, true],
  ["LF CR", "\n\r", false, false],
  ["ESC", "\u001b", false, false],
  ["unit separator", "\u001f", false, false],
  ["DEL", "\u007f", false, false],
  ["C1 PAD", "\u0080", false, false],
  ["C1 NEL", "\u0085", false, false],
  ["C1 CSI", "\u009b", false, false],
  ["C1 APC", "\u009f", false, false],
  ["line separator", "\u2028", false, false],
  ["paragraph separator", "\u2029", false, false],
  ["LRE", "\u202a", false, false],
  ["RLE", "\u202b", false, false],
  ["PDF", "\u202c", false, false],
  ["LRO", "\u202d", false, false],
  ["RLO", "\u202e", false, false],
  ["LRI", "\u2066", false, false],
  ["RLI", "\u2067", false, false],
  ["FSI", "\u2068", false, false],
  ["PDI", "\u2069", false, false],
  ["LRM", "\u200e", false, true],
  ["RLM", "\u200f", false, true],
  ["ALM", "\u061c", false, true],
  ["space", " ", true, true],
  ["no-break space", "\u00a0", true, true],
  ["first printable after C1", "\u00a0é", true, true],
  ["accents", "Crème brûlée à Ångström", true, true],
  ["emoji with ZWJ and variation selector", "🎉 👨‍👩‍👧 ❤️", true, true],
  ["Arabic", "مرحبا بالعالم", true, true],
  ["Hebrew", "שלום עולם", true, true],
  ["RTL with digits and Latin", "تقرير 2025 Q1", true, true],
  ["CJK", "数据看板", true, true],
];

const ajv = new Ajv({ strict: true });
const single = ajv.compile({ ...singleLineText });
const multi = ajv.compile({ ...multiLineText });
const singleRequired = ajv.compile(nonBlank(singleLineText));
const multiRequired = ajv.compile(nonBlank(multiLineText));

describe("text rule", () => {
  for (const [what, text, inName, inMessage] of CASES) {
    const sample = `a${text}b`;
    test(`${what}: ${inName ? "allowed" : "refused"} in names, ${inMessage ? "allowed" : "refused"} in messages`, () => {
      assert.equal(isSingleLineText(sample), inName, "predicate, single line");
      assert.equal(single(sample), inName, "schema, single line");
      assert.equal(singleRequired(sample), inName, "schema, single line, required");
      assert.equal(isMultiLineText(sample), inMessage, "predicate, multi-line");
      assert.equal(multi(sample), inMessage, "schema, multi-line");
      assert.equal(multiRequired(sample), inMessage, "schema, multi-line, required");
    });
  }

  test("the refused character may stand anywhere: first, last, alone, or after a long text", () => {
    for (const text of ["\u0000x", "x\u0000", "\u0000", `${"x".repeat(100_000)}\u202e`]) {
      assert.equal(isSingleLineText(text), false, JSON.stringify(text.slice(-3)));
      assert.equal(isMultiLineText(text), false, JSON.stringify(text.slice(-3)));
    }
    assert.equal(isMultiLineText(`${"line\r\n".repeat(50_000)}end`), true, "a long CR LF text");
  });

  test("required (§5): blank after trimming is refused, the empty text too; the rule itself allows both", () => {
    for (const blank of ["", " ", "\u00a0", "  \u3000 "]) {
      assert.equal(singleRequired(blank), false, JSON.stringify(blank));
      assert.equal(multiRequired(blank), false, JSON.stringify(blank));
      assert.equal(single(blank), true, JSON.stringify(blank));
    }
    assert.equal(multiRequired("\n\t\r\n"), false, "only line breaks and tabs");
    assert.equal(multiRequired(" x\n"), true);
    assert.throws(() => nonBlank({ type: "string", pattern: "^x$" }), /singleLineText or multiLineText/);
  });

  test("a failed rule is worded without the pattern; other patterns are not text rules", () => {
    for (const pattern of [
      SINGLE_LINE_TEXT_PATTERN,
      MULTI_LINE_TEXT_PATTERN,
      nonBlank(singleLineText).pattern,
      nonBlank(multiLineText).pattern,
    ]) {
      const message = textRuleMessage(pattern);
      assert.ok(message, pattern);
      assert.doesNotMatch(message, /\\u|\^|\$/);
    }
    assert.equal(textRuleMessage("^[0-9]{6}$"), undefined);
    assert.equal(textRuleMessage("toString"), undefined, "no inherited keys");
  });
});
