import type { TextMessage } from "../../../schemas/config-answers.ts";

/** One problem found in a manifest: which file, where in it (JSON pointer) and why. */
export interface ManifestProblem {
  file: string;
  pointer: string;
  /** In English, for logs and `npm run check:manifests`. */
  reason: string;
  /** The reason in the reader's language (problem-messages.ts). */
  message: TextMessage;
}

/** Thrown when a manifest set cannot be used; the message lists every problem. */
export class ManifestError extends Error {
  constructor(readonly problems: readonly ManifestProblem[]) {
    super(`invalid manifests:\n${problems.map(formatProblem).join("\n")}`);
    this.name = "ManifestError";
  }
}

/** `file#/pointer: reason` — the form every tool prints problems in. */
export function formatProblem(problem: ManifestProblem): string {
  return `${problem.file}#${problem.pointer}: ${problem.reason}`;
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function pointerSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Visits every value of a JSON document with its pointer and the property name holding it. */
export function walkJson(
  value: unknown,
  visit: (value: unknown, pointer: string, property: string | null) => void,
  pointer = "",
  property: string | null = null,
): void {
  visit(value, pointer, property);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walkJson(item, visit, `${pointer}/${index}`, property);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      walkJson(child, visit, `${pointer}/${pointerSegment(key)}`, key);
    }
  }
}
