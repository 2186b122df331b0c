import { codeError } from "./code-check.ts";

/** The syntax error key of a connector query: JSON when it starts as an object or array. */
export function connectorSyntaxError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return codeError(trimmed.startsWith("{") || trimmed.startsWith("[") ? "json" : "sql", trimmed);
}
