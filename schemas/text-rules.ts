/**
 * The one text rule for every stored name and message, as JSON Schema fragments the routes validate
 * with (a refusal is then an ordinary schema failure: 400 with the §8 body, InvalidRequest 1001) and
 * as predicates for the few inputs no schema sees (hub invocations, CSV rows). Two kinds of text:
 *
 * - single-line texts — names, titles, labels, subjects: whatever is shown among other names in a
 *   list, a picker, a notification or an audit line;
 * - multi-line texts — chat messages, comment and ticket bodies, descriptions, notes, announcement
 *   bodies.
 *
 * Both refuse the C0 controls U+0000–U+001F (NUL cuts strings in C libraries and log tools, ESC
 * drives terminals), DEL U+007F, the C1 controls U+0080–U+009F (invisible; CSI U+009B drives
 * terminals too), the line and paragraph separators U+2028/U+2029 (line breaks that JSON, JavaScript
 * and renderers disagree on; a text has \n for that), and the bidirectional embeddings, overrides and
 * isolates U+202A–U+202E and U+2066–U+2069: they reorder what is displayed, so
 * «report{U+202E}fdp.exe» shows as «reportexe.pdf» (Trojan Source, CVE-2021-42574), and one left open
 * leaks its direction into the text shown after it. Nobody types them; RTL writing does not need them
 * (Arabic and Hebrew letters carry their direction themselves).
 *
 * Multi-line texts allow tab, LF, and CR only as part of CR LF: multipart/form-data turns every line
 * break of a field into CR LF (HTML Standard, multipart/form-data encoding), so a comment sent with
 * attachments arrives that way. A lone CR is refused: it rewinds the line in terminals and logs.
 *
 * The direction marks LRM U+200E, RLM U+200F and ALM U+061C are refused in single-line texts and
 * allowed in multi-line texts. A mark is an invisible strong character: it only settles the side on
 * which neighbouring punctuation or digits are shown and cannot reverse letters or outlive its
 * paragraph, so in prose it is harmless — and needed, mixed Hebrew/Arabic and Latin sentences use it
 * to put a full stop or a «C++» where the writer means, and RTL keyboards insert it. In a name it is
 * only an invisible difference: «Sales» and «Sales» + RLM look the same in every list yet are two
 * names (a unique-name check lets both in), which is exactly the spoof a name must not allow.
 *
 * It lives in schemas/ because the upstream's route schemas and the payload schemas it validates
 * bodies with (account settings, account menu) both need it; the gateway and the runtime may import
 * it too. The upstream words a failed rule without repeating the text (textRuleMessage).
 */

/**
 * Characters no single-line text may contain, as the inside of a regular-expression class (for a
 * field whose own pattern must also keep them out, e.g. a file name).
 */
export const SINGLE_LINE_FORBIDDEN =
  "\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069";

/**
 * Characters no multi-line text may contain, as the inside of a regular-expression class: the
 * single-line set less tab (U+0009), LF (U+000A) and the direction marks. CR (U+000D) stays in: it is
 * allowed only before LF, by the pattern.
 */
export const MULTI_LINE_FORBIDDEN =
  "\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028-\\u202e\\u2066-\\u2069";

/** Pattern of a single-line text (any length; the field sets its own bounds). */
export const SINGLE_LINE_TEXT_PATTERN = `^[^${SINGLE_LINE_FORBIDDEN}]*$`;
/** Pattern of a multi-line text: allowed characters, or CR immediately followed by LF. */
export const MULTI_LINE_TEXT_PATTERN = `^(?:[^${MULTI_LINE_FORBIDDEN}]|\\r\\n)*$`;

/** §5 Required: not blank after trimming (`\s` is the set String.prototype.trim removes). */
const NOT_BLANK = "(?!\\s*$)";
/** A single-line text that is not blank after trimming. */
export const NON_BLANK_SINGLE_LINE_TEXT_PATTERN = `^${NOT_BLANK}[^${SINGLE_LINE_FORBIDDEN}]*$`;
/** A multi-line text that is not blank after trimming. */
export const NON_BLANK_MULTI_LINE_TEXT_PATTERN = `^${NOT_BLANK}(?:[^${MULTI_LINE_FORBIDDEN}]|\\r\\n)*$`;

/** A name, title or label. Spread it and add the field's bounds and description. */
export const singleLineText = { type: "string", pattern: SINGLE_LINE_TEXT_PATTERN } as const;
/** A message, body, description or note. Spread it and add the field's bounds and description. */
export const multiLineText = { type: "string", pattern: MULTI_LINE_TEXT_PATTERN } as const;

const NON_BLANK: Readonly<Record<string, string>> = {
  [SINGLE_LINE_TEXT_PATTERN]: NON_BLANK_SINGLE_LINE_TEXT_PATTERN,
  [MULTI_LINE_TEXT_PATTERN]: NON_BLANK_MULTI_LINE_TEXT_PATTERN,
};

/** A text fragment (or a field built on one) that must also be non-blank after trimming (§5 Required). */
export function nonBlank<T extends { type: "string"; pattern: string }>(
  fragment: T,
): Omit<T, "pattern" | "minLength"> & { minLength: 1; pattern: string } {
  const pattern = NON_BLANK[fragment.pattern];
  if (!pattern) throw new Error("nonBlank applies to singleLineText or multiLineText only");
  return { ...fragment, minLength: 1, pattern };
}

const SINGLE_LINE_TEXT = new RegExp(SINGLE_LINE_TEXT_PATTERN, "u");
const MULTI_LINE_TEXT = new RegExp(MULTI_LINE_TEXT_PATTERN, "u");

/** Whether `value` follows the single-line rule (blankness and length are the caller's). */
export function isSingleLineText(value: string): boolean {
  return SINGLE_LINE_TEXT.test(value);
}

/** Whether `value` follows the multi-line rule (blankness and length are the caller's). */
export function isMultiLineText(value: string): boolean {
  return MULTI_LINE_TEXT.test(value);
}

const SINGLE_LINE_MESSAGE = "must be one line without control characters or direction overrides";
const MULTI_LINE_MESSAGE =
  "must not contain control characters other than tab and line breaks, nor direction overrides";

const MESSAGES: Readonly<Record<string, string>> = {
  [SINGLE_LINE_TEXT_PATTERN]: SINGLE_LINE_MESSAGE,
  [MULTI_LINE_TEXT_PATTERN]: MULTI_LINE_MESSAGE,
  [NON_BLANK_SINGLE_LINE_TEXT_PATTERN]: `must not be blank and ${SINGLE_LINE_MESSAGE}`,
  [NON_BLANK_MULTI_LINE_TEXT_PATTERN]: `must not be blank and ${MULTI_LINE_MESSAGE}`,
};

/**
 * What a failed text pattern means, worded for a validation message (which names the field, never
 * repeats the text), or undefined when `pattern` is not one of the text rules.
 */
export function textRuleMessage(pattern: string): string | undefined {
  return Object.hasOwn(MESSAGES, pattern) ? MESSAGES[pattern] : undefined;
}
