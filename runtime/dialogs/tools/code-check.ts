/**
 * Checks a code editor can run without a language service: JSON must parse;
 * any language must have balanced brackets and closed quotes, the mistakes a
 * person makes most while typing. Returns an error key or null.
 */

/** Languages the editor knows; others get the generic checks. */
export const CODE_LANGUAGES = ["json", "sql", "javascript", "text"] as const;

const PAIRS: Readonly<Record<string, string>> = { ")": "(", "]": "[", "}": "{" };

/** Bracket and quote balance, skipping quoted text (quotes ' " `). */
export function balanceError(code: string): string | null {
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < code.length; i += 1) {
    const c = code[i] as string;
    if (quote) {
      if (c === "\\") i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[" || c === "{") stack.push(c);
    else if (c in PAIRS) {
      if (stack.pop() !== PAIRS[c]) return "CodeEditor_UnbalancedBrackets";
    }
  }
  if (quote) return "CodeEditor_UnclosedQuote";
  return stack.length > 0 ? "CodeEditor_UnbalancedBrackets" : null;
}

/** The error key of `code` in `language`, or null when it passes. */
export function codeError(language: string, code: string): string | null {
  if (language === "json") {
    if (code.trim() === "") return null;
    try {
      JSON.parse(code);
      return null;
    } catch {
      return "CodeEditor_InvalidJson";
    }
  }
  if (language === "text") return null;
  return balanceError(code);
}
