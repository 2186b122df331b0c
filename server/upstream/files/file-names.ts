/**
 * Validation of uploaded file names: a name is a single path segment. Anything that could address
 * another folder (separators, "." or ".."), control characters or an over-long name is refused with
 * 400 InvalidFileName rather than silently rewritten.
 */
import { isSingleLineText } from "../../../schemas/text-rules.ts";
import { badRequest } from "../http/errors.ts";

/** Longest accepted file name, in characters. */
export const MAX_FILE_NAME_LENGTH = 255;

/** The reason a file name is refused, or undefined when it is acceptable. */
export function fileNameProblem(name: string): string | undefined {
  if (name.trim() === "") return "The file name is empty.";
  if (name.length > MAX_FILE_NAME_LENGTH)
    return `File names have at most ${MAX_FILE_NAME_LENGTH} characters.`;
  if (/[\\/]/.test(name)) return "File names cannot contain / or \\.";
  if (name === "." || name === ".." || name.startsWith("../") || name.includes("..\\"))
    return "File names cannot be . or ..";
  // The single-line text rule of every stored name (schemas/text-rules.ts): an override would show
  // «report{U+202E}fdp.exe» as «reportexe.pdf».
  if (!isSingleLineText(name)) return "File names cannot contain control characters or direction overrides.";
  return undefined;
}

/** Throws 400 InvalidFileName unless the name is acceptable; returns it trimmed. */
export function assertValidFileName(name: string): string {
  const problem = fileNameProblem(name);
  if (problem) throw badRequest("InvalidFileName", problem);
  return name.trim();
}
