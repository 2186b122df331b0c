/**
 * The object editor as data: the draft (name and the definition as JSON text), its checks (§5
 * required; the upstream's name and definition limits), whether it is dirty (the leave guard), and
 * the PUT body carrying only what changed.
 */
import { DEFINITION_MAX_CHARS, DEFINITION_MAX_FIELDS, OBJECT_NAME_MAX_CHARS } from "./content-limits.ts";

/** What the editor edits. */
export interface EditorDraft {
  name: string;
  /** The definition (Properties) as JSON text. */
  definition: string;
}

/** The object fields the editor starts from. */
export interface EditedObject {
  Name: string;
  Properties: Record<string, unknown>;
}

/** A message key with its interpolation values. */
export interface CheckError {
  key: string;
  values?: Record<string, number | string>;
}

/** The draft of an object as loaded. */
export function draftOf(object: EditedObject): EditorDraft {
  return { name: object.Name, definition: JSON.stringify(object.Properties ?? {}, null, 2) };
}

// Control characters are refused by the upstream's name pattern.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/** §5 required (non-blank after trimming), then the upstream's length and character rules. */
export function checkName(name: string, maxChars = OBJECT_NAME_MAX_CHARS): CheckError | null {
  const trimmed = name.trim();
  if (trimmed === "") return { key: "ValidationErrorMessage_Required" };
  if (trimmed.length > maxChars) return { key: "Content_NameTooLong", values: { max: maxChars } };
  if (CONTROL.test(trimmed)) return { key: "Content_NameInvalid" };
  return null;
}

/** The definition text parsed: a JSON object within the upstream's limits, or why not. */
export type DefinitionCheck = { ok: true; value: Record<string, unknown> } | { ok: false; error: CheckError };

/** Parses and checks the definition text. */
export function checkDefinition(text: string): DefinitionCheck {
  if (text.trim() === "") return { ok: false, error: { key: "ValidationErrorMessage_Required" } };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: { key: "Editor_DefinitionInvalidJson" } };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, error: { key: "Editor_DefinitionNotObject" } };
  }
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length > DEFINITION_MAX_FIELDS) {
    return {
      ok: false,
      error: { key: "Editor_DefinitionTooManyFields", values: { max: DEFINITION_MAX_FIELDS } },
    };
  }
  if (JSON.stringify(record).length > DEFINITION_MAX_CHARS) {
    return { ok: false, error: { key: "Editor_DefinitionTooLarge", values: { max: DEFINITION_MAX_CHARS } } };
  }
  return { ok: true, value: record };
}

/** Canonical JSON (keys sorted) so that re-indenting the text is not a change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function definitionChanged(draft: EditorDraft, original: EditedObject): boolean {
  const parsed = checkDefinition(draft.definition);
  // Text that does not parse differs from any saved definition.
  if (!parsed.ok) return true;
  return canonical(parsed.value) !== canonical(original.Properties ?? {});
}

/** True when leaving would lose changes. */
export function isDirty(draft: EditorDraft, original: EditedObject): boolean {
  return draft.name.trim() !== original.Name || definitionChanged(draft, original);
}

/** The draft's errors by field (none when it may be saved). */
export function draftErrors(draft: EditorDraft): { name: CheckError | null; definition: CheckError | null } {
  const definition = checkDefinition(draft.definition);
  return { name: checkName(draft.name), definition: definition.ok ? null : definition.error };
}

/** The PUT body with only the changed fields; null when invalid or nothing changed. */
export function updateBody(
  draft: EditorDraft,
  original: EditedObject,
): { Name?: string; Properties?: Record<string, unknown> } | null {
  const errors = draftErrors(draft);
  if (errors.name || errors.definition) return null;
  const body: { Name?: string; Properties?: Record<string, unknown> } = {};
  const name = draft.name.trim();
  if (name !== original.Name) body.Name = name;
  const parsed = checkDefinition(draft.definition);
  if (parsed.ok && definitionChanged(draft, original)) body.Properties = parsed.value;
  return Object.keys(body).length > 0 ? body : null;
}
